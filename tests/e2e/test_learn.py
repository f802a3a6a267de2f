"""Learning in the app and following the game, in the browser: the crossing preview, first-game
tips, the rules / card reference / about pages, "since your last move", card texts, and move
animations (on at a pace, off under reduced motion)."""

from __future__ import annotations

import json
import random
import re

import pytest
from gameplay import (
    click_move,
    menu_item,
    open_game,
    play,
    resize,
    start_game,
    stored,
    table,
    wait_for_turn,
)
from playwright.sync_api import Page, expect
from targi.app.session import Session

pytestmark = pytest.mark.e2e

ANIMATIONS = "() => document.getAnimations().filter(a => a.id === 'targi-move').length"


def _settings(page: Page) -> dict:
    return json.loads(stored(page, "targi.settings") or "{}")


# ---- the crossing preview ----------------------------------------------------------------------
def test_hovering_or_focusing_a_border_card_previews_its_crossings_and_every_card_its_text(
    game_page: Page,
):
    """Every card shows its full text on hover (a border card, a tribe card; on a long press:
    the test after this), then the crossing preview, on the same game (a test each paid the
    site's opening twice)."""
    page = game_page
    start_game(page, "hotseat")
    page.locator('#board [data-border="1"]').hover()
    expect(page.locator("#cardtip")).to_have_text(
        "Noble (1): Play your hand card, paying its cost, or discard it."
    )
    tribe = page.locator("#board [data-space] .card.tribe").first
    tribe.hover()
    expect(page.locator("#cardtip")).to_contain_text(" VP, costs ")
    click_move(page, "t2")  # Blue: the column B E H
    click_move(page, "t3")  # Red
    cell = page.locator('#board [data-move="t14"]')  # Blue: the row D E F
    cell.hover()
    expect(page.locator('#board [data-space="E"]')).to_have_class(re.compile(r"\bpreview-claim\b"))
    expect(page.locator('#board [data-border="6"]')).to_have_class(
        re.compile(r"\bpreview-closed\b")
    )
    expect(page.locator(".preview-claim")).to_have_count(1)
    tip = page.locator("#cardtip")
    expect(tip).to_be_visible()
    expect(tip).to_contain_text("(E)")
    expect(tip).to_contain_text("Pepper (6)")
    assert cell.get_attribute("aria-describedby") == "cardtip"
    page.mouse.move(5, 5)  # away: the outlines go
    expect(page.locator(".preview-claim, .preview-closed")).to_have_count(0)
    expect(tip).to_be_hidden()
    # the keyboard gets the same
    page.keyboard.press("Tab")
    page.locator('#board [data-move="t15"]').focus()
    expect(page.locator('#board [data-space="B"]')).to_have_class(re.compile(r"\bpreview-claim\b"))
    expect(tip).to_contain_text("Merchant (5)")


def test_a_long_press_reads_a_card_without_playing_it(phone_tab, site_url: str):
    page = open_game(phone_tab(), site_url)
    start_game(page, "hotseat")
    box = page.locator('#board [data-move="t2"]').bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    # a touch held for a while: pointer events as a finger makes them
    page.evaluate(
        """([x, y]) => {
          const el = document.elementFromPoint(x, y);
          const opts = {bubbles: true, pointerType: 'touch', clientX: x, clientY: y};
          el.dispatchEvent(new PointerEvent('pointerdown', opts));
          window.__release = () => {
            el.dispatchEvent(new PointerEvent('pointerup', opts));
            el.click();
          };
        }""",
        [x, y],
    )
    expect(page.locator("#cardtip")).to_contain_text("Dates (2): Take 1 date.")
    page.evaluate("() => window.__release()")
    # The next ordinary click makes the game's first move: the long press on t2 made none.
    click_move(page, "t3")
    assert table(page)["seq"] == 1
    expect(page.locator('#board [data-move="t2"]')).to_have_count(1)  # still free for Red
    expect(page.locator('#board [data-border="3"]')).to_have_class(re.compile(r"\blast\b"))


# ---- first-game tips ---------------------------------------------------------------------------
def test_tips_show_once_can_be_dismissed_and_are_remembered(game_page: Page, site_url: str):
    page = game_page
    start_game(page, "ai", starter="me")
    tip = page.locator("#tip .tip")
    expect(tip).to_have_attribute("data-tip", "place")
    assert _settings(page)["tips_seen"] == ["place"]
    page.click("[data-action=tip-dismiss]")
    expect(tip).to_have_count(0)
    rnd = random.Random(1)
    while True:  # place until it is your turn to act (the computer may still be placing)
        wait_for_turn(page)
        if table(page)["phase"] != "place":
            break
        play(page, rnd, clicks=1)
    expect(tip).to_have_attribute("data-tip", "act")  # the next kind of decision has its own
    page.reload()
    open_game(page, site_url)
    expect(page.locator("#table")).to_be_visible()
    expect(tip).to_have_count(0)  # seen: not again after a reload
    start_game(page, "ai", starter="me")
    expect(tip).to_have_count(0)  # nor in the next game


def test_tips_can_be_turned_off_and_on(game_page: Page):
    page = game_page
    start_game(page, "hotseat")
    expect(page.locator("#tip .tip")).to_be_visible()
    page.click("[data-action=tips-off]")
    expect(page.locator("#tip .tip")).to_have_count(0)
    assert _settings(page)["tips"] is False
    menu_item(page, "rules")
    toggle = page.locator("[data-action=tips-toggle]")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    expect(page.locator("#tip .tip")).to_have_attribute("data-tip", "place")  # from the start
    assert _settings(page)["tips"] is True


# ---- the reading pages -------------------------------------------------------------------------
def test_the_card_reference_and_about_show_their_content_and_each_reading_page_opens_at_its_top(
    game_page: Page,
):
    """The card reference (all cards, what is unseen), About (credits, provenance, the version),
    then at 390x844 every reading page opened after each other one and after itself, read down
    to its bottom first: each opens at its top. One game on one page, where a test each opened
    the site three times (the rules page's content is read with its drawings, below)."""
    page = game_page
    start_game(page, "hotseat")
    menu_item(page, "cards")
    body = page.locator("#page-body")
    expect(page.locator("#dlg-page")).to_be_visible()
    expect(page.locator("#page-title")).to_have_text("All 80 cards")
    expect(body.locator("li[data-card^=B]")).to_have_count(16)
    expect(body.locator("li[data-card^=T]")).to_have_count(45)
    expect(body.locator("li[data-card^=T].unseen")).to_have_count(41)  # 4 lie face up
    expect(body.locator("#cards-unseen")).to_contain_text("Tribe cards: 41")
    expect(body.locator("#cards-unseen")).to_contain_text("Goods cards: 14")
    page.click("#dlg-page [data-action=close]")
    expect(page.locator("#dlg-page")).to_be_hidden()

    menu_item(page, "about")
    about = page.locator("#dlg-page")
    expect(about).to_contain_text("Andreas Steiger")
    expect(about).to_contain_text("KOSMOS")
    expect(about.locator("[data-fact]")).to_have_count(9)
    expect(about).to_contain_text("reconstructed")
    version = page.evaluate("async () => (await (await fetch('./build.json')).json()).version")
    expect(page.locator("#about-version")).to_have_text(f"Version {version}")
    page.keyboard.press("Escape")
    expect(about).to_be_hidden()

    resize(page, 390, 844)
    scrolled = """() => [document.getElementById('dlg-page').scrollTop,
        document.querySelector('#dlg-page .dialog').scrollTop]"""
    opened = []
    # each page after each other one, and after itself, read down to its bottom
    for action in ("rules", "cards", "about", "about", "rules", "rules", "cards", "cards", "rules"):
        menu_item(page, action)
        expect(page.locator("#dlg-page")).to_be_visible()
        opened.append((action, page.evaluate(scrolled)))
        page.evaluate(
            """() => { const d = document.querySelector('#dlg-page .dialog');
            d.scrollTop = d.scrollHeight; }"""
        )
        page.wait_for_function("() => document.querySelector('#dlg-page .dialog').scrollTop > 500")
        page.keyboard.press("Escape")
        expect(page.locator("#dlg-page")).to_be_hidden()
    assert opened == [(action, [0, 0]) for action, _ in opened]


# Words of the rules' drawings that do not fit: an SVG text reaching out of its drawing's box
# (an SVG clips it), or an HTML label cut by its box or running out of its figure.
CUT_DRAWING_TEXT = """() => {
  const out = [];
  const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5
    && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
  for (const fig of document.querySelectorAll('#page-body figure.rule-drawing')) {
    for (const t of fig.querySelectorAll('svg text'))
      if (!inside(t.getBoundingClientRect(), t.closest('svg').getBoundingClientRect()))
        out.push('svg: ' + t.textContent);
    for (const t of fig.querySelectorAll('.result, figcaption'))
      if (!inside(t.getBoundingClientRect(), fig.getBoundingClientRect())
          || t.scrollWidth > t.clientWidth + 1)
        out.push('label: ' + t.textContent);
  }
  return out;
}"""


DRAWING_SIZES = [(360, 640), (1280, 900)]


def test_the_rules_page_has_every_section_and_its_drawings_words_fit_in_every_language(
    game_page: Page,
):
    """The rules page opened from the welcome, with every section and ruling (read in English),
    back to the welcome on Escape; its drawings' words fit at 360x640 and 1280x900 in each
    language: the rules opened once a language (from the welcome, whose menu switches the
    language without a reload) and measured at both sizes, the window resized under it, where
    a test a size switched every language and opened the rules again (in a first visit of a
    page of its own: this is a return visit in the worker's page)."""
    page = game_page
    sizes = list(DRAWING_SIZES)
    cut = {}
    for lang in ("en", "de", "pl", "ja", "zh-Hans"):
        page.select_option("#new-lang", lang)  # the welcome's menu: no reload
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
        page.click("#dlg-new [data-action=rules]")
        dialog = page.locator("#dlg-page")
        expect(dialog.locator("figure.rule-drawing")).to_have_count(4)
        if lang == "en":  # the rules page opens with every section and ruling
            expect(dialog).to_be_visible()
            expect(dialog.locator("section[id^=rules-]")).to_have_count(13)
            expect(dialog.locator("li[id^=ruling-R]")).to_have_count(14)
            expect(dialog).to_contain_text("tribe marker")
        for width, height in sizes:
            resize(page, width, height)
            if found := page.evaluate(CUT_DRAWING_TEXT):
                cut[(lang, width, height)] = found
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        expect(page.locator("#dlg-new")).to_be_visible()  # back to the welcome
        sizes.reverse()  # one resize a language: it starts where the last one ended
    assert cut == {}


# ---- following the game ------------------------------------------------------------------------
def test_since_your_last_move_tells_the_other_players_moves_and_the_computers_turn(
    game_page: Page,
):
    """A two-player game, then a game against the computer on the same page (a test each paid
    the page's opening twice)."""
    page = game_page
    start_game(page, "hotseat")
    since = page.locator("#since")
    expect(since.locator("li")).to_have_count(0)
    click_move(page, "t2")
    expect(since).to_contain_text("Since Red's last move")
    expect(since).to_contain_text("Blue places a Targi on Dates (2)")
    click_move(page, "t3")
    expect(since).to_contain_text("Red places a Targi on Salt (3)")
    expect(since).not_to_contain_text("Dates (2)")

    start_game(page, "ai", starter="me")
    click_move(page, "t2")
    wait_for_turn(page)
    expect(since).to_contain_text("Since your last move")
    expect(since).to_contain_text("Computer places a Targi on")


def test_moves_animate_at_a_pace_and_end_at_once_at_the_instant_pace_or_with_reduced_motion(
    game_page: Page,
):
    """Three new games on one page (a test each paid the page's opening three times): at the
    slow pace the Targis walk and the game still plays by clicks; at the instant pace, and with
    the system's reduced motion at the slow pace, every move shows its end state at once."""
    page = game_page
    start_game(page, "hotseat", pace="slow")
    seen = []
    rnd = random.Random(5)
    for _ in range(8):
        play(page, rnd, clicks=1)
        seen.append(page.evaluate(ANIMATIONS))
    assert page.get_attribute("html", "data-motion") == "on"
    assert max(seen) > 0  # the Targis walked to their cards

    start_game(page, "hotseat", pace="instant")
    rnd = random.Random(5)
    for _ in range(6):
        play(page, rnd, clicks=1)
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")
        assert page.evaluate(ANIMATIONS) == 0

    page.emulate_media(reduced_motion="reduce")
    start_game(page, "hotseat", pace="slow")
    rnd = random.Random(5)
    counts = []
    for _ in range(12):
        play(page, rnd, clicks=1)
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")
        counts.append(page.evaluate(ANIMATIONS))
    assert page.get_attribute("html", "data-motion") == "off"
    assert counts == [0] * 12


def _finished_game() -> Session:
    s = Session.new(8, 0, "hotseat")
    rnd = random.Random(8)
    while not s.over:
        s.play(rnd.choice(s.game.legal_moves()))
    return s


def test_the_score_screen_shows_the_winner_both_displays_the_bars_and_every_point_s_source(
    reused_page: Page, site_url: str
):
    """The finished game opened from its link in the worker's page (a return visit; its own
    page was a first visit), read at 390x844 and at 1280x900 with no sideways scrolling (the
    window resized), then where every point came from."""
    s = _finished_game()
    v = s.view()
    page = open_game(reused_page, f"{site_url}#g={s.encode()}")
    verdict = page.locator("#score .verdict")
    for size in ((390, 844), (1280, 900)):
        resize(page, *size)
        expect(verdict).to_be_visible()
        assert verdict.get_attribute("data-winner") == (
            "" if v["winner"] is None else str(v["winner"])
        )
        for p in (0, 1):
            final = page.locator(f"#score .finals [data-final='{p}']")
            expect(final).to_be_visible()
            placed = [c for row in v["players"][p]["display"] for c in row]
            expect(final.locator("[data-card]")).to_have_count(len(placed))
            tokens = page.locator(f"#score [data-bar=tokens] [data-player='{p}'] .n")
            expect(tokens).to_be_visible()
            expect(tokens).to_have_text(str(v["scores"][p]["tokens"]))
        expect(page.locator("#score [data-bar]")).to_have_count(4)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), size
        width = page.evaluate("document.getElementById('score').getBoundingClientRect().right")
        assert width <= size[0], size
    for p in (0, 1):
        why = page.locator(f"#score .why.p{p}")
        for key in ("tokens", "cards", "row1", "row2", "row3"):
            expect(why.locator(f'li[data-why="{key}"]')).to_have_count(1)
        expect(why.locator('li[data-why="tokens"]')).to_contain_text(str(v["scores"][p]["tokens"]))
