"""The computer's verdict on a decision already made: the move it would have chosen instead,
how much the played move gives up by its search, and the reason for its own choice.

    from targi.ai.verdict import judge
    judge(game, played="t5", seed=0) -> Verdict(best, loss, key, params)

`game` is the position before the decision; `played` is the move that was made there. The
search is `choose.decide` at the given level (hard by default), so the verdict sees only what the
player to move could see (`observe`). The reason is a key of `hint.REASONS` with its data, worded
by the page like a hint.

`loss` is in VP: the search's value of its own move minus its value of the played move. Alpha-beta
gives the best move an exact value and the others an upper bound, so `loss` never overstates what
the played move gave up. The expert's tree (tree.py, its decisions before the end game) gives
every visited move an estimate, its chance of winning put back into VP: there `loss` is a
difference of estimates. The page's analysis asks hard (targi.app.review.reviewer).

Decisions answered without a search (one legal move, or a payment, row, good or discard answered
from the evaluation) carry no values: their loss is 0 when the played move is the computer's
own, else None (not measured); so does a move the search did not value.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..read import ReadGame
from ..view import observe
from .choose import decide
from .hint import explain


@dataclass(frozen=True)
class Verdict:
    """The computer's verdict on one decision: its own move, the played move's loss, its reason."""

    best: str  # the move the level would have made
    loss: float | None  # VP given up by the played move (None: not measured)
    key: str  # why `best`: a key of hint.REASONS
    params: dict[str, str | int]


def judge(game: ReadGame, played: str, seed: int = 0, level: str = "hard") -> Verdict:
    """The verdict on playing `played` in `game` (a legal move of the player to move)."""
    if played not in game.legal_moves():
        raise ValueError(f"{played!r} is not a legal move in this position")
    choice = decide(game, level, seed)
    values = choice.values
    if played in values:
        loss: float | None = max(0.0, values[choice.move] - values[played])
    elif values:  # a move the search set aside unsearched (expert-prune's early "done")
        loss = None
    else:
        loss = 0.0 if played == choice.move else None
    key, params = explain(observe(game).game, choice.move)
    return Verdict(choice.move, loss, key, params)
