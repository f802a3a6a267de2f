"""The one-row header (issue 21): at most 56 px tall at every size, every tool and menu item on
screen at 360 px in every language with no sideways scrolling, the menu by keyboard (Escape gives
focus back) and a click outside, and sound switched on, remembered and heard.

The checks that only look (the sizes, the languages, the menu opened and closed) share one page
with a two-player game on the table (`shared_page`): each sets its window size itself."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from gameplay import WAIT_MS, choose_setting, menu_item, open_game, resize, start_game
from pageutil import SharedPage
from playwright.sync_api import Page, expect

# One worker runs the module, so its shared page is loaded once.
pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("header")]

SIZES = [(1920, 1080), (1280, 900), (390, 844), (360, 640)]
LANGUAGES = ("en", "de", "pl", "ja", "zh-Hans")

# Each header tool and menu item: where it is, whether the page scrolls sideways.
CONTROLS = """() => {
  const out = [];
  const all = "header.top .tools > button, #menu-button, #menu button";
  for (const c of document.querySelectorAll(all)) {
    const r = c.getBoundingClientRect();
    out.push({action: c.dataset.action, left: r.left, right: r.right, top: r.top,
              bottom: r.bottom, width: r.width, height: r.height,
              shown: c.checkVisibility(), cut: c.scrollWidth > c.clientWidth + 1});
  }
  const header = document.querySelector("header.top").getBoundingClientRect().height;
  return {controls: out, scroll: document.documentElement.scrollWidth, width: innerWidth,
          height: innerHeight, header};
}"""


def _table(shared_page: SharedPage, site_url: str, width: int, height: int) -> Page:
    """The module's page with a two-player game on the table, at width x height (in the language
    the test before left: each test that reads words chooses its own)."""

    def hotseat(page: Page) -> None:
        open_game(page, site_url)
        start_game(page, "hotseat")

    page = shared_page("hotseat", hotseat)
    resize(page, width, height)
    return page


def _measure(page: Page) -> dict:
    measured: dict = page.evaluate(CONTROLS)
    return measured


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_header_is_one_row_at_most_56_px_tall(
    shared_page: SharedPage, site_url: str, width: int, height: int
):
    page = _table(shared_page, site_url, width, height)
    for lang in LANGUAGES:
        choose_setting(page, "lang", lang)
        m = _measure(page)
        assert m["header"] <= 56, f"{lang}: header {m['header']} px tall"
        row = [c for c in m["controls"] if c["action"] in ("open-new", "undo", "hint", "menu")]
        assert len(row) == 4 and all(c["shown"] for c in row)
        assert max(c["top"] for c in row) - min(c["top"] for c in row) < 2, f"{lang}: two rows"
        assert m["scroll"] <= m["width"], f"{lang}: the page scrolls sideways"


def test_every_header_and_menu_control_is_on_screen_at_360_px_in_every_language(
    shared_page: SharedPage, site_url: str
):
    page = _table(shared_page, site_url, 360, 640)
    problems = []
    for lang in LANGUAGES:
        choose_setting(page, "lang", lang)
        page.click("[data-action=menu]")
        expect(page.locator("#menu")).to_be_visible()
        m = _measure(page)
        assert len(m["controls"]) == 14  # four tools, ten menu items
        for c in m["controls"]:
            inside = c["left"] >= 0 and c["right"] <= m["width"] and c["bottom"] <= m["height"]
            if not (c["shown"] and inside and not c["cut"]):
                problems.append((lang, c))
            if c["width"] < 44 or c["height"] < 44:
                problems.append((lang, "smaller than 44 px", c))
        if m["scroll"] > m["width"]:
            problems.append((lang, "scrolls sideways", m["scroll"]))
        page.keyboard.press("Escape")
        expect(page.locator("#menu")).to_be_hidden()
    assert problems == []


def test_the_menu_works_from_the_keyboard_and_escape_gives_focus_back(
    shared_page: SharedPage, site_url: str
):
    page = _table(shared_page, site_url, 1280, 720)
    button = page.locator("[data-action=menu]")
    expect(button).to_have_attribute("aria-expanded", "false")
    button.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#menu")).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "true")
    # Tab walks every item, in order
    items = page.locator("#menu button").evaluate_all("bs => bs.map(b => b.dataset.action)")
    reached = [page.evaluate("document.activeElement.dataset.action")]
    for _ in items[1:]:
        page.keyboard.press("Tab")
        reached.append(page.evaluate("document.activeElement.dataset.action"))
    assert reached == items
    page.keyboard.press("Escape")
    expect(page.locator("#menu")).to_be_hidden()
    expect(button).to_have_attribute("aria-expanded", "false")
    assert page.evaluate("document.activeElement.id") == "menu-button"
    # an item: the menu closes, its dialog opens and gives focus back to the menu button
    page.keyboard.press("Enter")
    page.focus("#menu [data-action=settings]")
    page.keyboard.press("Enter")
    expect(page.locator("#dlg-settings")).to_be_visible()
    expect(page.locator("#menu")).to_be_hidden()
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-settings")).to_be_hidden()
    assert page.evaluate("document.activeElement.id") == "menu-button"


def test_a_click_outside_the_menu_closes_it(shared_page: SharedPage, site_url: str):
    page = _table(shared_page, site_url, 1280, 720)
    page.click("[data-action=menu]")
    expect(page.locator("#menu")).to_be_visible()
    page.click("#status")
    expect(page.locator("#menu")).to_be_hidden()
    expect(page.locator("[data-action=menu]")).to_have_attribute("aria-expanded", "false")


def test_settings_hold_pace_hints_language_theme_and_sound_each_remembered_and_sound_heard(
    game_page: Page,
):
    """Settings holds the pace, hints, language, theme, tips and sound, and the header none of
    them. Sound is off until switched on, then heard on a move; a reload keeps it on, with the
    theme, the pace and the Hint's level chosen; the menu's switch turns it off, and a reload
    keeps that too. (Two tests until 2026-11-26, each a game started and reloaded.)"""
    page = game_page
    start_game(page, "hotseat")
    html = page.locator("html")
    expect(html).to_have_attribute("data-sound", "off")
    menu_item(page, "settings")
    dialog = page.locator("#dlg-settings")
    for control in ("#pace", "#hint-level", "#lang", "#theme-choice", "#settings-tips", "#sound"):
        expect(dialog.locator(control)).to_be_visible()
    assert page.locator("header.top select").count() == 0  # none left in the header
    sound = page.locator("#sound")
    expect(sound).to_have_attribute("aria-pressed", "false")
    sound.click()
    expect(html).to_have_attribute("data-sound", "on")
    expect(sound).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    page.click("#board [data-move^=t]")  # place a Targi
    page.wait_for_function("() => window.targiSound.last === 'place'", timeout=WAIT_MS)
    menu_item(page, "settings")
    page.select_option("#theme-choice", "dark")
    expect(html).to_have_attribute("data-theme", "dark")
    page.select_option("#pace", "slow")
    page.select_option("#hint-level", "expert")  # (test_expert.py's reload, until 2026-11-27)
    page.keyboard.press("Escape")
    page.reload()
    page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=WAIT_MS)
    assert page.input_value("#pace") == "slow" and page.input_value("#theme-choice") == "dark"
    assert page.input_value("#hint-level") == "expert"
    expect(html).to_have_attribute("data-sound", "on")
    menu_item(page, "sound")  # the menu's switch: off again, remembered too
    expect(html).to_have_attribute("data-sound", "off")
    expect(page.locator("#menu-sound")).to_have_attribute("aria-pressed", "false")
    page.reload()
    page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=WAIT_MS)
    expect(html).to_have_attribute("data-sound", "off")


def test_sound_without_webaudio_is_silent_and_no_error(new_tab: Callable[[], Page], site_url: str):
    page = new_tab()  # a tab of its own: an init script stays for good
    page.add_init_script("delete window.AudioContext; delete window.webkitAudioContext;")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_game(page, site_url)
    start_game(page, "hotseat")
    menu_item(page, "sound")
    expect(page.locator("html")).to_have_attribute("data-sound", "on")
    page.keyboard.press("Escape")
    seq = page.evaluate("document.getElementById('table').dataset.seq")
    page.click("#board [data-move^=t]")
    page.wait_for_function(f"() => document.getElementById('table').dataset.seq !== '{seq}'")
    assert page.evaluate("window.targiSound.last") == "" and errors == []
    expect(page.locator("#notice")).to_be_hidden()
