"""A game against the expert computer, played to the end in the page.

A whole game at expert's pace (up to a second or two per decision in the page) takes too long
for every test run, so the game starts from a late position: a seeded greedy game up to your
last placement of round 12 (the last round; its start until 2026-11-26, round 11 before),
opened from a share link as a game against the expert, then played to the end with seeded
random clicks while the expert answers in the worker: its actions of the last round, each
decision its own search (the expert's strength is tests/ai's; here its answers in the page).
"""

from __future__ import annotations

import random
import re

import pytest
from gameplay import choose_setting, open_game, play, table
from playwright.sync_api import Page, expect
from targi import Game, save
from targi.app.session import LEVELS
from targi.players import GreedyPlayer

# slow: the expert thinks about a second a decision; started first under xdist (tests/conftest.py)
pytestmark = [pytest.mark.e2e, pytest.mark.slow]

START_ROUND = 12  # the last round
AGAINST_EXPERT = 1 | LEVELS.index("expert") << 1  # the save meta: ai, level expert


def late_position(seed: int) -> Game:
    """A greedy game up to the first placement of START_ROUND, the human (Blue) to place."""
    g = Game.new(seed, 0)
    players = (GreedyPlayer(seed), GreedyPlayer(seed + 1))
    while not (g.round == START_ROUND and g.phase == "place" and g.player == 0):
        g.play(players[g.player](g))
    return g


def last_placement(seed: int) -> Game:
    """The greedy game of `late_position` on to your last placement of its last round: the
    expert has placed all its Targis, its actions are to come."""
    g = late_position(seed)
    players = (GreedyPlayer(seed), GreedyPlayer(seed + 1))
    while True:
        if g.phase == "place" and g.player == 0:
            after = g.clone()
            after.play(players[0](after))
            if after.phase != "place":
                return g
        g.play(players[g.player](g))


def test_a_late_game_against_expert_is_played_to_the_end(reused_page: Page, site_url: str):
    page = reused_page
    g = last_placement(4)
    open_game(page, site_url + "#g=" + save.encode(g, AGAINST_EXPERT))
    start = table(page)
    assert (start["mode"], start["seq"]) == ("ai", len(g.record))
    clicks = play(page, random.Random(11))
    end = table(page)
    assert end["phase"] == "over"
    assert end["seq"] - start["seq"] > clicks  # the expert made its own moves in between


def test_the_expert_hint_is_chosen_in_settings_and_says_its_time(reused_page: Page, site_url: str):
    page = reused_page
    g = late_position(5)
    open_game(page, site_url + "#g=" + save.encode(g, AGAINST_EXPERT))
    choose_setting(page, "hint-level", "expert")
    page.click("#hint")
    hint = page.locator("#hint-text")
    expect(hint).to_contain_text("Expert", timeout=60_000)
    assert re.search(r"Hint \(Expert, \d+\.\d s\): ", hint.inner_text())
    suggested = page.locator("[data-move].hint")
    assert suggested.count() >= 1  # the suggested move is marked on the table
    page.reload()  # the choice is remembered with the other settings
    page.wait_for_selector("html[data-app-state=ready]", state="attached")
    assert page.input_value("#hint-level") == "expert"
