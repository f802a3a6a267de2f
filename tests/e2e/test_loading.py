"""The loading screen: a progress bar that finishes, and a clear error with a retry."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def test_a_file_that_cannot_be_downloaded_is_named_with_a_way_to_retry(page: Page, site_url: str):
    # the interpreter's WebAssembly is needed by every start; python_stdlib.zip is not (a start
    # from the shipped snapshot, which holds what the page imports, goes on without it)
    page.route("**/pyodide.asm.wasm", lambda route: route.abort("connectionfailed"))
    page.goto(site_url)
    page.wait_for_selector("html[data-app-state=error]", state="attached", timeout=60_000)
    expect(page.locator("#load-error")).to_be_visible()
    expect(page.locator("#load-error-text")).to_contain_text("pyodide.asm.wasm")
    expect(page.locator("#load-retry")).to_be_visible()
    page.unroute("**/pyodide.asm.wasm")
    page.click("#load-retry")
    page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=60_000)


def test_the_bar_counts_real_bytes_moves_through_the_stages_and_gives_way_to_the_game(
    page: Page, site_url: str
):
    # One first visit for the bar's course and its end (they were two first visits).
    page.add_init_script(
        """window.__bar = [];
        new MutationObserver((records) => {
            for (const r of records) if (r.target.id === 'load-bar')
                window.__bar.push(Number(r.target.getAttribute('aria-valuenow')));
        }).observe(document, {attributes: true, subtree: true,
                              attributeFilter: ['aria-valuenow']});"""
    )
    page.goto(site_url)
    page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=60_000)
    values = page.evaluate("window.__bar")
    assert values == sorted(values), values  # never backwards
    assert values[-1] == 100
    downloading = [v for v in values if 2 < v <= 50]
    assert len(set(downloading)) >= 2, values  # bytes arrived in steps, not all at once
    assert any(v > 50 for v in values[:-1]), values  # then the interpreter's stage
    assert page.get_attribute("#load-bar", "aria-valuenow") == "100"
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#app")).to_be_visible()
    expect(page.locator("#welcome [data-action=play]")).to_be_visible()
    expect(page.locator("#welcome [data-action=play-hotseat]")).to_be_visible()
