"""The player's choices outside the game: the language, the theme, the computer's pace, the
Hint's level and sound, kept in the settings (targi.app.store.storage.Settings) and chosen in the
Settings dialog (targi.app.dialogs.settings)."""

from __future__ import annotations

from .page import Page
from .store import storage
from .store.storage import HINT_LEVELS, THEMES
from .text.catalog import LANGUAGES, Catalog

# The language menus (in the header and in the New game dialog), kept showing the same language.
LANGUAGE_MENUS = ("lang", "new-lang")
# The Settings dialog's theme menu (#theme-choice): the system's, or one chosen for good.
THEME_CHOICES = ("system", *THEMES)
# The sound switches: in Settings (its words say the state) and in the header's menu.
SOUND_SWITCHES = ("sound", "menu-sound")


class Prefs:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.port = page.port
        self.languages_chosen = 0  # how many times a language was chosen (set_language)

    def write_menus(self) -> None:
        """The lists the page writes once per language: the border card reference and the
        pace, Hint level and language menus."""
        page, render = self.page, self.page.render
        self.port.set_html("reference-list", render.border_reference())
        self.port.set_html("pace", render.pace_options(page.settings.pace))
        self.port.set_html("hint-level", render.hint_level_options(page.settings.hint_level))
        self.port.set_html("theme-choice", render.theme_options(self.theme_choice()))
        self.language_menus()
        self.apply_sound()

    def language_menus(self) -> None:
        options = self.page.render.language_options()
        for menu in LANGUAGE_MENUS:
            self.port.set_html(menu, options)

    async def set_language(self, lang: str) -> None:
        """The language menu: the whole page in `lang` at once, the game, its log and any open
        dialog kept; remembered in the settings (docs/i18n.md)."""
        page, cat = self.page, self.page.cat
        if lang not in LANGUAGES:
            return
        self.languages_chosen += 1
        chosen = self.languages_chosen
        if lang != cat.lang:
            try:
                text = await self.port.catalog_text(lang)
                fresh = Catalog.from_json(text, lang)
            except Exception as error:  # offline before it was cached, or a damaged file
                if chosen != self.languages_chosen:
                    return  # another language was chosen meanwhile: that choice decides
                self.language_menus()  # the menus show the language still in use
                page.notice(cat.t("lang.failed", language=LANGUAGES[lang], reason=str(error)))
                return
            if self.port.pressed():
                # Written now, the words would move what the pointer is on (a Close tapped
                # just after choosing landed beside it): they wait for the release, and the
                # tap's click is handled first.
                self.port.set_page_state("lang-held", lang)
                await self.port.released()
                self.port.set_page_state("lang-held", "")
            if chosen != self.languages_chosen:
                # Chosen again while this catalog was on its way (the catalogs may even arrive
                # out of order, or a press held one back): applied now, it would undo the
                # player's last choice.
                return
            cat.use(fresh)
            self.port.set_language(lang, text)
            page.rewrite()
        page.settings.lang = lang
        page.store_settings()

    def set_pace(self, pace: str) -> None:
        if pace in storage.PACES:
            self.page.settings.pace = pace
            self.page.store_settings()

    def set_hint_level(self, level: str) -> None:
        if level in HINT_LEVELS:
            self.page.settings.hint_level = level
            self.page.store_settings()

    def theme(self) -> str:
        """The theme shown: the player's choice, else the system's (prefers-color-scheme)."""
        if self.page.settings.theme:
            return self.page.settings.theme
        return "dark" if self.port.prefers_dark() else "light"

    def theme_choice(self) -> str:
        """What #theme-choice shows: `system` until the player chose a theme."""
        return self.page.settings.theme or "system"

    def apply_theme(self) -> None:
        """<html data-theme> (the CSS follows it), the theme button's and menu's state."""
        theme = self.theme()
        self.port.set_page_state("theme", theme)
        self.port.set_attrs("theme", {"aria-pressed": "true" if theme == "dark" else "false"})
        self.port.set_value("theme-choice", self.theme_choice())

    def toggle_theme(self) -> None:
        """The theme button: the other theme, remembered from now on."""
        self.page.settings.theme = "light" if self.theme() == "dark" else "dark"
        self.page.store_settings()
        self.apply_theme()

    def set_theme(self, choice: str) -> None:
        """#theme-choice: `system` follows prefers-color-scheme again, else that theme."""
        if choice in THEME_CHOICES:
            self.page.settings.theme = "" if choice == "system" else choice
            self.page.store_settings()
            self.apply_theme()

    def apply_sound(self) -> None:
        """<html data-sound> (web/sound.js plays only while it is "on") and the switches."""
        on = self.page.settings.sound
        self.port.set_page_state("sound", "on" if on else "off")
        for switch in SOUND_SWITCHES:
            self.port.set_attrs(switch, {"aria-pressed": "true" if on else "false"})
        state = self.page.cat.t("tips.on" if on else "tips.off")
        self.port.set_text("sound", self.page.cat.t("sound.setting", state=state))

    def toggle_sound(self) -> None:
        """The sound switch: on or off, remembered (off by default)."""
        self.page.settings.sound = not self.page.settings.sound
        self.page.store_settings()
        self.apply_sound()

    def system_theme_changed(self) -> None:
        """prefers-color-scheme changed: followed unless the player chose a theme."""
        if not self.page.settings.theme:
            self.apply_theme()
