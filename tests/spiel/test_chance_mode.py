"""The engine's explicit-chance mode (targi.chance): every card off a deck is chance's decision.

The mode needs no OpenSpiel. Its law: a chance-mode game dealt the very cards a seeded game draws
is the seeded game, move for move.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from targi import Game, IllegalMove, result
from targi import chance as chance_mode
from targi.cards import CARDS, GOODS_CARDS, TRIBE_CARDS


@pytest.fixture
def seeded_draws(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[list[Game], list[int]]]:
    """Records the cards the watched (seeded) game draws, in order."""
    watched: list[Game] = []
    drawn: list[int] = []
    draw = Game._draw

    def recording(self: Game, deck: list[int], discard: list[int], kind: str) -> int:
        card = draw(self, deck, discard, kind)
        if watched and self is watched[0] and card != -1:
            drawn.append(card)
        return card

    monkeypatch.setattr(Game, "_draw", recording)
    yield watched, drawn


def _same(c: Game, s: Game) -> None:
    for field in ("central", "face_up", "waiting", "used", "goods", "gold", "vp", "hand",
                  "display", "targis", "markers", "stack", "goods_discard", "tribe_discard",
                  "round", "robber", "phase", "player", "record"):  # fmt: skip
        assert getattr(c, field) == getattr(s, field), field
    assert sorted(c.goods_deck) == sorted(s.goods_deck)
    assert sorted(c.tribe_deck) == sorted(s.tribe_deck)
    assert c.legal_moves() == s.legal_moves()


@pytest.mark.parametrize("seed", [1, 7, 13])  # 13: the goods deck is reshuffled
def test_dealt_the_seeded_cards_a_chance_game_is_the_seeded_game(
    seed: int, seeded_draws: tuple[list[Game], list[int]]
) -> None:
    watched, drawn = seeded_draws
    s = Game.new(seed, seed % 2)
    watched.append(s)
    c = Game.new(seed, seed % 2, explicit_chance=True)
    for card in s.central:  # the opening deal, A to I
        chance_mode.deal(c, card)
    rnd = random.Random(seed)
    dealt = 0
    while not s.is_over:
        _same(c, s)
        move = rnd.choice(s.legal_moves())
        drawn.clear()
        s.play(move)
        c.play(move)
        for card in drawn:
            assert card in chance_mode.outcomes(c)
            chance_mode.deal(c, card)
            dealt += 1
        assert not chance_mode.pending(c)
    _same(c, s)
    assert c.is_over and result(c) == result(s)
    assert c.log == s.log  # the same cards turned up, the same reshuffles, in the same order
    assert dealt > 10


def test_the_opening_deal_is_chance_goods_on_the_corners_and_centre() -> None:
    g = Game.new(0, 0, explicit_chance=True)
    assert chance_mode.pending(g)
    assert chance_mode.outcomes(g) == sorted(GOODS_CARDS)
    kinds = []
    while chance_mode.pending(g):
        first = chance_mode.outcomes(g)[0]
        kinds.append(CARDS[first].kind)
        chance_mode.deal(g, first)
    assert kinds == ["goods", "tribe"] * 4 + ["goods"]
    assert g.decision == "place"
    assert len(g.goods_deck) == len(GOODS_CARDS) - 5
    assert len(g.tribe_deck) == len(TRIBE_CARDS) - 4


def _to_a_draw(seed: int) -> Game:
    """A chance-mode game played at random until chance deals during play."""
    rnd = random.Random(seed)
    g = Game.new(0, 0, explicit_chance=True)
    while True:
        if chance_mode.pending(g):
            if g.chance is not None and g.chance.step:
                return g
            chance_mode.deal(g, rnd.choice(chance_mode.outcomes(g)))
        else:
            g.play(rnd.choice(g.legal_moves()))


def test_a_draw_may_be_any_unseen_card_of_that_deck() -> None:
    g = _to_a_draw(3)
    cards = chance_mode.outcomes(g)
    assert cards in (sorted(g.goods_deck), sorted(g.tribe_deck))


def test_while_chance_deals_no_move_is_taken_and_nothing_changes() -> None:
    g = _to_a_draw(5)
    before = (g.record[:], g.goods[:], g.central[:], g.legal_moves())
    with pytest.raises(IllegalMove, match="chance deals a card first"):
        g.play(g.legal_moves()[0])
    not_dealable = next(c for c in GOODS_CARDS + TRIBE_CARDS if c not in g.chance.outcomes)  # type: ignore[union-attr]
    with pytest.raises(IllegalMove, match="cannot be dealt now"):
        chance_mode.deal(g, not_dealable)
    assert (g.record, g.goods, g.central, g.legal_moves()) == before


def test_an_illegal_move_in_chance_mode_is_refused_as_in_an_ordinary_game() -> None:
    g = Game.new(0, 0, explicit_chance=True)
    while chance_mode.pending(g):
        chance_mode.deal(g, chance_mode.outcomes(g)[-1])
    with pytest.raises(IllegalMove, match="not a legal move"):
        g.play("t4")  # a corner: the raids


def test_ordinary_games_have_no_chance_nodes() -> None:
    g = Game.new(11, 1)
    assert g.chance is None and not chance_mode.pending(g)
    assert chance_mode.outcomes(g) == []
    assert g.clone().chance is None


def test_a_clone_of_a_chance_game_deals_on_its_own() -> None:
    g = _to_a_draw(9)
    k = g.clone()
    chance_mode.deal(k, chance_mode.outcomes(k)[0])
    assert chance_mode.pending(g)
    assert g.chance is not None and g.chance.dealt == []
