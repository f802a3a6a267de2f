"""Whole games through real clicks, to the final score screen."""

from __future__ import annotations

import random
import re

import pytest
from gameplay import menu_item, no_horizontal_scroll, open_game, play, start_game, table
from pageutil import RECORD_VIOLATIONS
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def _score_screen_is_complete(page: Page) -> None:
    expect(page.locator("#score .verdict")).to_be_visible()
    for key in ("tokens", "cards", "row1", "row2", "row3", "total", "gold", "goods"):
        cells = page.locator(f'#score tr[data-score="{key}"] td')
        expect(cells).to_have_count(2)
    decided = page.get_attribute("#score .verdict", "data-decided-by")
    assert decided in ("points", "gold", "goods", "draw")
    expect(page.locator("[data-action=rematch]")).to_be_visible()
    expect(page.locator("#choices [data-action=new]")).to_be_visible()


@pytest.mark.slow  # a whole game: started first under xdist (tests/conftest.py)
def test_whole_game_against_the_computer_reaches_the_score_screen(page: Page, site_url: str):
    """Also the Content-Security-Policy's whole game (tests/e2e/test_csp.py): a first visit
    and the game run under the policy with no violation, the computer in its Web Worker."""
    page.add_init_script(RECORD_VIOLATIONS)
    open_game(page, site_url)
    start_game(page, "ai", level="easy", starter="me")
    assert table(page)["mode"] == "ai"
    clicks = play(page, random.Random(7))
    assert clicks > 20
    assert table(page)["phase"] == "over"
    _score_screen_is_complete(page)
    # Only your own moves were clicked; the computer's appear in the log as its own lines.
    assert page.locator("#log li.p1").count() > 10
    # The computer answered from its Web Worker: no "thinks on the page itself" notice.
    expect(page.locator("#notice")).to_be_hidden()
    assert page.evaluate("window.__violations") == []
    page.click("[data-action=rematch]")
    # A new deal in which the computer starts this time (it may already have moved).
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'over'")
    expect(page.locator("#score")).to_have_count(0)
    assert table(page)["seq"] < 5


@pytest.mark.slow  # a whole game: started first under xdist (tests/conftest.py)
def test_whole_two_player_game_on_a_phone_never_scrolls_sideways(reused_page: Page, site_url: str):
    page = reused_page

    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, site_url)
    widths = [no_horizontal_scroll(page)]
    start_game(page, "hotseat", pace="fast")  # moves animate (web/anim.js): clicks go on
    widths.append(no_horizontal_scroll(page))

    def check(n: int) -> None:
        if n % 40 == 0:
            widths.append(no_horizontal_scroll(page))

    play(page, random.Random(3), on_click=check)
    assert table(page)["phase"] == "over"
    _score_screen_is_complete(page)
    widths.append(no_horizontal_scroll(page))
    menu_item(page, "open-share")
    widths.append(no_horizontal_scroll(page))
    assert len(widths) >= 6
    assert all(scroll <= client for scroll, client in widths), widths
    page.set_viewport_size({"width": 390, "height": 844})
    scroll, client = no_horizontal_scroll(page)
    assert scroll <= client


def test_undo_takes_back_your_last_step_and_only_in_your_turn(game_page: Page):
    page = game_page
    start_game(page, "hotseat")
    rnd = random.Random(11)
    undo = page.locator("#undo")
    for _ in range(200):
        if undo.is_enabled():
            break
        play(page, rnd, clicks=1)
    else:
        pytest.fail("undo never became possible")
    before = table(page)
    undo.click()
    page.wait_for_function(
        f"() => document.getElementById('table').dataset.seq === '{before['seq'] - 1}'"
    )
    assert table(page)["player"] == before["player"]


def test_hint_highlights_a_legal_move_with_a_reason(game_page: Page):
    page = game_page
    start_game(page, "ai", level="easy", starter="me")
    page.click("#hint")
    expect(page.locator("#hint-text")).to_be_visible()
    hinted = page.locator("[data-move].hint").first
    expect(hinted).to_be_visible(timeout=60_000)
    text = page.inner_text("#hint-text")
    assert text.strip() and not re.search(r"[\[\]{}]", text)
    # The opening decision is where to place a Targi: the reason names that border card as the
    # table does, "Name (number)".
    move = hinted.get_attribute("data-move")
    assert move.startswith("t") and f"({move[1:]})" in text


def test_moves_can_be_made_from_the_keyboard(game_page: Page):
    page = game_page
    start_game(page, "hotseat")
    for _ in range(12):
        before = table(page)["seq"]
        page.locator("[data-move]:visible").first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.getElementById('table').dataset.seq !== '{before}'")
        # the pressed button is gone with the redraw; focus moved to the next move to make
        assert page.evaluate("() => document.activeElement.hasAttribute('data-move')")


def test_the_computer_moves_step_by_step_while_the_page_stays_usable(game_page: Page):
    page = game_page
    page.evaluate(
        """() => { window.__seqs = []; window.__thinking = [];
        const table = document.getElementById('table');
        new MutationObserver(() => window.__seqs.push(table.dataset.seq))
            .observe(table, {attributes: true, attributeFilter: ['data-seq']});
        // what the prompt said while the table was thinking, however short the computer's turn
        new MutationObserver(() => table.classList.contains('thinking')
                && window.__thinking.push(document.getElementById('prompt').textContent))
            .observe(table, {attributes: true, attributeFilter: ['class']}); }"""
    )
    start_game(page, "ai", level="easy", starter="computer", pace="normal")
    page.wait_for_function("() => window.__thinking.length > 0")
    assert "The computer is thinking…" in page.evaluate("window.__thinking")
    # the page answers while the computer thinks
    menu_item(page, "open-share")
    expect(page.locator("#dlg-share")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-share")).to_be_hidden()
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-move]')].some(e => e.offsetParent)",
        timeout=60_000,
    )
    seqs = [int(s) for s in page.evaluate("window.__seqs") if s != ""]
    steps = [b - a for a, b in zip(seqs, seqs[1:], strict=False) if b != a]
    assert seqs[-1] >= 1 and all(step == 1 for step in steps), seqs
    expect(page.locator("#table.thinking")).to_have_count(0)


def test_the_computer_still_plays_when_its_worker_cannot_start(page: Page, site_url: str):
    # a browser without module workers
    page.add_init_script("window.Worker = function () { throw new Error('no workers here'); };")
    open_game(page, site_url)
    start_game(page, "ai", level="easy", starter="computer")
    expect(page.locator("#notice-text")).to_contain_text("no workers here", timeout=60_000)
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-move]')].some(e => e.offsetParent)",
        timeout=60_000,
    )
    assert table(page)["seq"] >= 1  # the computer moved first, from the page itself
    page.click("#hint")  # a hint is answered on the page too
    expect(page.locator("#hint-text")).to_contain_text("Hint:", timeout=60_000)
    play(page, random.Random(2), clicks=6)
