"""End of round (limits, reveal, amulet: R10), the end of the game, scoring and the tie-break
(RULES.md: A round, step 5; End of the game; Display and tribe cards; R2, R10)."""

from __future__ import annotations

from targi import result, score
from targi.view import view

from .position import actions, central, count_of, display, hand, new_game, play, stock

ELEVEN = [
    ["T01", "T02", "T03", "T04"],
    ["T10", "T11", "T12", "T13"],
    ["T19", "T20", "T21"],
]


def test_r10_limits_each_player_discards_to_ten_goods_and_three_gold_after_own_actions():
    g = new_game(first=0)
    central(g, "C", "G10")
    stock(g, 0, goods="DDDDDSSSSPPPP", gold=5)  # 13 goods
    stock(g, 1, goods="DDDDSSSSPPP", gold=1)  # 11 goods
    actions(g, 0, markers=["C"], targis=[2], other_targis=[6])
    play(g, "uC", "u2")  # 14 goods, 6 gold; nothing is limited during the round
    assert g.current_player == 0 and g.decision == "discard"
    assert g.gold[0] == 3  # gold: no choice to make
    assert g.legal_moves() == ["-D", "-S", "-P"]
    play(g, "-D", "-D", "-S")
    assert g.decision == "discard" and sum(g.goods[0]) == 11
    play(g, "-P")
    assert g.goods[0] == [4, 3, 3]
    # blue's limits come before red acts; the face-down card stays down until both are done
    assert g.current_player == 1 and g.decision == "act" and not g.face_up[2]
    play(g, "u6")
    assert g.legal_moves() == ["-D", "-S", "-P"]
    play(g, "-P", "-P")
    assert g.goods[1] == [4, 4, 2]
    assert g.face_up[2] and g.round == 2


def test_r10_discard_of_the_only_kind_left_is_automatic():
    g = new_game(first=0)
    stock(g, 0, goods="DDDDDDDDDDD", gold=1)  # 11 dates
    actions(g, 0, targis=[3], other_targis=[6])
    play(g, "u3")
    assert g.goods[0] == [11, 1, 0]
    assert g.legal_moves() == ["-D", "-S"]
    stock(g, 0, goods="DDDDDDDDDDDD")
    g = new_game(first=0)
    stock(g, 0, goods="DDDDDDDDDD", gold=1)
    actions(g, 0, targis=[2, 3], other_targis=[6])
    play(g, "u2", "done")
    assert g.goods[0] == [10, 0, 0] and g.current_player == 1


def test_amulet_passes_to_the_other_player_at_round_end():
    g = new_game(first=0)
    actions(g, 0, targis=[2], other_targis=[6])
    play(g, "done", "done")
    assert g.first == 1 and g.current_player == 1 and g.phase == "place"
    assert view(g)["players"][1]["amulet"] and not view(g)["players"][0]["amulet"]


def _twelfth_card_round(first_buys: bool):
    g = new_game(first=0)
    buyer = 0 if first_buys else 1
    display(g, buyer, ELEVEN)
    central(g, "B", "T22")
    stock(g, buyer, goods="D", gold=1)
    if first_buys:
        actions(g, 0, markers=["B"], targis=[2], other_targis=[3])
    else:
        actions(g, 0, targis=[2], other_targis=[3], other_markers=["B"])
        play(g, "done")
    play(g, "uB", "b")
    return g


def test_game_ends_after_the_round_of_a_12th_card_the_other_player_completes_it():
    g = _twelfth_card_round(first_buys=True)
    assert g.display_count(0) == 12 and not g.is_over
    play(g, "done")
    assert g.current_player == 1 and g.legal_moves() == ["u3", "done"]  # red still acts
    play(g, "u3")
    assert g.is_over and g.rounds_played == 1 and g.goods[1] == [2, 3, 2]


def test_game_ends_after_the_round_of_a_12th_card_placed_by_the_second_player():
    g = _twelfth_card_round(first_buys=False)
    assert g.display_count(1) == 12
    play(g, "done")
    assert g.is_over and g.legal_moves() == [] and g.decision == "over"


def test_game_does_not_end_with_eleven_cards():
    g = new_game(first=0)
    display(g, 0, ELEVEN)
    actions(g, 0, targis=[2], other_targis=[3])
    play(g, "done", "done")
    assert not g.is_over and g.round == 2


def test_scoring_breakdown_tokens_cards_card_bonuses_rows():
    g = new_game()
    stock(g, 0, goods="DSP", gold=2, vp=7)
    display(
        g,
        0,
        [
            ["T01", "T02", "T03", "T05"],  # 4 Targia: identical, 4 VP; 3+3+2+2
            ["T10", "T19", "T28", "T37"],  # 4 different symbols: 2 VP; 3+3+3+3
            ["T06", "T11", "T12", "T29"],  # 3 symbols: nothing; 1+3+2+3
        ],
    )
    hand(g, 0, "T38")  # a hand card scores nothing
    s = score(g, 0)
    assert s.tokens == 7 and s.cards == 10 + 12 + 9
    assert s.card_bonuses == [{"card": "T06", "name": "Council of women", "vp": 2}]
    assert s.rows == [4, 2, 0]
    assert s.total == 7 + 31 + 2 + 6
    assert (s.gold, s.goods) == (2, 3)


def test_scoring_rows_that_are_not_full_score_nothing():
    g = new_game()
    display(g, 0, [["T01", "T02", "T03"], ["T10", "T19", "T28"], []])
    assert score(g, 0).rows == [0, 0, 0]


def _tied(gold=(1, 1), goods=("DSP", "DSP"), vp=(4, 4)):
    g = new_game()
    for p in (0, 1):
        stock(g, p, goods=goods[p], gold=gold[p], vp=vp[p])
    return g


def test_winner_has_most_points():
    assert result(_tied(vp=(4, 9))) == (1, "points")


def test_r2_tie_break_most_gold():
    assert result(_tied(gold=(3, 0), vp=(4, 4))) == (0, "gold")


def test_r2_tie_break_then_most_goods():
    assert result(_tied(goods=("DSP", "DSPP"))) == (1, "goods")


def test_r2_tie_break_then_a_draw():
    assert result(_tied()) == (None, "draw")


def test_r2_gold_counts_before_goods_and_points_before_both():
    assert result(_tied(gold=(0, 1), goods=("DDDDSP", "D"))) == (1, "gold")
    assert result(_tied(gold=(0, 3), goods=("DDDDSP", "D"), vp=(5, 4))) == (0, "points")


def test_view_at_game_end_reports_scores_winner_and_what_decided():
    g = new_game(first=0)
    display(g, 0, ELEVEN)
    central(g, "B", "T22")
    stock(g, 0, goods="D", gold=1)
    actions(g, 0, markers=["B"], targis=[2], other_targis=[3])
    play(g, "uB", "b", "done", "done")
    v = view(g, 0)
    assert v["over"] and v["winner"] == 0 and v["decided_by"] == "points"
    assert v["scores"][0] == score(g, 0).as_dict()
    assert count_of(g, 0)[3] == 0


def test_r8_supply_is_unlimited_and_nothing_is_limited_during_the_round():
    g = new_game(first=0)
    stock(g, 0, goods="D" * 40 + "S" * 9, gold=9, vp=200)
    central(g, "E", "G09")  # 2 dates
    actions(g, 0, markers=["E"], targis=[2, 10], other_targis=[6])
    play(g, "uE", "u2")
    assert g.goods[0] == [43, 9, 0] and g.gold[0] == 9  # no cap until the round's end
    play(g, "u10", "s2G")
    assert g.vp[0] == 204
