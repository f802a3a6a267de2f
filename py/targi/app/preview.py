"""The crossing preview: what placing a Targi on a border card would do, before it is placed.

For each border card the player to move may take now: the central spaces their tribe markers
would claim (the crossings of this Targi with the Targis already placed, targi.board.crossings)
and the border cards it closes to the opponent this round (targi.decisions.moves_place asked
for the opponent before and after). The page shows it on hover and focus; it decides nothing.
"""

from __future__ import annotations

from typing import TypedDict

from ..board import crossings
from ..decisions import Decision, moves_place
from ..game import Game


class Preview(TypedDict):
    markers: list[str]  # central spaces a tribe marker would newly claim
    closes: list[int]  # border cards the opponent could take now and no longer could


def place_preview(g: Game) -> dict[str, Preview]:
    """move ("t3") -> its preview, for every legal placement of the player to move (empty
    outside placement)."""
    if g.is_over or g.current_decision.kind != "place":
        return {}
    p = g.current_decision.player
    other = 1 - p
    claimed = set(crossings(g.targis[p]))
    opponent_places = g.to_place[other] > 0
    before = set(moves_place(g, Decision("place", other))) if opponent_places else set()
    out: dict[str, Preview] = {}
    for move in g.legal_moves():
        n = int(move[1:])
        markers = [s for s in crossings([*g.targis[p], n]) if s not in claimed]
        closes: list[int] = []
        if opponent_places:
            after = g.clone()
            after.targis[p].append(n)
            still = set(moves_place(after, Decision("place", other)))
            closes = sorted(int(m[1:]) for m in before - still if m != move)
        out[move] = {"markers": markers, "closes": closes}
    return out
