"""The hybrid: the expert's alpha-beta names the moves worth playing, an ISMCTS chooses.

    python bench/yardstick.py match --a hybrid:800 --b yardstick:16 --pairs 25 --seed 90000 \
        --out bench/results/hybrid800-v-yardstick16.jsonl

Issue 25 proposes "a hybrid that lets ISMCTS choose among alpha-beta's best moves". Against the
yardstick the expert loses four close games in five and every tie on points, while it wins
nearly all the games decided by more (docs/strength.md): its evaluation ranks the moves that
matter, but among moves it values within a point of each other it picks by a margin that is
noise, where the yardstick picks by how often a playout to the end wins (tie-breaks included).

So each decision is the alpha-beta expert's (`expert-ab`, the page's expert until the
twentieth session; `decide`, same seeds as `AIPlayer`) unless it is close: when
two or more moves are valued within `margin` VP of its best, a single-observer ISMCTS with the
yardstick's tree and playouts (`Yardstick.iterate`, the root limited to those moves, at most
`MOST` of them, a fresh tree each decision) plays `iterations` deals and the most visited
candidate is played (ties: the expert's order). The end game is left to the expert, whose
search there is exact: its last actions and its last placement (`endgame_placements`).

A benchmark's player, not the page's: it imports the yardstick (which imports nothing of
targi.ai). If it wins, its ISMCTS moves into targi.ai and the page's time is measured.
"""

from __future__ import annotations

import random

from targi import Game
from targi.ai.choose import decide, in_end_game
from targi.ai.levels import setting
from targi.rng import next_value
from targi.view import observe
from yardstick import Node, Yardstick

MARGIN = 1.0  # VP: the expert's values closer than this to its best are a toss-up
MOST = 4  # candidates the ISMCTS compares at most (the expert's best first)


class Hybrid:
    """The alpha-beta expert, with close decisions settled by ISMCTS; deterministic for a seed."""

    def __init__(
        self, iterations: int, seed: int = 0, margin: float = MARGIN, level: str = "expert-ab"
    ) -> None:
        self.iterations = iterations
        self.margin = margin
        self.level = setting(level)
        self.state = seed
        self.name = f"hybrid{iterations}"
        self.consulted = 0  # decisions the ISMCTS settled
        self.changed = 0  # of which it played another move than the expert's best

    @classmethod
    def from_spec(cls, spec: str, seed: int) -> Hybrid:
        """`hybrid:<iterations>[:<margin>]`."""
        parts = spec.split(":")
        margin = float(parts[2]) if len(parts) > 2 else MARGIN
        return cls(int(parts[1]), seed, margin)

    def candidates(self, g: Game, values: dict[str, float]) -> list[str]:
        """The moves the ISMCTS chooses among (fewer than two: the expert's move stands)."""
        if not values or in_end_game(g, self.level):
            return []
        best = max(values.values())
        close = [m for m in values if values[m] >= best - self.margin]
        return sorted(close, key=lambda m: -values[m])[:MOST]

    def __call__(self, g: Game) -> str:
        self.state, r = next_value(self.state)
        seed = r & 0xFFFFFFFF
        choice = decide(g, self.level, seed)
        moves = self.candidates(g, choice.values)
        if len(moves) < 2:
            return choice.move
        obs = observe(g)
        root, rng, allowed = Node(), random.Random(seed), frozenset(moves)
        for _ in range(self.iterations):
            Yardstick.iterate(root, obs.sample(rng.getrandbits(32)), rng, allowed)
        visits = {m: root.edges[m].visits if m in root.edges else -1 for m in moves}
        move = max(moves, key=lambda m: visits[m])  # max keeps the first: the expert's order
        self.consulted += 1
        self.changed += move != choice.move
        return move
