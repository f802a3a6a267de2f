"""What every dialog is: the ids of its overlays in index.html, the `data-action`s it answers,
and what showing it or the page's language changing does to it."""

from __future__ import annotations

from ..page import Actions, Page


class Dialog:
    ids: tuple[str, ...] = ()  # its `.overlay` elements (at most one dialog is open at a time)

    def __init__(self, page: Page) -> None:
        self.page = page
        self.port = page.port

    def actions(self) -> Actions:
        """Its `data-action` names (docs/page.md) and what each does."""
        return {}

    def opened(self, dialog_id: str) -> None:
        """`dialog_id` is being shown: fill it in before the keyboard moves into it."""

    def dismissed(self) -> None:
        """Closed without an answer (Escape, the backdrop) while it was open."""

    def rewrite(self) -> None:
        """The page speaks another language: what this dialog wrote, again, if it is open."""

    @property
    def is_open(self) -> bool:
        return not all(self.port.is_hidden(i) for i in self.ids)
