"""Settings (`#dlg-settings`, `[data-action=settings]` in the header's menu): the computer's
pace, hints (first-game tips, the Hint's level), the language, the theme, sound, and whether
live play with a friend may ask a STUN server (off by default: targi.app.live.play). The values
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
            "live-stun": lambda k: self.toggle_stun(),
        }

    def opened(self, dialog_id: str) -> None:
        self.write_tips()
        self.write_stun()

    def rewrite(self) -> None:
        if self.is_open:
            self.write_tips()
            self.write_stun()

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

    def write_stun(self) -> None:
        """The STUN switch says its state in words and in aria-pressed; the sentence below it
        (a static text) says what the server learns."""
        cat, on = self.page.cat, self.page.settings.stun
        state = cat.t("tips.on" if on else "tips.off")
        self.port.set_text("settings-stun", cat.t("settings.stun", state=state))
        self.port.set_attrs("settings-stun", {"aria-pressed": "true" if on else "false"})

    def toggle_stun(self) -> None:
        """Live play across networks: on or off, remembered; the next offer or answer uses it
        (a connection made already keeps what it was made with)."""
        self.page.settings.stun = not self.page.settings.stun
        self.page.store_settings()
        self.write_stun()
