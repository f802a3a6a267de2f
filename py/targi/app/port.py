"""What the page's controller needs from the world around it: the document, storage, a clock,
randomness and the computer player. web/main.py implements it on the real DOM (PyScript); the
unit tests implement it on dictionaries.

Elements are named by their id (docs/page.md lists them). Every method is small and does one
thing, so the controller (targi.app.controller) holds every decision and can be tested in CPython.
"""

from __future__ import annotations

from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, Protocol

from .store.backend import Backend, StorageFailure

__all__ = [
    "Backend",
    "Document",
    "Host",
    "Live",
    "Port",
    "Storage",
    "StorageFailure",
    "TableFrame",
]


class Storage(Protocol):
    """Where the page keeps games and settings (targi.app.store.recent.GameStore does the keeping),
    and which tab holds which game."""

    def local_storage(self) -> Backend | None:
        """localStorage as a Backend, or None when the page gets none (the browser blocks it,
        even from the `window.localStorage` getter, or the player chose to start without)."""
        ...

    def tab_storage(self) -> Backend | None:
        """This tab's own storage (sessionStorage), or None."""
        ...

    async def hold_game(self, game_id: str) -> bool:
        """Hold the game for this tab (a Web Lock): False if another tab holds it."""
        ...

    async def take_over_game(self, game_id: str) -> bool:
        """Take the game from whichever tab holds it (that tab hears so at once)."""
        ...

    def date_ms(self) -> int:
        """Milliseconds since 1970 (UTC): when a kept game was last played."""
        ...

    def date_text(self, ms: int) -> str:
        """A date as the player's browser writes it."""
        ...

    def set_page_state(self, name: str, value: str) -> None:
        """`<html data-<name>=value>`: e.g. `storage` for the update bar of web/loader.js."""
        ...


@dataclass
class TableFrame:
    """Everything one redraw writes to the table, in one value (written by `Document.draw`)."""

    regions: dict[str, str]  # element id -> inner HTML: status, board, choices, players
    prompt: str  # text
    log: str | None  # the log's inner HTML, or None when it has not changed
    hint: str | None  # the hint's text, or None to hide it
    can_undo: bool
    can_hint: bool
    thinking: bool  # the computer is to move
    dataset: dict[str, str] = field(default_factory=dict)  # #table's data-*, `seq` written last
    # A region's HTML as rows of parts (the board: five rows of five cells), the region's
    # children's children: a redraw may rewrite only the parts that changed.
    parts: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)


class Document(Protocol):
    """The page's elements, by id."""

    def draw(self, frame: TableFrame | None) -> None:
        """Write a redraw to the table; None hides the table (no game yet)."""
        ...

    def set_text(self, element_id: str, text: str) -> None: ...

    def set_html(self, element_id: str, html: str) -> None:
        """Replace an element's content (HTML from targi.app.html.render, everything escaped)."""
        ...

    def set_hidden(self, element_id: str, hidden: bool) -> None: ...

    def set_attrs(self, element_id: str, attrs: dict[str, str | None]) -> None:
        """Set attributes of an element (None removes one): data-*, a slider's max, …"""
        ...

    def is_hidden(self, element_id: str) -> bool: ...

    def get_value(self, element_id: str) -> str:
        """A form field's value (textarea, input, select)."""
        ...

    def set_value(self, element_id: str, value: str) -> None: ...

    def checked(self, name: str) -> str | None:
        """The value of the checked radio button of group `name`, if one is."""
        ...

    def check(self, name: str, value: str) -> None:
        """Check the radio button of group `name` with this value (if there is one)."""
        ...

    def focus(self, selector: str) -> bool:
        """Focus the first element matching the CSS selector; False if there is none."""
        ...

    async def copy(self, element_id: str) -> bool:
        """Select a field's text and copy it to the clipboard; False if the browser refused."""
        ...

    def download(self, file_name: str, text: str) -> bool:
        """Offer `text` as a file to save (made on the page: nothing is fetched); False if the
        browser refused."""
        ...

    def page_url(self) -> str:
        """The page's address (for share links)."""
        ...

    def forget_fragment(self) -> None:
        """Drop the #fragment from the address bar without a reload (a link has been read)."""
        ...

    async def catalog_text(self, lang: str) -> str:
        """web/messages/<lang>.json as text (precached: offline too); raises if unreadable."""
        ...

    def pressed(self) -> bool:
        """A pointer (a finger, a mouse button) is pressed on the page, or was just lifted and
        its click is still to come."""
        ...

    async def released(self) -> None:
        """Returns once no pointer is pressed (at once if none is; after a few seconds if one is
        held down)."""
        ...

    def set_language(self, lang: str, catalog_text: str) -> None:
        """The document in this language: `<html lang>`, `<title>` and every static
        `data-msg*` text; a `?lang=` in the address is dropped, so a reload keeps the choice."""
        ...

    def focus_dropped(self) -> bool:
        """Nothing has the keyboard focus: the control that had it was redrawn away (or the
        player never focused one), so it fell back to the page."""
        ...

    def remember_focus(self) -> None:
        """Note the control that has the keyboard focus now (the one opening a dialog)."""
        ...

    def restore_focus(self) -> bool:
        """Focus the remembered control again; False if it is gone or not shown."""
        ...

    def sound(self, name: str) -> None:
        """Play the short effect `name` (targi.app.table.sound.SOUNDS); silently nothing where
        the browser has no audio or has not allowed it yet."""
        ...

    def prefers_dark(self) -> bool:
        """The system asks for a dark theme (prefers-color-scheme: dark)."""
        ...

    async def copy_text(self, text: str) -> bool:
        """Put `text` on the clipboard; False if the browser refused."""
        ...

    def can_share(self) -> bool:
        """The browser has the Web Share API (navigator.share)."""
        ...

    async def share_link(self, title: str, url: str) -> bool:
        """Offer `url` to the system's share sheet; False if refused or cancelled."""
        ...


class Host(Protocol):
    """Time, randomness, background work and the computer player."""

    def random_seed(self) -> int:
        """32 fresh random bits (the engine itself has no randomness)."""
        ...

    def random_bytes(self, n: int) -> bytes:
        """`n` bytes from crypto.getRandomValues: a friend game's secrets."""
        ...

    async def load_friend(self) -> None:
        """Make `targi.friend` importable (in the page: its wheels installed from the site
        with micropip, targi.app.friend_runtime); raises if its files cannot be fetched."""
        ...

    def clock(self) -> float:
        """Seconds from an arbitrary start, never going back."""
        ...

    async def sleep(self, seconds: float) -> None: ...

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` in the background (the page's event loop)."""
        ...

    def start_computer(self) -> None:
        """A game with a computer seat came onto the table: the computer's worker starts now
        (in the page once the table is up), so that its first move does not wait for it. A
        page with no such game starts none (a request to `ask_ai` starts it too)."""
        ...

    async def ask_ai(self, request_json: str) -> str:
        """The worker's answer (targi.app.protocol); raises if the worker cannot answer."""
        ...

    def report(self, message: str) -> None:
        """Write an unexpected error to the developer console."""
        ...

    async def build_version(self) -> str:
        """The version of this build of the page (site/build.json's `version`)."""
        ...


class Live(Protocol):
    """One WebRTC data channel to a friend's page (web/live.js), set up without a server: the
    descriptions travel inside the invitation and the answer links (targi.app.live.play). A
    message that arrives, and the channel opening or closing, come back through the
    controller's `live_message` and `live_state`."""

    def live_supported(self) -> bool:
        """The browser can make a WebRTC connection."""
        ...

    async def live_offer(self, stun: str | None) -> str:
        """A new connection (the one before is closed): the offer's SDP once ICE gathering is
        over. `stun`: a STUN server's URL, or None: no server is contacted (host candidates
        only, which reach a page on the same network)."""
        ...

    async def live_answer(self, offer: str, stun: str | None) -> str:
        """A new connection answering `offer` (an SDP): the answer's SDP once ICE gathering is
        over; the channel opens when the offering page takes the answer."""
        ...

    async def live_accept(self, answer: str) -> None:
        """The friend's answer to this page's offer: the channel opens; raises when no offer
        of this page waits (the page was reloaded since) or the answer is not one."""
        ...

    def live_send(self, text: str) -> bool:
        """Send on the open channel; False when none is open."""
        ...

    def live_close(self) -> None: ...

    def tab_post(self, text: str) -> None:
        """To this site's other tabs of this browser (a BroadcastChannel); what they post
        comes back through the controller's `tab_message`. Nothing where there is none."""
        ...


class Port(Storage, Document, Host, Live, Protocol):
    """All of it: what web/main.py implements and the controller talks to."""
