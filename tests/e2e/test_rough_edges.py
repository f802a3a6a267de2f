"""Rough edges a player hits that only a browser shows (their logic is tested in tests/app)."""

from __future__ import annotations

import json
import time
from pathlib import Path

from friendpage import invite
from gameplay import open_game, start_game, tips_off
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parents[2]

# The main thread busy (the Python of a redraw, on a slow phone) from the moment a finger
# touches until long after web/cardtip.js's long-press time.
BUSY_AFTER_THE_TOUCH = """() => document.addEventListener('pointerdown', () => {
    const end = performance.now() + 900;
    while (performance.now() < end);
}, {once: true})"""


def test_a_tap_is_never_taken_for_a_long_press_on_a_busy_page(phone_tab, site_url: str):
    """A finger that touched and lifted 50 ms later makes its move, even when the page, busy
    meanwhile, runs its late long-press timer (the card's text shows) before it sees the lift."""
    page = open_game(phone_tab(), site_url)
    start_game(page, "hotseat")
    tips_off(page)
    box = page.locator('#board [data-move="t2"]').bounding_box()
    assert box is not None
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    page.evaluate(BUSY_AFTER_THE_TOUCH)
    touch = page.context.new_cdp_session(page)
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


# Each welcome choice: its bottom edge on screen, and what is there is the choice itself (not
# the dialog's sticky Close bar, nor anything else over it).
CHOICES_ON_SCREEN = """() => [...document.querySelectorAll(
    '#welcome button:not([hidden]), #dlg-new [data-new-game=friend]')].map((b) => {
  const r = b.getBoundingClientRect();
  const there = document.elementFromPoint(r.left + r.width / 2, r.bottom - 2);
  return [b.dataset.action || b.dataset.newGame, r.bottom <= innerHeight && b.contains(there)];
}).filter(([, seen]) => !seen).map(([choice]) => choice)"""


def test_every_welcome_choice_is_on_a_390x844_screen_without_scrolling(
    reused_page: Page, site_url: str
):
    page = reused_page
    page.set_viewport_size({"width": 390, "height": 844})
    for lang in ("en", "de"):  # German's labels are the longest
        open_game(page, f"{site_url}?lang={lang}")
        expect(page.locator("#welcome")).to_be_visible()
        assert page.evaluate(CHOICES_ON_SCREEN) == [], lang


# Every name given, written in a central and a border card's cell of the board in turn: those
# a line break leaves a lone letter of on a line ("ナツメヤ|シ"), as the lines they took.
NAMES_CUT = """(names) => {
  const cut = [];
  for (const cell of ['#board [data-space] .card .nm', '#board .cell.border:not(.raid) > .nm']) {
    const name = document.querySelector(cell);
    const kept = name.textContent;
    for (const n of names) {
      name.textContent = n;
      const lines = new Map();
      for (let i = 0; i < n.length; i++) {
        if (n[i] === '\\u200b') continue;  // the zero-width break a long name may carry
        const letter = document.createRange();
        letter.setStart(name.firstChild, i);
        letter.setEnd(name.firstChild, i + 1);
        const top = Math.round(letter.getBoundingClientRect().top);
        lines.set(top, (lines.get(top) || '') + n[i]);
      }
      if (lines.size > 1 && [...lines.values()].some((line) => line.length === 1))
        cut.push([...lines.values()].join('|'));
    }
    name.textContent = kept;
  }
  return cut;
}"""


def test_a_japanese_card_name_is_never_cut_in_a_narrow_cell(reused_page: Page, site_url: str):
    """At 360x640 every card's name moves whole under its number, or a long one breaks between
    its words ("ナツメヤ|シ" and "黄金の持参|金" were cut)."""
    page = reused_page
    page.set_viewport_size({"width": 360, "height": 640})
    open_game(page, f"{site_url}?lang=ja")
    start_game(page, "hotseat")
    catalog = json.loads((ROOT / "web" / "messages" / "ja.json").read_text(encoding="utf-8"))
    names = sorted({v for k, v in catalog.items() if k.startswith("card.") and k.endswith(".name")})
    assert page.evaluate(NAMES_CUT, names) == []


# The friend panel's head: how many lines its visible words take; the link box: its height in
# lines of its text (whole lines only, not a half-cut one at the foot).
FRIEND_PANEL = """() => {
  const words = [...document.querySelectorAll('.friend-head > :not(#friend-title)')]
    .filter((el) => el.offsetParent && el.getBoundingClientRect().width > 1);
  const tops = new Set(words.map((el) => Math.round(el.getBoundingClientRect().top)));
  const link = document.getElementById('friend-link');
  const lines = link.clientHeight / parseFloat(getComputedStyle(link).lineHeight);
  return {head: tops.size, linkLines: Math.round(lines * 100) / 100};
}"""


def test_the_friend_panel_keeps_one_line_and_whole_lines_of_the_link_on_a_phone(
    reused_page: Page, site_url: str
):
    page = reused_page
    page.set_viewport_size({"width": 360, "height": 640})
    open_game(page, site_url)
    invite(page)  # the invitation made, its link to send
    assert page.evaluate(FRIEND_PANEL) == {"head": 1, "linkLines": 2}
