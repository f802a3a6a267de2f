"""Cards laid out like cards (issue 21), in Chromium: at the four sizes the issue judges by, no
visible text of the table or of the card reference is under 12 px, no card's text leaves its
card, and every card face shows an illustration of web/art/ that the site ships. On a touch
screen the page says how to read a card without "hover"."""

from __future__ import annotations

import random

import pytest
from gameplay import menu_item, open_game, play, resize, start_game, tips_off, wait_for_turn
from pageutil import SharedPage
from playwright.sync_api import Page, expect
from positions import face_down

# One worker runs the module, so each shared page is loaded and played once.
pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("cards")]

SIZES = [(1280, 900), (1920, 1080), (390, 844), (360, 640)]

# Every visible text node under `root`: those under 12 px, and those inside a card (a board
# cell or a card face) whose box is not inside the card's box or that is cut by its own box.
# Words hidden on purpose (for screen readers only: `.sr-only`, or the short words a small card
# face hides behind its icons with the same clip) are not seen, so not measured.
MEASURE = """(root) => {
    const small = [], outside = [];
    const hidden = (el) => el.closest('.sr-only, [hidden]') !== null
        || getComputedStyle(el).clipPath === 'inset(50%)';
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const el = n.parentElement;
        if (!n.textContent.trim() || el.offsetParent === null || hidden(el)) continue;
        const name = `${el.className || el.tagName} "${n.textContent.trim().slice(0, 20)}"`;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size < 11.99) small.push(`${name}: ${size}px`);
        const card = el.closest('.cell, .card.face');
        if (card === null) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const c = card.getBoundingClientRect();
        for (const r of range.getClientRects()) {
            if (r.width === 0) continue;
            if (r.left < c.left - 1 || r.right > c.right + 1
                || r.top < c.top - 1 || r.bottom > c.bottom + 1)
                outside.push(`${name} in ${card.className}`);
        }
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
            outside.push(`${name} cut`);
    }
    return {small, outside}; }"""

# Every illustration window shown: the art file its CSS paints.
ART = """(root) => [...root.querySelectorAll('.art')]
    .filter(el => el.offsetParent !== null || getComputedStyle(el).position === 'absolute')
    .map(el => ({cls: el.className, image: getComputedStyle(el).backgroundImage}))"""


def _mid_game(shared_page: SharedPage, site_url: str, size: tuple[int, int]) -> Page:
    """The module's game for this kind of screen (a phone: touch, under 600 px), at `size`, with
    the card reference closed."""
    width, height = size
    phone = width < 600

    def play_to_round_4(page: Page) -> None:
        open_game(page, site_url)
        start_game(page, "hotseat")
        tips_off(page)
        play(page, random.Random(7), clicks=40)  # round 4 or so: displays, face-down cards, hands
        wait_for_turn(page)

    page = shared_page(
        "phone" if phone else "laptop",
        play_to_round_4,
        viewport={"width": width, "height": height},
        has_touch=phone,
        is_mobile=phone,
    )
    if page.locator("#dlg-page").is_visible():
        page.keyboard.press("Escape")
        expect(page.locator("#dlg-page")).to_be_hidden()
    resize(page, width, height)
    return page


def _check(page: Page, root: str) -> None:
    found = page.evaluate(MEASURE, page.locator(root).element_handle())
    assert found["small"] == [], found["small"]
    assert found["outside"] == [], found["outside"]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_text_on_the_table_or_the_cards_is_under_12px_and_card_text_stays_in_its_card(
    shared_page: SharedPage, site_url: str, size: tuple[int, int]
):
    page = _mid_game(shared_page, site_url, size)
    _check(page, "#table")
    menu_item(page, "cards")
    expect(page.locator("#dlg-page [data-card]").first).to_be_visible()
    _check(page, "#page-body")


def test_every_card_face_shows_an_illustration_the_site_ships(
    shared_page: SharedPage, new_context, site_url: str
):
    page = _mid_game(shared_page, site_url, (1280, 900))
    shown = page.evaluate(ART, page.locator("#table").element_handle())
    menu_item(page, "cards")
    expect(page.locator("#dlg-page [data-card]").first).to_be_visible()
    reference = page.evaluate(ART, page.locator("#page-body").element_handle())
    # the reference shows all 80 cards: every border card, goods kind and tribe symbol
    assert len(reference) == 16 + 12 + 45, len(reference)
    urls = set()
    for art in shown + reference:
        assert "/web/art/" in art["image"] and art["image"].endswith('.svg")'), art
        urls.add(art["image"].split('"')[1])
    # a face-down card shows its deck's back: a game whose centre holds one of each kind
    context = new_context(viewport={"width": 1280, "height": 900})
    page = open_game(context.new_page(), site_url + "#g=" + face_down())
    expect(page.locator("#board .cell.down").first).to_be_visible()
    down = page.evaluate(ART, page.locator("#board").element_handle())
    backs = {a["cls"] for a in down if "back-" in a["cls"]}
    assert backs == {"art a-back-goods", "art a-back-tribe"}, down
    urls.update(a["image"].split('"')[1] for a in down)
    for url in sorted(urls):
        response = page.request.get(url)
        assert response.ok and response.headers["content-type"].startswith("image/svg"), url


def test_a_touch_screen_says_press_and_hold_where_a_mouse_reads_hover(new_context, site_url: str):
    context = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = open_game(context.new_page(), site_url)
    assert page.evaluate("matchMedia('(hover: none)').matches")
    start_game(page, "hotseat")
    tip = page.locator("#tip .tip[data-tip=place] p")
    expect(tip).to_contain_text("Press and hold")
    assert "hover" not in tip.inner_text().lower()
    menu_item(page, "cards")
    body = page.locator("#page-body")
    expect(body).to_contain_text("Press and hold a card")
    assert "hover" not in body.inner_text().lower()
    page.keyboard.press("Escape")
    menu_item(page, "rules")
    expect(page.locator("#rules-crossings")).to_contain_text("press and hold")
    assert "hover" not in page.locator("#page-body").inner_text().lower()


def test_a_mouse_reads_hover_or_focus(game_page: Page):
    assert game_page.evaluate("matchMedia('(hover: hover)').matches")
    start_game(game_page, "hotseat")
    tip = game_page.locator("#tip .tip[data-tip=place] p")
    expect(tip).to_contain_text("Hover or focus")
    assert "press and hold" not in tip.inner_text().lower()
