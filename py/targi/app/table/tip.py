"""The first-game tip on the table (which one is due: targi.app.text.tips): shown once, kept
until the position changes or it is dismissed; tips off, or on again from the start."""

from __future__ import annotations

from ..page import Page
from ..session import PageView
from ..text.tips import due_tip


class TableTip:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.shown: tuple[str, int] | None = None  # the tip on the table and the seq it is for

    def current(self, v: PageView, seq: int) -> str | None:
        """The tip for this position, remembered as seen in the settings at once."""
        settings = self.page.settings
        if self.shown is not None and self.shown[1] != seq:
            self.shown = None
        if self.shown is None:
            kind = due_tip(v, settings.tips, settings.tips_seen)
            if kind is None:
                return None
            self.shown = (kind, seq)
            settings.tips_seen.append(kind)
            self.page.store_settings()
        return self.shown[0]

    def dismiss(self, keyboard: bool = False) -> None:
        self.shown = None  # already remembered as seen: the redraw does not bring it back
        self.page.redraw()
        if keyboard:  # the tip's button is gone: on to the moves
            self.page.focus_next_move()

    def set(self, on: bool, keyboard: bool = False) -> None:
        """Tips off; or on again, from the start (every tip shows once more)."""
        settings = self.page.settings
        settings.tips = on
        if on:
            settings.tips_seen = []
        self.shown = None
        self.page.store_settings()
        self.page.redraw()
        if keyboard and not on:  # "no more tips" was in the tip, now gone: on to the moves
            self.page.focus_next_move()
