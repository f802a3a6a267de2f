""" "Since your last turn": what the other player did after your last move, in a few lines.

Read from the engine's log (the view's `log`) and worded by targi.app.text.words, in the order it
happened: the cards taken and used, trades, the end of the round, raid losses, and the other
player's Targis placed in a round summed up in one line where the first of them was placed.
Payments and "done" are left out (the cards they belong to say enough). Moves the engine made
for you (the only choice) do not count as your move, and are told like the others' moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...events import Event
from ..session import PageView
from .catalog import Catalog
from .words import border_label, log_lines, player_names

LEFT_OUT = ("$",)  # payments
EVENTS = ("raid", "raid_immune", "raid_vp", "marker_returned", "drawn", "round_end", "reshuffle")


def since_last_move(log: Sequence[Event], me: int) -> list[Event]:
    """The log's events after `me`'s last own move (all of them if `me` has not moved)."""
    for i in range(len(log) - 1, -1, -1):
        e = log[i]
        if e.kind == "move" and e.player == me and not e.forced:
            return list(log[i + 1 :])
    return list(log)


def summary(cat: Catalog, v: PageView) -> tuple[str, list[str]]:
    """(heading, lines) of what happened since the last move of the person to move now (against
    the computer: you, also while it moves); empty lines if the other player has not moved."""
    me = v["you"] if v["mode"] == "ai" else v["current_player"]
    if me is None or v["over"]:
        return "", []
    other = 1 - me
    tail = since_last_move(v["log"], me)
    if not any(e.kind == "move" and e.player == other for e in tail):
        return "", []
    names = player_names(cat, v["mode"])
    lines: list[str] = []
    for part in _parts(tail, other):
        if isinstance(part, _Placed):
            cards = cat.join(border_label(cat, n) for n in part.cards)
            lines.append(cat.plural("since.placed", len(part.cards), player=names[other],
                                    cards=cards))  # fmt: skip
        else:
            lines += [text for cls, text in log_lines(cat, part, names, v["you"]) if cls != "round"]
    key = "since.title.you" if v["mode"] == "ai" else "since.title"
    return cat.t(key, player=names[me]), lines


@dataclass
class _Placed:
    """The other player's Targis placed in one round, in one line."""

    round: int
    cards: list[int]


def _parts(tail: list[Event], other: int) -> list[_Placed | list[Event]]:
    """The events worth telling, in order: runs of log events, and the other player's placements
    gathered per round where the first of them was made."""
    parts: list[_Placed | list[Event]] = []
    placed: dict[int, _Placed] = {}
    run: list[Event] = []
    for e in tail:
        if e.kind == "move" and e.player == other and e.move[0] == "t":
            if e.round not in placed:
                placed[e.round] = _Placed(e.round, [])
                parts.append(placed[e.round])
                run = []
            placed[e.round].cards.append(int(e.move[1:]))
        elif e.kind in EVENTS or (
            e.kind == "move" and e.move[0] not in LEFT_OUT and e.move != "done"
        ):
            if not run:
                parts.append(run)
            run.append(e)
    return parts
