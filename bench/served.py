"""The built site served on a free port and one headless Chromium page, for the browser benches.

Each bench opened them the same way (build when stale, serve, launch, one page); here once, so
the launch arguments and the clean-up on a failed run are the same for all.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Page, sync_playwright

from tools.browser import CHROMIUM_ARGS, find_chromium
from tools.serve import start_background_server, url_of
from tools.site import ensure_site


@contextmanager
def served_page(width: int = 1280, height: int = 900) -> Iterator[tuple[Page, str]]:
    """A page of a fresh browser and the site's URL; the browser and the server stop after."""
    ensure_site()
    server = start_background_server()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
            try:
                yield browser.new_page(viewport={"width": width, "height": height}), url_of(server)
            finally:
                browser.close()
    finally:
        server.shutdown()
