"""The page's side of keeping games: the game store (targi.app.store.recent) and what the player is
told about it. The controller decides which game is on the table; the shelf keeps every game,
says what became of each save, and runs the Recent games dialog, the unreadable-storage dialog
and the storage notice (docs/page.md lists their elements).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from ..html.recent_list import rows
from ..port import Port
from ..session import Session
from ..text.catalog import Catalog
from .backend import StorageFailure
from .recent import NOTICE, RECENT_LIMIT, GameStore, Saved
from .storage import StoredGameError


class Shelf:
    def __init__(self, port: Port, cat: Catalog) -> None:
        self.port, self.cat = port, cat
        self.games = GameStore(
            port.local_storage(),
            tab=secrets.token_hex(4),  # not the port's random_seed: that one deals the games
            clock=port.date_ms,
            tab_backend=port.tab_storage(),
        )
        self.memory_said = False  # "this browser does not let the page save" is said once
        # whether the current game is what the table shows (not while a friend game is: the
        # controller says); Recent games then offers to reopen it
        self.current_on_table: Callable[[], bool] = lambda: True

    def start(self) -> Session | None:
        """The game this tab had; unreadable data is explained in #dlg-storage (the caller
        opens it when `problem_shown`)."""
        session = self.games.start()
        if self.games.problems:
            problem = self.games.problems[0]
            error = problem.error
            self.port.set_text("storage-reason", self.cat.t(error.key, **error.params))
            key, params = problem.message
            self.port.set_text("storage-kept", self.cat.t(key, **params))
            self.port.set_hidden("stored-data", True)
            self.port.set_text("stored-data-status", "")
        self.told(Saved.MEMORY if self.games.in_memory else Saved.SAVED)
        return session

    @property
    def problem_shown(self) -> bool:
        return bool(self.games.problems)

    # ---- what became of a save -----------------------------------------------------------------
    def told(self, outcome: Saved) -> None:
        """Say what became of a save when it was not simply stored (a stale write is the
        controller's: it opens the two-tabs dialog)."""
        state = "full" if self.games.full else "memory" if self.games.in_memory else "stored"
        self.port.set_page_state("storage", state)
        if outcome is Saved.MEMORY and self.memory_said:
            return
        if outcome in (Saved.MEMORY, Saved.FULL, Saved.RECOVERED):
            self.memory_said |= outcome is Saved.MEMORY
            self.say(self.cat.t(NOTICE[outcome]), offer_space=outcome is Saved.FULL)

    def say(self, text: str, offer_space: bool = False) -> None:
        self.port.set_text("storage-notice-text", text)
        self.port.set_hidden("free-space", not offer_space)
        self.port.set_hidden("storage-notice", False)

    def free_space(self) -> None:
        freed = self.games.free_space()
        key, params = freed.message
        text = self.cat.plural(key, freed.deleted) if "n" in params else self.cat.t(key, **params)
        self.say(text, offer_space=not freed.saved and freed.deleted > 0)
        self.port.set_page_state("storage", "full" if self.games.full else "stored")
        self.draw_recent()

    # ---- Recent games ----------------------------------------------------------------------
    def draw_recent(self) -> None:
        self.port.set_text("recent-help", self.cat.t("recent.help", n=RECENT_LIMIT))
        html = rows(
            self.cat,
            self.games.recent(),
            self.games.deleted(),
            self.port.date_text,
            on_table=self.current_on_table(),
        )
        self.port.set_html("recent", html)

    def open_recent(self) -> None:
        self.port.set_hidden("recent-export-row", True)
        self.port.set_text("recent-status", "")
        self.draw_recent()

    def export(self, game_id: str) -> None:
        try:
            self.port.set_value("recent-export", self.games.export(game_id))
        except StoredGameError as e:
            self.port.set_text("recent-status", self.cat.t(e.key, **e.params))
            return
        self.port.set_hidden("recent-export-row", False)

    def delete(self, game_id: str) -> None:
        self.games.delete(game_id)
        self.port.set_hidden("recent-export-row", True)
        self.draw_recent()

    def undo_delete(self, game_id: str) -> None:
        if game_id in self.games.trash and self.games.undo_delete(game_id) is Saved.FULL:
            self.port.set_text("recent-status", self.cat.t("storage.full"))
        self.draw_recent()

    # ---- the way out ---------------------------------------------------------------------------
    async def copy_stored(self) -> None:
        """Everything under the site's keys into #stored-data, and onto the clipboard."""
        try:
            text = self.games.dump()
        except StorageFailure as e:
            self.port.set_text("stored-data-status", self.cat.t("storage.copy_failed", reason=e))
            return
        self.port.set_value("stored-data", text)
        self.port.set_hidden("stored-data", False)
        copied = await self.port.copy("stored-data")
        status = "storage.copy_done" if copied else "storage.copy_shown"
        self.port.set_text("stored-data-status", self.cat.t(status))
