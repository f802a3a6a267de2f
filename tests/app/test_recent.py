"""No game is ever lost: one test per storage policy, against a storage that misbehaves on
demand (tests/app/flaky.py)."""

from __future__ import annotations

import json

import pytest
from targi.app.session import Session
from targi.app.store.backend import MemoryBackend, WebStorage, dump
from targi.app.store.recent import BUDGET_CHARS, NOTICE, RECENT_LIMIT, GameStore, Saved
from targi.app.store.storage import (
    CURRENT_KEY,
    ERROR_KEYS,
    GAME_PREFIX,
    LEGACY_GAME_KEY,
    LEGACY_PREVIOUS_KEY,
    SETTINGS_KEY,
    UNREADABLE_PREFIX,
    Settings,
    StoredGameError,
    read_stored,
)

from .flaky import BLOCKED, FULL, Clock, FlakyBackend, format_1, game, move, store


def stored_games(backend: MemoryBackend) -> dict[str, list[str]]:
    """game id -> its record, for every game stored in `backend`."""
    out = {}
    for key, text in backend.data.items():
        if key.startswith(GAME_PREFIX):
            out[key[len(GAME_PREFIX) :]] = read_stored(text).session().game.record
    return out


def play_until_full(st, s) -> None:
    """Moves until the stored game no longer fits (a save string grows slowly)."""
    for _ in range(100):
        move(s)
        if st.save(s) is Saved.FULL:
            return
    raise AssertionError("the storage never filled up")


# ---- ids and recent games ----------------------------------------------------------------------
def test_every_game_gets_an_id_and_an_envelope_with_its_summary():
    b = FlakyBackend()
    st = store(b)
    assert st.add(game(1, moves=5)) is Saved.SAVED
    (game_id,) = stored_games(b)
    summary = read_stored(b.data[GAME_PREFIX + game_id]).summary
    assert summary.id == game_id and summary.rev == 1 and summary.tab == "tab-a"
    assert (summary.mode, summary.level, summary.round, summary.over) == (
        "hotseat",
        "easy",
        1,
        False,
    )
    assert summary.date > 1_700_000_000_000 and len(summary.score) == 2


def test_a_new_game_keeps_the_one_before_under_its_own_id():
    b = FlakyBackend()
    st = store(b)
    first = game(1, moves=4)
    st.add(first)
    st.add(game(2))
    games = stored_games(b)
    assert len(games) == 2
    assert first.game.record in games.values()


def test_two_loads_keep_both_games_and_the_one_before():
    b = FlakyBackend()
    st = store(b)
    st.add(game(1, moves=3))
    st.add(game(2, moves=6))  # Load
    st.add(game(3, moves=9))  # Load again
    assert sorted(len(r) for r in stored_games(b).values()) == [3, 6, 9]
    assert [k.current for k in st.recent()] == [True, False, False]


def test_a_link_opened_twice_is_found_as_one_game():
    st = store(FlakyBackend())
    shared = game(5, moves=4)
    st.add(shared)
    st.add(game(6))
    assert st.find(game(5, moves=4)) == st.recent()[1].summary.id
    assert st.find(game(5, moves=5)) is None


def test_every_move_is_written_with_a_new_revision():
    b = FlakyBackend()
    st = store(b)
    s = game(1)
    st.add(s)
    for _ in range(3):
        move(s)
        assert st.save(s) is Saved.SAVED
    (text,) = [v for k, v in b.data.items() if k.startswith(GAME_PREFIX)]
    assert read_stored(text).summary.rev == 4
    assert read_stored(text).session().game.record == s.game.record


def test_recent_games_keep_the_current_and_the_20_last_played_within_the_budget():
    b = FlakyBackend()
    st = store(b)
    for seed in range(RECENT_LIMIT + 5):
        st.add(game(seed, moves=2))
    rows = st.recent()
    assert len(rows) == RECENT_LIMIT + 1 and rows[0].current
    assert len(stored_games(b)) == RECENT_LIMIT + 1
    assert [r.summary.date for r in rows] == sorted((r.summary.date for r in rows), reverse=True)
    used = sum(len(k) + len(v) for k, v in b.data.items())
    assert used < BUDGET_CHARS < 0.05 * 5_000_000


def test_a_reload_reopens_this_tabs_game_not_the_one_another_tab_played_last():
    b, clock = FlakyBackend(), Clock()
    tab_a, tab_b = MemoryBackend(), MemoryBackend()
    a = store(b, "tab-a", clock=clock, tab_backend=tab_a)
    mine = game(1, moves=3)
    a.add(mine)
    store(b, "tab-b", clock=clock, tab_backend=tab_b).add(game(2, moves=5))
    fresh_tab = store(b, "tab-c", clock=clock).start()  # a new tab: the last game played
    assert fresh_tab is not None and len(fresh_tab.game.record) == 5
    again = store(b, "tab-a", clock=clock, tab_backend=tab_a).start()
    assert again is not None and again.game.record == mine.game.record


def test_a_kept_game_reopens_and_the_one_on_the_table_stays_kept():
    b = FlakyBackend()
    st = store(b)
    first = game(1, moves=3)
    st.add(first)
    st.add(game(2, moves=1))
    old_id = st.recent()[1].summary.id
    back = st.reopen(old_id)
    assert back.game.record == first.game.record
    move(back)
    assert st.save(back) is Saved.SAVED
    assert len(stored_games(b)) == 2 and st.export(old_id) == back.encode()


def test_a_deleted_game_comes_back_with_undo_until_the_page_closes():
    b = FlakyBackend()
    st = store(b)
    st.add(game(1, moves=3))
    st.add(game(2))
    old_id = st.recent()[1].summary.id
    before = b.data[GAME_PREFIX + old_id]
    assert st.delete(old_id)
    assert GAME_PREFIX + old_id not in b.data and len(st.recent()) == 1
    assert st.undo_delete(old_id) is Saved.SAVED
    assert b.data[GAME_PREFIX + old_id] == before


def test_the_game_on_the_table_is_not_deleted():
    st = store(FlakyBackend())
    st.add(game(1))
    assert not st.delete(st.recent()[0].summary.id)
    assert len(st.recent()) == 1


# ---- two tabs ----------------------------------------------------------------------------------
def _two_tabs() -> tuple[FlakyBackend, object, object, str]:
    b, clock = FlakyBackend(), Clock()
    a = store(b, "tab-a", clock=clock, tab_backend=MemoryBackend())
    s = game(1, moves=2)
    a.add(s)
    bee = store(b, "tab-b", clock=clock, tab_backend=MemoryBackend())
    return b, (a, s), (bee, bee.start()), a.current or ""


@pytest.mark.parametrize("first", ["a", "b"])
def test_a_stale_write_from_the_other_tab_is_refused_never_applied(first):
    b, (a, sa), (bee, sb), game_id = _two_tabs()
    assert sb is not None and sb.game.record == sa.game.record
    tabs = {"a": (a, sa), "b": (bee, sb)}
    order = [tabs[first], tabs["b" if first == "a" else "a"]]
    (st1, s1), (st2, s2) = order
    move(s1)
    assert st1.save(s1) is Saved.SAVED
    for _ in range(2):
        move(s2)
    assert st2.save(s2) is Saved.STALE  # refused: the stored game is the other tab's
    assert stored_games(b)[game_id] == s1.game.record
    move(s2)
    assert st2.save(s2) is Saved.STALE  # and stays refused, move after move


def test_taking_over_continues_from_the_other_tabs_last_move_and_stops_the_other_tab():
    b, (a, sa), (bee, sb), game_id = _two_tabs()
    move(sa)
    a.save(sa)
    move(sb)
    assert bee.save(sb) is Saved.STALE
    taken = bee.take_over(game_id)
    assert taken.game.record == sa.game.record  # the stored game, with A's move
    move(taken)
    assert bee.save(taken) is Saved.SAVED
    move(sa)
    assert a.save(sa) is Saved.STALE  # A is refused from now on
    assert stored_games(b)[game_id] == taken.game.record


def test_opening_a_copy_keeps_this_tabs_position_as_another_game():
    b, (a, sa), (bee, sb), game_id = _two_tabs()
    move(sa)
    a.save(sa)
    for _ in range(3):
        move(sb)
    assert bee.save(sb) is Saved.STALE
    assert bee.open_copy(sb) is Saved.SAVED
    games = stored_games(b)
    assert games[game_id] == sa.game.record
    assert sb.game.record in [r for i, r in games.items() if i != game_id]


def test_a_game_held_by_another_tab_is_never_written_from_here():
    b, (a, sa), (bee, sb), game_id = _two_tabs()
    bee.mark_lost(game_id)  # the page learnt it from a Web Lock
    before = b.data[GAME_PREFIX + game_id]
    move(sb)
    assert bee.save(sb) is Saved.STALE
    assert b.data[GAME_PREFIX + game_id] == before


# ---- unreadable data ---------------------------------------------------------------------------
def _unreadable(backend: FlakyBackend) -> str:
    text = "[" * 8000
    backend.data[GAME_PREFIX + "bad1"] = text
    backend.data[CURRENT_KEY] = "bad1"
    return text


def test_unreadable_game_is_moved_aside_only_once_its_copy_is_written():
    b = FlakyBackend()
    text = _unreadable(b)
    st = store(b)
    assert st.start() is None
    (problem,) = st.problems
    assert problem.moved and problem.kept_at == UNREADABLE_PREFIX + GAME_PREFIX + "bad1"
    assert b.data[problem.kept_at] == text and GAME_PREFIX + "bad1" not in b.data
    assert problem.message == ("storage.kept.moved", {"key": problem.kept_at})
    assert problem.error.key == "storage.error.too_big"


@pytest.mark.parametrize("failure", ["full", "set-throws", "remove-throws"])
def test_unreadable_game_stays_where_it_was_when_it_could_not_be_copied(failure):
    b = FlakyBackend(quota=20_000)
    text = _unreadable(b)
    if failure == "full":
        b.fill()
    else:
        b.fail[failure.split("-")[0]] = FULL if failure == "set-throws" else BLOCKED
    st = store(b)
    st.start()
    (problem,) = st.problems
    assert not problem.moved and problem.kept_at == GAME_PREFIX + "bad1"
    assert b.data[GAME_PREFIX + "bad1"] == text  # never deleted
    assert problem.message == ("storage.kept.left", {"key": GAME_PREFIX + "bad1"})


def test_an_unreadable_format_1_game_is_kept_and_a_new_game_can_start():
    b = FlakyBackend()
    b.data[LEGACY_GAME_KEY] = '{"pace": []}'
    st = store(b)
    assert st.start() is None
    assert st.problems[0].error.key == "storage.error.not_ours"
    assert st.add(game(2)) is Saved.SAVED
    assert b.data[st.problems[0].kept_at] == '{"pace": []}'


# ---- format 1 ----------------------------------------------------------------------------------
def test_format_1_games_get_ids_and_their_old_keys_go_only_once_stored():
    current, previous = game(1, moves=4), game(2, moves=2)
    b = FlakyBackend({LEGACY_GAME_KEY: format_1(current), LEGACY_PREVIOUS_KEY: format_1(previous)})
    st = store(b)
    back = st.start()
    assert back is not None and back.game.record == current.game.record
    assert LEGACY_GAME_KEY not in b.data and LEGACY_PREVIOUS_KEY not in b.data
    assert sorted(len(r) for r in stored_games(b).values()) == [2, 4]


def test_format_1_game_stays_under_its_old_key_while_the_storage_is_full():
    current = game(1, moves=4)
    b = FlakyBackend({LEGACY_GAME_KEY: format_1(current)}, quota=5000)
    b.fill()
    st = store(b)
    back = st.start()
    assert back is not None and back.game.record == current.game.record  # played from memory
    assert b.data[LEGACY_GAME_KEY] == format_1(current)
    assert st.full and [k.stored for k in st.recent()] == [False]


# ---- full storage ------------------------------------------------------------------------------
def test_full_storage_keeps_playing_in_memory_and_saves_after_the_next_move_that_fits():
    b = FlakyBackend(quota=20_000)
    st = store(b)
    s = game(1)
    st.add(s)
    b.fail["set"] = FULL
    outcomes = []
    for _ in range(5):
        move(s)
        outcomes.append(st.save(s))
    assert outcomes == [Saved.FULL] * 5 and st.full
    del b.fail["set"]
    move(s)
    assert st.save(s) is Saved.RECOVERED
    assert list(stored_games(b).values()) == [s.game.record]  # not one move lost


def _full_of_junk() -> tuple[FlakyBackend, GameStore, Session]:
    """A game being played when other data of the site fills the storage."""
    b = FlakyBackend(quota=20_000)
    st = store(b)
    s = game(1)
    st.add(s)
    b.fill()
    play_until_full(st, s)
    return b, st, s


def test_settings_that_do_not_fit_leave_the_game_saved_not_saved_again():
    """A first-game tip is remembered in the settings at once; with the storage full to a few
    characters short, that write was refused and marked the games full, so the game's next
    write, which fitted, told the player "saved again" after a "full" never shown (the e2e
    test's ten moves found it)."""
    b = FlakyBackend(quota=20_000)
    st = store(b)
    s = game(1)
    st.add(s)
    assert st.save_settings(Settings())
    b.fill()
    b.quota = (b.quota or 0) + 8  # room for the game's next few characters, not for a tip
    seen = Settings(tips_seen=["x" * 40])
    assert not st.save_settings(seen) and not st.full
    move(s)
    assert st.save(s) is Saved.SAVED and not st.full


def test_a_new_game_while_the_storage_is_full_loses_neither_game():
    b, st, first = _full_of_junk()
    assert st.add(game(2)) is Saved.FULL
    assert {len(k.summary.id) > 0 and not k.stored for k in st.recent()} == {True}
    assert len(st.recent()) == 2
    b.data = {k: v for k, v in b.data.items() if not k.startswith("junk.")}  # space again
    second = st.reopen(st.recent()[0].summary.id)
    move(second)  # any later save retries everything waiting
    assert st.save(second) is Saved.RECOVERED
    assert sorted(stored_games(b).values()) == sorted([first.game.record, second.game.record])


def test_free_space_deletes_the_oldest_games_until_the_game_fits_and_they_can_come_back():
    b = FlakyBackend()
    st = store(b)
    for seed in range(6):
        st.add(game(seed, moves=2))
    s = game(9)
    st.add(s)
    b.quota = sum(len(k) + len(v) for k, v in b.data.items())  # no room for a longer game
    play_until_full(st, s)
    freed = st.free_space()
    assert freed.saved and 1 <= freed.deleted < 6
    assert freed.message == ("storage.freed", {"n": freed.deleted})
    assert stored_games(b)[st.current or ""] == s.game.record
    assert len(st.trash) == freed.deleted  # deleted, but not gone while the page is open


def test_free_space_says_so_when_other_data_fills_the_storage():
    b, st, _ = _full_of_junk()
    freed = st.free_space()
    assert not freed.saved and freed.message == ("storage.nothing_to_free", {})
    assert any(k.startswith("junk.") for k in b.data)  # never touches data that is not ours


# ---- blocked, missing, throwing storage --------------------------------------------------------
@pytest.mark.parametrize("method", ["get", "set", "keys", "remove"])
def test_throwing_storage_plays_in_memory_from_the_start(method):
    b = FlakyBackend()
    b.fail[method] = BLOCKED
    st = store(b)
    assert st.start() is None
    s = game(1)
    outcome = st.add(s)
    move(s)
    assert (outcome, st.save(s)) in ((Saved.MEMORY, Saved.MEMORY), (Saved.SAVED, Saved.SAVED))
    if method != "remove":  # removing is the only call a new game does not need
        assert st.in_memory and outcome is Saved.MEMORY
    assert st.recent()[0].summary.round == 1


def test_missing_storage_plays_in_memory():
    st = store(None)
    assert st.start() is None
    s = game(1)
    assert st.add(s) is Saved.MEMORY
    assert st.settings() == Settings()
    assert st.save_settings(Settings(pace="fast")) and st.settings().pace == "fast"


def test_storage_that_starts_refusing_writes_mid_game_keeps_every_game_in_memory():
    b = FlakyBackend()
    st = store(b)
    first = game(1, moves=2)
    st.add(first)
    s = game(2)
    st.add(s)
    b.fail["set"] = BLOCKED
    move(s)
    assert st.save(s) is Saved.MEMORY
    assert sorted(len(k.summary.id) > 0 for k in st.recent()) == [True, True]
    assert st.reopen(st.recent()[1].summary.id).game.record == first.game.record


def test_settings_that_cannot_be_read_give_the_defaults():
    b = FlakyBackend({SETTINGS_KEY: '{"pace": []}'})
    assert store(b).settings() == Settings()
    b.fail["get"] = BLOCKED
    assert store(b).settings() == Settings()


# ---- the way out -------------------------------------------------------------------------------
def test_copy_stored_data_gives_every_key_of_the_site_and_nothing_else():
    b = FlakyBackend({"targi.game": "[[[", "other.app": "x", SETTINGS_KEY: "{}"})
    st = store(b)
    text = st.dump()
    assert json.loads(text) == {"targi.game": "[[[", SETTINGS_KEY: "{}"}
    b.fail["get"] = BLOCKED
    assert json.loads(dump(b)) == {"targi.game": None, SETTINGS_KEY: None}


def test_a_web_storage_turns_quota_and_security_errors_into_the_two_failures():
    class JsError(Exception):
        def __init__(self, name: str) -> None:
            super().__init__(name)
            self.name = name

    class Local:
        length = 1

        def getItem(self, key):  # noqa: N802 - the browser's name
            raise JsError("SecurityError")

        def setItem(self, key, value):  # noqa: N802
            raise JsError("QuotaExceededError")

        def key(self, i):
            return "targi.settings"

    web = WebStorage(Local())
    with pytest.raises(BLOCKED):
        web.get("k")
    with pytest.raises(FULL):
        web.set("k", "v")
    assert web.keys() == ["targi.settings"]

    def blocked_getter() -> object:
        raise JsError("SecurityError")

    assert WebStorage.open(blocked_getter) is None


def test_every_storage_message_has_words(cat):
    keys = set(ERROR_KEYS) | set(NOTICE.values()) | {"storage.error.gone", "tabs.busy"}
    keys |= {"storage.kept.moved", "storage.kept.left"}
    keys |= {f"storage.{k}.{n}" for k in ("freed", "freed_not_enough") for n in ("one", "other")}
    keys |= {"storage.nothing_to_free"}
    assert sorted(k for k in keys if not cat.has(k)) == []


def test_a_game_that_vanished_from_storage_cannot_be_reopened_and_says_so():
    st = store(FlakyBackend())
    with pytest.raises(StoredGameError) as e:
        st.reopen("nothere")
    assert e.value.key == "storage.error.gone"
