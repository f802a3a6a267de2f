"""The action phase, central cards, the decks, tribe cards, the hand, and the 16 border cards
(RULES.md: A round, step 4; Central cards; Border cards; Display; R3, R4, R5, R6, R12)."""

from __future__ import annotations

import pytest
from targi.board import CENTRAL

from .position import (
    actions,
    card,
    central,
    count_of,
    display,
    hand,
    ids,
    new_game,
    on_top,
    play,
    stock,
)

TWELVE = [
    ["T01", "T02", "T03", "T04"],
    ["T10", "T11", "T12", "T13"],
    ["T19", "T20", "T21", "T22"],
]


def at(letter: str) -> int:
    return CENTRAL.index(letter)


# ---- the action phase -------------------------------------------------------------------------
def test_actions_first_player_does_all_actions_then_the_second_player():
    g = new_game(first=0)
    actions(g, 0, targis=[2, 3], other_targis=[6])
    assert g.current_player == 0 and g.legal_moves() == ["u2", "u3", "done"]
    play(g, "u2")
    assert g.current_player == 0 and g.legal_moves() == ["u3", "done"]
    play(g, "u3")
    assert g.current_player == 1 and g.legal_moves() == ["u6", "done"]
    assert g.targis[0] == []  # blue's Targis are back with their owner


def test_actions_in_any_order_and_each_may_be_passed():
    g = new_game(first=0)
    central(g, "A", "G05")  # 1 date
    actions(g, 0, targis=[3, 11], markers=["A"], other_targis=[6])
    assert g.legal_moves() == ["u3", "u11", "uA", "done"]
    play(g, "uA", "u11")  # central card first, then Pepper
    assert g.legal_moves() == ["u3", "done"]
    play(g, "done")  # Salt is passed
    assert count_of(g, 0)[:3] == (3, 2, 3)
    assert g.current_player == 1


def test_actions_a_passed_central_card_stays_where_it_is():
    g = new_game(first=0)
    central(g, "A", "G05")
    before = g.central[:]
    actions(g, 0, targis=[2], markers=["A"], other_targis=[6])
    play(g, "done")
    assert g.central == before and all(g.face_up) and not any(g.used)


def test_central_goods_card_goes_to_discard_and_is_replaced_face_down_by_a_tribe_card():
    g = new_game(first=0)
    central(g, "C", "G10")  # 1 gold
    on_top(g, "T30")
    actions(g, 0, targis=[2], markers=["C"], other_targis=[6])
    play(g, "uC")
    assert g.gold[0] == 2
    assert ids(g.goods_discard) == ["G10"]
    assert g.central[at("C")] == card("T30") and not g.face_up[at("C")] and g.used[at("C")]


def test_central_tribe_card_is_taken_and_replaced_face_down_by_a_goods_card():
    g = new_game(first=0)
    central(g, "B", "T22")  # Tent, 1D+1G
    on_top(g, "G17")
    actions(g, 0, targis=[2], markers=["B"], other_targis=[6])
    play(g, "uB", "b", "r1")
    assert ids(g.display[0][0]) == ["T22"]
    assert g.central[at("B")] == card("G17") and not g.face_up[at("B")]


def test_face_down_central_cards_turn_up_at_the_end_of_the_round():
    g = new_game(first=0)
    central(g, "C", "G10")
    actions(g, 0, markers=["C"], targis=[2], other_targis=[6])
    play(g, "uC", "done")
    assert not g.face_up[at("C")]
    assert g.current_player == 1
    play(g, "done")  # red ends the round
    assert all(g.face_up) and not any(g.used)
    assert g.round == 2 and g.phase == "place"


def test_goods_deck_is_reshuffled_as_soon_as_it_is_empty():
    g = new_game(first=0)
    central(g, "B", "T22")
    deck = g.goods_deck
    g.goods_discard.extend(deck[:-1])  # leave one card in the deck
    del deck[:-1]
    last = deck[0]
    discarded = sorted(g.goods_discard)
    actions(g, 0, markers=["B"], targis=[2], other_targis=[6])
    play(g, "uB", "d")  # the goods card drawn for B is the deck's last
    assert g.central[at("B")] == last
    assert sorted(g.goods_deck) == discarded and g.goods_discard == []


def test_r4_tribe_deck_is_refilled_from_its_discard_pile():
    g = new_game(first=0)
    central(g, "A", "G05")
    g.tribe_discard.extend(g.tribe_deck)
    g.tribe_deck.clear()
    actions(g, 0, markers=["A"], targis=[2], other_targis=[6])
    play(g, "uA")
    assert g.central[at("A")] != -1 and g.tribe_discard == []
    assert len(g.tribe_deck) == 41 - 1


def _no_tribe_cards_to_draw(g) -> None:
    # R4 cannot happen with 45 tribe cards in a real game; the test takes them off the table.
    g.tribe_deck.clear()
    g.tribe_discard.clear()


def test_r4_both_tribe_piles_empty_leave_the_space_empty_with_no_action():
    g = new_game(first=0)
    central(g, "A", "G05")
    _no_tribe_cards_to_draw(g)
    actions(g, 0, markers=["A", "I"], targis=[9], other_targis=[6])
    play(g, "uA")
    assert g.central[at("A")] == -1 and g.waiting[at("A")] == "tribe"
    play(g, "u9")  # Fata Morgana: the empty space is no target
    assert g.legal_moves() == ["fIB", "fIC", "fID", "fIE", "fIF", "fIG", "fIH"]


def test_r4_tribe_marker_on_an_empty_space_is_returned():
    g = new_game(first=0)
    central(g, "E", None)
    g.waiting[at("E")] = "goods"
    play(g, "t2", "t13", "t6", "t11", "t5", "t9")  # blue crosses B and E; red G and I
    assert g.markers[0] == ["B"]
    assert ("marker_returned", 0, "E") in g.log


def test_r4_empty_space_filled_face_up_at_round_end_with_the_type_it_waited_for():
    g = new_game(first=0)
    central(g, "A", "G05")
    _no_tribe_cards_to_draw(g)
    actions(g, 0, markers=["A"], targis=[2], other_targis=[6])
    play(g, "uA")
    assert g.central[at("A")] == -1
    g.tribe_discard.append(card("T40"))  # a tribe card can be drawn again by the round's end
    play(g, "done")
    play(g, "done")  # red
    assert g.central[at("A")] == card("T40") and g.face_up[at("A")]
    assert g.waiting[at("A")] == ""


# ---- goods cards -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("card_id", "gained"),
    [
        ("G01", (2, 3, 2, 1, 4)),  # 1 salt
        ("G03", (2, 2, 3, 1, 4)),  # 1 pepper
        ("G05", (3, 2, 2, 1, 4)),  # 1 date
        ("G07", (2, 4, 2, 1, 4)),  # 2 salt
        ("G08", (2, 2, 4, 1, 4)),  # 2 pepper
        ("G09", (4, 2, 2, 1, 4)),  # 2 dates
        ("G10", (2, 2, 2, 2, 4)),  # 1 gold
        ("G13", (2, 2, 2, 1, 5)),  # 1 VP
        ("G17", (3, 3, 2, 1, 4)),  # salt and date
        ("G18", (2, 3, 3, 1, 4)),  # salt and pepper
        ("G19", (3, 2, 3, 1, 4)),  # pepper and date
    ],
)
def test_goods_card_gives_what_it_shows(card_id, gained):
    g = new_game(first=0)
    central(g, "E", card_id)
    actions(g, 0, markers=["E"], targis=[2], other_targis=[6])
    play(g, "uE")
    assert count_of(g, 0) == gained


def test_goods_card_one_of_three_gives_one_good_of_your_choice():
    g = new_game(first=0)
    central(g, "E", "G14")
    actions(g, 0, markers=["E"], targis=[2], other_targis=[6])
    play(g, "uE")
    assert g.decision == "good" and g.legal_moves() == ["gD", "gS", "gP"]
    play(g, "gP")
    assert count_of(g, 0) == (2, 2, 3, 1, 4)


# ---- tribe cards -------------------------------------------------------------------------------
def _tribe_at_b(card_id: str, goods: str, gold: int, hand_card: str | None = None):
    g = new_game(first=0)
    central(g, "B", card_id)
    stock(g, 0, goods=goods, gold=gold)
    hand(g, 0, hand_card)
    actions(g, 0, markers=["B"], targis=[2], other_targis=[6])
    play(g, "uB")
    return g


def test_tribe_card_pay_its_cost_and_place_it_in_the_display():
    g = _tribe_at_b("T22", goods="DD", gold=1)  # Tent, 2 VP, 1D+1G
    assert g.decision == "tribe" and g.legal_moves() == ["b", "k", "d"]
    play(g, "b")  # a single way to pay: taken automatically
    assert g.decision == "row" and g.legal_moves() == ["r1", "r2", "r3"]
    play(g, "r2")
    assert ids(g.display[0][1]) == ["T22"]
    assert count_of(g, 0)[:4] == (1, 0, 0, 0)


def test_tribe_card_keep_it_in_hand_without_paying():
    g = _tribe_at_b("T22", goods="", gold=0)
    assert g.legal_moves() == ["k", "d"]  # cannot pay
    play(g, "k")
    assert g.hand[0] == card("T22") and g.hand_round[0] == g.round


def test_tribe_card_keep_only_with_an_empty_hand():
    g = _tribe_at_b("T22", goods="DD", gold=1, hand_card="T30")
    assert g.legal_moves() == ["b", "d"]
    assert g.hand[0] == card("T30")


def test_tribe_card_may_be_discarded_even_with_an_empty_hand():
    g = _tribe_at_b("T22", goods="DD", gold=1)
    play(g, "d")
    assert ids(g.tribe_discard) == ["T22"] and g.hand[0] == -1 and g.display[0] == [[], [], []]


def test_tribe_card_that_cannot_be_paid_or_kept_is_discarded_automatically():
    g = _tribe_at_b("T22", goods="", gold=0, hand_card="T30")
    assert ids(g.tribe_discard) == ["T22"] and g.decision == "act"


def test_tribe_card_payment_is_chosen_when_there_is_a_choice():
    g = new_game(first=0)
    central(g, "B", "T01")  # Targia 1D+2S+2P
    display(g, 0, [["T08"], [], []])  # Targia patron: Targia cards cost 1 good less (R9)
    stock(g, 0, goods="DSSPP", gold=0)
    actions(g, 0, markers=["B"], targis=[2], other_targis=[6])
    play(g, "uB", "b")
    assert g.decision == "pay" and g.legal_moves() == ["$SSPP", "$DSPP", "$DSSP"]
    play(g, "$DSPP")
    assert count_of(g, 0)[:3] == (0, 1, 0)


def test_stroke_cost_pays_either_the_goods_or_the_gold(monkeypatch):
    from targi import cards, decisions, game, payment, scoring

    text = cards.table_text().replace(
        "T22,tribe,Tent,Tent,2,1D+1G,", "T22,tribe,Tent,Tent,2,2D+1S/1G,"
    )
    table = cards.read_csv(text)
    assert table[card("T22")].costs == ((2, 1, 0, 0), (0, 0, 0, 1))
    assert table[card("T22")].cost == "2D+1S/1G"
    for module in (decisions, game, scoring):
        monkeypatch.setattr(module, "CARDS", table)
    monkeypatch.setattr(payment, "BASE_COSTS", payment.base_cost_table(table))
    g = _tribe_at_b("T22", goods="DDS", gold=1)
    play(g, "b")
    assert g.legal_moves() == ["$G", "$DDS"]
    play(g, "$G", "r1")
    assert count_of(g, 0)[:4] == (2, 1, 0, 0)
    # only the goods: the gold alternative is gone, a single payment is automatic
    g = _tribe_at_b("T22", goods="DDS", gold=0)
    play(g, "b", "r1")
    assert count_of(g, 0)[:4] == (0, 0, 0, 0)
    # R9 discounts the goods alternative only
    g = new_game(first=0)
    central(g, "B", "T22")
    display(g, 0, [["T27"], [], []])  # Tent maker
    stock(g, 0, goods="DDS", gold=1)
    actions(g, 0, markers=["B"], targis=[2], other_targis=[6])
    play(g, "uB", "b")
    assert g.legal_moves() == ["$G", "$DS", "$DD"]  # sorted by (D, S, P, G)


# ---- the hand (R5) ---------------------------------------------------------------------------
def test_hand_card_is_never_discarded_or_swapped_except_with_the_noble():
    g = _tribe_at_b("T10", goods="DSSPP", gold=0, hand_card="T30")
    assert g.legal_moves() == ["b", "d"]  # no "k": the hand is taken
    assert g.hand[0] == card("T30")


def test_r5_a_card_kept_this_round_cannot_be_played_with_the_noble_this_round():
    g = new_game(first=0)
    central(g, "B", "T22")
    stock(g, 0, goods="DDD", gold=3)
    actions(g, 0, markers=["B"], targis=[1], other_targis=[6])
    g.robber = 5
    play(g, "uB", "k")
    assert g.legal_moves() == ["u1", "done"]
    play(g, "u1")  # the Noble may only discard it this round: that is its single choice
    assert g.hand[0] == -1 and ids(g.tribe_discard) == ["T22"]


def test_r5_a_card_kept_in_an_earlier_round_can_be_played():
    g = new_game(first=0)
    stock(g, 0, goods="DDD", gold=3)
    hand(g, 0, "T22", kept_in_round=g.round - 1)
    actions(g, 0, targis=[1], other_targis=[6])
    play(g, "u1")
    assert g.legal_moves() == ["b", "d"]


# ---- the border cards ------------------------------------------------------------------------
def test_border_1_noble_plays_the_hand_card_paying_its_cost():
    g = new_game(first=0)
    stock(g, 0, goods="DDP", gold=2)
    hand(g, 0, "T20")  # Tent 3 VP, 1D+1P+1G
    actions(g, 0, targis=[1], other_targis=[6])
    play(g, "u1")
    assert g.decision == "tribe" and g.legal_moves() == ["b", "d"]
    play(g, "b", "r3")
    assert ids(g.display[0][2]) == ["T20"] and g.hand[0] == -1
    assert count_of(g, 0)[:4] == (1, 0, 0, 1)


def test_border_1_noble_discards_the_hand_card():
    g = new_game(first=0)
    hand(g, 0, "T20")
    actions(g, 0, targis=[1, 2], other_targis=[6])
    play(g, "u1", "d")
    assert g.hand[0] == -1 and ids(g.tribe_discard) == ["T20"]


def test_border_1_noble_with_an_empty_hand_has_no_action():
    g = new_game(first=0)
    actions(g, 0, targis=[1, 2], other_targis=[6])
    assert g.legal_moves() == ["u2", "done"]


@pytest.mark.parametrize(("number", "good"), [(2, 0), (3, 1), (6, 2), (7, 0), (11, 2), (15, 1)])
def test_border_goods_cards_take_one_good(number, good):
    g = new_game(first=0)
    actions(g, 0, targis=[number, 1], other_targis=[9])
    play(g, f"u{number}")
    expected = [2, 2, 2]
    expected[good] += 1
    assert g.goods[0] == expected


def test_border_5_merchant_trades_any_number_of_times():
    g = new_game(first=0)
    stock(g, 0, goods="DDDSS", gold=0)
    actions(g, 0, targis=[5, 2], other_targis=[9])
    play(g, "u5")
    assert g.decision == "merchant"
    assert g.legal_moves() == ["mDS", "mDP", "mDG", "mSD", "mSP", "done"]
    play(g, "mDG")
    assert count_of(g, 0)[:4] == (0, 2, 0, 1)
    assert g.legal_moves() == ["mSD", "mSP", "done"]
    play(g, "mSD")
    assert count_of(g, 0)[:4] == (1, 0, 0, 1)
    assert g.decision == "act" and g.legal_moves() == ["u2", "done"]  # nothing left to trade


def test_border_5_merchant_without_two_identical_goods_has_no_action():
    g = new_game(first=0)
    stock(g, 0, goods="DSP")
    actions(g, 0, targis=[5, 2], other_targis=[9])
    assert g.legal_moves() == ["u2", "done"]


def test_border_9_fata_morgana_moves_an_unused_marker_to_a_free_face_up_card():
    g = new_game(first=0)
    central(g, "A", "G05")
    central(g, "I", "G10")
    actions(g, 0, targis=[9], markers=["A", "E"], other_markers=["C"], other_targis=[2])
    play(g, "u9")
    assert g.decision == "fata_morgana"
    free = ["B", "D", "F", "G", "H", "I"]  # not A or E (blue's), not C (red's)
    assert g.legal_moves() == [f"f{m}{t}" for m in "AE" for t in free]
    play(g, "fAI")
    assert g.markers[0] == ["E", "I"]
    assert g.legal_moves() == ["uE", "uI", "done"]
    play(g, "uI")  # R3: the moved marker is used like any other
    assert g.gold[0] == 2


def test_r3_fata_morgana_never_onto_a_used_or_face_down_card():
    g = new_game(first=0)
    central(g, "A", "G05")
    actions(g, 0, targis=[9], markers=["A", "E"], other_targis=[2], other_markers=["C"])
    play(g, "uA")  # A is used and now holds a face-down tribe card
    play(g, "u9")
    assert g.legal_moves() == [f"fE{t}" for t in "BDFGHI"]


def test_border_9_fata_morgana_without_a_marker_has_no_action():
    g = new_game(first=0)
    actions(g, 0, targis=[9, 2], other_targis=[6])
    assert g.legal_moves() == ["u2", "done"]


def test_border_10_silversmith_makes_one_exchange():
    g = new_game(first=0)
    stock(g, 0, goods="DDDDS", gold=2, vp=4)
    actions(g, 0, targis=[10, 2], other_targis=[6])
    play(g, "u10")
    assert g.decision == "silversmith"
    assert g.legal_moves() == ["s2D", "s4D", "s1G", "s2G"]
    play(g, "s4D")
    assert count_of(g, 0) == (0, 1, 0, 2, 7)
    assert g.decision == "act" and g.legal_moves() == ["u2", "done"]  # one exchange only


@pytest.mark.parametrize(
    ("move", "after"),
    [("s2S", (0, 0, 0, 2, 5)), ("s1G", (0, 2, 0, 1, 6)), ("s2G", (0, 2, 0, 0, 8))],
)
def test_border_10_silversmith_rates(move, after):
    g = new_game(first=0)
    stock(g, 0, goods="SS", gold=2, vp=4)
    actions(g, 0, targis=[10, 2], other_targis=[6])
    play(g, "u10", move)
    assert count_of(g, 0) == after


def test_border_13_caravan_takes_the_top_goods_card_then_discards_it_r12():
    g = new_game(first=0)
    on_top(g, "G18")
    actions(g, 0, targis=[13, 2], other_targis=[6])
    play(g, "u13")
    assert count_of(g, 0)[:3] == (2, 3, 3)
    assert ids(g.goods_discard) == ["G18"]
    assert ("drawn", 0, "G18") in g.log


def test_border_13_caravan_choice_card_gives_one_good_of_your_choice():
    g = new_game(first=0)
    on_top(g, "G15")
    actions(g, 0, targis=[13, 2], other_targis=[6])
    play(g, "u13")
    assert g.decision == "good" and g.legal_moves() == ["gD", "gS", "gP"]


def test_border_14_tribal_expansion_play_keep_or_discard_the_top_tribe_card():
    g = new_game(first=0)
    on_top(g, "T22")
    stock(g, 0, goods="D", gold=1)
    actions(g, 0, targis=[14, 2], other_targis=[6])
    play(g, "u14")
    assert g.decision == "tribe" and g.legal_moves() == ["b", "k", "d"]
    assert g.in_play == card("T22")
    play(g, "b", "r1")
    assert ids(g.display[0][0]) == ["T22"] and g.in_play == -1


# ---- the display -------------------------------------------------------------------------------
def test_display_new_card_in_the_leftmost_free_place_of_a_chosen_row():
    g = new_game(first=0)
    display(g, 0, [["T37", "T38"], [], ["T39", "T40", "T41", "T42"]])
    central(g, "B", "T22")
    stock(g, 0, goods="D", gold=1)
    actions(g, 0, markers=["B"], targis=[2], other_targis=[6])
    play(g, "uB", "b")
    assert g.legal_moves() == ["r1", "r2"]  # row 3 is full; rows need not fill in order
    play(g, "r1")
    assert ids(g.display[0][0]) == ["T37", "T38", "T22"]


def test_r6_full_display_takes_no_more_cards():
    g = new_game(first=0)
    display(g, 0, TWELVE)
    central(g, "B", "T30")
    stock(g, 0, goods="DDSSPP", gold=3)
    actions(g, 0, markers=["B"], targis=[2], other_targis=[6])
    play(g, "uB")
    assert g.legal_moves() == ["k", "d"]


def test_r6_full_display_and_full_hand_discard_the_drawn_card():
    g = new_game(first=0)
    display(g, 0, TWELVE)
    hand(g, 0, "T40")
    on_top(g, "T30")
    stock(g, 0, goods="DDSSPP", gold=3)
    actions(g, 0, targis=[14, 2], other_targis=[6])
    play(g, "u14")
    assert ids(g.tribe_discard) == ["T30"] and g.decision == "act"


def test_r4_tribal_expansion_with_no_tribe_card_to_draw_has_no_action():
    g = new_game(first=0)
    _no_tribe_cards_to_draw(g)
    actions(g, 0, targis=[14, 2], other_targis=[6])
    assert g.legal_moves() == ["u2", "done"]
    g = new_game(first=0)
    actions(g, 0, targis=[14, 2], other_targis=[6])
    assert g.legal_moves() == ["u2", "u14", "done"]
