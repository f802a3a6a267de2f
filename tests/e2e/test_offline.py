"""After one visit the game reloads and plays with the server gone (service worker precache)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable

import pytest
from pageutil import make_a_move, open_game, start_game, wait_until_ready
from playwright.sync_api import BrowserContext, Page

import build

pytestmark = pytest.mark.e2e

SW_TIMEOUT_MS = 60_000


def wait_for_service_worker(page: Page) -> None:
    # The worker activates only after precaching every file; clients.claim() then makes it
    # control the open page. (Polling, not awaiting navigator.serviceWorker.ready: that
    # promise never settles when no worker registers, and evaluate() has no timeout.)
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null", polling=100, timeout=SW_TIMEOUT_MS
    )


def test_offline_reload_after_one_visit_reaches_a_playable_table(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    # A server of its own, so it can really be stopped without touching the other tests
    # (site_url is requested only so that site/ is built).
    server = build.make_server(port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}{build.SUBPATH}"
    context = new_context()
    page = open_game(context.new_page(), url)
    wait_for_service_worker(page)

    server.shutdown()
    server.server_close()
    context.set_offline(True)

    page.reload()
    wait_until_ready(page)
    start_game(page, "hotseat")
    assert make_a_move(page)
    assert make_a_move(page)
    assert page.get_attribute("#table", "data-phase") != "over"


def test_offline_a_new_tab_opens_the_cached_build(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context = new_context()
    wait_for_service_worker(open_game(context.new_page(), site_url))
    context.set_offline(True)

    other = open_game(context.new_page(), site_url)
    cached = other.evaluate("fetch('./build.json').then(r => r.json())")
    built = json.loads((build.SITE / "build.json").read_text())
    assert cached["version"] == built["version"]
    assert other.evaluate("navigator.serviceWorker.controller !== null")
