"""The game log's events (`Game.log`): one named tuple per kind, its `kind` first.

They are tuples, so an event still equals the plain tuple it replaced
(`Move("move", 0, "t5", False, 1, "B05") == ("move", 0, "t5", False, 1, "B05")`), and readers
name the fields instead of counting positions. `kind` is a literal, so a check such as
`e.kind == "move"` tells mypy which event it is. Nothing stores or sends the log: save strings
hold the moves only, and the log is made again by replaying them.
"""

from __future__ import annotations

from typing import Literal, NamedTuple, TypeAlias


class Move(NamedTuple):
    """A move applied: `forced` when it was the only choice (the engine made it, unrecorded);
    `card` the id of the card it is about, or ''."""

    kind: Literal["move"]
    player: int
    move: str
    forced: bool
    round: int
    card: str


class Raid(NamedTuple):
    """The robber raids at a corner: `first` the player raided first (the amulet's)."""

    kind: Literal["raid"]
    first: int
    card: str


class RaidImmune(NamedTuple):
    """A player a raid does not touch (an immunity card)."""

    kind: Literal["raid_immune"]
    player: int


class RaidVP(NamedTuple):
    """Right after a raid's `lV` move: the VP it took (R1: as far as they go, possibly 0)."""

    kind: Literal["raid_vp"]
    player: int
    vp: int


class Drawn(NamedTuple):
    """A card drawn from a deck: a goods card (Caravan) or a tribe card (Tribal expansion)."""

    kind: Literal["drawn"]
    player: int
    card: str


class MarkerReturned(NamedTuple):
    """Tribe markers given back unused at the end of a player's actions: central letters."""

    kind: Literal["marker_returned"]
    player: int
    spaces: str


class GoldLimit(NamedTuple):
    """Gold returned over the limit (R10)."""

    kind: Literal["gold_limit"]
    player: int
    gold: int


class RoundEnd(NamedTuple):
    """A round has ended: `rounds_played` rounds by now."""

    kind: Literal["round_end"]
    rounds_played: int


class Reshuffle(NamedTuple):
    """A deck made again from its discards."""

    kind: Literal["reshuffle"]
    deck: str  # "goods" | "tribe"


class GameOver(NamedTuple):
    """The game is over (the last event)."""

    kind: Literal["game_over"]


Event: TypeAlias = (
    Move
    | Raid
    | RaidImmune
    | RaidVP
    | Drawn
    | MarkerReturned
    | GoldLimit
    | RoundEnd
    | Reshuffle
    | GameOver
)
