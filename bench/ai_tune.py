"""Self-play tuning: a level with changed evaluation weights against the same level as shipped.

    python bench/ai_tune.py --level medium --games 40 --seed 500 good=0.3 gold=0.8

Plays seeded pairs with seats swapped (like `python -m targi match`) between the level with the
given `Weights` overrides (player A) and the level with the shipped weights (player B), and
prints A's win rate with its 95% interval and the mean margin. docs/ai.md, "Tuning", says how
it was used.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from targi import Game  # noqa: E402
from targi.ai.choose import decide  # noqa: E402
from targi.ai.evaluate import WEIGHTS  # noqa: E402
from targi.ai.match import schedule, wilson  # noqa: E402
from targi.rng import next_value  # noqa: E402
from targi.scoring import result, score  # noqa: E402

SHIPPED = dataclasses.asdict(WEIGHTS)


class Tuned:
    """A level whose evaluation weights are swapped in for its own decisions only."""

    def __init__(self, level: str, overrides: dict, seed: int) -> None:
        self.level, self.overrides, self.state = level, overrides, seed

    def __call__(self, g: Game) -> str:
        self.state, r = next_value(self.state)
        for k, v in {**SHIPPED, **self.overrides}.items():
            setattr(WEIGHTS, k, v)
        try:
            return decide(g, self.level, r & 0xFFFFFFFF).move
        finally:
            for k, v in SHIPPED.items():
                setattr(WEIGHTS, k, v)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", default="medium")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("overrides", nargs="*", help="weight=value, e.g. good=0.3")
    args = parser.parse_args()
    overrides = {}
    for item in args.overrides:
        name, value = item.split("=", 1)
        if name not in SHIPPED:
            parser.error(f"no weight {name!r}; weights: {', '.join(SHIPPED)}")
        overrides[name] = ast.literal_eval(value)
    points, margin = 0.0, 0
    for i, (seed, a_first) in enumerate(schedule(args.games, args.seed)):
        players = (Tuned(args.level, overrides, seed * 2 + 1), Tuned(args.level, {}, seed * 2 + 2))
        g = Game.new(seed, 0 if a_first else 1)
        while not g.is_over:
            g.play(players[g.player](g))
        winner, _ = result(g)
        points += 0.5 if winner is None else (1.0 if winner == 0 else 0.0)
        margin += score(g, 0).total - score(g, 1).total
        print(f"game {i + 1}: {score(g, 0).total}-{score(g, 1).total}", flush=True)
    n = args.games
    low, high = wilson(points / n, n)
    print(
        f"{' '.join(args.overrides) or '(shipped)'} vs shipped at {args.level}: {n} games,"
        f" win rate {points / n:.1%} (95% {low:.1%}-{high:.1%}), mean margin {margin / n:+.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
