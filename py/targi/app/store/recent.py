"""The games a player keeps, and the promise that none is lost.

Every game has an id and is stored under its own key (`storage.GAME_PREFIX` + id), so a new
game, a loaded string or a shared link is *added*; it replaces nothing. The store keeps the game
on the table plus the RECENT_LIMIT most recently played others: a stored game is a few hundred
characters (never more than `storage.ENVELOPE_MAX_CHARS`), so the whole budget is under
BUDGET_CHARS, about 2 % of the 5 MB a browser gives a site.

The policies, each with a unit test in tests/app/test_recent.py:
- A write is a compare-and-swap on the envelope's revision: if another tab wrote the game since
  this tab last read or wrote it, the write is refused (Saved.STALE), never applied.
- A full quota keeps the game in memory (`pending`) and retries after every move; `free_space`
  deletes the oldest kept games, one at a time, until the write fits.
- Blocked, missing or throwing storage switches the store to memory for the rest of the page's
  life (Saved.MEMORY): the game plays on; Share keeps it.
- Unreadable stored data is moved aside only if its copy was written and read back; otherwise it
  stays where it was. `problems` says which happened.
- A deleted game can be brought back until the page closes (`trash`).
"""

from __future__ import annotations

import contextlib
import enum
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from ..session import Session
from .backend import Backend, MemoryBackend, StorageBlocked, StorageFailure, StorageFull, dump
from .storage import (
    CURRENT_KEY,
    ENVELOPE_MAX_CHARS,
    GAME_ID,
    GAME_PREFIX,
    LEGACY_GAME_KEY,
    LEGACY_PREVIOUS_KEY,
    SETTINGS_KEY,
    TAB_CURRENT_KEY,
    UNREADABLE_PREFIX,
    Envelope,
    Settings,
    StoredGameError,
    Summary,
    dump_envelope,
    read_stored,
    summarize,
)

RECENT_LIMIT = 20  # kept games besides the one on the table
BUDGET_CHARS = (RECENT_LIMIT + 1) * ENVELOPE_MAX_CHARS


class Saved(enum.Enum):
    """What became of a write; the page words it with `NOTICE`."""

    SAVED = "saved"
    RECOVERED = "recovered"  # saved again after the storage was full
    FULL = "full"  # not stored: kept in memory, retried after the next move
    MEMORY = "memory"  # storage unusable: kept in memory for this page only
    STALE = "stale"  # refused: another tab has written this game since


NOTICE = {
    Saved.RECOVERED: "storage.saved_again",
    Saved.FULL: "storage.full",
    Saved.MEMORY: "storage.memory",
    Saved.STALE: "tabs.stale",
}


@dataclass(frozen=True)
class Problem:
    """Stored data that could not be read, and what was done with it."""

    key: str  # where it was found
    error: StoredGameError  # why it could not be read
    kept_at: str  # where it is now
    moved: bool  # copied to kept_at (and read back) and removed from key

    @property
    def message(self) -> tuple[str, dict[str, object]]:
        """The catalog key and parameters saying where the data is now."""
        if self.moved:
            return "storage.kept.moved", {"key": self.kept_at}
        return "storage.kept.left", {"key": self.kept_at}


@dataclass(frozen=True)
class Kept:
    """A row of the Recent games list."""

    summary: Summary
    current: bool  # the game on this tab's table
    stored: bool  # False: only in this page's memory (storage full or unusable)


@dataclass(frozen=True)
class Freed:
    """What `free_space` did."""

    deleted: int  # old games deleted (in `trash`, so they can still be brought back)
    saved: bool  # everything waiting is stored now

    @property
    def message(self) -> tuple[str, dict[str, object]]:
        """The catalog key and its parameters; with `n` the key is a plural base."""
        if self.saved:
            return "storage.freed", {"n": self.deleted}
        if self.deleted:
            return "storage.freed_not_enough", {"n": self.deleted}
        return "storage.nothing_to_free", {}


def to_base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, d = divmod(n, 36)
        out = digits[d] + out
        if not n:
            return out


class GameStore:
    """The page's games in a `Backend` (localStorage), under the policies above.

    `clock()` gives ms since 1970, `rand()` 32 random bits for game ids (the tests give their
    own), `tab` this tab's id, `tab_backend` per-tab storage (sessionStorage) so that
    a reload reopens this tab's game, not the one another tab played last.
    """

    def __init__(
        self,
        backend: Backend | None,
        *,
        tab: str,
        clock: Callable[[], int],
        rand: Callable[[], int] = lambda: secrets.randbits(32),
        tab_backend: Backend | None = None,
    ) -> None:
        self.real = backend  # what "copy stored data" reads, even after falling back
        self.backend: Backend = backend if backend is not None else MemoryBackend()
        self.in_memory = backend is None
        self.tab_backend: Backend = tab_backend if tab_backend is not None else MemoryBackend()
        self.tab, self.clock, self.rand = tab, clock, rand
        self.full = False
        self.current: str | None = None
        self.table: Session | None = None  # the game on the table, as the page plays it
        self.before: str | None = None  # the game that was on the table before this one
        self.rev: dict[str, int] = {}  # the revision this tab last read or wrote, per game
        self.dates: dict[str, int] = {}  # when this tab last changed a game
        self.pending: dict[str, Session] = {}  # changes not stored yet (full storage)
        self.legacy: dict[str, str] = {}  # game id -> format-1 key it came from, until stored
        self.lost: set[str] = set()  # games another tab holds now: never written from here
        self.trash: dict[str, str] = {}  # deleted while this page is open: id -> envelope
        self.problems: list[Problem] = []

    # ---- falling back ------------------------------------------------------------------------
    def _to_memory(self) -> None:
        """Storage stopped working: carry on in memory with whatever can still be read."""
        if self.in_memory:
            return
        memory = MemoryBackend()
        try:
            names = self.backend.keys()
            for key in names:
                value = self.backend.get(key)
                if value is not None:
                    memory.data[key] = value
        except StorageFailure:
            pass  # what could not be read stays where it is, untouched
        self.backend, self.in_memory, self.full = memory, True, False
        if self.current is not None and self.table is not None:
            self.pending.setdefault(self.current, self.table)  # written to memory next

    def _get(self, key: str) -> str | None:
        try:
            return self.backend.get(key)
        except StorageFailure:
            self._to_memory()
            return self.backend.get(key)

    def _keys(self) -> list[str]:
        try:
            return self.backend.keys()
        except StorageFailure:
            self._to_memory()
            return self.backend.keys()

    def _remove(self, key: str) -> bool:
        try:
            self.backend.remove(key)
            return True
        except StorageFailure:
            self._to_memory()
            return False

    def _set(self, key: str, value: str, *, game: bool = True) -> bool:
        """False if it did not fit; never raises. Only a game's refused write makes the store
        `full` (moves wait): a refused pointer or settings write keeps none waiting, else the
        game's next write, which fits, says "saved again" after a notice never shown."""
        try:
            self.backend.set(key, value)
            return True
        except StorageFull:
            self.full = self.full or game
            return False
        except StorageBlocked:
            self._to_memory()
            self.backend.set(key, value)
            return True

    # ---- starting --------------------------------------------------------------------------
    def start(self) -> Session | None:
        """The game this tab had (or, in a new tab, the last one played), after moving format-1
        games to ids. Unreadable data is recorded in `problems`."""
        self._keys()  # a blocked storage shows itself here, before anything is decided
        self._migrate()
        for pointer in self._pointers():
            session = self._open(pointer)
            if session is not None:
                return session
        return None

    def _put_on_table(self, game_id: str, session: Session) -> Session:
        if self.current is not None and self.current != game_id:
            self.before = self.current  # Load's "Back to the game before"
        self.current, self.table = game_id, session
        return session

    def _pointers(self) -> list[str]:
        found = []
        with contextlib.suppress(StorageFailure):
            found.append(self.tab_backend.get(TAB_CURRENT_KEY))
        found.append(self._get(CURRENT_KEY))
        if self.current is not None:  # a migrated game not stored yet
            found.append(self.current)
        return [p for p in found if p is not None and GAME_ID.fullmatch(p)]

    def _open(self, game_id: str) -> Session | None:
        if game_id in self.pending:
            return self._put_on_table(game_id, self.pending[game_id])
        loaded = self._load(GAME_PREFIX + game_id)
        if loaded is None:
            return None
        envelope, session = loaded
        self._put_on_table(game_id, session)
        self.rev[game_id] = envelope.summary.rev
        self._point(game_id)
        return session

    def _load(self, key: str) -> tuple[Envelope, Session] | None:
        """The game under `key`; None if there is none or it is unreadable (set aside)."""
        text = self._get(key)
        if text is None:
            return None
        try:
            envelope = read_stored(text)
            return envelope, envelope.session()
        except StoredGameError as error:
            self._set_aside(key, text, error)
            return None

    def _set_aside(self, key: str, text: str, error: StoredGameError) -> None:
        """Move unreadable data out of the way, but only once a copy is safely written."""
        target = UNREADABLE_PREFIX + key
        for n in range(2, 100):
            existing = self._get(target)
            if existing is None or existing == text:
                break
            target = f"{UNREADABLE_PREFIX}{key}.{n}"
        copied = self._set(target, text) and self._get(target) == text
        moved = copied and self._remove(key)
        self.problems.append(Problem(key, error, target if moved else key, moved))

    def _migrate(self) -> None:
        """Format-1 games (one key each) become games with ids; the old key is removed only
        once the new one is stored."""
        for key in (LEGACY_GAME_KEY, LEGACY_PREVIOUS_KEY):
            loaded = self._load(key)
            if loaded is None:
                continue
            game_id = self._new_id()
            self.legacy[game_id] = key
            older = 1 if key == LEGACY_PREVIOUS_KEY else 0  # the replaced game lists second
            self.dates[game_id] = self.clock() - older
            self.pending[game_id] = loaded[1]
            if key == LEGACY_GAME_KEY and self._get(CURRENT_KEY) is None:
                self._put_on_table(game_id, loaded[1])
        self._flush()

    # ---- writing ---------------------------------------------------------------------------
    def _new_id(self) -> str:
        while True:
            game_id = to_base36(self.clock()) + to_base36(self.rand() & 0xFFFFFFFF)
            if game_id not in self.pending and self._get(GAME_PREFIX + game_id) is None:
                return game_id

    def _point(self, game_id: str) -> None:
        """Remember which game is on the table, per tab and for a new tab; not worth a notice
        if it fails (the game itself is what matters)."""
        with contextlib.suppress(StorageFailure):
            self.tab_backend.set(TAB_CURRENT_KEY, game_id)
        self._set(CURRENT_KEY, game_id, game=False)

    def _write(self, game_id: str, session: Session) -> Saved:
        """One compare-and-swap write of a pending game."""
        if game_id in self.lost:
            return Saved.STALE
        key = GAME_PREFIX + game_id
        known = self.rev.get(game_id, 0)
        stored = self._get(key)
        if stored is not None:
            try:
                stored_rev: int | None = read_stored(stored).summary.rev
            except StoredGameError:
                stored_rev = None  # never overwrite what cannot be read
            if stored_rev != known:
                self.lost.add(game_id)
                return Saved.STALE
        date = self.dates.get(game_id) or self.clock()
        summary = summarize(session, game_id, known + 1, date, self.tab)
        text = dump_envelope(summary, session.encode())
        if not self._set(key, text):
            return Saved.FULL
        self.rev[game_id] = known + 1
        del self.pending[game_id]
        if game_id in self.legacy:
            self._remove(self.legacy.pop(game_id))
        return Saved.MEMORY if self.in_memory else Saved.SAVED

    def _flush(self) -> Saved:
        """Write every pending game, the one on the table first; the outcome for that one (or
        the worst outcome if it is already stored)."""
        was_full = self.full
        order = sorted(self.pending, key=lambda i: i != self.current)
        outcomes = {i: self._write(i, self.pending[i]) for i in order}
        self.full = any(o is Saved.FULL for o in outcomes.values())
        if self.current in outcomes:
            outcome = outcomes[self.current]
        elif self.full:
            outcome = Saved.FULL
        else:
            outcome = Saved.MEMORY if self.in_memory else Saved.SAVED
        if outcome is Saved.SAVED and was_full and not self.full:
            return Saved.RECOVERED
        return outcome

    def retry(self) -> Saved:
        """Try again to store what waits (the page also does when it is hidden or closed)."""
        return self._flush()

    def save(self, session: Session) -> Saved:
        """After every move and undo: store the game on the table (and retry anything waiting)."""
        if self.current is None:
            return self.add(session)
        self.table = session
        self.dates[self.current] = self.clock()
        self.pending[self.current] = session
        return self._flush()

    def add(self, session: Session) -> Saved:
        """A new game, a loaded string or a shared link: a new id, so nothing is replaced."""
        game_id = self._new_id()
        self._put_on_table(game_id, session)
        self.dates[game_id] = self.clock()
        self.pending[game_id] = session
        self._point(game_id)
        outcome = self._flush()
        self._prune()
        return outcome

    def open_copy(self, session: Session) -> Saved:
        """This tab's position of a game another tab has taken: kept as a game of its own
        (the other tab's version stays under the old id)."""
        if self.current in self.lost:
            self.pending.pop(self.current, None)
        return self.add(session)

    def _prune(self) -> None:
        """The budget: beyond RECENT_LIMIT stored games besides the current one, the oldest go
        (to `trash`, so they can still be brought back while the page is open)."""
        rows = [k for k in self.recent() if k.stored and not k.current]
        for row in rows[RECENT_LIMIT:]:
            self.delete(row.summary.id)

    # ---- the Recent games list ---------------------------------------------------------------
    def recent(self) -> list[Kept]:
        """Every kept game, the most recently played first; unreadable entries are left out
        (and left alone)."""
        rows: dict[str, Kept] = {}
        for key in self._keys():
            if key.startswith(GAME_PREFIX):
                try:
                    envelope = read_stored(self._get(key))
                except StoredGameError:
                    continue
                if envelope.id == key[len(GAME_PREFIX) :]:
                    rows[envelope.id] = Kept(envelope.summary, envelope.id == self.current, True)
        for game_id, session in self.pending.items():
            date = self.dates.get(game_id, 0)
            summary = summarize(session, game_id, self.rev.get(game_id, 0), date, self.tab)
            rows[game_id] = Kept(summary, game_id == self.current, False)
        return sorted(rows.values(), key=lambda k: (-k.summary.date, k.summary.id))

    def reopen(self, game_id: str) -> Session:
        """A kept game back on the table (the one there stays kept). StoredGameError if it
        cannot be read any more (then it is left where it is)."""
        if game_id in self.pending:
            self._point(game_id)
            return self._put_on_table(game_id, self.pending[game_id])
        text = self._get(GAME_PREFIX + game_id)
        if text is None:
            raise StoredGameError("storage.error.gone")
        envelope = read_stored(text)
        session = self._put_on_table(game_id, envelope.session())
        self.rev[game_id] = envelope.summary.rev
        self.lost.discard(game_id)
        self._point(game_id)
        return session

    def find(self, session: Session) -> str | None:
        """The id of a kept game that is exactly this one (a link opened twice is one game)."""
        code = session.encode()
        for game_id, pending in self.pending.items():
            if pending.encode() == code:
                return game_id
        for key in self._keys():
            if key.startswith(GAME_PREFIX):
                try:
                    if read_stored(self._get(key)).save == code:
                        return key[len(GAME_PREFIX) :]
                except StoredGameError:
                    continue
        return None

    def export(self, game_id: str) -> str:
        """The save string of a kept game."""
        if game_id in self.pending:
            return self.pending[game_id].encode()
        text = self._get(GAME_PREFIX + game_id)
        if text is None:
            raise StoredGameError("storage.error.gone")
        return read_stored(text).save

    def delete(self, game_id: str) -> bool:
        """Remove a kept game (not the one on the table); `undo_delete` brings it back."""
        if game_id == self.current:
            return False
        key = GAME_PREFIX + game_id
        if game_id in self.pending:
            session = self.pending.pop(game_id)
            date = self.dates.get(game_id, 0)
            summary = summarize(session, game_id, self.rev.get(game_id, 0), date, self.tab)
            self.trash[game_id] = dump_envelope(summary, session.encode())
            return True
        text = self._get(key)
        if text is None or not self._remove(key):
            return False
        self.trash[game_id] = text
        return True

    def deleted(self) -> list[Summary]:
        """The games deleted while this page is open, the latest first (they can come back)."""
        out = []
        for text in reversed(self.trash.values()):
            with contextlib.suppress(StoredGameError):
                out.append(read_stored(text).summary)
        return out

    def undo_delete(self, game_id: str) -> Saved:
        text = self.trash.pop(game_id)
        if not self._set(GAME_PREFIX + game_id, text):
            self.trash[game_id] = text
            return Saved.FULL
        return Saved.MEMORY if self.in_memory else Saved.SAVED

    def free_space(self) -> Freed:
        """Delete the oldest kept games, one at a time, until what waits is stored."""
        deleted = 0
        while self.pending:
            old = [k for k in self.recent() if k.stored and not k.current]
            if not old or not self.delete(old[-1].summary.id):
                break
            deleted += 1
            self._flush()
        return Freed(deleted, not self.pending)

    # ---- two tabs --------------------------------------------------------------------------
    def mark_lost(self, game_id: str) -> None:
        """Another tab holds this game: this tab must not write it again."""
        self.lost.add(game_id)

    def take_over(self, game_id: str) -> Session:
        """Continue here from the game as stored (the other tab's last move included): this
        tab writes it from now on, and the other tab's next write is refused."""
        for _ in range(3):  # the other tab may write between the read and the claim
            self.lost.discard(game_id)
            self.pending.pop(game_id, None)
            session = self.reopen(game_id)
            self.pending[game_id] = session
            self.dates[game_id] = self.clock()
            if self._flush() is not Saved.STALE:  # the claim: a new revision from this tab
                return session
        raise StoredGameError("tabs.busy")

    # ---- settings and the way out --------------------------------------------------------
    def settings(self) -> Settings:
        return Settings.parse(self._get(SETTINGS_KEY))

    def save_settings(self, settings: Settings) -> bool:
        return self._set(SETTINGS_KEY, settings.dump(), game=False)

    def dump(self) -> str:
        """Everything under the site's keys as text, from the real storage if it can be read
        (StorageFailure if not)."""
        return dump(self.real if self.real is not None else self.backend)
