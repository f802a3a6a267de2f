"""The "new version is ready" bar covers no control at any width, can be dismissed, and says
what becomes of the game."""

from __future__ import annotations

import pytest
from gameplay import menu_item, start_game, wait_until_ready
from pageutil import wait_for_service_worker
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

SIZES = [(360, 640), (1280, 900), (1920, 1080)]

# Every visible control whose centre (in the viewport) shows the update bar instead.
COVERED = """() => [...document.querySelectorAll('button, select, input, textarea, a[href]')]
    .filter((e) => e.offsetParent !== null && !e.closest('#update'))
    .filter((e) => {
        const r = e.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
        const hit = document.elementFromPoint(x, y);
        return hit !== null && hit.closest('#update') !== null;
    })
    .map((e) => e.outerHTML.slice(0, 80))"""


def _announce_update(page: Page) -> None:
    """What the page sees when a new build's service worker takes over."""
    page.evaluate("navigator.serviceWorker.dispatchEvent(new Event('controllerchange'))")
    expect(page.locator("#update")).to_be_visible()


@pytest.fixture
def controlled(reused_page: Page, site_url: str) -> Page:
    """The site loaded under its service worker's control, so updates are announced: the
    worker's reused page (nothing stored), which an earlier visit of the worker's left
    controlled; when it is the worker's first, the service worker is waited for and the page
    loaded again (as a new context did for each test)."""
    page = reused_page
    page.goto(site_url)
    wait_until_ready(page)
    if not page.evaluate("navigator.serviceWorker.controller !== null"):
        wait_for_service_worker(page)
        page.reload()
        wait_until_ready(page)
    return page


def test_the_update_bar_covers_no_control_and_can_be_dismissed(controlled: Page):
    page = controlled
    start_game(page, "hotseat")
    _announce_update(page)
    expect(page.locator("#update")).to_contain_text("Your game is kept")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(COVERED) == [], (width, height)
        menu_item(page, "open-share")  # a dialog: it starts below the bar
        assert page.evaluate(COVERED) == [], (width, height, "dialog")
        page.keyboard.press("Escape")
    page.click("#update-later")
    expect(page.locator("#update")).to_be_hidden()
    assert (
        page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--update-h')")
        == ""
    )


def test_the_update_bar_over_the_welcome_dialog_is_clickable(controlled: Page):
    page = controlled
    page.set_viewport_size({"width": 360, "height": 640})
    expect(page.locator("#dlg-new")).to_be_visible()
    _announce_update(page)
    assert page.evaluate(COVERED) == []
    page.click("#update-reload")
    wait_until_ready(page)
    expect(page.locator("#update")).to_be_hidden()
