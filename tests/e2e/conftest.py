"""Fixtures for the browser tests (pytest-playwright on the system Chromium).

- `site_url`: site/ (rebuilt when stale) served on 127.0.0.1 under the sub-path /targi/.
- `browser_type_launch_args`: the Chromium tools/browser.py finds (/usr/bin/chromium or
  $CHROMIUM_PATH).
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

import pytest
from playwright.sync_api import BrowserContext, Page

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pageutil import ExternalRequests, open_game  # noqa: E402

from tools.browser import CHROMIUM_ARGS, find_chromium  # noqa: E402
from tools.serve import make_server, url_of  # noqa: E402
from tools.site import ensure_site  # noqa: E402


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    ensure_site()
    server = make_server(port=0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield url_of(server)
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    executable = find_chromium()
    if executable is None:
        pytest.fail(
            "no Chromium found: install Debian's chromium (`python build.py test` does it as "
            "root) or set CHROMIUM_PATH"
        )
    return {**browser_type_launch_args, "executable_path": executable, "args": CHROMIUM_ARGS}


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


@pytest.fixture
def game_page(page: Page, site_url: str) -> Page:
    return open_game(page, site_url)


@pytest.fixture
def fresh_context(
    new_context: Callable[..., BrowserContext],
) -> Callable[..., BrowserContext]:
    """Make another guarded context (empty storage), e.g. to open a share link elsewhere."""
    return new_context
