"""Every tribe effect code in cards.csv, each shown changing play: with the card and without
(CARDS.md: Effect codes; RULES.md R5, R7, R9, R11)."""

from __future__ import annotations

from targi import score

from .position import (
    actions,
    before_round,
    central,
    count_of,
    display,
    hand,
    ids,
    new_game,
    on_top,
    placement,
    play,
    stock,
)


def _buy_from_b(card_id: str, goods: str, gold: int, shown: list | None = None):
    """Blue takes the tribe card on B and pays for it (the row choice is left to the test)."""
    g = new_game(first=0)
    if shown:
        display(g, 0, shown)
    central(g, "B", card_id)
    stock(g, 0, goods=goods, gold=gold)
    actions(g, 0, markers=["B"], targis=[2], other_targis=[6])
    play(g, "uB", "b")
    return g


# ---- discount:<symbol> (R9) -------------------------------------------------------------------
def test_r9_discount_one_good_less_of_the_payers_choice():
    with_card = _buy_from_b("T01", "DSSPP", 0, shown=[["T08"], [], []])  # Targia patron
    assert with_card.legal_moves() == ["$SSPP", "$DSPP", "$DSSP"]
    without = _buy_from_b("T01", "DSSPP", 0)
    assert without.decision == "row"  # the one full payment was taken automatically
    assert count_of(without, 0)[:3] == (0, 0, 0)


def test_r9_discount_never_removes_gold():
    g = _buy_from_b("T02", "DP", 1, shown=[["T08"], [], []])  # Targia 1D+1P+1G
    assert g.legal_moves() == ["$PG", "$DG"]
    g = _buy_from_b("T04", "DD", 1, shown=[["T08"], [], []])  # 2D+1G: a single way
    assert g.decision == "row" and count_of(g, 0)[:4] == (1, 0, 0, 0)


def test_r9_discount_only_for_cards_of_its_symbol():
    g = _buy_from_b("T10", "DSSPP", 0, shown=[["T08"], [], []])  # a Camel rider
    assert g.decision == "row" and count_of(g, 0)[:3] == (0, 0, 0)


def test_r9_discount_applies_to_the_hand_card_and_drawn_cards():
    g = new_game(first=0)
    display(g, 0, [["T08"], [], []])
    hand(g, 0, "T02")
    on_top(g, "T03")  # Targia 1D+1S+2P
    stock(g, 0, goods="DDSPPP", gold=1)
    actions(g, 0, targis=[1, 14], other_targis=[6])
    play(g, "u1", "b")
    assert g.legal_moves() == ["$PG", "$DG"]
    play(g, "$PG", "r1", "u14", "b")
    assert g.legal_moves() == ["$SPP", "$DPP", "$DSP"]


# ---- vp_per_two:<symbol> ----------------------------------------------------------------------
def test_vp_per_two_one_vp_for_every_two_cards_of_its_symbol_at_game_end():
    g = new_game()
    display(g, 0, [["T06", "T01", "T02", "T10"], ["T03", "T04"], []])  # 5 Targia
    s = score(g, 0)
    assert s.card_bonuses == [{"card": "T06", "name": "Council of women", "vp": 2}]
    display(g, 0, [["T05", "T01", "T02", "T10"], ["T03", "T04"], []])  # no Council of women
    assert score(g, 0).card_bonuses == []
    assert score(g, 0).total == s.total - 2 + (2 - 1)  # T05 is worth 2 VP, T06 1 VP


# ---- raid_immunity ----------------------------------------------------------------------------
def test_raid_immunity_loses_nothing_in_raids():
    g = new_game(first=0)
    display(g, 0, [["T14"], [], []])  # Escort
    stock(g, 0, goods="DSP", gold=1, vp=4)
    stock(g, 1, goods="DSP", gold=1, vp=4)
    before_round(g, 16, 1)
    assert g.current_player == 1 and g.legal_moves() == ["lG", "lV"]  # only red pays
    play(g, "lG")
    assert g.is_over and count_of(g, 0) == (1, 1, 1, 1, 4)


# ---- opponent_two_targis ----------------------------------------------------------------------
def _round_after_buying(card_id: str):
    g = new_game(first=0)
    central(g, "B", card_id)
    stock(g, 0, gold=1)
    actions(g, 0, markers=["B"], targis=[2], other_targis=[6])
    play(g, "uB", "b", "r1", "done", "done")
    return g


def test_opponent_two_targis_next_round_the_opponent_places_only_two():
    g = _round_after_buying("T18")  # Ambush (1G)
    assert g.round == 2 and g.phase == "place" and g.first == 1
    assert g.to_place == [3, 2]
    who = []
    for move in ("t3", "t5", "t7", "t10", "t11"):
        who.append(g.current_player)
        play(g, move)
    assert who == [1, 0, 1, 0, 0]  # red stops at two; blue places the rest
    assert len(g.targis[1]) == 2 and g.phase == "act"
    assert g.next_targis == [3, 3]  # only for the next round


def test_opponent_two_targis_without_the_card_both_place_three():
    g = _round_after_buying("T15")  # another 1G card
    assert g.to_place == [3, 3]


# ---- robber_access (R7) -----------------------------------------------------------------------
def test_r7_robber_access_lets_you_place_on_the_robbers_card_and_use_it():
    g = new_game(first=0)
    display(g, 0, [["T15"], [], []])  # Desert scout
    placement(g, robber=6)
    assert g.legal_moves() == [
        "t1", "t2", "t3", "t5", "t6", "t7", "t9", "t10", "t11", "t13", "t14", "t15",
    ]  # fmt: skip
    play(g, "t6")
    # red: not 6 (taken), nor 14 (facing blue); red has no Desert scout anyway
    assert g.legal_moves() == ["t1", "t2", "t3", "t5", "t7", "t9", "t10", "t11", "t13", "t15"]
    play(g, "t2", "t5", "t3", "t7", "t9")
    assert g.targis[0] == [6, 5, 7]
    assert g.legal_moves() == ["u5", "u6", "u7", "done"]  # no markers: all on one side
    play(g, "u6")
    assert g.goods[0] == [2, 2, 3]


def test_r7_without_robber_access_the_robbers_card_is_closed():
    g = placement(new_game(first=0), robber=6)
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


# ---- hand_without_noble (R5) ------------------------------------------------------------------
def test_hand_without_noble_plays_the_hand_card_paying_one_extra_good():
    g = new_game(first=0)
    display(g, 0, [["T07"], [], []])  # Matriarch
    hand(g, 0, "T22")  # Tent 1D+1G
    stock(g, 0, goods="DSP", gold=1)
    actions(g, 0, targis=[2], other_targis=[6])
    assert g.legal_moves() == ["u2", "h", "done"]
    play(g, "h")
    assert g.decision == "pay" and g.legal_moves() == ["$DPG", "$DSG"]
    play(g, "$DSG", "r2")
    assert ids(g.display[0][1]) == ["T22"] and g.hand[0] == -1
    assert count_of(g, 0)[:4] == (0, 0, 1, 0)
    assert g.legal_moves() == ["u2", "done"]


def test_hand_without_noble_needs_the_card():
    g = new_game(first=0)
    hand(g, 0, "T22")
    stock(g, 0, goods="DSP", gold=1)
    actions(g, 0, targis=[2], other_targis=[6])
    assert g.legal_moves() == ["u2", "done"]


def test_r5_hand_without_noble_not_for_a_card_kept_this_round():
    g = new_game(first=0)
    display(g, 0, [["T07"], [], []])
    central(g, "B", "T22")
    stock(g, 0, goods="DSP", gold=1)
    actions(g, 0, markers=["B"], targis=[2], other_targis=[6])
    play(g, "uB", "k")
    assert g.legal_moves() == ["u2", "done"]


# ---- diverse_rows_four ------------------------------------------------------------------------
DIVERSE = [["T01", "T10", "T19", "T28"], ["T02", "T11", "T20", "T37"], ["T03", "T12", "T29"]]


def test_diverse_rows_four_up_to_two_rows_of_different_symbols_score_four():
    g = new_game()
    display(g, 0, [DIVERSE[0], DIVERSE[1], [*DIVERSE[2], "T43"]])  # Gathering of tribes
    assert score(g, 0).rows == [4, 4, 2]
    display(g, 0, [DIVERSE[0], DIVERSE[1], [*DIVERSE[2], "T38"]])
    assert score(g, 0).rows == [2, 2, 2]


# ---- swap_two ---------------------------------------------------------------------------------
def test_swap_two_when_placed_you_may_swap_two_display_cards():
    g = _buy_from_b("T25", "D", 1, shown=[["T01", "T10", "T19"], ["T28"], []])  # Nomad camp
    play(g, "r1")
    assert g.decision == "swap"
    assert g.legal_moves() == [
        "w1112",
        "w1113",
        "w1114",
        "w1121",
        "w1213",
        "w1214",
        "w1221",
        "w1321",
        "w1421",
        "done",
    ]  # fmt: skip  (two Tents swapped would change nothing: not offered)
    assert score(g, 0).rows == [0, 0, 0]
    play(g, "w1421")
    assert ids(g.display[0][0]) == ["T01", "T10", "T19", "T28"]
    assert ids(g.display[0][1]) == ["T25"]
    assert score(g, 0).rows == [2, 0, 0]


def test_swap_two_done_keeps_the_display_and_other_cards_give_no_swap():
    g = _buy_from_b("T25", "D", 1, shown=[["T01"], [], []])
    play(g, "r1")
    assert g.legal_moves() == ["w1112", "done"]
    play(g, "done")
    assert ids(g.display[0][0]) == ["T01", "T25"] and g.decision == "act"
    g = _buy_from_b("T22", "D", 1, shown=[["T01"], [], []])  # a plain Tent
    play(g, "r1")
    assert g.decision == "act"


# ---- goods_bonus:<good> (R11) -----------------------------------------------------------------
def test_r11_goods_bonus_with_each_central_goods_card():
    g = new_game(first=0)
    display(g, 0, [["T26"], [], []])  # Spice trader: +1 pepper
    central(g, "A", "G05")
    actions(g, 0, markers=["A"], targis=[2], other_targis=[6])
    play(g, "uA")
    assert g.goods[0] == [3, 2, 3]
    g = new_game(first=0)
    central(g, "A", "G05")
    actions(g, 0, markers=["A"], targis=[2], other_targis=[6])
    play(g, "uA")
    assert g.goods[0] == [3, 2, 2]


def test_r11_goods_bonus_not_with_caravan_or_goods_border_cards():
    g = new_game(first=0)
    display(g, 0, [["T35"], [], []])  # Salt trader: +1 salt
    on_top(g, "G05")
    actions(g, 0, targis=[13, 3, 2], other_targis=[6])
    play(g, "u13", "u3", "u2")
    assert g.goods[0] == [2 + 1 + 1, 2 + 1, 2]


# ---- on_place:1G / on_place:1X ----------------------------------------------------------------
def test_on_place_1g_take_one_gold_when_placed():
    g = _buy_from_b("T09", "D", 1)  # Gold dowry 1D+1G
    play(g, "r1")
    assert g.gold[0] == 1
    g = _buy_from_b("T22", "D", 1)  # same cost, no effect
    play(g, "r1")
    assert g.gold[0] == 0


def test_on_place_1x_take_one_good_of_your_choice_when_placed():
    g = _buy_from_b("T36", "D", 1)  # Well feast 1D+1G
    play(g, "r1")
    assert g.decision == "good" and g.legal_moves() == ["gD", "gS", "gP"]
    play(g, "gS")
    assert g.goods[0] == [0, 1, 0]
