"""Helpers for the browser tests, written against the page's DOM contract (docs: COMMON.md).

Import them in a test module with `from pageutil import ...` (tests/e2e is on sys.path).
"""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, Route

from tools.paths import SITE

# Every violation the page reports, from the first script on.
RECORD_VIOLATIONS = """window.__violations = [];
document.addEventListener('securitypolicyviolation',
    (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));"""

# Forgets what a test left in the reused page's origin: storage, and the last table the loader
# keeps to show on the next start (Cache Storage, web/loader.js). The build the service worker
# precached and the interpreter snapshot stay: they are the same for every test.
FORGET = """async () => {
    localStorage.clear();
    sessionStorage.clear();
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys())
            if (request.url.endsWith('/__last-table__')) await cache.delete(request);
    }
}"""

# The `shared_page` fixture (conftest.py): shared_page(key, setup, **context_args) is the page
# kept under `key` for the tests of one module, made with `setup(page)` on first use.
SharedPage = Callable[..., Page]

READY_TIMEOUT_MS = 60_000
LOCAL_HOSTS = {"127.0.0.1"}
# Schemes that never touch the network.
LOCAL_SCHEMES = {"data", "blob", "about", "chrome-extension", "devtools"}
# A move control the player can use right now.
MOVE_SELECTOR = "[data-move]:not([disabled]):not([aria-disabled=true]) >> visible=true"


def wait_until_ready(page: Page, timeout: float = READY_TIMEOUT_MS) -> None:
    """Wait for the app to finish loading; fail with the page's own message on error."""
    page.wait_for_selector(
        "html[data-app-state=ready], html[data-app-state=error]",
        state="attached",
        timeout=timeout,
    )
    state = page.evaluate("document.documentElement.dataset.appState")
    if state != "ready":
        pytest.fail(f"the page reached data-app-state={state}: {page.inner_text('body')[:2000]}")


def open_game(page: Page, url: str) -> Page:
    page.goto(url)
    wait_until_ready(page)
    return page


def at_origin(page: Page, site_url: str) -> Page:
    """`page` on the site's origin without the app (build.json), for a test that writes what
    the app's first start must find: storage written there, then `open_game`, is one start of
    the app where `game_page`, the storage written and a reload were two."""
    if page.url != site_url + "build.json":
        page.goto(site_url + "build.json")
    return page


def open_games(url: str, *pages: Page) -> list[Page]:
    """open_game in each page, the loads at once (a page's download and its interpreter's
    start overlap the other's): for a test of two players, two devices."""
    for page in pages:
        page.goto(url, wait_until="commit")
    for page in pages:
        wait_until_ready(page)
    return list(pages)


def table_seq(page: Page) -> str | None:
    return page.get_attribute("#table", "data-seq")


WELCOME_START = {"ai": "play", "hotseat": "play-hotseat", "friend": "play-friend"}


def start_button(mode: str) -> str:
    """The button that starts a game of `mode` (`ai`, `hotseat` or `friend`: its options) now:
    on the welcome, a title screen with the form folded away, its own Play (the level kept),
    Two players or Play a friend; else the New game form's."""
    welcome = WELCOME_START[mode]
    return f"#welcome [data-action={welcome}]:visible, [data-new-game={mode}]:visible"


def start_game(page: Page, mode: str = "hotseat") -> None:
    """Click a start button (`ai` or `hotseat`) and wait until a move can be made."""
    page.locator(start_button(mode)).first.click()
    page.locator(MOVE_SELECTOR).first.wait_for(timeout=READY_TIMEOUT_MS)


def make_a_move(page: Page) -> str:
    """Click the first available move and wait for the table to redraw; return the move."""
    before = table_seq(page)
    control = page.locator(MOVE_SELECTOR).first
    control.wait_for(timeout=READY_TIMEOUT_MS)
    move = control.get_attribute("data-move") or ""
    control.click()
    page.wait_for_function(
        "s => document.querySelector('#table')?.dataset.seq !== s",
        arg=before,
        polling=50,
        timeout=READY_TIMEOUT_MS,
    )
    return move


_POLLS = itertools.count()


def wait_for_async(
    page: Page, function: str, arg: object = None, timeout_ms: float = READY_TIMEOUT_MS
) -> Any:
    """Wait until the async page function `function` (e.g. one that reads Cache Storage)
    answers a truthy value, and return that value.

    wait_for_function's predicate must be synchronous (a promise it returned would count as
    truthy at once), so the predicate starts the async function whenever no call of it is under
    way and answers the value of the last call that finished: a wait on the page's state,
    checked as often as the page can answer, not a sleep."""
    key = json.dumps(f"poll{next(_POLLS)}")
    predicate = f"""(arg) => {{
        const polls = (window.__targiPolls ??= {{}});
        const poll = (polls[{key}] ??= {{busy: false, value: null}});
        if (!poll.busy) {{
            poll.busy = true;
            Promise.resolve()
                .then(() => ({function})(arg))
                .then((value) => {{ poll.value = value; }}, () => {{ poll.value = null; }})
                .finally(() => {{ poll.busy = false; }});
        }}
        return poll.value;
    }}"""
    handle = page.wait_for_function(predicate, arg=arg, timeout=timeout_ms, polling=100)
    return handle.json_value()


# True once nothing the page started is still to arrive: its fonts are loaded and the service
# worker (when the context allows one) has finished installing, that is, precached every file of
# the build, and is active. (Polled: a worker whose install failed would leave
# navigator.serviceWorker.ready unsettled for ever, and evaluate() has no timeout.)
NETWORK_SETTLED = """async () => {
    if (document.fonts.status !== 'loaded') return false;
    const registration = navigator.serviceWorker
        ? await navigator.serviceWorker.getRegistration()
        : undefined;
    if (!registration) return true;
    return !registration.installing && !registration.waiting
        && registration.active?.state === 'activated';
}"""


def wait_until_network_settled(page: Page) -> None:
    """Until the page's late requests (fonts, the service worker's precaching) are done."""
    wait_for_async(page, NETWORK_SETTLED)


class ExternalRequests:
    """Aborts and records every request that would leave 127.0.0.1."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self._lock = threading.Lock()

    def is_local(self, url: str) -> bool:
        parts = urlsplit(url)
        return parts.scheme in LOCAL_SCHEMES or parts.hostname in LOCAL_HOSTS

    def _handle(self, route: Route) -> None:
        url = route.request.url
        if self.is_local(url):
            route.fallback()
            return
        with self._lock:
            self.urls.append(url)
        route.abort("blockedbyclient")

    def guard(self, context: BrowserContext) -> None:
        context.route("**/*", self._handle)

    def clear(self) -> None:
        with self._lock:
            self.urls.clear()

    def __iter__(self) -> Iterator[str]:
        return iter(list(self.urls))

    def __len__(self) -> int:
        return len(self.urls)


SW_TIMEOUT_MS = 60_000


def wait_for_service_worker(page: Page) -> None:
    """Until the site's service worker controls `page` (a return visit from then on)."""
    # The worker activates only after precaching every file; clients.claim() then makes it
    # control the open page. (Polling, not awaiting navigator.serviceWorker.ready: that
    # promise never settles when no worker registers, and evaluate() has no timeout.)
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null", polling=100, timeout=SW_TIMEOUT_MS
    )


# What sticks out, when the page scrolls sideways (a scroll box's own overflow does not
# count: its box stays on the screen), past the right edge of the screen.
WIDER = """() => document.documentElement.scrollWidth <= innerWidth ? [] :
    [...document.querySelectorAll('body *')].filter((el) => el.offsetParent !== null
        && el.getBoundingClientRect().right > innerWidth + 0.5)
    .map((el) => `${el.tagName}#${el.id}.${el.className}: ${el.textContent.trim().slice(0, 40)}`)
    .concat([`scrollWidth ${document.documentElement.scrollWidth}`])"""


# This build's interpreter snapshot in Cache Storage: its version header, or null.
SNAPSHOT_VERSION = """async () => {
    const cache = await caches.open('targi-start:' + new URL('./', location.href).pathname);
    const hit = await cache.match('./__snapshot__');
    return hit ? hit.headers.get('x-targi-version') : null;
}"""

SNAPSHOT_TIMEOUT_MS = 120_000


def build_version() -> str:
    return str(json.loads((SITE / "build.json").read_text())["version"])


def wait_for_snapshot(page: Page) -> None:
    """This build's snapshot is kept: by the page's worker that unzipped snapshot.gz (once the
    page has restored it), or, where the page could not, by the AI's worker."""
    wait_for_async(
        page,
        f"async (v) => (await ({SNAPSHOT_VERSION})()) === v",
        build_version(),
        SNAPSHOT_TIMEOUT_MS,
    )


def python_start(page: Page) -> str | None:
    """html[data-python-start]: how the page's interpreter started ("shipped": the build's
    snapshot; "snapshot": the one kept; "start": none)."""
    return page.evaluate("document.documentElement.dataset.pythonStart ?? null")
