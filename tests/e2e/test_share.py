"""Share strings and links: a round trip to another browser, pasted strings, and damaged ones
that change nothing."""

from __future__ import annotations

import random

import pytest
from gameplay import menu_item, open_game, play, start_game, stored_game, table
from pageutil import FORGET
from playwright.sync_api import Page, expect
from positions import hotseat

pytestmark = pytest.mark.e2e


def _shared(page: Page) -> tuple[str, str]:
    menu_item(page, "open-share")
    link = page.input_value("#share-link")
    code = page.input_value("#share-string")
    page.click("#dlg-share [data-action=close]")
    return link, code


def test_share_link_opens_the_same_game_in_another_browser(reused_page: Page, site_url: str):
    """Another browser is one with nothing stored: the same page with its storage emptied
    (FORGET, as `reused_page` does) proves the link alone carries the game, without the
    first visit of a new context (seconds of CPU). The game is 30 moves: 28 made by the engine
    and opened from a link, two clicked here, so that the link shared must carry moves made on
    this page (all 30 were clicks until 2026-11-27)."""
    page = open_game(reused_page, site_url + "#g=" + hotseat(21, 28))
    play(page, random.Random(21), clicks=2)
    before = table(page)
    assert before["seq"] == 30
    board = page.inner_html("#board")
    link, code = _shared(page)
    assert link.endswith("#g=" + code) and code.startswith("T")
    page.goto(site_url + "build.json")  # the app left first: nothing of it writes again
    page.evaluate(FORGET)
    assert stored_game(page) is None
    open_game(page, link)
    after = table(page)
    assert (after["seq"], after["phase"], after["player"], after["mode"]) == (
        before["seq"],
        before["phase"],
        before["player"],
        "hotseat",
    )
    assert page.inner_html("#board") == board
    assert "#g=" not in page.url  # the link did its job; a reload will not ask again
    assert stored_game(page) is not None


def test_pasted_string_asks_before_replacing_and_the_old_game_comes_back(game_page: Page):
    page = game_page
    start_game(page, "hotseat")
    play(page, random.Random(1), clicks=12)
    _, first_code = _shared(page)
    first = table(page)
    start_game(page, "hotseat")
    play(page, random.Random(2), clicks=5)
    second = table(page)

    menu_item(page, "open-load")
    page.fill("#load-text", first_code)
    page.click("[data-action=load-string]")
    expect(page.locator("#dlg-confirm")).to_be_visible()
    assert table(page)["seq"] == second["seq"]  # nothing replaced yet
    page.click("[data-action=confirm-replace]")
    page.wait_for_function(
        f"() => document.getElementById('table').dataset.seq === '{first['seq']}'"
    )
    assert table(page)["player"] == first["player"]

    menu_item(page, "open-load")
    page.click("[data-action=restore-previous]")
    page.wait_for_function(
        f"() => document.getElementById('table').dataset.seq === '{second['seq']}'"
    )


def test_keeping_your_game_when_a_link_arrives(game_page: Page, site_url: str):
    page = game_page
    start_game(page, "hotseat")
    play(page, random.Random(4), clicks=8)
    mine = table(page)
    _, code = _shared(page)
    other = code  # the same game string, different position after more moves
    play(page, random.Random(5), clicks=4)
    mine = table(page)
    page.goto(site_url + "#g=" + other)
    page.wait_for_selector("html[data-app-state=ready]", state="attached")
    expect(page.locator("#dlg-confirm")).to_be_visible()
    page.click("[data-action=cancel-replace]")
    assert table(page)["seq"] == mine["seq"]


# Each damaged string with a word of the reason the page must give; None: a real string with one
# character changed (the checksum catches it).
DAMAGED = [("Tgarbage!!", "characters"), ("hello", "should start with 'T'"), (None, "checksum")]


def test_damaged_pasted_string_says_why_and_changes_nothing(game_page: Page):
    """One game, each damaged string pasted in turn: none changes the game or what is stored."""
    page = game_page
    start_game(page, "hotseat")
    play(page, random.Random(8), clicks=10)
    before = table(page)
    saved = stored_game(page)
    _, code = _shared(page)
    for damaged, why in DAMAGED:
        if damaged is None:
            damaged = code[:6] + ("A" if code[6] != "A" else "B") + code[7:]
        menu_item(page, "open-load")
        page.fill("#load-text", damaged)
        page.click("[data-action=load-string]")
        message = page.locator("#load-message")
        expect(message).to_contain_text(why)
        expect(page.locator("#dlg-confirm")).to_be_hidden()
        assert table(page)["seq"] == before["seq"]
        assert stored_game(page) == saved
        page.keyboard.press("Escape")
        expect(page.locator("#dlg-load")).to_be_hidden()


def test_damaged_link_says_why_and_keeps_the_game(game_page: Page, site_url: str):
    page = game_page
    start_game(page, "hotseat")
    play(page, random.Random(9), clicks=6)
    before = table(page)
    page.goto(site_url + "#g=T<img src=x onerror=alert(1)>")
    page.wait_for_selector("html[data-app-state=ready]", state="attached")
    notice = page.locator("#notice-text")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("save string")
    assert page.locator("#notice img").count() == 0  # shown as text, never as HTML
    assert table(page)["seq"] == before["seq"]
