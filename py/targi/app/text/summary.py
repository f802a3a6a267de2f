""" "Since your last turn": what the other player did after your last move, in a few lines.

Read from the engine's log (the view's `log`) and worded by targi.app.text.words, in the order it
happened: the cards taken and used, trades, the end of the round, raid losses, and the other
player's Targis placed in a round summed up in one line where the first of them was placed.
Payments and "done" are left out (the cards they belong to say enough). Moves the engine made
for you (the only choice) do not count as your move, and are told like the others' moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .catalog import Catalog
from .words import border_label, log_lines, player_names

LEFT_OUT = ("$",)  # payments
EVENTS = ("raid", "raid_immune", "raid_vp", "marker_returned", "drawn", "round_end", "reshuffle")


def since_last_move(log: list[tuple[Any, ...]], me: int) -> list[tuple[Any, ...]]:
    """The log's events after `me`'s last own move (all of them if `me` has not moved)."""
    for i in range(len(log) - 1, -1, -1):
        event = log[i]
        if event[0] == "move" and event[1] == me and not event[3]:
            return log[i + 1 :]
    return list(log)


def summary(cat: Catalog, v: dict[str, Any]) -> tuple[str, list[str]]:
    """(heading, lines) of what happened since the last move of the person to move now (against
    the computer: you, also while it moves); empty lines if the other player has not moved."""
    me = v["you"] if v["mode"] == "ai" else v["current_player"]
    if me is None or v["over"]:
        return "", []
    other = 1 - me
    tail = since_last_move(v["log"], me)
    if not any(e[0] == "move" and e[1] == other for e in tail):
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


def _parts(tail: list[tuple[Any, ...]], other: int) -> list[_Placed | list[tuple[Any, ...]]]:
    """The events worth telling, in order: runs of log events, and the other player's placements
    gathered per round where the first of them was made."""
    parts: list[_Placed | list[tuple[Any, ...]]] = []
    placed: dict[int, _Placed] = {}
    run: list[tuple[Any, ...]] = []
    for e in tail:
        if e[0] == "move" and e[1] == other and e[2][0] == "t":
            if e[4] not in placed:
                placed[e[4]] = _Placed(e[4], [])
                parts.append(placed[e[4]])
                run = []
            placed[e[4]].cards.append(int(e[2][1:]))
        elif e[0] in EVENTS or (e[0] == "move" and e[2][0] not in LEFT_OUT and e[2] != "done"):
            if not run:
                parts.append(run)
            run.append(e)
    return parts
