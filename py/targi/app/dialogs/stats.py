"""Records (`#dlg-stats`): the games counted per level, and resetting them (the counting and
the tables: targi.app.store.records)."""

from __future__ import annotations

from ..page import Actions
from .base import Dialog


class StatsDialog(Dialog):
    ids = ("dlg-stats",)

    def actions(self) -> Actions:
        records = self.page.records
        return {
            "stats": lambda k: self.page.show("dlg-stats"),
            "stats-reset": lambda k: self.port.set_hidden("stats-confirm", False),
            "stats-reset-confirm": lambda k: records.reset(),
            "stats-reset-cancel": lambda k: self.port.set_hidden("stats-confirm", True),
        }

    def opened(self, dialog_id: str) -> None:
        self.page.records.show()

    def rewrite(self) -> None:
        if self.is_open:
            records = self.page.records
            self.port.set_html("stats", records.tables(records.read()))
