"""Autosave after every move: reopening the page resumes where it was."""

from __future__ import annotations

import random

import pytest
from gameplay import play, start_game, stored_game, table, wait_until_ready
from playwright.sync_api import Page

pytestmark = pytest.mark.e2e


def test_reload_mid_game_resumes_the_same_position(game_page: Page):
    page = game_page
    start_game(page, "ai", level="easy", starter="computer")
    play(page, random.Random(5), clicks=25)
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
