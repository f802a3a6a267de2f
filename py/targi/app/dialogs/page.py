"""The reading pages in `#dlg-page`: How to play (with the tips switch), the card reference and
About (their HTML: targi.app.html.pages, made when first opened: its modules cost a first visit
~80 ms of imports in Pyodide)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..page import Actions
from .base import Dialog

if TYPE_CHECKING:
    from ..html.pages import Pages


class PageDialog(Dialog):
    ids = ("dlg-page",)
    shown = ""  # the reading page open ("" when none is)
    _pages: Pages | None = None

    @property
    def pages(self) -> Pages:
        if self._pages is None:
            from ..html.pages import Pages

            self._pages = Pages(self.page.cat, self.page.render)
        return self._pages

    def actions(self) -> Actions:
        return {
            "rules": lambda k: self.show("rules"),
            "cards": lambda k: self.show("cards"),
            "about": lambda k: self.show("about"),
            "tips-toggle": lambda k: self.toggle_tips(),
        }

    def show(self, name: str) -> None:
        """How to play, the card reference (with what this game has not turned up yet) or
        About."""
        self.shown = name
        self.write()
        self.page.show("dlg-page")

    def write(self) -> None:
        page, name = self.page, self.shown
        v = page.session.view() if page.session is not None else None
        self.port.set_text("page-title", page.cat.t(f"{name}.title"))
        self.port.set_html("page-body", self.pages.page(name, v, page.settings.tips))
        if name == "about":
            self.port.spawn(self.show_version())

    def rewrite(self) -> None:
        if self.shown and self.is_open:
            self.write()

    async def show_version(self) -> None:
        try:
            version = await self.port.build_version()
        except Exception:
            version = ""
        if self.shown == "about" and self.is_open:
            self.port.set_text("about-version", self.pages.version(version))

    def toggle_tips(self) -> None:
        on = not self.page.settings.tips
        self.page.set_tips(on)
        if self.shown == "rules" and self.is_open:
            self.port.set_html("tips-setting", self.pages.tips_setting(on))
