"""A player's view (targi.view): everything a player may know, and nothing more — no deck
order, no face-down card faces."""

from __future__ import annotations

import json
import random

from targi import Game
from targi.cards import CARDS
from targi.events import Event
from targi.view import View, observe, view

from .position import actions, central, new_game, on_top, play
from .shapes import mismatches


def test_the_view_has_the_keys_and_types_its_typeddict_declares():
    """mypy checks the page's lookups against View; this checks View against real games, from
    every seat, at every decision (the scores, winner and decided_by once over)."""
    wrong = []
    for seed in range(4):
        rnd = random.Random(seed)
        g = Game.new(seed, seed % 2)
        while True:
            for you in (0, 1, None):
                wrong += mismatches(view(g, you), View)
            if g.is_over:
                break
            g.play(rnd.choice(g.legal_moves()))
        assert "scores" in view(g) and "scores" not in view(Game.new(seed))
    assert wrong == []


def test_every_log_event_is_the_named_tuple_of_its_kind():
    """Readers name the fields (e.move, e.forced), so every event must be its own type, with
    fields of the declared types, in whole games (raids included)."""
    kinds = set()
    for seed in range(6):
        rnd = random.Random(seed)
        g = Game.new(seed, seed % 2)
        while not g.is_over:
            g.play(rnd.choice(g.legal_moves()))
        assert mismatches(g.log, list[Event], "log") == []
        kinds |= {e.kind for e in g.log}
    assert {"move", "raid", "raid_vp", "round_end", "game_over"} <= kinds


def test_view_hides_face_down_cards_but_shows_their_kind():
    g = new_game(first=0)
    central(g, "C", "G10")
    on_top(g, "T30")
    actions(g, 0, markers=["C"], targis=[2], other_targis=[6])
    play(g, "uC")
    c = view(g, 1)["central"][2]
    assert c == {
        "space": "C",
        "card": None,
        "face_up": False,
        "empty": False,
        "kind": "tribe",
        "used": True,
    }
    assert "T30" not in json.dumps(view(g, 1))


def test_view_never_shows_deck_order_only_sizes():
    g = Game.new(10, 0)
    v = view(g, 0)
    assert v["decks"] == {"goods": 14, "tribe": 41}
    text = json.dumps(v)
    for c in g.tribe_deck + g.goods_deck:
        assert f'"{CARDS[c].id}"' not in text


def test_view_is_json_ready_and_names_the_decision():
    g = Game.new(10, 1)
    v = json.loads(json.dumps(view(g, 1)))
    assert v["current_player"] == 1 and v["decision"] == {"kind": "place", "player": 1}
    assert v["legal"] == g.legal_moves() and v["next_raid"] == {"card": "B04", "in_rounds": 3}


def test_observation_is_the_same_for_games_that_differ_only_in_hidden_cards():
    a = Game.new(10, 0)
    b = a.clone()
    b.tribe_deck.reverse()
    b.goods_deck.reverse()
    assert observe(a).key() == observe(b).key()
    sample = observe(a).sample(3)
    assert sorted(sample.tribe_deck) == sorted(a.tribe_deck) and sample.central == a.central


def test_observation_of_a_dealt_record_knows_no_card_to_come():
    """A dealt record (a friend game's save string) draws the cards it lists; what a player
    may know of it, and so what the AI searches, must not follow that list."""
    from .test_save import dealt_game

    g, cards = dealt_game(seed=11)
    mid = Game.replay(0, g.starter, g.record[:40], dealt=cards)
    o = observe(mid)
    assert o.game.chance is None
    # every sample of the unseen cards is a game of its own: not the record's cards to come
    samples = {tuple(o.sample(s).goods_deck) for s in range(20)}
    assert len(samples) > 1
