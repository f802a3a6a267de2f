"""Rough edges a player hits that only a browser shows (their logic is tested in tests/app)."""

from __future__ import annotations

import time

from gameplay import open_game, start_game, tips_off
from playwright.sync_api import expect

# The main thread busy (the Python of a redraw, on a slow phone) from the moment a finger
# touches until long after web/cardtip.js's long-press time.
BUSY_AFTER_THE_TOUCH = """() => document.addEventListener('pointerdown', () => {
    const end = performance.now() + 900;
    while (performance.now() < end);
}, {once: true})"""


def test_a_tap_is_never_taken_for_a_long_press_on_a_busy_page(new_context, site_url: str):
    """A finger that touched and lifted 50 ms later makes its move, even when the page, busy
    meanwhile, runs its late long-press timer (the card's text shows) before it sees the lift."""
    context = new_context(has_touch=True, is_mobile=True, viewport={"width": 390, "height": 844})
    page = context.new_page()
    open_game(page, site_url)
    start_game(page, "hotseat")
    tips_off(page)
    box = page.locator('#board [data-move="t2"]').bounding_box()
    assert box is not None
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    page.evaluate(BUSY_AFTER_THE_TOUCH)
    touch = context.new_cdp_session(page)
    touched = time.time()  # the events carry when the finger touched and lifted, as a phone's do
    touch.send(
        "Input.dispatchTouchEvent",
        {"type": "touchStart", "touchPoints": [point], "timestamp": touched},
    )
    expect(page.locator("#cardtip")).to_be_visible()  # the timer ran before the lift was seen
    touch.send(
        "Input.dispatchTouchEvent",
        {"type": "touchEnd", "touchPoints": [], "timestamp": touched + 0.05},
    )
    expect(page.locator("#table")).to_have_attribute("data-seq", "1")
    expect(page.locator("#cardtip")).to_be_hidden()
