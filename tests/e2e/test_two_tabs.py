"""Two tabs of the same browser (issue 14, failure 4: a move in each tab and one game silently
overwrote the other). A game is written only by the tab that holds it."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from gameplay import menu_item, play, start_game, table, wait_until_ready
from pageutil import wait_for_async
from playwright.sync_api import Page, expect
from positions import hotseat, mid_game

pytestmark = pytest.mark.e2e


@pytest.fixture
def tab_a(reused_page: Page) -> Iterator[Page]:
    """The worker's reused page as tab A (the site cached, storage emptied): tab B is a second
    page of its context, closed after the test (its Web Lock and storage events go with it)."""
    yield reused_page
    for tab in reused_page.context.pages:
        if tab != reused_page:
            tab.close()


def _tabs(a: Page, site_url: str, moves: int = 6, script: str = "") -> tuple[Page, Page]:
    """Tab A with a game of `moves` moves, opened from a link (stored and locked as a game
    played there is; its moves were clicks until 2026-11-27, and the tests' own moves still
    are); then tab B opened on the same site (same storage), with A's init script `script` if
    it has one."""
    a.goto(site_url + "#g=" + hotseat(1, moves))
    wait_until_ready(a)
    assert table(a)["seq"] == moves and table(a)["mode"] == "hotseat"
    b = a.context.new_page()
    if script:
        b.add_init_script(script)
    b.goto(site_url)
    wait_until_ready(b)
    return a, b


def _kept_ids(page: Page) -> list[str]:
    menu_item(page, "recent")
    ids = page.eval_on_selector_all(
        "#recent [data-game-id]", "rows => rows.map(r => r.dataset.gameId)"
    )
    page.keyboard.press("Escape")
    return ids


def _reload(page: Page) -> dict:
    page.reload()
    wait_until_ready(page)
    return table(page)


def _b_is_told(a: Page, b: Page) -> None:
    """Tab B, opened on the game tab A holds, is told so (and offered a copy or the game); A is
    not. (Each test of two tabs begins here: once a test of its own, 2026-11-26.)"""
    expect(b.locator("#dlg-tabs")).to_be_visible()
    expect(b.locator("#dlg-tabs")).to_contain_text("open in another tab")
    expect(a.locator("#dlg-tabs")).to_be_hidden()


def test_another_game_in_the_second_tab_and_a_move_in_each_lose_nothing(tab_a, site_url):
    """B keeps a copy and starts a game of its own; A moves first, then B. (B first is
    tests/app/test_two_tabs.py's, through two fake ports sharing storage and locks.)"""
    a, b = _tabs(tab_a, site_url)
    _b_is_told(a, b)
    b.click("[data-action=tab-copy]")  # B keeps a copy, then starts a game of its own
    start_game(b, "hotseat")
    for n, tab in enumerate((a, b)):
        play(tab, random.Random(10 + n), clicks=3)
    seq_a, seq_b = table(a)["seq"], table(b)["seq"]
    assert (seq_a, seq_b) == (9, 3)
    assert _reload(a)["seq"] == seq_a  # each tab reopens its own game
    assert _reload(b)["seq"] == seq_b
    expect(a.locator("#dlg-tabs")).to_be_hidden()
    assert len(_kept_ids(a)) == 3  # A's game, B's copy of it, B's new game


def test_taking_a_game_over_stops_the_other_tab_which_can_keep_a_copy(tab_a, site_url):
    """A moves on while B is still asking; B takes over from A's last move and A hears it at
    once. (B taking over before A moves is tests/app/test_two_tabs.py's.)"""
    a, b = _tabs(tab_a, site_url)
    _b_is_told(a, b)
    play(a, random.Random(2), clicks=2)  # A moves on while B is still asking
    b.click("[data-action=tab-take-over]")
    expect(b.locator("#dlg-tabs")).to_be_hidden()
    expect(a.locator("#dlg-tabs")).to_be_visible()  # A hears it at once
    assert table(b)["seq"] == table(a)["seq"]  # B continues from A's last move
    play(b, random.Random(3), clicks=2)
    taken = table(b)["seq"]
    a.click("[data-action=tab-copy]")  # A's position becomes a game of its own
    play(a, random.Random(4), clicks=1)
    mine = table(a)["seq"]
    assert _reload(b)["seq"] == taken
    assert _reload(a)["seq"] == mine
    assert len(_kept_ids(b)) == 2


def test_a_stale_write_is_refused_even_without_web_locks(tab_a, site_url):
    """The revision in the stored envelope guards on its own (a browser without Web Locks):
    two new tabs of the worker's context without them (an init script is for good: not the
    reused page, which waits on build.json meanwhile)."""
    no_locks = "Object.defineProperty(navigator, 'locks', {value: undefined})"
    a = tab_a.context.new_page()
    a.add_init_script(no_locks)
    a, b = _tabs(a, site_url, moves=4, script=no_locks)
    expect(b.locator("#dlg-tabs")).to_be_hidden()  # nothing tells B yet
    play(b, random.Random(6), clicks=2)  # B writes first
    play(a, random.Random(7), clicks=1)  # A's write (from the revision before B's) is refused
    expect(a.locator("#dlg-tabs")).to_be_visible()
    assert _reload(b)["seq"] == 6


# The game locks this tab holds (web/tabs.js), once it holds the lock of the game on its table.
LOCKS_SETTLED = """async () => {
    const current = 'targi.game.' + sessionStorage.getItem('targi.tab.current');
    const held = (await navigator.locks.query()).held.map((lock) => lock.name)
        .filter((name) => name.startsWith('targi.game.'));
    return held.includes(current) ? held.sort() : null;
}"""


def test_a_link_opened_over_a_new_game_leaves_that_game_free_for_another_tab(tab_a, site_url):
    """The page starts with the stored game on its table and a link's game replaces it in the
    same start (a game with no move yet is replaced without asking): two locks asked for at
    once. The first one's grant came after the second was
    asked for, so nothing let it go: the stored game stayed locked by a tab that no longer
    showed it, and every other tab was told it was open in another tab (found by reading,
    2026-11-26; it failed every run on the old web/tabs.js)."""
    a = tab_a
    a.goto(site_url)
    wait_until_ready(a)
    start_game(a, "hotseat")
    stored = a.evaluate("sessionStorage.getItem('targi.tab.current')")
    a.goto(site_url + "build.json")  # left: its locks go with the document
    a.goto(site_url + "#g=" + mid_game())
    wait_until_ready(a)
    now = a.evaluate("sessionStorage.getItem('targi.tab.current')")
    assert now != stored
    assert wait_for_async(a, LOCKS_SETTLED) == [f"targi.game.{now}"]
