"""Fixtures for the browser tests (pytest-playwright on the system Chromium).

- `site_url`: site/ (rebuilt when stale) served on 127.0.0.1 under the sub-path /targi/.
- `browser_type_launch_args`: the Chromium tools/browser.py finds (/usr/bin/chromium or
  $CHROMIUM_PATH).
- `external_requests`: autouse; every request to a host other than 127.0.0.1 is aborted and
  recorded, and the test fails at teardown listing them. It guards every context made through
  the `new_context` fixture (so `context` and `page` too).
- `game_page`: the site opened as a first visit would find it (nothing stored), once
  `html[data-app-state=ready]`, in the worker's one reused page: its storage emptied and the
  site opened again, in a browser that holds the site (HTTP cache, service worker, snapshot).
  That costs about a third of a first visit in a new context. Its window (1280x720) and media
  are set back for each test. A test that must see a first visit (loading, requests, the
  policy) or that changes the page for good (`add_init_script`, routes) takes `first_visit`.
- `reused_page`: that page before the site is opened, for a test that opens a link itself.
- `new_tab`: new pages of that page's context (a tab with its own init script, a second tab),
  closed after the test: the site cached, no first visit.
- `phone_tab`: new tabs of a worker-wide phone context (touch, mobile, 390x844), closed after
  the test, its storage emptied: the touch tests of several modules pay one first visit.
- `first_visit`: the site opened in `page`, a new context: a true first visit.
- `shared_page`: one page per key for the tests of a module that only read what it shows
  (layout at several sizes, languages, themes): opened once, guarded like the others, so a
  module pays one first visit (Pyodide and the site loaded into a new context, seconds of CPU)
  instead of one a test. Each test sets what it reads (the viewport, the language) itself.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pageutil import FORGET, ExternalRequests, SharedPage, open_game  # noqa: E402

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
    fail_on_off_origin(recorder)


def fail_on_off_origin(recorder: ExternalRequests) -> None:
    """Fail the test if a page it used requested a URL off 127.0.0.1, listing them; the
    recorder is emptied, so a page kept for the next test starts clean."""
    urls = list(recorder)
    recorder.clear()
    if urls:
        listing = "\n  ".join(urls)
        pytest.fail(f"the page requested {len(urls)} off-origin URL(s):\n  {listing}")


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
def first_visit(page: Page, site_url: str) -> Page:
    return open_game(page, site_url)


@pytest.fixture(scope="session")
def _reused_page(
    browser: Browser, browser_context_args: dict[str, Any]
) -> Iterator[tuple[ExternalRequests, Callable[[], Page]]]:
    recorder = ExternalRequests()
    held: list[Page] = []
    crashed: list[bool] = []

    def current() -> Page:
        """The worker's page; made again when its renderer crashed or a test closed it."""
        if held and not held[0].is_closed() and not crashed:
            return held[0]
        if held and not held[0].is_closed():
            held[0].context.close()
        held.clear()
        crashed.clear()
        context = browser.new_context(**browser_context_args)
        recorder.guard(context)
        page = context.new_page()
        page.on("crash", lambda _: crashed.append(True))
        # Leaving a page with moves it could not save asks first (beforeunload): the next test
        # leaves anyway, as a player who confirms. Other dialogs are dismissed, as by default.
        page.on("dialog", lambda d: d.accept() if d.type == "beforeunload" else d.dismiss())
        held.append(page)
        return page

    yield recorder, current
    if held and not held[0].is_closed():
        held[0].context.close()


@pytest.fixture
def reused_page(
    _reused_page: tuple[ExternalRequests, Callable[[], Page]], site_url: str
) -> Iterator[Page]:
    """The worker's reused page, the site left and forgotten (see `game_page`): a test opens
    the address it needs (a `#g=` link, say) as a visit with nothing stored."""
    recorder, current = _reused_page
    page = current()
    page.set_viewport_size({"width": 1280, "height": 720})  # Playwright's default window
    page.emulate_media(color_scheme="light", reduced_motion="no-preference")
    if page.url.startswith(site_url):
        page.goto(site_url + "build.json")  # the app left first: nothing of it writes again
        page.evaluate(FORGET)
    yield page
    fail_on_off_origin(recorder)


@pytest.fixture
def game_page(reused_page: Page, site_url: str) -> Page:
    return open_game(reused_page, site_url)


@pytest.fixture
def new_tab(reused_page: Page, site_url: str) -> Iterator[Callable[[], Page]]:
    """Pages of the worker's reused context, each a new tab (closed after the test): the site
    cached and its storage emptied as for `reused_page`, for a test that changes a page for
    good (`add_init_script`) or needs a second tab, where a new context paid a first visit."""
    # emptied here too when `reused_page` did not: a tab of an earlier test may have left
    # storage while the reused page stayed off the site (so its fixture had nothing to forget).
    # On build.json it has just forgotten, with no page of the app open to write again.
    if reused_page.url != site_url + "build.json":
        reused_page.goto(site_url + "build.json")
        reused_page.evaluate(FORGET)
    opened: list[Page] = []

    def tab() -> Page:
        page = reused_page.context.new_page()
        opened.append(page)
        return page

    yield tab
    for page in reversed(opened):
        if not page.is_closed():
            page.close()


# A phone: touch, mobile, 390x844 (what the touch tests of several modules share).
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
}


@pytest.fixture(scope="session")
def _phone_context(
    browser: Browser, browser_context_args: dict[str, Any]
) -> Iterator[tuple[ExternalRequests, BrowserContext]]:
    recorder = ExternalRequests()
    context = browser.new_context(**browser_context_args, **PHONE)
    recorder.guard(context)
    yield recorder, context
    context.close()


@pytest.fixture
def phone_tab(
    _phone_context: tuple[ExternalRequests, BrowserContext], site_url: str
) -> Iterator[Callable[[], Page]]:
    """New tabs of the worker's phone context (PHONE), closed after the test: the first test
    of a worker pays the first visit, the others find the site cached. Its storage is emptied
    first (as for `reused_page`); a tab's init scripts end with it. A test that changes the
    whole context (`page.clock` is the context's) makes a context of its own."""
    recorder, context = _phone_context
    opened: list[Page] = []

    def tab() -> Page:
        page = context.new_page()
        opened.append(page)
        return page

    tab().goto(site_url + "build.json")
    opened[0].evaluate(FORGET)
    opened[0].close()
    yield tab
    for page in opened:
        if not page.is_closed():
            page.close()
    fail_on_off_origin(recorder)


@pytest.fixture
def fresh_context(
    new_context: Callable[..., BrowserContext],
) -> Callable[..., BrowserContext]:
    """Make another guarded context (empty storage), e.g. to open a share link elsewhere."""
    return new_context


@pytest.fixture(scope="module")
def _shared_pages(
    browser: Browser, browser_context_args: dict[str, Any]
) -> Iterator[tuple[ExternalRequests, SharedPage]]:
    recorder = ExternalRequests()
    pages: dict[str, Page] = {}
    crashed: set[str] = set()

    def shared(key: str, setup: Callable[[Page], object], **context_args: Any) -> Page:
        """The page under `key`, made on first use: a guarded context with `context_args`, a
        page, then `setup(page)` (open the site, reach the position the tests read). A page
        whose renderer crashed or that a test closed is made again."""
        page = pages.get(key)
        if page is None or page.is_closed() or key in crashed:
            if page is not None and not page.is_closed():
                page.context.close()
            crashed.discard(key)
            context = browser.new_context(**browser_context_args, **context_args)
            recorder.guard(context)
            page = context.new_page()
            page.on("crash", lambda _: crashed.add(key))
            setup(page)
            pages[key] = page
        return page

    yield recorder, shared
    for page in pages.values():
        if not page.is_closed():
            page.context.close()


@pytest.fixture
def shared_page(_shared_pages: tuple[ExternalRequests, SharedPage]) -> Iterator[SharedPage]:
    """A module's shared pages; any off-origin request one made during this test fails it."""
    recorder, shared = _shared_pages
    yield shared
    fail_on_off_origin(recorder)
