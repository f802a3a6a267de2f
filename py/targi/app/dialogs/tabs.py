"""A game open in two tabs (`#dlg-tabs`): this tab holds the game on its table (one Web Lock per
game, web/tabs.js); when another tab takes it, this one stops writing it and offers to take it
over or to keep a copy."""

from __future__ import annotations

from ..page import Actions
from .base import Dialog


class TabsDialog(Dialog):
    ids = ("dlg-tabs",)

    def actions(self) -> Actions:
        return {
            "tab-take-over": lambda k: self.port.spawn(self.take_over()),
            "tab-copy": lambda k: self.keep_copy(),
        }

    async def claim(self, game_id: str | None) -> None:
        if game_id is None:
            return
        held = await self.port.hold_game(game_id)
        if not held and self.page.games.current == game_id:  # still on the table: say so
            self.lost(game_id)

    def lost(self, game_id: str | None = None) -> None:
        """Another tab holds the game on the table: this tab stops writing it (and the
        computer stops playing it) until the player takes it over or keeps a copy."""
        games = self.page.games
        current = games.current
        if current is None or (game_id is not None and game_id != current):
            return
        games.mark_lost(current)
        self.page.halt()
        self.page.close_all()
        self.port.set_text("tabs-message", "")
        self.page.open("dlg-tabs", opened_by_control=False)

    async def take_over(self) -> None:
        games = self.page.games
        game_id = games.current
        if game_id is None:
            return
        await self.port.take_over_game(game_id)
        self.page.bring_back(lambda: games.take_over(game_id), "tabs-message")

    def keep_copy(self) -> None:
        """This tab's position as a game of its own; the other tab keeps the original."""
        session = self.page.session
        if session is None:
            return
        self.page.close_all()
        self.page.set_session(session)
