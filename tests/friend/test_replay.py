"""The dealer's replay when face-down cards turn up starts from a checkpoint, not from the
game's start, and deals the very game a replay from the start deals (docs/build.md, *What a
friend's link costs the dealer and the page*)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from targi import chance
from targi.friend import session
from targi.friend.dealer import Dealer
from targi.friend.errors import FriendError
from targi.game import Game

from .scripted import Match, secret

SEEDS = range(3)


class FromStart(Dealer):
    """The dealer as it was: every replay plays the whole game again from its start."""

    def _rebuild(self) -> None:
        if self._rebuilding:
            raise FriendError("an opened card is not among those the rules could draw")
        self._known, self._rebuilding = self.draws, True
        try:
            self._start()
            for move in self.moves:
                self.game.play(move)
                self._advance()
        finally:
            self._rebuilding = False


def state(d: Dealer) -> tuple[object, ...]:
    """All the dealer's state the game goes on from (the legal moves' cache left out)."""
    g = d.game
    fields = [
        (name, getattr(g, name)) for name in Game.__slots__ if name not in ("_legal", "chance")
    ]
    c = g.chance
    deal = None if c is None else (c.step, c.dealt, c.outcomes, c.last_dealt, c.scripted)
    return fields, deal, d.draws, d.decks, d._stand_ins, d._dealt, d.due(), d.known()


class Shadowed(Dealer):
    """A page's dealer that passes every card and move on to a FromStart dealer too, and
    writes down where the two differ after it."""

    def __init__(self, first_player: int) -> None:
        super().__init__(first_player)
        self.shadow = FromStart(first_player)
        self.differ: list[str] = []
        self.rounds_ended = self.conflicts = 0

    def opened(self, deck: int, pos: int, card: int) -> None:
        super().opened(deck, pos, card)
        self.shadow.opened(deck, pos, card)
        self._compare(f"card {card} opened at {deck}/{pos}")

    def play(self, move: str) -> None:
        super().play(move)
        self.shadow.play(move)
        self._compare(f"move {move!r}")

    def _rebuild(self) -> None:
        self.conflicts += chance.pending(self.game)
        self.rounds_ended += not chance.pending(self.game)
        super()._rebuild()

    def _compare(self, after: str) -> None:
        if state(self) != state(self.shadow):
            self.differ.append(f"after {after}, move {len(self.moves)}")


def _matches(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[int, Match]]:
    """Games between two pages whose dealers are Shadowed (each to be played a link at a time)."""
    monkeypatch.setattr(session, "Dealer", Shadowed)
    for seed in SEEDS:
        yield seed, Match(secret(f"replay-a{seed}"), secret(f"replay-b{seed}"), seed % 2, seed)


def test_a_replay_from_a_checkpoint_deals_the_game_a_replay_from_the_start_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dealers: list[Shadowed] = []
    for seed, m in _matches(monkeypatch):
        links = 0
        while m.step():
            links += 1
            for page in m.pages:
                assert isinstance(page.dealer, Shadowed)
                assert page.dealer.differ == [], f"game {seed}, link {links}"
        dealers += [p.dealer for p in m.pages if isinstance(p.dealer, Shadowed)]
        assert all(p.game.is_over for p in m.pages)
    # the games went through what makes a replay: round ends with face-down cards not their
    # stand-ins, cards turned up that a stand-in held, a reshuffle, Caravan, Tribal expansion
    assert sum(d.rounds_ended for d in dealers) and sum(d.conflicts for d in dealers)
    assert any(len([k for k in d.decks if k.kind == "goods"]) > 1 for d in dealers)
    drawn = {e.card[0] for d in dealers for e in d.game.log if e.kind == "drawn"}
    assert drawn == {"G", "T"}


def test_a_friend_game_replays_fewer_moves_than_it_has(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each page once replayed the whole game at each round's end (some 1,300 moves a game);
    now a replay starts at the round's first face-down card."""
    replaying: list[Dealer] = []
    replayed: dict[int, int] = {}
    rebuild, play = Dealer._rebuild, Game.play

    def counted_rebuild(self: Dealer) -> None:
        replaying.append(self)
        try:
            rebuild(self)
        finally:
            replaying.pop()

    def counted_play(self: Game, move: str) -> None:
        if replaying and self.chance is not None and not self.chance.scripted:
            replayed[id(replaying[-1])] = replayed.get(id(replaying[-1]), 0) + 1
        play(self, move)

    monkeypatch.setattr(Dealer, "_rebuild", counted_rebuild)
    monkeypatch.setattr(Game, "play", counted_play)
    m = Match(secret("a0"), secret("b0"), first=0, seed=0).run()
    for page in m.pages:
        assert page.dealer is not None and page.game.is_over
        assert 0 < replayed[id(page.dealer)] < len(page.dealer.moves)
