"""Everyone can play (issue 9): axe-core on every screen in both themes, the theme switch,
keyboard focus rules and the live region.

Each theme is one browser session that walks through the screens (positions that random clicks
reach only slowly are loaded as `#g=` links found by the engine: tests/e2e/positions.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from axe import Audit
from pageutil import wait_until_ready
from playwright.sync_api import BrowserContext, Page
from positions import finished, position

pytestmark = pytest.mark.e2e

WAIT_MS = 60_000
DECISIONS = {  # screen name -> the decision kind loaded for it
    "actions": "act",
    "tribe decision (buy/hand/discard)": "tribe",
    "payment": "pay",
    "raid": "raid",
    "Merchant": "merchant",
}


def seq(page: Page) -> str:
    return page.get_attribute("#table", "data-seq") or ""


def load_link(page: Page, code: str) -> None:
    """Follow a `#g=` link in this tab (hashchange, no reload); confirm replacing if asked."""
    page.evaluate("code => { location.hash = '#g=' + code; }", code)
    page.wait_for_function(
        "() => !document.getElementById('dlg-confirm').hidden || !location.hash",
        timeout=WAIT_MS,
    )
    if page.locator("#dlg-confirm").is_visible():
        page.click("[data-action=confirm-replace]")
    page.wait_for_function(
        "() => document.getElementById('dlg-confirm').hidden "
        "&& !document.getElementById('table').hidden",
        timeout=WAIT_MS,
    )


def close_dialog(page: Page) -> None:
    page.keyboard.press("Escape")
    page.wait_for_function(
        "() => !document.querySelector('.overlay:not([hidden]):not(#dlg-new)')", timeout=WAIT_MS
    )


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_axe_finds_nothing_on_any_screen(
    new_context: Callable[..., BrowserContext], site_url: str, theme: str
) -> None:
    context = new_context(
        color_scheme=theme, reduced_motion="reduce", viewport={"width": 1280, "height": 900}
    )
    page = context.new_page()
    audit = Audit()
    page.goto(site_url, wait_until="domcontentloaded")
    assert page.evaluate("document.documentElement.dataset.appState") == "loading"
    audit.check(page, f"loading ({theme})")
    wait_until_ready(page)
    assert page.evaluate("document.documentElement.dataset.theme") == theme
    audit.check(page, f"new game, welcome ({theme})")
    for action, screen in (("stats", "Records"), ("recent", "Recent games")):
        page.click(f"#dlg-new [data-action={action}]")
        audit.check(page, f"{screen}, no game yet ({theme})")
        close_dialog(page)
    page.select_option("#pace", "instant")
    page.check("input[name=level][value=easy]")
    page.check("input[name=starter][value=me]")
    page.click("[data-new-game=ai]")
    page.wait_for_selector("#board [data-move]", timeout=WAIT_MS)
    audit.check(page, f"placement ({theme})")
    for action, screen in (
        ("rules", "How to play"),
        ("cards", "card reference"),
        ("about", "About"),
        ("open-share", "Share"),
        ("open-load", "Load"),
        ("recent", "Recent games"),
        ("stats", "Records"),
        ("open-new", "new game"),
    ):
        page.click(f"header [data-action={action}]")
        page.wait_for_selector(".overlay:not([hidden])", timeout=WAIT_MS)
        audit.check(page, f"{screen} ({theme})")
        page.keyboard.press("Escape")
    for screen, kind in DECISIONS.items():
        code, _ = position(kind)
        load_link(page, code)
        page.wait_for_selector("[data-move]", timeout=WAIT_MS)
        audit.check(page, f"{screen} ({theme})")
    load_link(page, finished())
    page.wait_for_selector("#score", timeout=WAIT_MS)
    audit.check(page, f"score screen ({theme})")
    page.click("#score [data-action=review]")
    page.wait_for_selector("#app[data-view=review]", timeout=WAIT_MS)
    audit.check(page, f"Replay ({theme})")
    print(audit.counts)
    audit.assert_clean()
