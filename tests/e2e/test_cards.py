"""Cards laid out like cards (issue 21), in Chromium: at the four sizes the issue judges by, no
visible text of the table or of the card reference is under 12 px, no card's text leaves its
card, and every card face shows an illustration of web/art/ that the site ships. On a touch
screen the page says how to read a card without "hover"."""

from __future__ import annotations

import random
from functools import cache

import pytest
from gameplay import (
    SETTLED,
    WAIT_MS,
    follow_link,
    menu_item,
    open_game,
    resize,
    score_screen,
    set_setting,
    start_game,
    tips_off,
    wait_for_turn,
)
from pageutil import SharedPage
from playwright.sync_api import ElementHandle, Page, expect
from positions import face_down, finished, mid_game
from targi.app.html.render import Renderer
from targi.app.session import Session
from targi.app.text.catalog import Catalog
from targi.cards import CARDS

# One worker runs the module, so each shared page is loaded and played once.
pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("cards")]

SIZES = [(1280, 900), (1920, 1080), (390, 844), (360, 640)]
PHONES = SIZES[2:]
LANGS = ("en", "de", "pl", "ja", "zh-Hans")

# Every visible text node under `root`: those under 12 px, and those inside a card (a board
# cell, else a card face) whose box is not inside the card's box or that is cut by its own box;
# an icon or a token counts as text (a card in a cell is measured against the cell: it clips).
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
        const card = el.closest('.cell') ?? el.closest('.card.face');
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
    for (const ic of root.querySelectorAll('.cell :is(.ic, .tok), .card.face :is(.ic, .tok)')) {
        if (ic.offsetParent === null || hidden(ic)) continue;
        const c = (ic.closest('.cell') ?? ic.closest('.card.face')).getBoundingClientRect();
        const r = ic.getBoundingClientRect();
        if (r.left < c.left - 1 || r.right > c.right + 1
            || r.top < c.top - 1 || r.bottom > c.bottom + 1)
            outside.push(`icon ${ic.className} in ${ic.closest('.cell, .card.face').className}`);
    }
    return {small, outside}; }"""

# In every board cell and card face under `root`, the parts a player reads that cover one
# another: the ink (text lines, icons) of the number, the name, the cost, the ability, the VP
# crosses and the goods must not overlap each other, and the name's and the words' ink must not
# lie on the illustration (the ability, the crosses and the symbol's band lie on it on purpose).
# A number keeps a gap of 3 px from its name on their line (else "10Silver" reads as one word).
OVERLAPS = """(root) => {
    const found = [];
    const PARTS = ['num', 'nm', 'cost', 'ab', 'vp', 'gd', 'tx', 'art'];
    const part = (el, card) => {
        for (let e = el; e && e !== card; e = e.parentElement)
            for (const p of PARTS) if (e.classList.contains(p)) return p;
        return null; };
    const shown = (el) => el.offsetParent !== null && el.closest('.sr-only, [hidden]') === null
        && getComputedStyle(el).clipPath !== 'inset(50%)';
    for (const card of root.querySelectorAll('.cell, .card.face')) {
        if (card.querySelector('.card.face') || !shown(card)) continue;  // a cell: its card
        const inks = [];
        const walk = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
            const p = part(n.parentElement, card);
            if (!p || !n.textContent.trim() || !shown(n.parentElement)) continue;
            if (n.parentElement.closest('.art') && p === 'art') continue;  // the symbol's band
            const range = document.createRange();
            range.selectNodeContents(n);
            for (const r of range.getClientRects())
                if (r.width > 0) inks.push({p, r, what: n.textContent.trim().slice(0, 16)});
        }
        for (const el of card.querySelectorAll('.ic, .art')) {
            const p = part(el, card);
            if (!p || !shown(el) || el.closest('.sym')) continue;
            if (el.classList.contains('art')
                && el !== card.querySelector(':scope > .art, :scope > .card > .art')) continue;
            inks.push({p, r: el.getBoundingClientRect(), what: el.className});
        }
        const OK = new Set(['ab art', 'art ab', 'vp art', 'art vp', 'num art', 'art num',
                            'gd art', 'art gd', 'cost art', 'art cost']);
        for (let i = 0; i < inks.length; i++) for (let j = i + 1; j < inks.length; j++) {
            const a = inks[i], b = inks[j];
            if (a.p === b.p || OK.has(`${a.p} ${b.p}`)) continue;
            const pair = `${a.p} ${b.p}`;
            const gap = pair === 'num nm' || pair === 'nm num' ? 3 : -1;
            const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
            const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
            if (w > -gap && h > 1)
                found.push(`${card.textContent.trim().slice(0, 20)}: `
                    + `${a.p} "${a.what}" on ${b.p} "${b.what}"`);
        }
    }
    return found; }"""

# Every illustration window shown: the art file its CSS paints.
ART = """(root) => [...root.querySelectorAll('.art')]
    .filter(el => el.offsetParent !== null || getComputedStyle(el).position === 'absolute')
    .map(el => ({cls: el.className, image: getComputedStyle(el).backgroundImage}))"""


@cache
def _after_40_moves() -> str:
    """The save string of a seeded random two-player game after 40 moves (round 3 or 4):
    displays, face-down cards, hands (opened as a link: the clicks that reached it took 10 s a
    page, and what is measured is the table, not the clicks)."""
    s = Session.new(7, 0, "hotseat")
    rnd = random.Random(7)
    while s.seq < 40:
        s.play(rnd.choice(s.view()["legal"]))
    return s.encode()


def _mid_game(shared_page: SharedPage, site_url: str, size: tuple[int, int]) -> Page:
    """The module's game for this kind of screen (a phone: touch, under 600 px), at `size`, with
    the card reference closed."""
    width, height = size
    phone = width < 600

    def open_after_40_moves(page: Page) -> None:
        open_game(page, f"{site_url}#g={_after_40_moves()}")
        wait_for_turn(page)
        tips_off(page)

    page = shared_page(
        "phone" if phone else "laptop",
        open_after_40_moves,
        viewport={"width": width, "height": height},
        has_touch=phone,
        is_mobile=phone,
    )
    if page.locator("#dlg-page").is_visible():
        page.keyboard.press("Escape")
        expect(page.locator("#dlg-page")).to_be_hidden()
    if page.get_attribute("#table", "data-seq") != "40":  # a test opened another game here
        follow_link(page, _after_40_moves(), 40)
        wait_for_turn(page)
    resize(page, width, height)
    return page


def _check(page: Page, root: str, where: object = None) -> None:
    found = page.evaluate(MEASURE, page.locator(root).element_handle())
    assert found["small"] == [], (where, found["small"])
    assert found["outside"] == [], (where, found["outside"])
    overlaps = page.evaluate(OVERLAPS, page.locator(root).element_handle())
    assert overlaps == [], (where, overlaps)


@pytest.mark.parametrize("sizes", [SIZES[:2], PHONES], ids=["laptops", "phones"])
def test_no_text_on_the_table_or_the_cards_is_under_12px_and_card_text_stays_in_its_card(
    shared_page: SharedPage, site_url: str, sizes: list[tuple[int, int]]
):
    """At each size of the kind of screen (1280x900 and 1920x1080 with a mouse, 390x844 and
    360x640 on a touch screen): the table, then the card reference opened once and measured at
    both sizes (the window resized under it)."""
    page = _mid_game(shared_page, site_url, sizes[0])
    for size in sizes:
        resize(page, *size)
        _check(page, "#table", size)
    menu_item(page, "cards")
    expect(page.locator("#dlg-page [data-card]").first).to_be_visible()
    for size in reversed(sizes):
        resize(page, *size)
        _check(page, "#page-body", size)


# Every tribe and goods card of the card reference (`faces`, their HTML), drawn in turn in a
# face-up central `cell` of the board (the cell keeps its size; its own card comes back after)
# and measured there: MEASURE's and OVERLAPS's findings. One call for all the cards (the boxes
# are laid out again for each card drawn).
IN_CELL_MEASURED = (
    """([faces, cell]) => { const measure = """
    + MEASURE
    + """; const overlaps = """
    + OVERLAPS
    + """; const found = [];
    const own = cell.querySelector('.card.incell').outerHTML;
    for (const face of faces) {
        cell.querySelector('.card.incell').outerHTML = face.replace(/\\bref\\b/, 'incell');
        const m = measure(cell);
        found.push(...m.small, ...m.outside, ...overlaps(cell));
    }
    cell.querySelector('.card.incell').outerHTML = own;
    return found; }"""
)


def test_every_tribe_and_goods_card_fits_a_central_cell_on_a_phone(
    shared_page: SharedPage, site_url: str
):
    """Whichever card lies in the display, its ability line, crosses and name stay inside the
    cell without overlapping (the game on the board shows only some of the 45 cards), at both
    phone sizes: the faces read once, the window resized between the two measurings."""
    page = _mid_game(shared_page, site_url, PHONES[0])
    menu_item(page, "cards")
    faces = page.locator("#dlg-page .ref-tribe .card.face, #dlg-page .ref-goods .card.face")
    expect(faces.first).to_be_visible()
    htmls = faces.evaluate_all("(els) => els.map((e) => e.outerHTML)")
    assert len(htmls) == 45 + 12, len(htmls)  # every tribe card, every kind of goods card
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-page")).to_be_hidden()
    problems = []
    for size in PHONES:
        resize(page, *size)
        cell = page.locator("#board .cell.central.up").first.element_handle()
        problems += [(size, p) for p in page.evaluate(IN_CELL_MEASURED, [htmls, cell])]
    assert problems == [], problems


# Every border cell's illustration: its box against the cell's.
BORDER_ART = """() => [...document.querySelectorAll('#board .cell.border')].map((cell) => {
    const c = cell.getBoundingClientRect(), a = cell.querySelector(':scope > .art');
    const r = a.getBoundingClientRect();
    return {cell: cell.textContent.trim().slice(0, 24), h: r.height, w: r.width / c.width}; })"""


def test_every_border_card_shows_its_illustration_in_a_phone_border_cell_in_every_language(
    shared_page: SharedPage, site_url: str
):
    """A border card with a two-line name or a two-line ability (Raid 4, Merchant, Silversmith,
    Tribal expansion, longer still in German or Polish) keeps a picture a player can see, at
    least as tall as a Targi on a phone, beside its name, number and icons, none on another: at
    both phone sizes in each language (one switch a language, the window resized in it)."""
    page = _mid_game(shared_page, site_url, PHONES[0])
    problems = []
    try:
        for lang in LANGS:
            set_setting(page, "lang", lang)
            expect(page.locator("html")).to_have_attribute("lang", lang, timeout=WAIT_MS)
            for size in PHONES:
                resize(page, *size)
                page.evaluate(SETTLED)
                for art in page.evaluate(BORDER_ART):
                    if art["h"] < 22 or art["w"] < 0.6:
                        problems.append((lang, size, art))
                board = page.locator("#board").element_handle()
                found = page.evaluate(MEASURE, board)
                problems += [(lang, size, p) for p in found["small"] + found["outside"]]
                # Chromium's text boxes in a CJK font are the font's ascent and descent, taller
                # than the 1.2 line: two lines' boxes overlap by about 3 px where no ink touches
                # (seen in /tmp/qa-board-ja-*.png), so the ink test reads the Latin-script ones
                if lang in ("en", "de", "pl"):
                    problems += [(lang, size, p) for p in page.evaluate(OVERLAPS, board)]
    finally:
        set_setting(page, "lang", "en")
        expect(page.locator("html")).to_have_attribute("lang", "en", timeout=WAIT_MS)
    assert problems == [], problems


def test_every_card_face_shows_an_illustration_the_site_ships(
    shared_page: SharedPage, site_url: str
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
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-page")).to_be_hidden()
    # a face-down card shows its deck's back: a game whose centre holds one of each kind,
    # opened from its link on the same page (`_mid_game` opens the module's game again)
    code = face_down()
    follow_link(page, code, Session.decode(code).seq)
    expect(page.locator("#board .cell.down").first).to_be_visible()
    down = page.evaluate(ART, page.locator("#board").element_handle())
    backs = {a["cls"] for a in down if "back-" in a["cls"]}
    assert backs == {"art a-back-goods", "art a-back-tribe"}, down
    urls.update(a["image"].split('"')[1] for a in down)
    for url in sorted(urls):
        response = page.request.get(url)
        assert response.ok and response.headers["content-type"].startswith("image/svg"), url


def test_a_touch_screen_says_press_and_hold_where_a_mouse_reads_hover(phone_tab, site_url: str):
    page = open_game(phone_tab(), site_url)
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


# The pieces of every card name under `root` that a player reads as one: a name may break
# between its words, after a hyphen and at the catalog's soft hyphens (the browser shows the
# hyphen there), nowhere else. A piece whose first and last letters lie on different lines is
# split ("Ambus" / "h"). A letter's line is the top of its Range's last client rect: a Range
# that starts where a line ends also yields a rect there (the hyphen shown at a soft hyphen).
SPLIT_WORDS = """(root) => {
    const found = [];
    const line = (n, i) => {
        const range = document.createRange();
        range.setStart(n, i);
        range.setEnd(n, i + 1);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        return rects[rects.length - 1].top;
    };
    for (const el of root.querySelectorAll('.card .nm')) {
        if (el.offsetParent === null) continue;
        const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
            for (const m of n.textContent.matchAll(/[^\\s\\u00ad-]+/g)) {
                if (Math.abs(line(n, m.index) - line(n, m.index + m[0].length - 1)) > 4)
                    found.push(`${el.textContent.replaceAll('\\u00ad', '')}: ${m[0]}`);
            }
        }
    }
    return found; }"""

# Each tribe card's small card (`faces`, their HTML) drawn in turn in the slot of the first small
# card under `root` (the slot keeps its size), and measured there: MEASURE's findings, and
# SPLIT_WORDS's when `words` (Latin-script languages); a slot not shown (or a root a redraw
# replaced) is a finding, never a pass with nothing read.
# One call for all 45 cards: the measuring reads laid-out boxes, which the browser lays out
# again for each card drawn, so a round trip a card would only add time.
AS_MINI_MEASURED = (
    """([faces, root, words]) => { const measure = """
    + MEASURE
    + """; const split = """
    + SPLIT_WORDS
    + """; const found = [];
    const slot = root.isConnected ? root.querySelector('.card.mini') : null;
    if (slot === null || slot.offsetParent === null) return ['no small card shown to draw in'];
    for (const face of faces) {
        root.querySelector('.card.mini').outerHTML = face;
        const m = measure(root);
        found.push(...m.small, ...m.outside, ...(words ? split(root) : []));
    }
    return found; }"""
)

NAME_SIZES = [(1280, 900), (390, 844), (360, 640)]


TRIBE = [c.id for c in CARDS if c.kind == "tribe"]

# The first small card under `root` as the page drew it: its id, whether it takes the focus,
# its markup.
FIRST_MINI = """(root) => { const card = root.querySelector('.card.mini');
    return card && [card.dataset.card, card.tabIndex === 0, card.outerHTML]; }"""


def _small_cards(page: Page, site_url: str, root: ElementHandle, lang: str) -> list[str]:
    """The 45 tribe cards as the page draws a display's small card in `lang`: the page's own
    renderer (targi.app.html.render, the code the page runs in Pyodide) with the catalog the
    site serves, here in CPython. Checked against the small card the page drew under `root`
    (the same markup, byte for byte), so what is measured is the page's card in that language;
    the card reference opened in the page to read them took 1.5-3 s a language at load 24."""
    served = page.request.get(f"{site_url}web/messages/{lang}.json")
    assert served.ok, lang
    render = Renderer(Catalog.from_json(served.text(), lang))
    card_id, focusable, drawn = page.evaluate(FIRST_MINI, root)
    assert render.card(card_id, "mini", focusable) == drawn, (lang, card_id)
    assert len(TRIBE) == 45
    return [render.card(card_id, "mini", focusable) for card_id in TRIBE]


def _split_names(
    page: Page,
    site_url: str,
    display: str,
    langs: tuple[str, ...],
    sizes: list[tuple[int, int]],
) -> list[tuple[str, str, str]]:
    """Each of the 45 tribe cards drawn in turn as the first small card of `display` (a
    selector), in each language of `langs`, at each window size of `sizes`: the name's words
    split across lines (Latin-script languages), text under 12 px and text outside its card.
    The page switches to a language once and is measured at every size in it (the window
    resized): a language's cards are the same at any size, where a test per size switched
    every language again."""
    problems: list[tuple[str, str, str]] = []
    try:
        for lang in langs:
            set_setting(page, "lang", lang)
            expect(page.locator("html")).to_have_attribute("lang", lang, timeout=WAIT_MS)
            root = page.locator(display).first.element_handle()
            htmls = _small_cards(page, site_url, root, lang)
            words = lang in ("en", "de", "pl")
            for width, height in sizes:
                resize(page, width, height)
                root = page.locator(display).first.element_handle()
                found = page.evaluate(AS_MINI_MEASURED, [htmls, root, words])
                problems += [(lang, f"{width}x{height}", p) for p in found]
    finally:
        set_setting(page, "lang", "en")
        expect(page.locator("html")).to_have_attribute("lang", "en", timeout=WAIT_MS)
    return sorted(set(problems))


def test_every_card_name_on_a_small_card_reads_as_whole_words_in_every_language(
    shared_page: SharedPage, site_url: str
):
    """A display's card is about 53 px wide at 1280x900: each of the 45 tribe cards drawn there
    on the score screen keeps each word of its name on one line (broken only where the catalog
    allows, with a hyphen), its text at 12 px or more and inside the card, in all five languages
    (in Japanese and Chinese a name breaks between characters as their text does: not read), at
    1280x900, 390x844 and 360x640."""
    page = score_screen(shared_page, f"{site_url}#g={finished()}", NAME_SIZES[0])
    problems = _split_names(page, site_url, "#score .final", LANGS, NAME_SIZES)
    assert problems == [], "\n".join(map(str, problems))


def test_every_card_name_in_a_player_s_display_reads_as_whole_words(
    shared_page: SharedPage, site_url: str
):
    """The same in a player's panel during the game (a 54 px slot at 1280x900; and at 390x844):
    the computer's display holds a card in round 6 of the loaded game."""
    sizes = NAME_SIZES[:2]
    page = shared_page(
        "display",
        lambda page: open_game(page, f"{site_url}#g={mid_game(rounds=6)}"),
        viewport={"width": sizes[0][0], "height": sizes[0][1]},
    )
    display = ".player:has(.display .card.mini) .display"
    expect(page.locator(display).first).to_be_visible()
    problems = _split_names(page, site_url, display, ("en", "de", "pl"), sizes)
    assert problems == [], "\n".join(map(str, problems))
