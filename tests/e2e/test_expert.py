"""A game against the expert computer, played to the end in the page.

A whole game at expert's pace (up to a second or two per decision in the page) takes too long
for every test run, so the game starts from a late position: a seeded greedy game of round 12
(the last round) up to the expert's last two actions that are a choice, opened from a share
link as a game against the expert, the expert to move; the expert answers in the worker, each
decision its own search, then your actions are played to the end with seeded random clicks
(the expert's strength is tests/ai's; here its answers in the page). Until 2026-11-26 (later)
it started at your last placement (the expert's ten actions of the round to search; at round
12's start, fourteen; at round 11's before).
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


SEARCHES = 2  # the expert's decisions left that are a choice (each a search of its own)


def choices_left(g: Game, seed: int, player: int) -> int:
    """How many decisions with more than one move `player` has left in the greedy game."""
    g = g.clone()
    players = (GreedyPlayer(seed), GreedyPlayer(seed + 1))
    left = 0
    while g.phase != "over":
        left += g.player == player and len(g.legal_moves()) > 1
        g.play(players[g.player](g))
    return left


def expert_to_act(seed: int, searches: int = SEARCHES) -> Game:
    """The greedy game of `last_placement` on to the expert's (Red's) action with `searches`
    choices of its own left, your actions of the round still to come."""
    g = last_placement(seed)
    players = (GreedyPlayer(seed), GreedyPlayer(seed + 1))
    while not (g.player == 1 and g.phase == "act" and choices_left(g, seed, 1) == searches):
        g.play(players[g.player](g))
    return g


def test_a_late_game_against_expert_is_played_to_the_end(reused_page: Page, site_url: str):
    page = reused_page
    g = expert_to_act(4)
    open_game(page, site_url + "#g=" + save.encode(g, AGAINST_EXPERT))
    start = table(page)  # the expert to move: it may have answered already
    assert start["mode"] == "ai" and start["seq"] >= len(g.record)
    clicks = play(page, random.Random(11))
    end = table(page)
    assert end["phase"] == "over"
    assert clicks > 0  # your actions came after the expert's
    assert end["seq"] - len(g.record) > clicks  # the expert made its own moves


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
    # The choice remembered over a reload is test_header.py's settings test (it reloads for the
    # pace, the theme and the sound; a reload of this expert's game was seconds more).
