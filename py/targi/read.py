"""The read interface (docs/engine.md) as a type: a game that code outside the rules may read
and never change. Every collection is a `Sequence` or a `Mapping`, so a write through it
(`g.vp[0] += 1`, `g.stack.append(...)`) is a mypy error; `targi.game.Game` satisfies it, and
`clone()` gives a game of one's own to play moves on.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .decisions import Decision
    from .game import Game


class ReadGame(Protocol):
    """A Game seen through the read interface (docs/engine.md names each member)."""

    @property
    def phase(self) -> str:
        """The step of the round: raid, place, act, limits or over."""

    @property
    def player(self) -> int:
        """Whose decision it is."""

    @property
    def round(self) -> int:
        """The round being played, from 1."""

    @property
    def rounds_played(self) -> int:
        """Rounds finished."""

    @property
    def robber(self) -> int:
        """The border card number the robber stands on."""

    @property
    def first(self) -> int:
        """The player with the amulet."""

    @property
    def actor(self) -> int:
        """Whose actions are being carried out."""

    @property
    def place_turn(self) -> int:
        """Who places the next Targi."""

    @property
    def rng(self) -> int:
        """The generator's state (a sampled world's own)."""

    @property
    def in_play(self) -> int:
        """The tribe card being decided on, or -1."""

    @property
    def stack(self) -> Sequence[Decision]:
        """The decisions to answer, the current one last."""

    @property
    def to_place(self) -> Sequence[int]:
        """Targis still to place this round, per player."""

    @property
    def next_targis(self) -> Sequence[int]:
        """Targis each player has next round."""

    @property
    def central(self) -> Sequence[int]:
        """The nine central spaces A…I: a card, or -1."""

    @property
    def face_up(self) -> Sequence[bool]:
        """Per central space: the card is face up."""

    @property
    def used(self) -> Sequence[bool]:
        """Per central space: its card was taken this round."""

    @property
    def waiting(self) -> Sequence[str]:
        """Per empty central space: the deck it refills from."""

    @property
    def targis(self) -> Sequence[Sequence[int]]:
        """Per player: border numbers with their Targis."""

    @property
    def markers(self) -> Sequence[Sequence[str]]:
        """Per player: central letters with their tribe markers."""

    @property
    def goods_deck(self) -> Sequence[int]:
        """The goods deck, top last (a guess in a sampled world)."""

    @property
    def tribe_deck(self) -> Sequence[int]:
        """The tribe deck, top last (a guess in a sampled world)."""

    @property
    def goods_discard(self) -> Sequence[int]:
        """The goods discard pile."""

    @property
    def tribe_discard(self) -> Sequence[int]:
        """The tribe discard pile."""

    @property
    def goods(self) -> Sequence[Sequence[int]]:
        """Per player: dates, salt, pepper."""

    @property
    def gold(self) -> Sequence[int]:
        """Per player."""

    @property
    def vp(self) -> Sequence[int]:
        """Per player: victory point tokens."""

    @property
    def hand(self) -> Sequence[int]:
        """Per player: the card in hand, or -1."""

    @property
    def hand_round(self) -> Sequence[int]:
        """Per player: the round the hand card was kept (R5)."""

    @property
    def display(self) -> Sequence[Sequence[Sequence[int]]]:
        """Per player: three rows of card indexes."""

    @property
    def effects(self) -> Sequence[Mapping[str, int]]:
        """Per player: effect code -> how many placed cards have it."""

    @property
    def current_player(self) -> int:
        """Whose decision it is."""

    @property
    def is_over(self) -> bool:
        """The game has ended."""

    @property
    def decision(self) -> str:
        """What the current player is deciding."""

    @property
    def current_decision(self) -> Decision:
        """The decision being made, with its details."""

    def legal_moves(self) -> list[str]:
        """The current player's legal moves (a new list)."""

    def display_count(self, player: int) -> int:
        """How many cards the player has in their display."""

    def key(self) -> tuple[Hashable, ...]:
        """The transposition key (Game.key)."""

    def clone(self, logging: bool = False) -> Game:
        """A copy of one's own, a Game to play moves on."""
