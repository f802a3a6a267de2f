"""Friend games in localStorage, one key per game id, under the page's storage rules.

A friend game is its messages (FriendGame.to_dict(): tens of kilobytes at the end, far over a
save-string envelope), so it has keys of its own: `targi.friend.<game id>` holds an envelope
`{"app": "targi-friend", "format": 1, "id", "rev", "date", "status", "seat", "round", "link",
"state"}`. The rules are GameStore's (targi.app.store.recent):
- a write is a compare-and-swap on `rev`: another tab's newer write is never overwritten
  (Saved.STALE; the page then reads the stored game, which holds every message both saw);
- a full quota or a storage that throws keeps the game in memory (`pending`), said once, and
  retried after the next change;
- text that cannot be read is left where it is and reported, never deleted.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..store.backend import Backend, MemoryBackend, StorageBlocked, StorageFailure, StorageFull
from ..store.recent import Saved
from ..store.storage import StoredGameError, parse_object

if TYPE_CHECKING:
    from ...friend import FriendGame

PREFIX = "targi.friend."  # + game id (16 hex digits, from the inviter's key)
TAB_KEY = "targi.tab.friend"  # sessionStorage: the friend game on this tab's table
APP, FORMAT = "targi-friend", 1
MAX_CHARS = 600_000  # a whole game is about 40,000 characters; far over it is not ours
FRIEND_ID = re.compile(r"[0-9a-f]{16}")
STATUSES = ("your-turn", "waiting", "answering", "verified", "failed")


@dataclass(frozen=True)
class FriendSummary:
    """A row of Recent games: what the envelope says beside the game itself."""

    id: str
    rev: int
    date: int
    status: str
    seat: int
    round: int
    link: str  # the last link this page sent ("" before the first)


def summary_of(data: dict[str, object]) -> FriendSummary:
    """The envelope's fields, type-checked (StoredGameError names the first that is wrong)."""
    if data.get("app") != APP or data.get("format") != FORMAT:
        raise StoredGameError("storage.error.not_ours")
    fields = {}
    for name, kind in (("id", str), ("rev", int), ("date", int), ("status", str)):
        value = data.get(name)
        if type(value) is not kind:
            raise StoredGameError("storage.error.field", field=name)
        fields[name] = value
    seat, rnd, link = data.get("seat"), data.get("round"), data.get("link")
    if seat not in (0, 1) or type(rnd) is not int or not isinstance(link, str):
        raise StoredGameError("storage.error.field", field="seat")
    if fields["status"] not in STATUSES or not FRIEND_ID.fullmatch(str(fields["id"])):
        raise StoredGameError("storage.error.field", field="status")
    return FriendSummary(
        str(fields["id"]), int(str(fields["rev"])), int(str(fields["date"])),
        str(fields["status"]), int(str(seat)), rnd, link,
    )  # fmt: skip


# The envelope's head as envelope() writes it: its revision is read from there without
# parsing the whole game, which is tens of kilobytes, at every move.
HEAD = re.compile(r'\{"app":"targi-friend","format":1,"id":"[0-9a-f]{16}","rev":(\d{1,15}),')


def stored_rev(text: str) -> int | None:
    """The revision of a stored envelope; None when it is not one (never overwritten)."""
    head = HEAD.match(text)
    if head is not None:
        return int(head.group(1))
    try:
        return summary_of(parse_object(text, MAX_CHARS)).rev
    except StoredGameError:
        return None


class FriendStore:
    """The friend games kept in `backend` (localStorage); `tab` is this tab's sessionStorage."""

    def __init__(
        self, backend: Backend | None, tab: Backend | None, clock_ms: Callable[[], int]
    ) -> None:
        self.backend: Backend = backend if backend is not None else MemoryBackend()
        self.tab: Backend = tab if tab is not None else MemoryBackend()
        self.clock_ms = clock_ms
        self.rev: dict[str, int] = {}  # the revision this tab last read or wrote, per game
        self.pending: dict[str, str] = {}  # envelopes not stored yet (full or blocked storage)
        self.unreadable: list[tuple[str, StoredGameError]] = []  # left where they are

    # ---- reading ---------------------------------------------------------------------------
    def _text(self, game_id: str) -> str | None:
        if game_id in self.pending:
            return self.pending[game_id]
        try:
            return self.backend.get(PREFIX + game_id)
        except StorageFailure:
            return None

    def read(self, game_id: str) -> tuple[FriendSummary, dict[str, object]] | None:
        """The kept game's summary and its FriendGame.to_dict(); None if none is kept.
        StoredGameError if the stored text cannot be read (it stays where it is)."""
        text = self._text(game_id)
        if text is None:
            return None
        data = parse_object(text, MAX_CHARS)
        state = data.get("state")
        if not isinstance(state, dict):
            raise StoredGameError("storage.error.field", field="state")
        summary = summary_of(data)
        self.rev.setdefault(game_id, summary.rev)
        return summary, state

    def ids(self) -> list[str]:
        try:
            keys = self.backend.keys()
        except StorageFailure:
            keys = []
        found = {k[len(PREFIX) :] for k in keys if k.startswith(PREFIX)} | set(self.pending)
        return [i for i in found if FRIEND_ID.fullmatch(i)]

    def summaries(self) -> list[FriendSummary]:
        """Every readable kept friend game, the most recently played first; unreadable ones
        are noted in `unreadable` and left alone."""
        out, self.unreadable = [], []
        for game_id in self.ids():
            try:
                found = self.read(game_id)
            except StoredGameError as error:
                self.unreadable.append((PREFIX + game_id, error))
                continue
            if found is not None:
                out.append(found[0])
        return sorted(out, key=lambda s: s.date, reverse=True)

    # ---- writing ---------------------------------------------------------------------------
    def envelope(self, game: FriendGame, rev: int) -> str:
        g = game.game if game.dealer is not None else None
        return json.dumps(
            {
                "app": APP,
                "format": FORMAT,
                "id": game.game_id,
                "rev": rev,
                "date": self.clock_ms(),
                "status": game.status,
                "seat": game.seat,
                # the round being played; once over, the last one played
                "round": (g.rounds_played if g.is_over else g.round) if g is not None else 1,
                "link": game.link or "",
                "state": game.to_dict(),
            },
            separators=(",", ":"),
        )

    def save(self, game: FriendGame) -> Saved:
        """Store the game (compare-and-swap on its revision): SAVED, STALE (another tab wrote
        it since; nothing written), FULL or MEMORY (kept in `pending`, retried later)."""
        game_id = game.game_id
        known = self.rev.get(game_id, 0)
        try:
            stored = self.backend.get(PREFIX + game_id)
        except StorageFailure:
            stored = None
        if stored is not None and stored_rev(stored) != known:
            return Saved.STALE
        text = self.envelope(game, known + 1)
        try:
            self.backend.set(PREFIX + game_id, text)
        except StorageFull:
            self.pending[game_id] = text
            return Saved.FULL
        except (StorageBlocked, StorageFailure):
            self.pending[game_id] = text
            return Saved.MEMORY
        self.rev[game_id] = known + 1
        recovered = self.pending.pop(game_id, None) is not None
        return Saved.RECOVERED if recovered else Saved.SAVED

    def retry(self) -> bool:
        """Write what waits in memory once more (the page is being hidden or closed); True
        when nothing waits any more."""
        for game_id, text in list(self.pending.items()):
            rev = stored_rev(text)
            try:
                stored = self.backend.get(PREFIX + game_id)
                if stored is not None and rev is not None and stored_rev(stored) != rev - 1:
                    continue  # another tab wrote it since: never overwritten
                self.backend.set(PREFIX + game_id, text)
            except StorageFailure:
                continue
            del self.pending[game_id]
            if rev is not None:
                self.rev[game_id] = rev
        return not self.pending

    def delete(self, game_id: str) -> None:
        """Forget a kept game (the player confirmed it): its messages and this page's secrets
        for it go, so it cannot be played on from this page."""
        self.pending.pop(game_id, None)
        self.rev.pop(game_id, None)
        with contextlib.suppress(StorageFailure):
            self.backend.remove(PREFIX + game_id)

    def forget_rev(self, game_id: str) -> None:
        """Read the stored revision afresh next time (after another tab's write)."""
        self.rev.pop(game_id, None)

    # ---- which friend game this tab has on its table ---------------------------------------
    def point(self, game_id: str | None) -> None:
        with contextlib.suppress(StorageFailure):
            if game_id is None:
                self.tab.remove(TAB_KEY)
            else:
                self.tab.set(TAB_KEY, game_id)

    def pointed(self) -> str | None:
        try:
            found = self.tab.get(TAB_KEY)
        except StorageFailure:
            return None
        return found if found is not None and FRIEND_ID.fullmatch(found) else None
