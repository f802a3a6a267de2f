"""The bar at the bottom of a phone's screen and the hint's own mark (docs/page.md, Layout):
the bar copies the counters and hand of the player the page plays for, and the hinted move,
and only it, carries the lamp badge."""

from __future__ import annotations

import random
import re

from targi.app.html.render import HINT_BADGE, Renderer
from targi.app.session import Session
from targi.app.text.catalog import Catalog

STOCK = re.compile(r'data-dock-stock="([DSPGV])"[^>]*aria-label="(\d+) ')
BADGED = re.compile(r'data-move="([^"]+)"[^>]*>(?:(?!</button>).)*?' + re.escape(HINT_BADGE))
PANEL_STOCK = re.compile(r'data-stock="([DSPGV])"[^>]*aria-label="(\d+) ')


def _panel(html: str, p: int) -> str:
    start = html.index(f'data-player="{p}"')
    end = html.find("</section>", start)
    return html[start:end]


def test_the_dock_shows_your_counters_and_hand_against_the_computer(cat: Catalog):
    r = Renderer(cat)
    s = Session.new(3, 0, "ai", "easy")
    rnd = random.Random(3)
    checked = hands = 0
    while not s.over and checked < 120:
        v = s.view()
        dock = r.dock_me(v)
        assert 'data-dock-player="0"' in dock  # you, whoever is to move
        panel = _panel(r.players(v), 0)
        assert dict(STOCK.findall(dock)) == dict(PANEL_STOCK.findall(panel))
        assert set(dict(STOCK.findall(dock))) == set("DSPGV")
        hand = v["players"][0]["hand"]
        if hand:
            assert f'data-card="{hand}"' in dock
            hands += 1
        else:
            assert cat.t("panel.hand_empty") in dock
        checked += 1
        s.play(rnd.choice(s.game.legal_moves()), by_computer=s.computer_to_move)
    assert checked == 120 and hands > 0


def test_the_dock_follows_the_player_to_move_in_a_two_player_game(cat: Catalog):
    r = Renderer(cat)
    s = Session.new(8, 1, "hotseat")
    rnd = random.Random(8)
    seen = set()
    while not s.over:
        v = s.view()
        p = v["current_player"]
        dock = r.dock_me(v)
        assert f'data-dock-player="{p}"' in dock
        assert dict(STOCK.findall(dock)) == dict(PANEL_STOCK.findall(_panel(r.players(v), p)))
        seen.add(p)
        s.play(rnd.choice(s.game.legal_moves()))
    assert seen == {0, 1}
    assert r.dock_me(s.view()) == ""  # the game is over: the result takes the place


def test_only_the_hinted_move_carries_the_lamp_badge(cat: Catalog):
    r = Renderer(cat)
    s = Session.new(2, 0, "hotseat")
    rnd = random.Random(2)
    kinds = set()
    while not s.over and len(kinds) < 3:
        v = s.view()
        hint = rnd.choice(v["legal"])
        html = r.board(v, hint) + r.choices(v, hint)
        badged = re.findall(BADGED, html)
        assert badged and set(badged) == {hint}
        assert html.count(HINT_BADGE) == len(badged)
        assert HINT_BADGE not in r.board(v) + r.choices(v)  # no hint, no badge
        kinds.add(v["decision"]["kind"])
        s.play(rnd.choice(v["legal"]))
    assert {"place", "act"} <= kinds
