"""The score screen on the smallest phone at the largest text, in every language: it never makes
the page scroll sideways. The phone test's own game reaches the score screen only when it ends
within its clicks; this one loads a finished game, so it measures the screen every time."""

from __future__ import annotations

import pytest
from gameplay import open_game, resize, set_setting
from pageutil import WIDER
from playwright.sync_api import Page, expect
from positions import finished

pytestmark = pytest.mark.e2e

LANGS = ("en", "de", "pl", "ja", "zh-Hans")

# The score table's box: on the screen, and a keyboard can reach it to scroll what it hides.
SCORES_BOX = """() => { const box = document.querySelector('#score .scores-box');
    const r = box.getBoundingClientRect();
    return {inside: r.left >= 0 && r.right <= innerWidth + 0.5, tab: box.tabIndex,
            label: box.getAttribute('aria-label'), scrolls: box.scrollWidth > box.clientWidth}; }"""


def test_score_screen_at_200_percent_text_on_a_360px_phone_never_scrolls_sideways(
    reused_page: Page, site_url: str
):
    """On the worker's reused page (the module's only test: a page of its own was a first
    visit in a new context)."""
    page = open_game(reused_page, f"{site_url}#g={finished()}")
    resize(page, 360, 640)
    expect(page.locator("#score .verdict")).to_be_visible()
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    try:
        seen_scrolling = []
        for lang in LANGS:
            set_setting(page, "lang", lang)
            expect(page.locator("html")).to_have_attribute("lang", lang)
            expect(page.locator("#score .verdict")).to_be_visible()
            assert page.evaluate(WIDER) == [], lang
            box = page.evaluate(SCORES_BOX)
            assert box["inside"] and box["tab"] == 0 and box["label"], (lang, box)
            seen_scrolling.append(box["scrolls"])
        # the table does need its box at this size (else this test would prove nothing of it)
        assert any(seen_scrolling), seen_scrolling
    finally:
        page.evaluate("document.documentElement.style.fontSize = ''")
        set_setting(page, "lang", "en")
