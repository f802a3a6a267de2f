"""The loading screen: a progress bar that finishes, and a clear error with a retry."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def test_loading_screen_fills_its_bar_and_gives_way_to_the_game(game_page: Page):
    page = game_page
    assert page.get_attribute("#load-bar", "aria-valuenow") == "100"
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#app")).to_be_visible()
    expect(page.locator("[data-new-game=ai]")).to_be_visible()
    expect(page.locator("[data-new-game=hotseat]")).to_be_visible()


def test_a_file_that_cannot_be_downloaded_is_named_with_a_way_to_retry(page: Page, site_url: str):
    page.route("**/python_stdlib.zip", lambda route: route.abort("connectionfailed"))
    page.goto(site_url)
    page.wait_for_selector("html[data-app-state=error]", state="attached", timeout=60_000)
    expect(page.locator("#load-error")).to_be_visible()
    expect(page.locator("#load-error-text")).to_contain_text("python_stdlib.zip")
    expect(page.locator("#load-retry")).to_be_visible()
    page.unroute("**/python_stdlib.zip")
    page.click("#load-retry")
    page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=60_000)
