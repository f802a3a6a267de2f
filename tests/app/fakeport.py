"""targi.app.port.Port on dictionaries: the page's controller without a browser.

Spawned work is kept in a queue and run by `run()`; sleeping moves a fake clock. `while_asked`
runs inside ask_ai, as if the person clicked while the worker was thinking.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Callable, Coroutine, Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from targi.app import protocol
from targi.app.controller import DIALOGS, Click, Controller
from targi.app.live import sdp
from targi.app.port import Port, TableFrame
from targi.app.store.backend import MemoryBackend
from targi.app.text.catalog import Catalog

from .flaky import BLOCKED, FlakyBackend

MESSAGES = Path(__file__).resolve().parents[2] / "web" / "messages"


class _Yield:
    """Awaited, it hands control back to whoever drives the coroutine (a test's `send`)."""

    def __await__(self) -> Any:
        yield


class FakePort:
    def __init__(self, seeds: Iterable[int] = range(1000, 2000)) -> None:
        self.local = FlakyBackend()
        self.no_local = False  # the localStorage getter throws
        self.tab = MemoryBackend()
        self.tab_name = "tab-1"
        self.locks: dict[str, str] = {}  # Web Locks: game id -> the tab holding it
        self.ms = 1_763_900_000_000
        self.page_state: dict[str, str] = {}
        self.text: dict[str, str] = {}
        self.html: dict[str, str] = {}
        self.values: dict[str, str] = {}
        self.hidden: dict[str, bool] = {d: True for d in DIALOGS}
        self.hidden |= dict.fromkeys(("notice", "storage-notice", "menu"), True)
        self.radios: dict[str, str] = {}
        self.frame: TableFrame | None = None
        self.draws = 0
        self.focused: list[str] = []
        self.copy_works = True
        self.url = "https://example.org/targi/"
        self.fragment_forgotten = False
        self.seeds = iter(seeds)
        self.now = 0.0
        self.slept: list[float] = []
        self.queue: list[Coroutine[Any, Any, None]] = []
        self.worker_broken = False
        self.computer_starts = 0  # start_computer calls: the page told to start the worker
        self.asked: list[dict[str, Any]] = []
        self.while_asked: Callable[[], None] | None = None
        self.think_s = 0.0  # how long the worker takes
        # the worker's answer to a request; a test of what the page asks and shows, not of the
        # search, may answer at a cheaper level
        self.answer: Callable[[str], str] = protocol.answer
        self.reports: list[str] = []
        self.attrs: dict[str, dict[str, str]] = {}
        self.downloads: list[tuple[str, str]] = []
        self.download_works = True
        self.version = "0123456789abcdef"
        self.catalogs: dict[str, str] = {}  # web/messages/<lang>.json unless given here
        self.language = ""  # the language set_language last gave the document
        self.pointer_down = False  # pressed(): a test's finger on the page
        self.while_pressed: Callable[[], None] | None = None  # what its release does
        self.focus_gone = True  # focus fell back to the page (its control was redrawn away)
        self.focus_memory: list[str] = []  # remember_focus / restore_focus calls, in order
        self.opener_shown = True  # the remembered control is still on the page
        self.system_dark = False  # prefers-color-scheme: dark
        self.sounds: list[str] = []  # the effects played, in order
        self.live_works = True  # the browser has WebRTC
        self.live_calls: list[tuple[str, ...]] = []  # ("offer", stun), ("answer", offer, stun), …
        self.live_open = False  # the data channel is open
        self.live_out: list[str] = []  # what was sent on it
        self.tab_posts: list[str] = []  # posted to the browser's other tabs (BroadcastChannel)
        self.random_tag = "page"  # random_bytes: sha256(tag, count), so tests are repeatable
        self.random_count = 0
        self.friend_offline = False  # load_friend fails as offline before first use
        self.friend_loads = 0
        self.clipboard = ""
        self.share_available = True
        self.shared: list[tuple[str, str]] = []

    # ---- storage -------------------------------------------------------------------------------
    @property
    def storage(self) -> dict[str, str]:
        """What localStorage holds."""
        return self.local.data

    @property
    def storage_blocked(self) -> bool:
        return bool(self.local.fail)

    @storage_blocked.setter
    def storage_blocked(self, blocked: bool) -> None:
        """Every call throws, as a browser that blocks site data makes them."""
        self.local.fail = (
            dict.fromkeys(("get", "set", "remove", "keys"), BLOCKED) if blocked else {}
        )

    def local_storage(self) -> FlakyBackend | None:
        return None if self.no_local else self.local

    def tab_storage(self) -> MemoryBackend | None:
        return self.tab

    async def hold_game(self, game_id: str) -> bool:
        holder = self.locks.setdefault(game_id, self.tab_name)
        return holder == self.tab_name

    async def take_over_game(self, game_id: str) -> bool:
        self.locks[game_id] = self.tab_name
        return True

    def date_ms(self) -> int:
        self.ms += 1000
        return self.ms

    def date_text(self, ms: int) -> str:
        return f"t{ms}"

    def set_page_state(self, name: str, value: str) -> None:
        self.page_state[name] = value

    # ---- the document --------------------------------------------------------------------------
    def draw(self, frame: TableFrame | None) -> None:
        self.frame = frame
        self.draws += 1

    def set_text(self, element_id: str, text: str) -> None:
        self.text[element_id] = text

    def set_html(self, element_id: str, html: str) -> None:
        self.html[element_id] = html

    def set_hidden(self, element_id: str, hidden: bool) -> None:
        self.hidden[element_id] = hidden

    def set_attrs(self, element_id: str, attrs: dict[str, str | None]) -> None:
        mine = self.attrs.setdefault(element_id, {})
        for name, value in attrs.items():
            if value is None:
                mine.pop(name, None)
            else:
                mine[name] = value

    def download(self, file_name: str, text: str) -> bool:
        self.downloads.append((file_name, text))
        return self.download_works

    def is_hidden(self, element_id: str) -> bool:
        return self.hidden.get(element_id, False)

    def get_value(self, element_id: str) -> str:
        return self.values.get(element_id, "")

    def set_value(self, element_id: str, value: str) -> None:
        self.values[element_id] = value

    def checked(self, name: str) -> str | None:
        return self.radios.get(name)

    def check(self, name: str, value: str) -> None:
        self.radios[name] = value

    def focus(self, selector: str) -> bool:
        self.focused.append(selector)
        return True

    async def copy(self, element_id: str) -> bool:
        return self.copy_works

    def page_url(self) -> str:
        return self.url

    def focus_dropped(self) -> bool:
        return self.focus_gone

    def remember_focus(self) -> None:
        self.focus_memory.append("remember")

    def restore_focus(self) -> bool:
        self.focus_memory.append("restore")
        return self.opener_shown

    def prefers_dark(self) -> bool:
        return self.system_dark

    def sound(self, name: str) -> None:
        self.sounds.append(name)

    async def copy_text(self, text: str) -> bool:
        if self.copy_works:
            self.clipboard = text
        return self.copy_works

    def can_share(self) -> bool:
        return self.share_available

    async def share_link(self, title: str, url: str) -> bool:
        self.shared.append((title, url))
        return True

    def forget_fragment(self) -> None:
        self.fragment_forgotten = True

    async def catalog_text(self, lang: str) -> str:
        if lang in self.catalogs:
            return self.catalogs[lang]
        return (MESSAGES / f"{lang}.json").read_text(encoding="utf-8")  # raises if absent

    def pressed(self) -> bool:
        return self.pointer_down

    async def released(self) -> None:
        for _ in range(1000):
            if not self.pointer_down:
                return
            if self.while_pressed is not None:  # the tap's click, at the release
                act, self.while_pressed = self.while_pressed, None
                self.pointer_down = False
                act()
                return
            await _Yield()  # a test driving the coroutine lifts it, then sends again
        raise AssertionError("a pointer pressed for good: nothing lifts it")

    def set_language(self, lang: str, catalog_text: str) -> None:
        self.language = lang

    # ---- live play ---------------------------------------------------------------------------
    def live_supported(self) -> bool:
        return self.live_works

    async def live_offer(self, stun: str | None) -> str:
        self.live_calls.append(("offer", stun or ""))
        return fake_sdp("actpass", self.tab_name)

    async def live_answer(self, offer: str, stun: str | None) -> str:
        self.live_calls.append(("answer", offer, stun or ""))
        return fake_sdp("active", self.tab_name)

    async def live_accept(self, answer: str) -> None:
        if not any(call[0] == "offer" for call in self.live_calls):
            raise RuntimeError("no offer of this page waits for an answer")
        self.live_calls.append(("accept", answer))

    def live_send(self, text: str) -> bool:
        if self.live_open:
            self.live_out.append(text)
        return self.live_open

    def live_close(self) -> None:
        self.live_open = False
        self.live_calls.append(("close",))

    def tab_post(self, text: str) -> None:
        self.tab_posts.append(text)

    # ---- time, chance, the computer ------------------------------------------------------------
    def random_seed(self) -> int:
        return next(self.seeds)

    def random_bytes(self, n: int) -> bytes:
        self.random_count += 1
        digest = hashlib.sha256(f"{self.random_tag}|{self.random_count}".encode()).digest()
        return (digest * (n // 32 + 1))[:n]

    async def load_friend(self) -> None:
        if self.friend_offline:
            raise OSError("offline: the friend game's files were never fetched")
        self.friend_loads += 1

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        self.queue.append(work)

    def __del__(self) -> None:
        # work a test never ran (it checked the table before the Web Lock answered): closed,
        # so Python does not warn of a coroutine that was never awaited
        for work in getattr(self, "queue", ()):
            work.close()

    def start_computer(self) -> None:
        self.computer_starts += 1

    async def ask_ai(self, request_json: str) -> str:
        self.asked.append(json.loads(request_json))
        self.now += self.think_s
        if self.while_asked is not None:
            act, self.while_asked = self.while_asked, None
            act()
        if self.worker_broken:
            raise RuntimeError("the worker could not be started")
        return self.answer(request_json)

    def report(self, message: str) -> None:
        self.reports.append(message)

    async def build_version(self) -> str:
        return self.version

    # ---- for the tests -------------------------------------------------------------------------
    def run(self, limit: int = 500) -> int:
        """Run spawned work (and whatever it spawns) to the end; how many pieces ran."""
        ran = 0
        while self.queue:
            assert ran < limit, "spawned work does not end"
            # on a thread of its own: a worker process that ran a Playwright test before holds
            # that test's event loop as the running one, and asyncio.run refuses to start there
            with ThreadPoolExecutor(1) as thread:
                thread.submit(asyncio.run, self.queue.pop(0)).result()
            ran += 1
        return ran


def fake_sdp(role: str, name: str) -> str:
    """A browser's description as web/live.js hands it over (complete: no trickle)."""
    ufrag = (name.replace("-", "") + "xxxx")[:8]
    candidate = sdp.Candidate("2f0c6b0e-3c1d-4b7e-9a51-0d6e1f2a3b4c.local", 50000, "host")
    return sdp.write(sdp.Description(role, ufrag, "p" * 24, bytes(range(32)), (candidate,)))


def open_page(cat: Catalog, port: FakePort | None = None) -> tuple[Controller, FakePort]:
    """The page's controller started over a FakePort (a new one unless given), as at a load."""
    port = port or FakePort()
    page = Controller(port, cat)
    page.start("")
    return page, port


def started_page(cat: Catalog, port: FakePort | None = None) -> tuple[Controller, FakePort]:
    """`open_page` with the start's background work run (a reload when `port` is given: its
    storage is kept)."""
    page, port = open_page(cat, port)
    port.run()
    return page, port


def play_first_moves(page: Controller, n: int) -> None:
    """`n` moves, each the first the player on the table may make."""
    for _ in range(n):
        assert page.session is not None
        page.click(Click("move", page.session.legal_for_human()[0]))


# Here mypy checks FakePort against targi.app.port.Port, as web/main.py checks DomPort: the
# tests' world cannot drift from the browser's.
_: type[Port] = FakePort
