""" "Since your last turn": what the other player did after your last move, in a few lines.

Read from the engine's log (the view's `log`) and worded by targi.app.words: the Targis placed
in one line, then the cards taken and used, trades and raid losses. Payments and "done" are left
out (the cards they belong to say enough). Moves the engine made for you (the only choice) do
not count as your move.
"""

from __future__ import annotations

from typing import Any

from .catalog import Catalog
from .words import border_label, log_lines, player_names

LEFT_OUT = ("$", "t")  # payments; placements (summed up in one line)
EVENTS = ("raid", "raid_immune", "marker_returned", "drawn", "round_end", "reshuffle")


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
    theirs = [e for e in tail if e[0] == "move" and e[1] == other]
    if not theirs:
        return "", []
    names = player_names(cat, v["mode"])
    lines = []
    placed = [int(e[2][1:]) for e in theirs if e[2][0] == "t"]
    if placed:
        cards = cat.join(border_label(cat, n) for n in placed)
        lines.append(cat.plural("since.placed", len(placed), player=names[other], cards=cards))
    kept = [
        e
        for e in tail
        if e[0] in EVENTS or (e[0] == "move" and e[2][0] not in LEFT_OUT and e[2] != "done")
    ]
    lines += [text for cls, text in log_lines(cat, kept, names, v["you"]) if cls != "round"]
    key = "since.title.you" if v["mode"] == "ai" else "since.title"
    return cat.t(key, player=names[me]), lines
