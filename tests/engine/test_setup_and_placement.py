"""Setup, the robber, placing Targis and tribe markers (RULES.md: Setup; A round, steps 1-3)."""

from __future__ import annotations

import pytest
from targi import Game
from targi.board import GOODS_SPACES
from targi.cards import CARDS

from .position import ids, new_game, placement, play

ALL_PLACES = ["t2", "t3", "t5", "t6", "t7", "t9", "t10", "t11", "t13", "t14", "t15"]


def test_setup_checkerboard_goods_on_corners_and_centre_tribe_between():
    g = new_game(seed=7)
    kinds = {letter: CARDS[c].kind for letter, c in zip("ABCDEFGHI", g.central, strict=True)}
    assert {k for k, v in kinds.items() if v == "goods"} == set(GOODS_SPACES) == set("ACEGI")
    assert {k for k, v in kinds.items() if v == "tribe"} == set("BDFH")
    assert all(g.face_up)


def test_setup_decks_hold_the_rest_of_19_goods_and_45_tribe_cards():
    g = new_game(seed=7)
    assert len(g.goods_deck) == 19 - 5 and len(g.tribe_deck) == 45 - 4
    assert g.goods_discard == [] and g.tribe_discard == []
    cards = g.goods_deck + g.tribe_deck + g.central
    assert sorted(cards) == sorted(c.index for c in CARDS if c.kind != "border")


def test_setup_starting_stocks_two_of_each_good_one_gold_four_vp():
    g = new_game()
    for p in (0, 1):
        assert g.goods[p] == [2, 2, 2] and g.gold[p] == 1 and g.vp[p] == 4
        assert g.hand[p] == -1 and g.display[p] == [[], [], []]


@pytest.mark.parametrize("first", [0, 1])
def test_setup_first_player_holds_amulet_and_places_first(first):
    g = new_game(first=first)
    assert g.first == first and g.current_player == first
    assert g.phase == "place" and g.decision == "place" and g.round == 1


def test_setup_robber_on_card_1_in_round_1():
    g = new_game()
    assert g.robber == 1
    assert g.legal_moves() == ALL_PLACES  # not t1 (robber), no corner


def test_setup_is_a_function_of_the_seed():
    a, b, c = Game.new(99, 0), Game.new(99, 0), Game.new(100, 0)
    assert ids(a.goods_deck + a.tribe_deck + a.central) == ids(
        b.goods_deck + b.tribe_deck + b.central
    )
    assert a.tribe_deck != c.tribe_deck


def test_setup_seed_out_of_range_is_refused():
    with pytest.raises(ValueError, match="seed"):
        Game.new(1 << 32, 0)
    with pytest.raises(ValueError, match="first player"):
        Game.new(1, 2)


def test_placement_not_on_the_robbers_card_but_its_facing_card_is_allowed():
    g = placement(new_game(), robber=6)
    assert g.legal_moves() == [
        "t1",
        "t2",
        "t3",
        "t5",
        "t7",
        "t9",
        "t10",
        "t11",
        "t13",
        "t14",
        "t15",
    ]


def test_placement_never_on_a_corner():
    g = placement(new_game(), robber=5)
    assert not {"t4", "t8", "t12", "t16"} & set(g.legal_moves())
    assert g.legal_moves() == [
        "t1",
        "t2",
        "t3",
        "t6",
        "t7",
        "t9",
        "t10",
        "t11",
        "t13",
        "t14",
        "t15",
    ]


def test_placement_not_on_an_occupied_card_either_colour():
    g = placement(new_game(first=0), robber=1)
    play(g, "t5")  # blue on 5
    assert g.current_player == 1
    assert g.legal_moves() == ["t2", "t3", "t6", "t7", "t9", "t10", "t11", "t13", "t14"]
    play(g, "t2")  # red on 2
    assert g.current_player == 0
    assert g.legal_moves() == ["t3", "t6", "t7", "t9", "t11", "t13", "t14", "t15"]


def test_placement_not_facing_an_opponents_targi_but_facing_your_own_is_allowed():
    g = placement(new_game(first=0), robber=1)
    play(g, "t5")  # blue on 5, facing 15
    assert g.legal_moves() == ["t2", "t3", "t6", "t7", "t9", "t10", "t11", "t13", "t14"]
    play(g, "t2")  # red on 2, facing 10
    # blue may face its own Targi (15), but not red's (10)
    assert g.legal_moves() == ["t3", "t6", "t7", "t9", "t11", "t13", "t14", "t15"]


def test_placement_alternates_starting_with_the_first_player():
    g = placement(new_game(first=1), robber=1)
    order = []
    for move in ("t2", "t3", "t5", "t6", "t7", "t9"):
        order.append(g.current_player)
        play(g, move)
    assert order == [1, 0, 1, 0, 1, 0]
    assert g.targis == [[3, 6, 9], [2, 5, 7]] and g.phase == "act"


def test_placement_a_player_with_two_targis_stops_and_the_other_places_the_rest():
    g = placement(new_game(first=0), to_place=(2, 3), robber=1)
    who = []
    for move in ("t2", "t3", "t5", "t6"):
        who.append(g.current_player)
        play(g, move)
    who.append(g.current_player)
    assert who == [0, 1, 0, 1, 1]
    assert g.phase == "place" and g.decision == "place"


def test_tribe_markers_two_where_rows_cross_columns():
    g = placement(new_game(first=0), robber=1)
    # blue: 2 (column B), 5 (row A..C), 6 (row D..F) -> crossings B and E
    # red: 13 (row G..I), 11 (column A), 9 (column C) -> G and I
    play(g, "t2", "t13", "t5", "t11", "t6", "t9")
    assert g.phase == "act"
    assert g.markers == [["B", "E"], ["G", "I"]]


def test_tribe_markers_one_when_two_of_your_targis_face_each_other():
    g = placement(new_game(first=0), robber=1)
    play(g, "t2", "t13", "t10", "t3", "t6", "t9")  # blue 2-10 face each other, 6 a row
    assert g.markers[0] == ["E"]
    assert g.markers[1] == ["I"]  # red: row of 13 (G-I) x columns of 3 and 9 (both C)


def test_tribe_markers_none_when_all_on_top_and_bottom():
    g = placement(new_game(first=0), robber=1)
    play(g, "t2", "t5", "t3", "t6", "t9", "t7")  # blue 2, 3, 9; red 5, 6, 7
    assert g.markers == [[], []]
    # no markers: only border actions (Fata Morgana on 9 has no marker to move)
    assert g.legal_moves() == ["u2", "u3", "done"]


def test_tribe_markers_a_player_with_two_targis_gets_at_most_one():
    g = placement(new_game(first=0), to_place=(2, 3), robber=1)
    play(g, "t2", "t3", "t5", "t6", "t7")
    assert g.targis[0] == [2, 5] and g.markers[0] == ["B"]
