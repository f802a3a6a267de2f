"""Settings (`#dlg-settings`, `[data-action=settings]` in the header's menu): the computer's
pace, hints (first-game tips, the Hint's level), the language, the theme and sound. The values
themselves are kept by targi.app.prefs; the selects report changes through web/main.py."""

from __future__ import annotations

from ..page import Actions
from .base import Dialog


class SettingsDialog(Dialog):
    ids = ("dlg-settings",)

    def actions(self) -> Actions:
        return {
            "settings": lambda k: self.page.show("dlg-settings"),
            "settings-tips": lambda k: self.toggle_tips(),
        }

    def opened(self, dialog_id: str) -> None:
        self.write_tips()

    def rewrite(self) -> None:
        if self.is_open:
            self.write_tips()

    def write_tips(self) -> None:
        """The tips switch says its state in words and in aria-pressed."""
        cat, on = self.page.cat, self.page.settings.tips
        state = cat.t("tips.on" if on else "tips.off")
        self.port.set_text("settings-tips", cat.t("tips.setting", state=state))
        self.port.set_attrs("settings-tips", {"aria-pressed": "true" if on else "false"})

    def toggle_tips(self) -> None:
        # not as the table's "no more tips" does it: the keyboard stays here, on the switch
        self.page.set_tips(not self.page.settings.tips)
        self.write_tips()
