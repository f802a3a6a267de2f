"""The New game dialog (`#dlg-new`), which is also the welcome when no game is on the table:
against the computer at a level, who starts, or two players on this device; and Rematch.

The welcome (`#welcome`, shown only with no game on the table) is a title screen: Play (against
the computer at the level and starter used last), Continue (the game played last, when one is
kept), two players, Play a friend, Load, How to play, Records, Recent games. The form is folded
away there (issue 21: one primary action); "Choose the level and who starts" unfolds its computer
half."""

from __future__ import annotations

from ..page import Actions
from ..session import COMPUTER, HUMAN, Session
from .base import Dialog


class NewGame(Dialog):
    ids = ("dlg-new",)
    # With no game on the table, closing a dialog goes back to the welcome, unless the player
    # closed the welcome itself: then to the empty table (#no-game).
    welcome_closed = False

    def actions(self) -> Actions:
        return {
            "open-new": lambda k: self.page.show("dlg-new"),
            "new": lambda k: self.page.show("dlg-new"),
            "new-game": lambda k: self.start(k.value, k.keyboard),
            "rematch": lambda k: self.rematch(k.keyboard),
            "play": lambda k: self.play(k.keyboard),
            "play-hotseat": lambda k: self.start("hotseat", k.keyboard),
            "play-friend": lambda k: self.start("friend", k.keyboard),
            "continue": lambda k: self.continue_game(),
            "new-options": lambda k: self.toggle_options(),
        }

    def opened(self, dialog_id: str) -> None:
        settings = self.page.settings
        self.port.check("level", settings.level)
        self.port.check("starter", settings.starter)
        welcome = self.page.session is None
        self.port.set_hidden("welcome", not welcome)
        # the title screen has its own buttons for these
        self.port.set_hidden("new-hotseat", welcome)
        self.port.set_hidden("new-friend", welcome)
        self.unfold(not welcome)
        self.welcome_closed = False
        if welcome:
            self.write_play()
            self.port.set_hidden("welcome-continue", not self.page.games.recent())

    def unfold(self, shown: bool) -> None:
        """The form's level and who-starts choice, shown or folded under the title screen."""
        self.port.set_hidden("new-ai", not shown)
        self.port.set_attrs("new-options", {"aria-expanded": "true" if shown else "false"})

    def toggle_options(self) -> None:
        shown = self.port.is_hidden("new-ai")
        self.unfold(shown)
        if shown:
            self.port.focus("#new-ai input[name=level]:checked")

    def write_play(self) -> None:
        """Play's second line: the level it starts at."""
        cat = self.page.cat
        level = cat.t("level." + self.page.settings.level)
        self.port.set_text("play-level", cat.t("welcome.play_level", level=level))

    def rewrite(self) -> None:
        if self.is_open:  # not opened() again: it would undo radios the player changed
            self.write_play()

    def first_player(self, starter: str) -> int:
        """Who starts against the computer: you, it, or a coin toss."""
        if starter == "random":
            return self.port.random_seed() % 2
        return COMPUTER if starter == "computer" else HUMAN

    def play(self, keyboard: bool = False) -> None:
        """The welcome's Play: against the computer at the level and starter used last (the
        form's radios are for choosing others)."""
        settings = self.page.settings
        self.start("ai", keyboard, (settings.level, settings.starter))

    def resume(self) -> bool:
        """The welcome's Continue, and its closing: the game played last that can be read
        (Recent games' first row), on the table; False if none is kept."""
        page = self.page
        for kept in page.games.recent():
            page.reopen(kept.summary.id)
            if page.session is not None:
                page.focus_next_move()
                return True
        return False

    def continue_game(self) -> None:
        self.resume()  # the button is shown only while a game is kept

    def start(
        self, mode: str, keyboard: bool = False, chosen: tuple[str, str] | None = None
    ) -> None:
        page, settings = self.page, self.page.settings
        if mode == "friend":  # its options first (#dlg-friend), then the invitation
            page.show("dlg-friend")
            return
        seed = self.port.random_seed()
        if mode == "ai":
            level, starter = chosen or (
                self.port.checked("level") or settings.level,
                self.port.checked("starter") or settings.starter,
            )
            session = Session.new(seed, self.first_player(starter), "ai", level)
            settings.level, settings.starter = level, starter
            page.store_settings()
        else:
            session = Session.new(seed, HUMAN, "hotseat")
        page.close_all()
        page.set_session(session)
        if keyboard and session.human_to_move:  # else when the computer's turn ends
            page.focus_first_move()

    def rematch(self, keyboard: bool = False) -> None:
        page = self.page
        if page.session is not None:
            page.set_session(page.session.rematch(self.port.random_seed()))
            if keyboard and page.session.human_to_move:
                page.focus_first_move()

    def close_welcome(self) -> None:
        """The welcome closed (Escape, the backdrop, Close) with no game on the table: back to
        the game played last, if one is kept; else to the empty table, which says how to start
        or load one (#no-game)."""
        page = self.page
        if self.resume():
            return
        self.welcome_closed = True
        page.close_all()
        page.redraw()
        if not self.port.restore_focus():
            self.port.focus("#no-game .primary")
