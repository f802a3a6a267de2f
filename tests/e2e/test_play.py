"""Playing through real clicks: a two-player game on a phone to its score screen, undo,
hint, the keyboard, the computer's turn and its worker. (The whole game against the computer is
tests/e2e/test_a11y.py's, with Tab and Enter.)"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from gameplay import (
    load_position,
    menu_item,
    no_horizontal_scroll,
    open_game,
    play,
    score_screen_is_complete,
    start_game,
    table,
)
from playwright.sync_api import Page, expect
from targi.app.session import Session

pytestmark = pytest.mark.e2e


# The whole game against the computer, to its score screen and a rematch, under the
# Content-Security-Policy, is tests/e2e/test_a11y.py's (with Tab and Enter); test_review.py
# ends a loaded one, then replays, analyses and exports it: one whole game, not two.


def _two_player_game_near_its_end(seed: int, left: int) -> tuple[str, int]:
    """(save string, seq) of a seeded random two-player game `left` moves before its end."""

    def played(stop: int | None) -> Session:
        s = Session.new(seed, 0, "hotseat")
        rnd = random.Random(seed)
        while not s.over and (stop is None or s.seq < stop):
            s.play(rnd.choice(s.view()["legal"]))
        return s

    s = played(played(None).seq - left)
    return s.encode(), s.seq


def test_a_two_player_game_on_a_phone_never_scrolls_sideways(reused_page: Page, site_url: str):
    """At 360x740, the fast pace (moves animate: clicks go on): the welcome, the first round
    and more, a loaded game's last moves to its score screen, and Share. The middle of the
    game is not clicked: test_phone.py's whole game checks sideways scrolling at every
    decision of a whole game on a 360x640 phone, and the largest decision of every kind on
    loaded positions. (40 clicks at each end until 2026-11-27, looked at every 20: 20, looked
    at every 10, see as many screens for half the clicks.)"""
    page = reused_page

    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, site_url)
    widths = [no_horizontal_scroll(page)]
    start_game(page, "hotseat", pace="fast")  # moves animate (web/anim.js): clicks go on
    widths.append(no_horizontal_scroll(page))

    def check(n: int) -> None:
        if n % 10 == 0:
            widths.append(no_horizontal_scroll(page))

    play(page, random.Random(3), clicks=20, on_click=check)  # round 1 and into round 2
    code, seq = _two_player_game_near_its_end(3, 20)
    load_position(page, code, seq)
    play(page, random.Random(4), on_click=check)
    assert table(page)["phase"] == "over"
    score_screen_is_complete(page)
    widths.append(no_horizontal_scroll(page))
    menu_item(page, "open-share")
    widths.append(no_horizontal_scroll(page))
    assert len(widths) >= 8
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


def test_the_computer_still_plays_when_its_worker_cannot_start(
    new_tab: Callable[[], Page], site_url: str
):
    # a browser without module workers (a tab of its own: an init script stays for good)
    page = new_tab()
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
