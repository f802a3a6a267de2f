"""The robber and the four raids (RULES.md: A round, step 1; Raids; End of the game; R1)."""

from __future__ import annotations

from targi import Game
from targi.constants import ROUNDS
from targi.players import RandomPlayer, play_game

from .position import before_round, display, new_game, play, stock


def raid_at(corner: int, first: int = 0, **stocks) -> Game:
    g = new_game(first=0)
    for p in (0, 1):
        stock(g, p, **stocks.get(f"p{p}", {}))
    return before_round(g, corner, first)


def test_robber_moves_one_card_clockwise_each_round_skipping_past_raids():
    players = (RandomPlayer(3), RandomPlayer(4))
    g = Game.new(11, 0)
    seen = {}
    while not g.is_over:
        if g.decision == "place":
            seen.setdefault(g.round, g.robber)
        g.play(players[g.current_player](g))
    rounds = sorted(seen)
    expected = {1: 1, 2: 2, 3: 3, 4: 5, 5: 6, 6: 7, 7: 9, 8: 10, 9: 11, 10: 13, 11: 14, 12: 15}
    assert {r: seen[r] for r in rounds} == {r: expected[r] for r in rounds}


def test_raid_1_each_player_loses_one_good_or_one_vp():
    g = raid_at(4, first=0, p0={"goods": "DSP", "vp": 4}, p1={"goods": "DDP", "vp": 4})
    assert g.phase == "raid" and g.decision == "raid" and g.current_player == 0
    assert g.legal_moves() == ["lD", "lS", "lP", "lV"]
    play(g, "lS")
    assert g.goods[0] == [1, 0, 1] and g.vp[0] == 4
    assert g.current_player == 1 and g.legal_moves() == ["lD", "lP", "lV"]
    play(g, "lV")
    assert g.vp[1] == 3 and g.goods[1] == [2, 0, 1]
    assert g.phase == "place" and g.robber == 5  # the robber moves on at once


def test_raid_2_two_goods_any_mix_or_one_vp():
    g = raid_at(8, first=0, p0={"goods": "DDSP", "vp": 4}, p1={"goods": "SS", "vp": 4})
    assert g.legal_moves() == ["lDD", "lDS", "lDP", "lSP", "lV"]
    play(g, "lDP")
    assert g.goods[0] == [1, 1, 0]
    assert g.legal_moves() == ["lSS", "lV"]
    play(g, "lSS")
    assert g.goods[1] == [0, 0, 0] and g.vp == [4, 4]
    assert g.robber == 9


def test_raid_3_three_goods_or_two_vp():
    g = raid_at(12, first=1, p0={"goods": "DSSP", "vp": 2}, p1={"goods": "PPP", "vp": 5})
    assert g.current_player == 1  # the first player of the new round chooses first
    assert g.legal_moves() == ["lPPP", "lV"]
    play(g, "lV")
    assert g.vp[1] == 3
    assert g.legal_moves() == ["lDSS", "lDSP", "lSSP", "lV"]
    play(g, "lSSP")
    assert g.goods[0] == [1, 0, 0] and g.robber == 13


def test_raid_the_log_says_how_many_vp_a_raid_took_as_far_as_they_go():
    g = raid_at(12, first=1, p0={"goods": "D", "vp": 1}, p1={"goods": "PPP", "vp": 5})
    since = len(g.log)
    play(g, "lV")  # then Blue's only choice, and Blue holds 1 VP of the 2 asked (R1)
    assert [e for e in g.log[since:] if e[0] == "raid_vp"] == [("raid_vp", 1, 2), ("raid_vp", 0, 1)]
    assert g.vp == [0, 3]


def test_raid_4_one_gold_or_three_vp_then_the_game_ends():
    g = raid_at(16, first=0, p0={"gold": 2, "vp": 5}, p1={"gold": 1, "vp": 3})
    assert g.legal_moves() == ["lG", "lV"]
    play(g, "lG")
    assert g.gold[0] == 1
    play(g, "lV")
    assert g.vp[1] == 0
    assert g.is_over and g.decision == "over" and g.legal_moves() == []
    assert g.rounds_played == 12


def test_raid_the_first_player_chooses_first():
    g = raid_at(4, first=1, p0={"goods": "DS"}, p1={"goods": "DS"})
    assert g.current_player == 1
    play(g, "lD")
    assert g.current_player == 0


def test_r1_raid_an_option_only_if_it_can_be_paid_in_full():
    g = raid_at(8, first=0, p0={"goods": "D", "vp": 4}, p1={"goods": "DSP", "vp": 0})
    # blue has one good against a raid of two: only the VP, taken automatically
    assert g.vp[0] == 3 and g.goods[0] == [1, 0, 0]
    # red has no VP to lose: only goods
    assert g.current_player == 1 and g.legal_moves() == ["lDS", "lDP", "lSP"]


def test_r1_raid_you_cannot_pay_loses_vp_down_to_zero():
    g = raid_at(12, first=0, p0={"goods": "DS", "vp": 1}, p1={"goods": "DSP", "vp": 1})
    assert g.vp[0] == 0 and g.goods[0] == [1, 1, 0]  # lost the 1 VP it had; nobody gains
    assert g.goods[1] == [0, 0, 0] and g.vp[1] == 1
    assert g.phase == "place"


def test_r1_last_raid_without_gold_loses_vp_down_to_zero():
    g = raid_at(16, first=0, p0={"gold": 0, "vp": 2}, p1={"gold": 0, "vp": 7})
    assert g.vp == [0, 4] and g.is_over


def test_game_ends_after_raid_4_so_at_most_12_rounds():
    assert ROUNDS == 12  # the robber's 16 border cards less the 4 corners
    g = play_game(21, (RandomPlayer(1), RandomPlayer(2)), 0)
    assert g.is_over and g.rounds_played <= 12
    if max(g.display_count(0), g.display_count(1)) < 12:
        assert g.rounds_played == 12 and g.robber == 16


def test_raid_immunity_player_is_skipped_in_the_raid():
    g = new_game(first=0)
    display(g, 1, [["T14"], [], []])  # Escort: raid_immunity
    stock(g, 0, goods="DS")
    stock(g, 1, goods="DS", vp=4)
    before_round(g, 4, 0)
    assert g.current_player == 0 and g.legal_moves() == ["lD", "lS", "lV"]
    play(g, "lV")
    assert g.phase == "place" and g.goods[1] == [1, 1, 0] and g.vp[1] == 4
