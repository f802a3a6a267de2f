"""A fingerprint of the AI's evaluation, to show that a refactor leaves the AI's play unchanged.

    python bench/ai_fingerprint.py [--games 40]

Plays seeded random games and evaluates every position they pass through for both players;
prints how many positions and the SHA-256 of the values' reprs. Budgets are in nodes, so the
same fingerprint (with the same search code) means the same moves, and match results from
before and after the change can be pooled.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from targi import Game  # noqa: E402
from targi.ai.evaluate import evaluate  # noqa: E402


def fingerprint(games: int) -> tuple[int, str]:
    values = []
    for seed in range(games):
        g = Game.new(seed=seed, first_player=seed % 2)
        rnd = random.Random(seed)
        while not g.is_over:
            values.append(repr((evaluate(g, 0), evaluate(g, 1))))
            g.play(rnd.choice(g.legal_moves()))
    return len(values), hashlib.sha256("\n".join(values).encode()).hexdigest()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args(argv)
    n, digest = fingerprint(args.games)
    print(f"{n} positions from {args.games} random games: evaluation sha256 {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
