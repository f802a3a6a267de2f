"""Helpers for the browser tests, written against the page's DOM contract (docs: COMMON.md).

Import them in a test module with `from pageutil import ...` (tests/e2e is on sys.path).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, Route

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


def table_seq(page: Page) -> str | None:
    return page.get_attribute("#table", "data-seq")


def start_game(page: Page, mode: str = "hotseat") -> None:
    """Click a start button (`ai` or `hotseat`) and wait until a move can be made."""
    page.locator(f"[data-new-game={mode}] >> visible=true").first.click()
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
