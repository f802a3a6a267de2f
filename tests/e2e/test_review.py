"""Replay, chart, the computer's verdict, playing on, statistics and export, through real clicks
and keys: a whole game against the computer, and a loaded two-player game."""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from gameplay import (
    WAIT_MS,
    choose_setting,
    menu_item,
    open_game,
    play,
    resize,
    score_screen_is_complete,
    start_game,
    stored_game,
    table,
    wait_until_ready,
)
from pageutil import RECORD_VIOLATIONS, SharedPage, at_origin
from playwright.sync_api import Page, expect
from positions import finished, mid_game, near_the_end

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))
from targi import save  # noqa: E402
from targi.game import Game  # noqa: E402

pytestmark = pytest.mark.e2e
ANALYSIS_MS = 180_000  # a whole game at the hard level takes about 20 s here


def _review(page: Page) -> dict:
    return page.evaluate(
        """() => { const r = document.getElementById('review');
        return {step: Number(r.dataset.step), steps: Number(r.dataset.steps),
                shown: r.offsetParent !== null,
                table: document.getElementById('table').offsetParent !== null}; }"""
    )


def _wait_step(page: Page, step: int) -> None:
    page.wait_for_function(
        f"() => document.getElementById('review').dataset.step === '{step}'", timeout=WAIT_MS
    )


def _round_3_and_back(page: Page) -> None:
    """Keys only: Home, two rounds on, a decision on and back, End."""
    steps = _review(page)["steps"]
    page.keyboard.press("Home")
    _wait_step(page, 0)
    expect(page.locator("#review-where")).to_contain_text("round 1")
    page.keyboard.press("PageDown")
    page.keyboard.press("PageDown")
    expect(page.locator("#review-where")).to_contain_text("round 3")
    at_three = _review(page)["step"]
    assert 0 < at_three < steps
    page.keyboard.press("ArrowRight")
    _wait_step(page, at_three + 1)
    page.keyboard.press("ArrowLeft")
    _wait_step(page, at_three)
    expect(page.locator("#review-board .cell")).to_have_count(25)
    expect(page.locator("#review [data-move]")).to_have_count(0)  # nothing to click in a replay
    page.click("#review [data-action=review-nav][data-target=prev-round]")
    expect(page.locator("#review-where")).to_contain_text("round 2")
    page.keyboard.press("End")
    _wait_step(page, steps)


def _chart_is_complete(page: Page) -> None:
    chart = page.locator("#review-chart svg.chart:visible")  # one drawing for the screen's width
    expect(chart).to_be_visible()
    bars = page.locator("#review-chart svg.chart:visible .outline")
    rows = page.locator("#review-chart table.chart-numbers tbody tr")
    assert bars.count() == 2 * rows.count() and rows.count() >= 3
    page.click("#review-chart summary")
    expect(page.locator("#review-chart table.chart-numbers")).to_be_visible()
    assert page.locator("#review-chart svg.chart:visible .raid").count() >= 1


def _analyse_and_jump(page: Page) -> None:
    analysis = page.locator("#analysis")
    expect(analysis).to_have_attribute("data-state", "idle")
    page.click("[data-action=analysis-start]")
    expect(analysis).to_have_attribute("data-state", re.compile("running|done"))
    expect(analysis).to_have_attribute("data-state", "done", timeout=ANALYSIS_MS)
    progress = page.locator("#analysis-progress")
    assert progress.get_attribute("value") == progress.get_attribute("max")
    jumps = page.locator("#turning-points [data-action=review-jump]")
    assert jumps.count() >= 1, page.inner_text("#analysis")
    text = page.inner_text("#turning-points")
    assert "VP better" in text and not re.search(r"[\[\]{}]", text)
    target = int(jumps.first.get_attribute("data-target") or "-1")
    jumps.first.click()
    _wait_step(page, target)
    assert page.evaluate("() => document.activeElement.id") == "review-slider"
    expect(page.locator("#review-move")).to_contain_text("VP better")
    _marks_are_shown(page)


def _marks_are_shown(page: Page) -> None:
    """The move played and the computer's choice, each labelled in words on the table (and on
    the board when a card is what the move concerns)."""
    listed = page.locator("#review-choices .review-marks li")
    expect(listed).to_have_count(2)
    expect(listed.nth(0).locator(".rv-mark.played")).to_have_text("Played")
    expect(listed.nth(1).locator(".rv-mark.suggested")).to_have_text("Computer's choice")
    for kind in ("played", "suggested"):
        move = listed.locator(f".rv-mark.{kind}").locator("..").get_attribute("data-move-marked")
        assert move
        if move[0] in "tu":  # a card on the board: framed, and its label inside the screen
            cell = page.locator(f"#review-board .cell.marked-{kind}")
            expect(cell.locator(f".rv-mark.{kind}")).to_be_visible()


def _export(page: Page) -> str:
    page.click("#review [data-action=export]")
    text = page.input_value("#export-text")
    with page.expect_download() as download:
        page.click("[data-action=export-download]")
    saved = Path(download.value.path()).read_text(encoding="utf-8")
    assert saved == text
    expect(page.locator("#export-status")).to_have_text("Saved to your downloads.")
    page.click("#dlg-export [data-action=close]")
    return text


def _stats_games(page: Page, row: str) -> int:
    menu_item(page, "stats")
    expect(page.locator("#dlg-stats")).to_be_visible()
    cell = page.locator(f'#stats tr:has(th:text-is("{row}")) td[data-stat=games]')
    n = int(cell.inner_text())
    page.click("#dlg-stats [data-action=close]")
    return n


# The seed of positions.near_the_end's game with the fewest decisions of yours among the first
# 40 (65, in 143 steps; seed 7's has 96): the fewest steps to replay and export.
SHORT_GAME = 30


@pytest.mark.slow  # a game's end, its replay and export: started first
def test_a_game_against_the_computer_counted_replayed_and_exported(
    new_tab: Callable[[], Page], site_url: str
):
    """A game against the computer (the engine's seeded game, tests/e2e/positions.py) opened
    from a link at your last decision and ended on this page: its score screen, counted,
    replayed, exported, and a rematch; a tab of the worker's context (its storage emptied, the
    site cached: a first visit was ~3 s more of CPU; the first visit's policy is
    test_no_external.py's) that records the Content-Security-Policy's violations from the
    first script on. The whole game through the keyboard, under the
    policy, is test_a11y.py's (one whole game, not two). The computer's analysis in its worker
    (the progress, the turning points, the jump, the marks) is the two-player game's below:
    28 decisions at the hard level there, where this game's 65 took most of this test's time;
    which side may be analysed in a game against the computer, and the analysis of a finished
    one, are tests/app/test_review.py's."""
    page = new_tab()
    page.add_init_script(RECORD_VIOLATIONS)
    open_game(page, site_url + "#g=" + near_the_end(SHORT_GAME))
    choose_setting(page, "pace", "instant")  # as in gameplay.start_game: no pauses to wait out
    assert table(page)["mode"] == "ai"
    play(page, random.Random(7))
    assert table(page)["phase"] == "over"
    score_screen_is_complete(page)
    # Only your own moves were clicked; the computer's appear in the log as its own lines.
    assert page.locator("#log li.p1").count() > 10
    # The computer answered from its Web Worker: no "thinks on the page itself" notice.
    expect(page.locator("#notice")).to_be_hidden()
    assert _stats_games(page, "Easy") == 1
    code = json.loads(stored_game(page) or "null")["save"]

    page.click("#score [data-action=review]")
    page.wait_for_function("() => document.getElementById('review').offsetParent !== null")
    state = _review(page)
    assert state["shown"] and not state["table"] and state["step"] == state["steps"] > 50
    _round_3_and_back(page)
    _chart_is_complete(page)
    expect(page.locator("#review-sides [data-target='1']")).to_be_enabled()  # the game is over
    expect(page.locator("#analysis")).to_have_attribute("data-state", "idle")  # offered

    text = _export(page)
    assert code in text and "Round 12" in text and "You place a Targi" in text
    assert _stats_games(page, "Easy") == 1  # replaying a game counts nothing again
    assert page.evaluate("window.__violations") == []
    page.click("[data-action=review-close]")
    page.click("[data-action=rematch]")
    # A new deal in which the computer starts this time (it may already have moved).
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'over'")
    expect(page.locator("#score")).to_have_count(0)
    assert table(page)["seq"] < 5


# The step played on from: round 11's first placement of the finished game (185 steps), Blue
# to place. What is counted is the game's end on this page, so two rounds of clicks prove it as
# well as ten did (from step 30, 23 s of the suite's time).
PLAY_ON_STEP = 160


def test_a_game_played_on_from_the_replay_is_counted_as_a_game_of_its_own(
    reused_page: Page, site_url: str
):
    """A finished game against the computer (made by the engine, opened from a link) replayed
    to round 11 and played on against the computer to its end: counted once, the replayed game
    kept as it was beside it."""
    page = reused_page
    code = finished()
    open_game(page, site_url + "#g=" + code)
    choose_setting(page, "pace", "instant")  # as in gameplay.start_game: no pauses to wait out
    assert table(page)["phase"] == "over"
    assert _stats_games(page, "Easy") == 0  # a game opened from a link is not counted
    page.click("#score [data-action=review]")
    page.wait_for_function("() => document.getElementById('review').offsetParent !== null")

    page.locator("#review-slider").fill(str(PLAY_ON_STEP))
    _wait_step(page, PLAY_ON_STEP)
    page.click("[data-action=play-on][data-target=ai]")
    page.wait_for_function(
        "() => document.getElementById('table').offsetParent !== null "
        "&& document.getElementById('table').dataset.seq !== ''",
        timeout=WAIT_MS,
    )
    now = table(page)
    assert now["mode"] == "ai" and now["seq"] >= PLAY_ON_STEP and now["phase"] != "over"
    play(page, random.Random(8))
    assert table(page)["phase"] == "over"
    assert _stats_games(page, "Easy") == 1  # the game played on is a game of its own
    page.reload()
    page.wait_for_selector("html[data-app-state=ready]")
    assert _stats_games(page, "Easy") == 1  # a reload counts nothing again
    kept = page.evaluate(
        """() => Object.keys(localStorage).filter((k) => k.startsWith('targi.saved.'))
        .map((k) => JSON.parse(localStorage.getItem(k)).save)"""
    )
    assert code in kept  # the replayed game is kept as it was, beside the one played on


def _two_player_save(moves: int) -> str:
    rnd = random.Random(12)
    g = Game.new(4242, 0)
    while len(g.record) < moves:
        g.play(rnd.choice(g.legal_moves()))
    return save.encode(g, meta=0)


def test_a_loaded_two_player_game_replayed_from_the_log_either_side(game_page: Page):
    """A two-player game of 56 moves (round 5: round 4's raid in the chart, the third round
    and the one before it to step to; Red's 28 decisions to analyse, where 70 moves gave 35
    and nothing more to check)."""
    page = game_page
    code = _two_player_save(56)
    start_game(page, "hotseat")  # nothing played yet: the loaded game replaces it at once
    menu_item(page, "open-load")
    page.fill("#load-text", code)
    page.click("[data-action=load-string]")
    page.wait_for_function("() => document.getElementById('table').dataset.seq === '56'")
    page.click("#review-from-log")
    page.wait_for_function("() => document.getElementById('review').dataset.steps === '56'")
    focused = page.evaluate("() => document.activeElement.dataset.target")
    assert focused == "prev"  # the keyboard is in the replay at once
    _round_3_and_back(page)
    _chart_is_complete(page)
    page.keyboard.press("Escape")  # back to the table, the keyboard where it was
    expect(page.locator("#table")).to_be_visible()
    assert page.evaluate("() => document.activeElement.id") == "review-from-log"
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('review').offsetParent !== null")

    page.click("#review-sides [data-target='1']")
    expect(page.locator("#review-sides [data-target='1']")).to_have_attribute(
        "aria-pressed", "true"
    )
    first_panel = page.locator("#review-players .player").first
    expect(first_panel).to_have_class(re.compile(r"\bp1\b"))
    expect(page.locator("#analysis-intro")).to_contain_text("Red")
    _analyse_and_jump(page)

    text = _export(page)
    assert code in text and "Blue places a Targi" in text and "Unfinished" in text

    page.keyboard.press("Home")
    page.keyboard.press("PageDown")
    start_of_two = _review(page)["step"]
    page.click("[data-action=play-on][data-target=hotseat]")
    page.wait_for_function(
        f"() => document.getElementById('table').dataset.seq === '{start_of_two}'"
        " && document.getElementById('table').offsetParent !== null"
    )
    assert table(page)["mode"] == "hotseat"
    menu_item(page, "open-load")
    page.click("[data-action=restore-previous]")
    page.wait_for_function("() => document.getElementById('table').dataset.seq === '56'")


def _two_player_save_before_the_end(left: int) -> tuple[str, int]:
    """A seeded random two-player game `left` moves before its end: its save string and its
    number of moves."""

    def game(stop: int | None) -> Game:
        rnd = random.Random(3)
        g = Game.new(4243, 0)
        while not g.is_over and (stop is None or len(g.record) < stop):
            g.play(rnd.choice(g.legal_moves()))
        return g

    g = game(len(game(None).record) - left)
    return save.encode(g, meta=0), len(g.record)


def test_a_two_player_game_counted_apart_and_a_reset_that_asks(game_page: Page):
    """A two-player game that ends on this page is counted (tests/app/test_stats.py counts
    whole games; here the last moves of a loaded one are clicked, not all of them)."""
    page = game_page
    code, moves = _two_player_save_before_the_end(8)
    start_game(page, "hotseat")  # nothing played yet: the loaded game replaces it at once
    menu_item(page, "open-load")
    page.fill("#load-text", code)
    page.click("[data-action=load-string]")
    page.wait_for_function(f"() => document.getElementById('table').dataset.seq === '{moves}'")
    play(page, random.Random(3))
    assert table(page)["phase"] == "over"
    assert _stats_games(page, "All games") == 1
    assert _stats_games(page, "Easy") == 0
    menu_item(page, "stats")
    page.click("[data-action=stats-reset]")
    expect(page.locator("#stats-confirm")).to_be_visible()
    page.click("[data-action=stats-reset-confirm]")
    expect(page.locator('#stats tr:has(th:text-is("All games")) td[data-stat=games]')).to_have_text(
        "0"
    )


def test_damaged_statistics_are_kept_aside_with_a_message(reused_page: Page, site_url: str):
    """The statistics written on the site's origin before the app's first start (the app
    started, then again for them, until 2026-11-27)."""
    page = at_origin(reused_page, site_url)
    page.evaluate("() => localStorage.setItem('targi.stats', '{\"app\": \"targi-stats\", [')")
    open_game(page, site_url)
    expect(page.locator("#notice")).to_contain_text("targi.stats.backup")  # told at once
    start_game(page, "hotseat")
    menu_item(page, "stats")
    expect(page.locator("#stats-message")).to_be_visible()
    expect(page.locator("#stats-message")).to_contain_text("targi.stats.backup")
    kept = page.evaluate("() => localStorage.getItem('targi.stats.backup')")
    assert kept == '{"app": "targi-stats", ['


def _finished_two_player_save(seed: int) -> str:
    rnd = random.Random(seed)
    g = Game.new(seed, 0)
    while not g.is_over:
        g.play(rnd.choice(g.legal_moves()))
    return save.encode(g, meta=0)


def _chart_on_screen(page: Page) -> dict:
    """What a phone shows of the chart: its rounds (the labels drawn inside the screen) against
    the numbers' table, and anything wider than the screen or scrolling sideways."""
    return page.evaluate(
        """() => { const svg = [...document.querySelectorAll('#review-chart svg.chart')]
            .find(e => e.getBoundingClientRect().width > 0);
        const box = svg.getBoundingClientRect();
        const inside = (r) => r.left >= 0 && r.right <= innerWidth + 0.5;
        const labels = [...svg.querySelectorAll('text.round')]
            .filter(t => inside(t.getBoundingClientRect()));
        const scrolls = [...document.querySelectorAll('#review-chart, #review-chart *')]
            .filter(e => e.scrollWidth > e.clientWidth + 1
                && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)
                && !e.closest('details'));
        const smallest = Math.min(...[...svg.querySelectorAll('text')]
            .map(t => t.getBoundingClientRect().height));
        return {cls: svg.getAttribute('class'), left: box.left, right: box.right,
                width: innerWidth, page: document.documentElement.scrollWidth,
                labels: labels.map(t => t.textContent), scrolls: scrolls.length,
                rows: document.querySelectorAll('#review-chart tr[data-round]').length,
                text_px: smallest}; }"""
    )


@pytest.mark.xdist_group("review-chart")  # one worker: the loaded game is shared by both sizes
@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
def test_the_chart_shows_every_round_on_a_phone_without_scrolling_sideways(
    shared_page: SharedPage, site_url: str, size: tuple[int, int]
):
    width, height = size
    code = _finished_two_player_save(31)
    steps = len(save.decode(code)[0].record)

    def load_finished_game(page: Page) -> None:
        open_game(page, site_url)
        start_game(page, "hotseat")
        menu_item(page, "open-load")
        page.fill("#load-text", code)
        page.click("[data-action=load-string]")
        page.wait_for_function(f"() => document.getElementById('table').dataset.seq === '{steps}'")

    page = shared_page(
        "phone", load_finished_game, viewport={"width": width, "height": height}, has_touch=True
    )
    if page.locator("#review").is_visible():  # the replay drawn at another size: closed first
        page.click("[data-action=review-close]")
        expect(page.locator("#review")).to_be_hidden()
    resize(page, width, height)
    # the replay opened at this size, so its chart is drawn for it
    page.click("#review-from-log")
    page.wait_for_function("() => document.getElementById('review').offsetParent !== null")
    page.locator("#review-chart").scroll_into_view_if_needed()
    shown = _chart_on_screen(page)
    page.screenshot(path=f"/tmp/since-chart-{width}x{height}.png", full_page=False)
    assert shown["rows"] >= 12 and shown["scrolls"] == 0, shown
    assert shown["left"] >= 0 and shown["right"] <= width and shown["page"] <= width, shown
    assert len(shown["labels"]) == shown["rows"], shown  # every round, inside the screen
    assert shown["text_px"] >= 11.5, shown  # readable, not a page shrunk to fit


# The computer's requests (web/ai-client.js) held until the test lets them go: its turn then
# lands at a moment the test chooses.
HOLD_THE_COMPUTER = """() => { const ai = window.targiAI, ask = ai.ask.bind(ai);
    let holding = true;
    window.__held = [];
    window.__release = () => { holding = false; for (const go of window.__held.splice(0)) go(); };
    ai.ask = (request) => holding
        ? new Promise((done) => window.__held.push(() => done(ask(request)))) : ask(request);
}"""

LOG_AT_END = """() => { const log = document.getElementById('log');
    return log.scrollHeight > log.clientHeight
        && log.scrollTop + log.clientHeight >= log.scrollHeight - 2; }"""


def test_the_computer_s_moves_made_behind_the_replay_show_in_the_log_when_it_closes(
    game_page: Page, site_url: str
):
    """The log is scrolled to its end as the computer's moves add lines to it. Made while the
    replay is open, they are added to a log the replay hides (no height to scroll by): closing
    the replay must show them, not the lines the log showed before."""
    page = game_page
    page.goto(site_url + "#g=" + mid_game())
    wait_until_ready(page)
    choose_setting(page, "pace", "instant")
    page.wait_for_function(LOG_AT_END)
    page.evaluate(HOLD_THE_COMPUTER)
    # your actions, until the computer is to move (its request held)
    while not page.evaluate("window.__held.length"):
        before = table(page)["seq"]
        page.locator("#choices [data-move]:visible").first.click()
        page.wait_for_function(
            "(s) => document.getElementById('table').dataset.seq !== s", arg=str(before)
        )
    lines = page.locator("#log li").count()
    page.click("#review-from-log")
    expect(page.locator("#review")).to_be_visible()
    page.evaluate("window.__release()")  # the computer plays its turn behind the replay
    page.wait_for_function(
        """(n) => document.querySelectorAll('#log li').length > n
            && !document.getElementById('table').classList.contains('thinking')""",
        arg=lines,
        timeout=WAIT_MS,
    )
    page.click("[data-action=review-close]")
    expect(page.locator("#table")).to_be_visible()
    page.wait_for_function(LOG_AT_END)
