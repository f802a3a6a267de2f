"""The welcome (issue 22): it closes like any dialog, back to the game played last or, with none
kept, to an empty table that says how to start or load one; it loads a save string a friend
sent (Records and Recent games open from it too: tests/e2e/test_a11y.py)."""

from __future__ import annotations

import pytest
from gameplay import menu_item, open_game, start_game, table, wait_until_ready
from playwright.sync_api import Page, expect
from targi.app.session import Session

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}


def _phone(page: Page, site_url: str) -> Page:
    """The worker's reused page (nothing stored) at a phone's size, the site opened."""
    page.set_viewport_size(PHONE)
    return open_game(page, site_url)


def test_closing_the_welcome_with_nothing_kept_leaves_an_empty_table_to_start_from(
    reused_page: Page, site_url: str
):
    page = _phone(reused_page, site_url)
    welcome = page.locator("#dlg-new")
    expect(page.locator("#welcome")).to_be_visible()
    page.keyboard.press("Escape")
    expect(welcome).to_be_hidden()
    empty = page.locator("#no-game")
    expect(empty).to_be_visible()
    expect(empty.locator(".primary")).to_be_focused()
    assert page.evaluate("localStorage.getItem('targi.current')") is None  # nothing was started
    page.click("#no-game .primary")  # "Start a game": the welcome again
    expect(page.locator("#welcome")).to_be_visible()
    welcome.click(position={"x": 4, "y": 4})  # a click outside the dialog, on the backdrop
    expect(welcome).to_be_hidden()
    expect(empty).to_be_visible()
    menu_item(page, "stats")  # the header works from here
    expect(page.locator("#dlg-stats")).to_be_visible()
    page.keyboard.press("Escape")
    expect(empty).to_be_visible()
    expect(welcome).to_be_hidden()
    page.click("#no-game .primary")
    start_game(page, "hotseat")
    expect(empty).to_be_hidden()


def test_a_first_visit_has_the_focus_on_play_so_enter_starts_a_game(
    reused_page: Page, site_url: str
):
    """The welcome opens while the loading screen still covers the page: focus set then did not
    take, and a keyboard player started on the page's body, two Tabs from Play."""
    page = reused_page
    page.set_viewport_size({"width": 1280, "height": 900})
    open_game(page, site_url)
    play = page.locator("#welcome [data-action=play]")
    expect(play).to_be_focused()
    assert page.evaluate("document.activeElement.matches(':focus-visible')")
    page.keyboard.press("Enter")
    expect(page.locator("#dlg-new")).to_be_hidden()
    expect(page.locator("#table")).to_be_visible()


def test_the_welcome_loads_a_save_string_and_a_mangled_one_loses_nothing(
    reused_page: Page, site_url: str
):
    page = _phone(reused_page, site_url)
    page.click("#dlg-new [data-action=open-load]")
    load = page.locator("#dlg-load")
    expect(load).to_be_visible()
    expect(page.locator("#dlg-new")).to_be_hidden()
    code = Session.new(5, 0, "hotseat").encode()
    mangled = code[:-3] + "!!!"
    page.fill("#load-text", mangled)
    page.click("[data-action=load-string]")
    expect(page.locator("#load-message")).to_contain_text("save string")
    expect(load).to_be_visible()
    assert page.input_value("#load-text") == mangled  # the pasted text is still there
    assert table(page)["hidden"]
    page.keyboard.press("Escape")  # back to the welcome
    expect(page.locator("#welcome")).to_be_visible()
    page.click("#dlg-new [data-action=open-load]")
    page.fill("#load-text", code)
    page.click("[data-action=load-string]")
    expect(load).to_be_hidden()
    page.wait_for_function("() => !document.getElementById('table').hidden")
    assert table(page)["seq"] == 0 and table(page)["mode"] == "hotseat"


def _lose_the_pointers_and_reload(page: Page) -> None:
    """The kept games stay, the pointers to the one on the table go (as when it could not be
    read): the next start shows the welcome."""
    page.evaluate("localStorage.removeItem('targi.current'); sessionStorage.clear()")
    page.reload()
    wait_until_ready(page)
    expect(page.locator("#welcome")).to_be_visible()


def _current_envelope(page: Page) -> dict:
    return page.evaluate(
        "JSON.parse(localStorage.getItem('targi.saved.' + localStorage.getItem('targi.current')))"
    )


def test_play_from_the_welcome_starts_a_game_at_the_remembered_level_and_escape_continues(
    reused_page: Page, site_url: str
):
    """Each of the welcome's ways back to a kept game after a start that has no pointer to it
    (as when the game on the table could not be read), and Play at the level used last.
    (Closing the welcome back to the game played last was a test of its own, a load, a game
    and a reload more, until 2026-11-27: it is the Escape here.)"""
    page = _phone(reused_page, site_url)
    expect(page.locator("#welcome-continue")).to_be_hidden()  # nothing kept yet
    # a title screen: the New game form is folded away until asked for (start_game unfolds it)
    expect(page.locator("#new-ai")).to_be_hidden()
    expect(page.locator("#new-hotseat")).to_be_hidden()
    expect(page.locator("#new-options")).to_have_attribute("aria-expanded", "false")
    start_game(page, "ai", level="hard")
    first = _current_envelope(page)
    assert first["level"] == "hard"
    _lose_the_pointers_and_reload(page)
    expect(page.locator("#play-level")).to_contain_text("Hard")
    expect(page.locator("#welcome-continue")).to_be_visible()
    page.keyboard.press("Escape")  # a game is kept: back to it, on the table
    expect(page.locator("#dlg-new")).to_be_hidden()
    assert _current_envelope(page)["id"] == first["id"]
    assert not table(page)["hidden"]
    expect(page.locator("#no-game")).to_be_hidden()
    _lose_the_pointers_and_reload(page)
    page.click("#welcome [data-action=continue]")
    expect(page.locator("#dlg-new")).to_be_hidden()
    assert _current_envelope(page)["id"] == first["id"]
    _lose_the_pointers_and_reload(page)
    page.click("#welcome [data-action=play]")
    expect(page.locator("#dlg-new")).to_be_hidden()
    page.wait_for_function("() => localStorage.getItem('targi.current') !== null")
    second = _current_envelope(page)
    assert second["id"] != first["id"] and (second["mode"], second["level"]) == ("ai", "hard")
    assert table(page)["mode"] == "ai" and table(page)["seq"] == 0


# Where the welcome's last controls lie against the window (Close's bar: its top and bottom).
LAST_CONTROLS = """() => { const box = (s) => document.querySelector(s).getBoundingClientRect();
    return {options: box('#new-options').bottom, bar: box('#dlg-new .dialog-actions').top,
            close: box('#dlg-new-close').bottom, inner: innerHeight}; }"""


@pytest.mark.parametrize("size", [(360, 640), (390, 844)], ids=["360x640", "390x844"])
def test_the_welcome_shows_its_options_and_close_without_scrolling_on_a_phone(
    reused_page: Page, site_url: str, size: tuple[int, int]
):
    """The title screen is one screen: "Choose the level and who starts" and Close are on it
    with nothing to scroll, on a small phone too (Close's bar stays at the dialog's foot)."""
    reused_page.set_viewport_size({"width": size[0], "height": size[1]})
    page = open_game(reused_page, site_url)
    expect(page.locator("#new-options")).to_be_visible()
    found = page.evaluate(LAST_CONTROLS)
    assert found["options"] <= found["bar"] and found["close"] <= found["inner"], found
