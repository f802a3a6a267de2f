"""The dealer's stand-ins change nothing: a game dealt through positions, with face-down cards
held by stand-ins until their round ends, is the game the real cards make."""

from __future__ import annotations

import pytest
from targi import chance
from targi.friend.dealer import Dealer
from targi.game import Game
from targi.view import view

from .scripted import dry_run, secret

SEEDS = range(4)


def _dealt_straight(d: Dealer) -> Game:
    """The same moves with every card dealt its real face at once (no stand-in)."""
    g = Game.new(0, d.first_player, explicit_chance=True)
    faces = iter(d.faces[(x.deck, x.pos)] for x in d.draws)
    moves = iter(d.moves)
    while not g.is_over:
        if chance.pending(g):
            chance.deal(g, next(faces))
        else:
            g.play(next(moves))
    return g


@pytest.mark.parametrize("seed", SEEDS)
def test_a_game_with_stand_ins_is_the_game_of_the_real_cards(seed: int) -> None:
    d = dry_run(secret(f"a{seed}"), secret(f"b{seed}"), seed % 2, seed)
    assert any(x.sealed for x in d.draws)
    straight = _dealt_straight(d)
    assert view(straight) == view(d.game)
    assert straight.log == d.game.log


def test_a_card_turned_up_that_a_stand_in_stood_for_deals_the_game_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The engine waits for a card that it holds as a stand-in: the game is dealt again (and the
    test above shows the result is the real game)."""
    conflicts = 0
    rebuild = Dealer._rebuild

    def counted(self: Dealer) -> None:
        nonlocal conflicts
        conflicts += chance.pending(self.game)  # else: a round has ended (not a conflict)
        rebuild(self)

    monkeypatch.setattr(Dealer, "_rebuild", counted)
    for seed in SEEDS:
        dry_run(secret(f"a{seed}"), secret(f"b{seed}"), seed % 2, seed)
    assert conflicts
