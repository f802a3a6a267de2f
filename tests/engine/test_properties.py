"""Property tests: whole random games, checked after every move (hypothesis draws the seeds).

After every move: all 45 tribe and 19 goods cards are somewhere exactly once (decks, discard
piles, centre, displays, hands, the card in play); no stock is negative; a move that is not
legal is refused with IllegalMove and changes nothing. At every round end both players are
within the limits (10 goods, 3 gold); a game lasts at most 12 rounds; replaying the record gives
the same state, and so does a save string of the finished game and of a game in progress.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from targi import Game, IllegalMove, save
from targi.board import CORNERS, FACING
from targi.cards import GOODS_CARDS, TRIBE_CARDS
from targi.rng import next_value

from .position import snapshot

NOT_ALWAYS_LEGAL = [
    "t1", "t4", "t8", "t16", "t6", "u1", "u2", "u9", "u13", "uA", "uE", "uI", "h", "done",
    "b", "k", "d", "$", "$DG", "r1", "r3", "gD", "mDS", "mPG", "s2D", "s1G", "fAE", "w1112",
    "-D", "-P", "lD", "lSS", "lV", "lG", "x", "",
]  # fmt: skip


def check_cards(g: Game) -> None:
    tribe = list(g.tribe_deck) + list(g.tribe_discard)
    goods = list(g.goods_deck) + list(g.goods_discard)
    for c in g.central:
        if c in TRIBE_SET:
            tribe.append(c)
        elif c != -1:
            goods.append(c)
    for p in (0, 1):
        tribe.extend(c for row in g.display[p] for c in row)
        if g.hand[p] != -1:
            tribe.append(g.hand[p])
    if g.in_play != -1:
        tribe.append(g.in_play)
    assert sorted(tribe) == SORTED_TRIBE
    assert sorted(goods) == SORTED_GOODS


TRIBE_SET = frozenset(TRIBE_CARDS)
SORTED_TRIBE = sorted(TRIBE_CARDS)
SORTED_GOODS = sorted(GOODS_CARDS)


def check_table(g: Game) -> None:
    """Pieces stand where the placement rules allow; face-down cards only during actions."""
    mine, theirs = g.targis
    assert not set(mine) & set(theirs) and not set(mine + theirs) & CORNERS
    for p in (0, 1):
        assert not {FACING[t] for t in g.targis[p]} & set(g.targis[1 - p])
        if g.robber in g.targis[p]:
            assert "robber_access" in g.effects[p]
    assert not set(g.markers[0]) & set(g.markers[1])
    if g.phase in ("place", "raid"):
        assert all(g.face_up) and not any(g.used)


def check_stocks(g: Game) -> None:
    for p in (0, 1):
        assert min(g.goods[p]) >= 0 and g.gold[p] >= 0 and g.vp[p] >= 0
        assert g.display_count(p) <= 12 and all(len(row) <= 4 for row in g.display[p])


class BuyingPlayer:
    """Random, but buys tribe cards whenever it can: games then also end by a 12th card."""

    def __init__(self, seed: int, eager: bool) -> None:
        self.state, self.eager = seed, eager

    def __call__(self, g: Game) -> str:
        moves = g.legal_moves()
        self.state, r = next_value(self.state)
        if self.eager:
            for preferred in ("b", "h"):
                if preferred in moves:
                    return preferred
            useful = [m for m in moves if m != "done"] if g.decision == "act" else moves
            return useful[r % len(useful)]
        return moves[r % len(moves)]


def play_checked(seed: int, first: int, player_seed: int, eager: tuple[bool, bool]) -> Game:
    players = (BuyingPlayer(player_seed, eager[0]), BuyingPlayer(player_seed + 1, eager[1]))
    g = Game.new(seed, first)
    check_cards(g)
    rounds = g.rounds_played
    probe = player_seed % len(NOT_ALWAYS_LEGAL)
    midway = None
    while not g.is_over:
        legal = g.legal_moves()
        assert len(legal) >= 2 and len(set(legal)) == len(legal)
        probe = (probe + 1) % len(NOT_ALWAYS_LEGAL)
        wrong = NOT_ALWAYS_LEGAL[probe]
        if wrong not in legal:
            before = snapshot(g)
            with pytest.raises(IllegalMove):
                g.play(wrong)
            assert snapshot(g) == before
        g.play(players[g.current_player](g))
        check_cards(g)
        check_stocks(g)
        check_table(g)
        if g.rounds_played != rounds:  # a round just ended (R10: limits came before)
            rounds = g.rounds_played
            for p in (0, 1):
                assert sum(g.goods[p]) <= 10 and g.gold[p] <= 3
            if midway is None and rounds == 6:
                midway = (save.encode(g, meta=rounds), snapshot(g))
    assert g.rounds_played <= 12 and g.legal_moves() == []
    if midway is not None:
        text, state = midway
        loaded, meta = save.decode(text)
        assert meta == 6 and snapshot(loaded) == state
    return g


@settings(
    max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    seed=st.integers(0, 2**32 - 1),
    first=st.integers(0, 1),
    player_seed=st.integers(0, 2**63),
    eager=st.tuples(st.booleans(), st.booleans()),
)
def test_random_games_keep_every_invariant_and_replay_identically(seed, first, player_seed, eager):
    g = play_checked(seed, first, player_seed, eager)
    again = Game.replay(g.seed, g.starter, g.record)
    assert snapshot(again) == snapshot(g) and again.log == g.log
    text = save.encode(g, meta=first * 3)
    loaded, meta = save.decode(text)
    assert meta == first * 3 and snapshot(loaded) == snapshot(g)
    assert len(text) < 600
