"""Rough edges a player hits that only a browser shows (their logic is tested in tests/app)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from friendpage import invite
from gameplay import open_game, start_game, tips_off
from playwright.sync_api import Page, expect
from positions import mid_game

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


# A finger's touch or lift on an element, as the page sees it (a touch's pointer event) and no
# more: the browser then sends no click, as a phone's does not after a long press.
TOUCH_EVENT = """(el, type) => {
  const r = el.getBoundingClientRect();
  el.dispatchEvent(new PointerEvent(type, {bubbles: true, pointerType: 'touch', isPrimary: true,
    clientX: r.left + r.width / 2, clientY: r.top + r.height / 2}));
}"""


def test_a_long_press_swallows_only_its_own_click_and_the_next_one_acts(phone_tab, site_url: str):
    """A long press on a card reads it and makes no move. A phone sends no click for it: the
    next click (a keyboard's on the Menu button, as a screen reader's would be) was swallowed;
    it acts, and so does a tap on another card. (A tab of the worker's phone context, the same
    touch, mobile 390x844 a context of its own was: not a first visit.)"""
    page = open_game(phone_tab(), site_url)
    start_game(page, "hotseat")
    tips_off(page)
    card = page.locator('#board [data-move="t2"]')
    card.evaluate(TOUCH_EVENT, "pointerdown")
    expect(page.locator("#cardtip")).to_be_visible()  # held: its text
    card.evaluate(TOUCH_EVENT, "pointerup")
    page.locator("#menu-button").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#menu")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#menu")).to_be_hidden()
    assert page.get_attribute("#table", "data-seq") == "0"  # the long press made no move
    page.locator('#board [data-move="t3"]').tap()
    expect(page.locator("#table")).to_have_attribute("data-seq", "1")


# Each welcome choice (any start button the dialog shows): its bottom edge on screen, and what
# is there is the choice itself (not the dialog's sticky Close bar, nor anything else over it).
CHOICES_ON_SCREEN = """() => [...document.querySelectorAll(
    '#welcome button:not([hidden]), #dlg-new [data-new-game]')].filter((b) => b.checkVisibility())
  .map((b) => {
  const r = b.getBoundingClientRect();
  const there = document.elementFromPoint(r.left + r.width / 2, r.bottom - 2);
  return [b.dataset.action || b.dataset.newGame, r.bottom <= innerHeight && b.contains(there)];
}).filter(([, seen]) => !seen).map(([choice]) => choice)"""


@pytest.mark.parametrize("size", [(360, 640), (390, 844)], ids=["360x640", "390x844"])
def test_every_welcome_choice_is_on_a_phone_screen_without_scrolling(
    reused_page: Page, site_url: str, size: tuple[int, int]
):
    """Play, Continue (shown as when a game is kept), Two players, Play a friend, Load, How to
    play, Records, Recent games and the level's choice, in all five languages."""
    page = reused_page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_game(page, site_url)
    expect(page.locator("#welcome")).to_be_visible()
    page.evaluate("document.getElementById('welcome-continue').hidden = false")
    for lang in ("en", "de", "pl", "ja", "zh-Hans"):
        page.select_option("#new-lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        assert page.evaluate(CHOICES_ON_SCREEN) == [], lang


# Every name given, written in turn into the first element `selector` finds: the lines it took
# (a zero-width break the catalog put in a long name stays at the end of its line).
LINES_OF = """([selector, names]) => {
  const name = document.querySelector(selector);
  const kept = name.textContent;
  const found = names.map((n) => {
    name.textContent = n;
    const lines = [];
    let top = null;
    for (let i = 0; i < n.length; i++) {
      if (n[i] !== '\\u200b') {
        const letter = document.createRange();
        letter.setStart(name.firstChild, i);
        letter.setEnd(name.firstChild, i + 1);
        const at = Math.round(letter.getBoundingClientRect().top);
        if (at !== top) lines.push('');
        top = at;
      }
      lines[lines.length - 1] += n[i];
    }
    return lines;
  });
  name.textContent = kept;
  return found;
}"""


def _names(lang: str, kind: str) -> list[str]:
    """Every card name of `lang`'s catalog of `kind` ("" all, "T" the tribe cards)."""
    catalog = json.loads((ROOT / "web" / "messages" / f"{lang}.json").read_text(encoding="utf-8"))
    return sorted({v for k, v in catalog.items() if re.fullmatch(f"card\\.{kind}.*\\.name", k)})


def test_a_japanese_card_name_is_never_cut_in_a_narrow_cell(reused_page: Page, site_url: str):
    """At 360x640 every card's name moves whole under its number, or a long one breaks between
    its words ("ナツメヤ|シ" and "黄金の持参|金" were cut): no line of a lone letter."""
    page = reused_page
    page.set_viewport_size({"width": 360, "height": 640})
    open_game(page, f"{site_url}?lang=ja")
    start_game(page, "hotseat")
    names = _names("ja", "")
    cut = [
        "|".join(lines)
        for cell in ("#board [data-space] .card .nm", "#board .cell.border:not(.raid) > .nm")
        for lines in page.evaluate(LINES_OF, [cell, names])
        if len(lines) > 1 and any(len(line.strip("\u200b")) == 1 for line in lines)
    ]
    assert cut == []


@pytest.mark.parametrize("lang", ["ja", "zh-Hans"])
def test_a_tribe_card_s_name_in_a_phone_s_display_breaks_only_between_its_words(
    reused_page: Page, site_url: str, lang: str
):
    """A display's small card (about 63 px at 360x640) broke a name wherever its line ended,
    about five characters in ("女たちの評|議会", "塔吉女守护|者"): every line but the last ends
    at one of the catalog's zero-width spaces."""
    page = reused_page
    page.set_viewport_size({"width": 360, "height": 640})
    open_game(page, f"{site_url}?lang={lang}#g={mid_game(rounds=6)}")
    mini = ".display .card.mini .nm"
    expect(page.locator(mini).first).to_be_attached()
    names = _names(lang, "T")
    for width, height in ((360, 640), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        cut = [
            "|".join(lines)
            for lines in page.evaluate(LINES_OF, [mini, names])
            if any(not line.endswith("\u200b") for line in lines[:-1])
        ]
        assert cut == [], (width, height)


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
