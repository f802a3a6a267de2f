"""Fixtures for the browser tests (pytest-playwright on the system Chromium).

- `site_url`: site/ (rebuilt when stale) served on 127.0.0.1 under the sub-path /targi/.
- `browser_type_launch_args`: the Chromium found by build.py (/usr/bin/chromium or $CHROMIUM_PATH).
- `external_requests`: autouse; every request to a host other than 127.0.0.1 is aborted and
  recorded, and the test fails at teardown listing them. It guards every context made through
  the `new_context` fixture (so `context` and `page` too).
- `game_page`: the site opened in `page`, once `html[data-app-state=ready]`.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page, Route

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402 - the repo root is put on sys.path just above

LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
READY_TIMEOUT_MS = 60_000
LOCAL_HOSTS = {"127.0.0.1"}
# Schemes that never touch the network.
LOCAL_SCHEMES = {"data", "blob", "about", "chrome-extension", "devtools"}


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    build.ensure_site()
    server = build.make_server(port=0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{build.SUBPATH}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    executable = build.find_chromium()
    if executable is None:
        pytest.fail(
            "no Chromium found: install Debian's chromium (`python build.py test` does it as "
            "root) or set CHROMIUM_PATH"
        )
    return {**browser_type_launch_args, "executable_path": executable, "args": LAUNCH_ARGS}


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


@pytest.fixture(autouse=True)
def external_requests() -> Iterator[ExternalRequests]:
    recorder = ExternalRequests()
    yield recorder
    if recorder.urls:
        listing = "\n  ".join(recorder.urls)
        pytest.fail(f"the page requested {len(recorder.urls)} off-origin URL(s):\n  {listing}")


@pytest.fixture
def new_context(
    new_context: Callable[..., BrowserContext], external_requests: ExternalRequests
) -> Callable[..., BrowserContext]:
    """pytest-playwright's context factory, with every context guarded against the internet."""

    def guarded(**kwargs: Any) -> BrowserContext:
        context = new_context(**kwargs)
        external_requests.guard(context)
        return context

    return guarded


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


@pytest.fixture
def game_page(page: Page, site_url: str) -> Page:
    return open_game(page, site_url)


@pytest.fixture
def fresh_context(
    new_context: Callable[..., BrowserContext],
) -> Callable[..., BrowserContext]:
    """Make another guarded context (empty storage), e.g. to open a share link elsewhere."""
    return new_context
