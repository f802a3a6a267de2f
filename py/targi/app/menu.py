"""The header's menu (`[data-action=menu]`, `#menu`): a disclosure button and the list of the
tools that do not fit in the one-row header. Escape and a click outside close it; choosing an
item closes it and leaves the keyboard on the menu button, so the dialog the item opens gives
focus back there."""

from __future__ import annotations

from .port import Port

# The `data-action`s of #menu's items, in index.html's order (a test checks they agree).
MENU_ITEMS = (
    *("open-share", "open-load", "recent", "stats", "rules", "cards", "about"),
    *("theme", "sound", "settings"),
)
# Items that switch something the menu shows (aria-pressed): the menu stays open to show it.
SWITCHES = frozenset({"theme", "sound"})
BUTTON = "#menu-button"


class HeaderMenu:
    def __init__(self, port: Port) -> None:
        self.port = port

    @property
    def is_open(self) -> bool:
        return not self.port.is_hidden("menu")

    def toggle(self, keyboard: bool) -> None:
        if self.is_open:
            self.close()
            return
        self.port.set_hidden("menu", False)
        self.port.set_attrs("menu-button", {"aria-expanded": "true"})
        if keyboard:  # straight to the first item a keyboard can use
            self.port.focus("#menu button:not([disabled])")

    def close(self, focus_button: bool = False) -> None:
        if not self.is_open:
            return
        self.port.set_hidden("menu", True)
        self.port.set_attrs("menu-button", {"aria-expanded": "false"})
        if focus_button:
            self.port.focus(BUTTON)

    def before(self, action: str) -> None:
        """A click is about to be handled: an item chosen from the menu closes it (focus back on
        the menu button, which the dialog it opens remembers); any other control closes it too."""
        if action in ("menu", "menu-close", "close") or not self.is_open:
            return  # their own handlers: the toggle, a click outside, Escape
        if action in SWITCHES:
            return
        self.close(focus_button=action in MENU_ITEMS)

    def escape(self) -> bool:
        """Escape: closes the menu (focus back on its button); False if it was not open."""
        if not self.is_open:
            return False
        self.close(focus_button=True)
        return True
