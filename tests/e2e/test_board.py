"""A board that fills the space (issue 21): on a laptop the table fits the window below the
header, the board (#board) takes at least 70 % of its height and the Targis stand at least 28 px
tall; on a phone they are at least 22 px and nothing scrolls sideways. Measured mid-game (round
3, your actions: Targis, tribe markers and the robber on the board, moves in the log), with the
header as it is.

One mid-game page with a mouse and one on a touch screen (`shared_page`) serve every test: each
sets its window size, the position stays."""

from __future__ import annotations

import pytest
from gameplay import SETTLED, follow_link, open_game, resize, tips_off
from pageutil import SharedPage
from playwright.sync_api import Page
from positions import finished, mid_game
from targi.app.session import Session

# One worker runs the module, so each shared page is loaded once.
pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("board")]

LAPTOPS = [(1280, 900), (1920, 1080)]
PHONES = [(360, 640), (390, 844)]
IDS = [f"{w}x{h}" for w, h in LAPTOPS]

# Where the table's parts are, as a player sees them (the bottom of each, against the window).
MEASURE = """() => {
    const box = (el) => { const r = el.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, h: r.height}; };
    const q = (s) => document.querySelector(s);
    return {
        inner: innerHeight, innerW: innerWidth,
        scroll: document.documentElement.scrollHeight,
        scrollW: document.documentElement.scrollWidth,
        header: q('header.top').getBoundingClientRect().height,
        board: box(q('#board')),
        parts: Object.fromEntries([
            ['prompt', '#prompt'], ['choices', '#choices'],
            ['you', 'section.player[data-player="0"] .display'],
            ['opponent', 'section.player[data-player="1"] .display'],
            ['log', '#log'],
        ].map(([name, sel]) => [name, box(q(sel))])),
        targis: [...document.querySelectorAll('#board [data-piece=targi]')]
            .map((el) => el.getBoundingClientRect().height),
    }; }"""


def _mid_game(
    shared_page: SharedPage, site_url: str, size: tuple[int, int], touch: bool = False
) -> Page:
    """The module's mid-game page (one with touch, one without) at `size`, settled: the game
    opened again from its link where a test left another on the page (the replay's)."""
    code = mid_game()
    seq = str(Session.decode(code).seq)

    def open_mid_game(page: Page) -> None:
        open_game(page, site_url + "#g=" + code)
        _no_tip(page)

    width, height = size
    page = shared_page("touch" if touch else "mouse", open_mid_game, has_touch=touch)
    view, on_table = page.evaluate(
        "() => [document.getElementById('app').getAttribute('data-view'),"
        " document.getElementById('table').dataset.seq]"
    )
    if view == "review":
        page.click("[data-action=review-close]")
    if on_table != seq:
        follow_link(page, code, int(seq))
        _no_tip(page)
    resize(page, width, height)
    page.evaluate(SETTLED)
    return page


def _no_tip(page: Page) -> None:
    page.wait_for_selector("#choices [data-move]")
    tips_off(page)
    page.wait_for_function("() => !document.querySelector('#tip .tip')")


@pytest.mark.parametrize("size", LAPTOPS, ids=IDS)
def test_the_board_is_at_least_70_percent_of_the_window_height_on_a_laptop(
    shared_page: SharedPage, site_url: str, size: tuple[int, int]
):
    m = _mid_game(shared_page, site_url, size).evaluate(MEASURE)
    assert m["board"]["h"] >= 0.7 * m["inner"], m["board"]


@pytest.mark.parametrize("size", LAPTOPS, ids=IDS)
def test_the_table_fits_the_window_without_page_scroll_on_a_laptop(
    shared_page: SharedPage, site_url: str, size: tuple[int, int]
):
    """The board, both displays, the decision and the move log are all in the window, and the
    page itself does not scroll (the log scrolls inside itself)."""
    m = _mid_game(shared_page, site_url, size).evaluate(MEASURE)
    assert m["scroll"] <= m["inner"] + 1, (m["scroll"], m["inner"], m["header"])
    for name, box in {"board": m["board"], **m["parts"]}.items():
        assert box["h"] > 0 and box["top"] >= 0 and box["bottom"] <= m["inner"] + 0.5, (name, box)
    assert m["parts"]["log"]["h"] >= 60, m["parts"]["log"]  # a few moves can be read


@pytest.mark.parametrize("size", LAPTOPS, ids=IDS)
def test_targis_stand_at_least_28_px_tall_on_a_laptop(
    shared_page: SharedPage, site_url: str, size: tuple[int, int]
):
    m = _mid_game(shared_page, site_url, size).evaluate(MEASURE)
    assert m["targis"] and min(m["targis"]) >= 28, m["targis"]


@pytest.mark.parametrize("size", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
def test_targis_stand_at_least_22_px_tall_on_a_phone(
    shared_page: SharedPage, site_url: str, size: tuple[int, int]
):
    m = _mid_game(shared_page, site_url, size, touch=True).evaluate(MEASURE)
    assert m["targis"] and min(m["targis"]) >= 22, m["targis"]


def test_nothing_scrolls_sideways_mid_game_at_360_px(shared_page: SharedPage, site_url: str):
    m = _mid_game(shared_page, site_url, (360, 640), touch=True).evaluate(MEASURE)
    assert m["scrollW"] <= m["innerW"], (m["scrollW"], m["innerW"])
    assert m["board"]["right"] <= m["innerW"] + 0.5, m["board"]


# Every card on the board that has an ability in icons: whether they are shown (a box with some
# size, not display:none), inside their cell, and their smallest sign's size.
ABILITIES = """() => [...document.querySelectorAll('#board .cell .ab')].map((ab) => {
    const cell = ab.closest('.cell').getBoundingClientRect(), r = ab.getBoundingClientRect();
    const icons = [...ab.querySelectorAll('.ic')].map((i) => i.getBoundingClientRect());
    return {cell: ab.closest('.cell').textContent.trim().slice(0, 24),
            shown: getComputedStyle(ab).display !== 'none' && r.width > 0 && r.height > 0,
            inside: r.left >= cell.left - 0.5 && r.right <= cell.right + 0.5
                && r.top >= cell.top - 0.5 && r.bottom <= cell.bottom + 0.5,
            icons: icons.length, smallest: Math.min(...icons.map((i) => i.height)),
            font: parseFloat(getComputedStyle(ab).fontSize)}; })"""


@pytest.mark.parametrize("size", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
def test_a_phone_cell_shows_its_ability_as_icons_inside_the_cell(
    shared_page: SharedPage, site_url: str, size: tuple[int, int]
):
    """The ability's icon language at a glance on a phone too (issue 21): every border and
    central card that has one shows it in its cell, whole, signs at 12 px."""
    page = _mid_game(shared_page, site_url, size, touch=True)
    abilities = page.evaluate(ABILITIES)
    assert len(abilities) >= 12, abilities  # the 12 border cards at least, and central ones
    for ab in abilities:
        assert ab["shown"] and ab["inside"], ab
        assert ab["icons"] >= 1 and ab["smallest"] >= 11.5 and ab["font"] >= 12, ab


REVIEW_BOARD = """() => { const b = document.getElementById('review-board').getBoundingClientRect();
    const c = document.querySelector('#review-board .cell').getBoundingClientRect();
    return {top: b.top, bottom: b.bottom, right: b.right, h: b.height, cell: c.height / c.width,
            inner: innerHeight, innerW: innerWidth,
            scrollW: document.documentElement.scrollWidth}; }"""


def test_the_replays_board_scales_with_the_window_like_the_tables(
    shared_page: SharedPage, site_url: str
):
    """The replay (#review-board) draws the table's board: on a laptop its cells have a card's
    proportions and the board takes the height its head leaves, whole in the window (no fixed
    600 px board), at 1280x900 and resized to 1920x1080; on a 360x640 phone nothing scrolls
    sideways. The module's two pages (a mouse's, a touch screen's) open the finished game from
    its link (a hashchange, no page load) and its replay; `_mid_game` opens their mid-game
    again for a test after this one."""
    code = finished()
    seq = Session.decode(code).seq
    for touch, sizes in ((False, LAPTOPS), (True, [(360, 640)])):
        page = _mid_game(shared_page, site_url, sizes[0], touch=touch)
        follow_link(page, code, seq)
        page.click("#score [data-action=review]")
        page.wait_for_selector("#review-board .cell")
        for width, height in sizes:
            resize(page, width, height)
            page.evaluate("scrollTo(0, 0)")
            m = page.evaluate(REVIEW_BOARD)
            assert m["innerW"] == width and m["inner"] == height, m
            assert m["scrollW"] <= m["innerW"] and m["right"] <= m["innerW"] + 0.5, m
            if width > 900:
                assert m["bottom"] <= m["inner"] + 0.5, m
                assert m["h"] >= 0.6 * m["inner"], m
                assert abs(m["cell"] - 7 / 5) < 0.05, m
