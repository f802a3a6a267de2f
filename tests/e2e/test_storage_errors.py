"""Storage as a hostile browser keeps it (issue 14): damaged data, any shape of data, a full
quota, blocked or throwing storage. The page always starts, says what really happened, and
deletes nothing it could not copy."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable

import pytest
from gameplay import (
    click_move,
    play,
    start_game,
    stored,
    stored_game,
    table,
    wait_until_ready,
)
from hostile import (
    GET_THROWS,
    GETTER_THROWS,
    SET_THROWS,
    fill_storage,
    free_junk,
    put,
    site_keys,
)
from pageutil import at_origin, open_game
from playwright.sync_api import Page, expect
from positions import hotseat

pytestmark = pytest.mark.e2e

MEMORY = "This browser does not let the page save; use Share to keep your game"


def _current_key(page: Page) -> str:
    return "targi.saved." + page.evaluate("sessionStorage.getItem('targi.tab.current')")


def _reload(page: Page) -> None:
    page.reload()
    wait_until_ready(page)


def _play_until_full(page: Page, rnd: random.Random, waiting: int) -> None:
    """Moves until one is not saved (the storage filled to its last character; the save string
    grows by a character every move or few), then `waiting` more that wait with it."""
    for _ in range(30):
        play(page, rnd, clicks=1)
        if page.evaluate("document.documentElement.dataset.storage") == "full":
            break
    play(page, rnd, clicks=waiting)


def test_unreadable_stored_game_is_moved_aside_once_copied_and_a_new_game_offered(
    game_page: Page,
):
    """A game cut off in the middle. Its other damages (an unknown format, a bad save string, a
    field of the wrong type) differ only in what the page reads: tests/app/test_storage_start.py
    starts the page on each through the FakePort."""
    page = game_page
    start_game(page, "hotseat")
    play(page, random.Random(2), clicks=2)  # a game stored as a game played here is
    key = _current_key(page)
    text = stored(page, key)
    assert text is not None
    damaged, reason = text[: len(text) // 2], "damaged"
    put(page, {key: damaged})
    _reload(page)
    expect(page.locator("#dlg-storage")).to_be_visible()
    expect(page.locator("#storage-reason")).to_contain_text(reason)
    aside = "targi.unreadable." + key
    expect(page.locator("#storage-kept")).to_contain_text(aside)
    assert stored(page, aside) == damaged and stored(page, key) is None  # copied, then moved
    page.click("[data-action=storage-fresh]")
    start_game(page, "hotseat")
    assert table(page)["seq"] == 0
    assert stored(page, aside) == damaged


def test_an_unreadable_game_that_cannot_be_copied_stays_where_it_was(
    reused_page: Page, site_url: str
):
    """Failure 1: the page said "kept under targi.game.backup" and both keys were gone. Here
    the browser's own quota, filled with another app's junk; every write refused as over the
    quota (an init script once) is tests/app/test_storage_start.py's, the same QuotaExceededError
    to the page. (The storage is written before the app's first start, on the site's origin:
    until 2026-11-27 the app started, then again for it.)"""
    page = at_origin(reused_page, site_url)
    put(page, {"targi.game": "{broken"})
    fill_storage(page)
    open_game(page, site_url)
    expect(page.locator("#dlg-storage")).to_be_visible()
    kept = page.locator("#storage-kept")
    expect(kept).to_contain_text("left where it was")
    expect(kept).to_contain_text("targi.game")
    expect(kept).not_to_contain_text("backup")
    assert stored(page, "targi.game") == "{broken"  # nothing deleted
    page.click("[data-action=copy-stored]")
    expect(page.locator("#stored-data")).to_be_visible()
    assert json.loads(page.input_value("#stored-data"))["targi.game"] == "{broken"
    page.click("[data-action=storage-fresh]")
    start_game(page, "hotseat")
    play(page, random.Random(3), clicks=3)
    expect(page.locator("#storage-notice-text")).to_contain_text("full")
    assert stored(page, "targi.game") == "{broken"


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("targi.settings", "[" * 8000),
        ("targi.saved.abc", '{"app": "targi", "format": 2' + ', "x": [' * 3000),
    ],
    ids=["settings-deep", "game-nest"],
)
def test_any_stored_value_still_starts_the_page_and_loses_nothing(
    reused_page: Page, site_url: str, key, value
):
    """Failure 2: one bad key stopped the page for good ("Try again" failed the same way).
    The browser keeps the settings (its loader reads them too, for the language) and a game
    kept aside; all six shapes, these two with them, start the page through the FakePort in
    tests/app/test_storage_start.py, twice each, as "Try again" would (the browser started
    twice on these two as well until 2026-11-27: a reload, a game and its moves more; and
    the storage is written on the site's origin before the app's first start, not started
    once to write it)."""
    page = at_origin(reused_page, site_url)
    put(
        page,
        {key: value, "targi.current": "abc"} if key.startswith("targi.saved") else {key: value},
    )
    open_game(page, site_url)
    if not page.locator("#dlg-storage").is_hidden():
        expect(page.locator("#storage-kept")).to_contain_text("nothing")
        page.click("[data-action=storage-fresh]")
    start_game(page, "hotseat")
    play(page, random.Random(4), clicks=2)
    assert table(page)["seq"] == 2
    if key in ("targi.game", "targi.saved.abc"):  # a game: kept aside, untouched
        assert stored(page, "targi.unreadable." + key) == value


def test_blocked_storage_gives_a_playable_game_at_once(new_tab: Callable[[], Page], site_url: str):
    """Failure 3: a SecurityError from storage hung the start for 120 s, then blamed the
    connection. The three ways a browser blocks it, each in a tab of its own of the worker's
    context (the site cached). Each finds the storage as a first visit does (emptied): the
    first two can write nothing, and the last cannot read."""
    for script in (GETTER_THROWS, SET_THROWS, GET_THROWS):
        page = new_tab()
        page.add_init_script(script)
        began = time.monotonic()
        page.goto(site_url)
        wait_until_ready(page)
        assert time.monotonic() - began < 30
        start_game(page, "hotseat")
        play(page, random.Random(5), clicks=2)  # each answered though nothing is saved
        assert table(page)["seq"] == 2
        expect(page.locator("#storage-notice-text")).to_contain_text(MEMORY)
        assert page.evaluate("document.documentElement.dataset.storage") == "memory"
        page.close()


def test_full_storage_mid_game_keeps_every_move_and_frees_space_from_old_games(game_page: Page):
    """Failure 6: 27 of 40 moves were gone after a reload, and the notice blamed the browser."""
    page = game_page
    start_game(page, "hotseat")
    play(page, random.Random(6), clicks=4)  # an older game, kept in Recent games
    start_game(page, "hotseat")
    fill_storage(page)
    _play_until_full(page, random.Random(7), waiting=5)
    notice = page.locator("#storage-notice-text")
    expect(notice).to_contain_text("storage for this site is full")
    expect(page.locator("#free-space")).to_be_visible()
    assert page.evaluate("document.documentElement.dataset.storage") == "full"
    seq = table(page)["seq"]
    page.click("#free-space")
    expect(notice).to_contain_text("1 old game deleted")
    expect(notice).to_contain_text("saved again")
    assert json.loads(stored_game(page) or "{}")["save"]  # stored now
    _reload(page)
    assert table(page)["seq"] == seq  # not one move lost


@pytest.mark.parametrize("then", ["next-move", "reload"])
def test_storage_full_then_free_again_saves_the_waiting_moves(game_page: Page, then):
    page = game_page
    start_game(page, "hotseat")
    fill_storage(page)
    _play_until_full(page, random.Random(8), waiting=5)
    expect(page.locator("#storage-notice-text")).to_contain_text("full")
    free_junk(page)  # another app freed its data
    if then == "next-move":  # retried after every move
        play(page, random.Random(9), clicks=1)
        expect(page.locator("#storage-notice-text")).to_contain_text("saved again")
    seq = table(page)["seq"]
    _reload(page)  # retried when the page is hidden, too
    assert table(page)["seq"] == seq


def test_a_game_opened_from_a_link_while_the_storage_is_full_is_saved_once_it_fits(
    game_page: Page, site_url: str
):
    """Failure 6: a game opened from a link was shown but not saved."""
    page = game_page
    code = hotseat(10, 5)  # made by the engine (a game played and shared here until 2026-11-27)
    start_game(page, "hotseat")
    fill_storage(page)
    page.goto(site_url + "#g=" + code)
    wait_until_ready(page)
    assert table(page)["seq"] == 5
    free_junk(page)
    moves = page.evaluate(
        "[...document.querySelectorAll('[data-move]')].map((e) => e.dataset.move)"
    )
    click_move(page, moves[0])
    _reload(page)
    assert table(page)["seq"] == 6


# The tab's second start fails as when the wasm's download is cut off (what Pyodide's fetch of
# it rejects with): the first start makes a game to keep, the third is the way out. Counted in
# window.name, which a reload keeps and which is no storage of the site's.
WASM_CUT_ON_THE_SECOND_START = """(() => {
    const start = Number(window.name || '0');
    window.name = String(start + 1);
    if (start !== 1) return;
    const fetch = window.fetch;
    window.fetch = function (input, init) {
        const url = input instanceof Request ? input.url : String(input);
        return url.includes('pyodide.asm.wasm')
            ? Promise.reject(new TypeError('Failed to fetch')) : fetch.call(this, input, init);
    };
})();"""


def test_the_error_screen_copies_stored_data_and_starts_without_it(
    new_tab: Callable[[], Page], site_url: str
):
    """The way out when the start fails anyway: nothing in storage is touched. A tab of the
    worker's context (the site cached) whose fetch of the wasm fails on its second start: a
    route could not cut it there (the service worker answers it from its cache, which a route
    never sees), so until 2026-11-27 this was a first visit of a context without a service
    worker, the site downloaded and started from nothing twice."""
    page = new_tab()
    page.add_init_script(WASM_CUT_ON_THE_SECOND_START)
    page.goto(site_url)
    wait_until_ready(page)
    start_game(page, "hotseat")
    before = site_keys(page)
    page.reload()
    page.wait_for_selector("html[data-app-state=error]", state="attached", timeout=60_000)
    expect(page.locator("#load-error-text")).to_contain_text("pyodide.asm.wasm")
    page.click("#load-copy-data")
    expect(page.locator("#load-data")).to_be_visible()
    assert json.loads(page.input_value("#load-data")) == before
    page.click("#load-no-storage")
    wait_until_ready(page)
    expect(page.locator("#dlg-new")).to_be_visible()  # a fresh start, in memory
    start_game(page, "hotseat")
    play(page, random.Random(11), clicks=2)
    expect(page.locator("#storage-notice-text")).to_contain_text(MEMORY)
    assert site_keys(page) == before
