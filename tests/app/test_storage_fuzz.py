"""Fuzzing the stored-data parsers and the game store, as tests/engine/test_save.py fuzzes save
strings: whatever is in localStorage, the page gets a game, a StoredGameError or the default
settings, never another exception; and whatever the storage does, no game is lost."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule
from targi.app.store.storage import (
    GAME_PREFIX,
    Settings,
    StoredGameError,
    dump_envelope,
    read_stored,
    summarize,
)

from .flaky import BLOCKED, FULL, Clock, FlakyBackend, game, move, store

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
FIELDS = ("app", "format", "id", "rev", "date", "tab", "mode", "level", "round", "score", "over")


def _valid() -> dict[str, object]:
    s = game(3, moves=5)
    return json.loads(dump_envelope(summarize(s, "g1", 2, 1_763_900_000_000, "t"), s.encode()))


VALID = _valid()


def _read(text: object) -> None:
    """A stored game read to the end (its save string decoded), or a StoredGameError."""
    try:
        read_stored(text).session()
    except StoredGameError as e:
        assert e.key.startswith("storage.error.")


@settings(max_examples=300, deadline=None, database=None)
@given(st.text(max_size=300))
def test_any_stored_text_gives_a_game_or_a_stored_game_error(text):
    _read(text)
    assert isinstance(Settings.parse(text), Settings)


@settings(max_examples=300, deadline=None, database=None)
@given(JSON)
def test_any_json_value_gives_a_game_or_a_stored_game_error(value):
    _read(json.dumps(value))
    assert isinstance(Settings.parse(json.dumps(value)), Settings)


@settings(max_examples=300, deadline=None, database=None)
@given(st.sampled_from((*FIELDS, "save")), JSON)
def test_a_stored_game_with_any_one_field_replaced_is_read_or_refused(field, value):
    _read(json.dumps({**VALID, field: value}))


@settings(max_examples=200, deadline=None, database=None)
@given(st.dictionaries(st.sampled_from(("pace", "level", "starter")), JSON))
def test_settings_of_any_shape_are_valid_settings(data):
    s = Settings.parse(json.dumps(data))
    assert s.delay_ms >= 0 and Settings.parse(s.dump()) == s


@settings(max_examples=100, deadline=None, database=None)
@given(st.integers(5, 20_000), st.sampled_from("[{"), st.sampled_from(("", '"a":', "1,")))
def test_deep_nesting_of_any_depth_is_refused_without_recursion(depth, bracket, filler):
    text = (bracket + filler) * depth
    _read(text)
    assert Settings.parse(text) == Settings()


class HostileBrowser(RuleBasedStateMachine):
    """Games started, played, reopened and deleted while the storage fills up, throws and
    recovers, and the page reloads: every game ever started is stored, waiting in memory, or
    deleted on purpose (and in the trash), with every move it was given."""

    def __init__(self) -> None:
        super().__init__()
        self.backend = FlakyBackend(quota=6000)
        self.clock = Clock()
        self.store = store(self.backend, clock=self.clock)
        self.games: dict[str, list[str]] = {}  # id -> the record the page has
        self.deleted: set[str] = set()
        self.seed = 0

    @rule()
    def new_game(self) -> None:
        self.seed += 1
        s = game(self.seed)
        self.store.add(s)
        self.games[self.store.current or ""] = list(s.game.record)

    @rule(n=st.integers(1, 12))
    def play(self, n: int) -> None:
        s = self.store.table
        if self.store.current is None or s is None:
            return
        for _ in range(n):
            if not s.over:
                move(s)
        self.store.save(s)
        self.games[self.store.current] = list(s.game.record)

    @rule(method=st.sampled_from(("get", "set", "remove", "keys")), kind=st.sampled_from("BF"))
    def break_storage(self, method: str, kind: str) -> None:
        self.backend.fail[method] = BLOCKED if kind == "B" else FULL

    @rule()
    def mend_storage(self) -> None:
        self.backend.fail.clear()

    @rule(junk=st.integers(100, 3000))
    def other_data(self, junk: int) -> None:
        self.backend.data[f"junk.{len(self.backend.data)}"] = "x" * junk

    @rule()
    def free_space(self) -> None:
        before = set(self.store.trash)
        self.store.free_space()
        self.deleted |= set(self.store.trash) - before

    @rule(pick=st.integers(0, 30))
    def reopen_or_delete(self, pick: int) -> None:
        rows = self.store.recent()
        if not rows:
            return
        row = rows[pick % len(rows)]
        if pick % 2:
            self.store.reopen(row.summary.id)
        elif self.store.delete(row.summary.id):
            self.deleted.add(row.summary.id)

    @rule()
    def reload(self) -> None:
        """A new page: what was only in memory must have reached the storage by now, or it is
        still waiting because the storage never took it (then the old page keeps it)."""
        if self.store.pending or self.store.in_memory:
            return  # closing now would lose it: the page warns (beforeunload) instead
        self.store = store(self.backend, clock=self.clock)
        self.store.start()
        for game_id in self.deleted:  # deleted in the closed page: gone on purpose
            self.games.pop(game_id, None)
        self.deleted.clear()

    @invariant()
    def no_game_is_lost(self) -> None:
        kept: dict[str, list[str]] = {}
        for key, text in self.backend.data.items():
            if key.startswith(GAME_PREFIX):
                kept[key[len(GAME_PREFIX) :]] = read_stored(text).session().game.record
        if self.store.in_memory:
            kept.update(
                (k[len(GAME_PREFIX) :], read_stored(v).session().game.record)
                for k, v in self.store.backend.data.items()  # type: ignore[attr-defined]
                if k.startswith(GAME_PREFIX)
            )
        for game_id, session in self.store.pending.items():
            kept[game_id] = session.game.record
        for game_id, record in self.games.items():
            if game_id in self.deleted:
                assert game_id in self.store.trash or game_id in kept
            elif len(self.games) - len(self.deleted) <= 21:  # within the budget nothing goes
                assert kept.get(game_id) == record, game_id


HostileBrowser.TestCase.settings = settings(
    max_examples=60, stateful_step_count=25, deadline=None, database=None
)
test_a_hostile_browser_never_loses_a_game = HostileBrowser.TestCase
