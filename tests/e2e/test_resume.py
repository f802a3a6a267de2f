"""Autosave after every move: reopening the page resumes where it was."""

from __future__ import annotations

import random

import pytest
from gameplay import open_game, play, set_setting, stored_game, table, wait_until_ready
from playwright.sync_api import Page
from positions import mid_game, near_the_end

pytestmark = pytest.mark.e2e


def test_reload_mid_game_resumes_the_same_position(reused_page: Page, site_url: str):
    """A game against the computer opened at your actions in round 3 (Targis, tribe markers,
    the robber, a log: where 25 clicks from the start once brought it), then three moves of
    yours, each answered and saved as it is made; a reload shows the same table, board and log,
    and the game plays on."""
    page = open_game(reused_page, site_url + "#g=" + mid_game())
    set_setting(page, "pace", "instant")
    play(page, random.Random(5), clicks=3)
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-move]')].some(e => e.offsetParent)"
    )
    before = table(page)
    board = page.inner_html("#board")
    log = page.inner_text("#log")
    saved = stored_game(page)
    assert saved and '"format": 2' in saved
    page.reload()
    wait_until_ready(page)
    after = table(page)
    assert (after["seq"], after["phase"], after["player"], after["mode"]) == (
        before["seq"],
        before["phase"],
        before["player"],
        "ai",
    )
    assert page.inner_html("#board") == board
    assert page.inner_text("#log") == log
    play(page, random.Random(6), clicks=3)  # and it plays on
    assert table(page)["seq"] > before["seq"]


def test_a_game_reopened_shows_the_move_log_at_its_latest_line(game_page: Page, site_url: str):
    """The log is drawn while the table is still hidden (the page starting, a game loaded over
    the welcome): it is scrolled to its end once the table shows, not left at its first line
    until a move adds one; a reload starts with the last table kept (the preview) or without
    it (the page closed within moments of a move), and both show the log's latest line."""
    page = game_page
    page.goto(site_url + "#g=" + near_the_end())
    wait_until_ready(page)
    page.wait_for_function("() => document.getElementById('log').children.length > 50")
    at_end = """() => { const log = document.getElementById('log');
        return log.scrollHeight > log.clientHeight
            && log.scrollTop + log.clientHeight >= log.scrollHeight - 2; }"""
    assert page.evaluate(at_end)
    kept = """async () => { for (const name of await caches.keys())
        if (name.startsWith('targi-start:')
            && await (await caches.open(name)).match(new URL('./__last-table__', location.href)))
          return true;
        return false; }"""
    page.wait_for_function(kept)
    page.reload()  # the stored game, over the last table kept
    wait_until_ready(page)
    page.wait_for_function("() => document.getElementById('log').children.length > 50")
    # no move is made meanwhile: the start scrolls it (the scroll can come a frame after the
    # log's lines)
    page.wait_for_function(at_end)
    page.evaluate(
        """async () => { for (const name of await caches.keys())
            if (name.startsWith('targi-start:')) await caches.delete(name); }"""
    )
    page.reload()  # no last table kept: the page draws the game while it is still hidden
    wait_until_ready(page)
    page.wait_for_function("() => document.getElementById('log').children.length > 50")
    page.wait_for_function(at_end)
