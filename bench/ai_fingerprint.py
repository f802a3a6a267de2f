"""A fingerprint of the AI's evaluation (and, with --decisions, of its decisions), to show that a
refactor leaves the AI's play unchanged.

    python bench/ai_fingerprint.py [--games 40]
    python bench/ai_fingerprint.py --decisions [--games 3] [--every 9]

Without --decisions: plays seeded random games and evaluates every position they pass through
for both players (the easy-to-hard weights); prints how many positions and the SHA-256 of the
values' reprs. Budgets are in nodes, so the same fingerprint (with the same search code) means
the same moves, and match results from before and after the change can be pooled.

With --decisions (for a change to the search or the evaluation's speed, which must leave every
float as it was): over every `--every`-th decision of seeded greedy games (bench/ai_speed.py's
positions) and every `--last`-th position of their last rounds, `decide` for every level and every
variant in `levels.VARIANTS` (reduced budgets, with `FULL_EVERY`-th positions and the last round's
at the full one), hashing repr of (move, every move's value, nodes, depth, deals); and `evaluate`
of every position of those games for both players with every level's and variant's weights.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from targi import Game  # noqa: E402
from targi.ai.choose import decide  # noqa: E402
from targi.ai.evaluate import EXPERT_WEIGHTS, WEIGHTS, Weights, evaluate, rounds_after_this  # noqa: E402
from targi.ai.levels import VARIANTS  # noqa: E402
from targi.players import GreedyPlayer  # noqa: E402

# (level or variant, node budget or None for the level's own) for every position: the reduced
# budgets still reach several plies and the end game's exact search; full ones below.
REDUCED = (
    ("easy", None),
    ("medium", None),
    ("hard", 2000),
    ("expert", 3000),
    *((name, 2000) for name in VARIANTS),
)
FULL = (("hard", None), ("expert", None))  # every FULL_EVERY-th position and the last round's
FULL_EVERY = 4
# Every weighting the levels use, once each: easy to hard, expert, and the variants' (a variant
# that changes only budgets or pruning adds none, so it leaves the evaluations' hash alone).
ALL_WEIGHTS: tuple[Weights, ...] = tuple(
    dict.fromkeys((WEIGHTS, EXPERT_WEIGHTS, *(v.weights for v in VARIANTS.values())))
)


def fingerprint(games: int) -> tuple[int, str]:
    values = []
    for seed in range(games):
        g = Game.new(seed=seed, first_player=seed % 2)
        rnd = random.Random(seed)
        while not g.is_over:
            values.append(repr((evaluate(g, 0), evaluate(g, 1))))
            g.play(rnd.choice(g.legal_moves()))
    return len(values), hashlib.sha256("\n".join(values).encode()).hexdigest()


def greedy_games(games: int) -> list[list[Game]]:
    """Every decision of seeded greedy-vs-greedy games (bench/ai_speed.py's games), per game."""
    out = []
    for seed in range(games):
        g = Game.new(1000 + seed, seed % 2)
        players = (GreedyPlayer(seed * 2 + 1), GreedyPlayer(seed * 2 + 2))
        seen = []
        while not g.is_over:
            seen.append(g.clone())
            g.play(players[g.player](g))
        out.append(seen)
    return out


def chosen(games: list[list[Game]], every: int, last: int) -> tuple[list[Game], list[Game]]:
    """Every `every`-th decision, and every `last`-th of the last round's (placements included)."""
    spread = [g for seen in games for g in seen[::every]]
    final = [g for seen in games for g in seen if rounds_after_this(g) == 0 and g.phase != "over"]
    return spread, final[::last]


Spec = tuple[str, int | None]


def decision_lines(
    spread: Iterable[Game],
    final: Iterable[Game],
    reduced: Iterable[Spec] = REDUCED,
    full: Iterable[Spec] = FULL,
    full_every: int = FULL_EVERY,
) -> list[str]:
    """One repr per decision: the position's number, level, budget and what decide returned;
    `full` at every `full_every`-th of `spread` (0: none) and at every one of `final`."""
    lines = []

    def run(i: int, g: Game, specs: Iterable[Spec]) -> None:
        for level, nodes in specs:
            c = decide(g, level, seed=i, nodes=nodes)
            lines.append(repr((i, level, nodes, c.move, c.values, c.nodes, c.depth, c.samples)))

    spread, reduced, full = list(spread), list(reduced), list(full)
    for i, g in enumerate(spread):
        run(i, g, (*reduced, *(full if full_every and i % full_every == 0 else ())))
    for i, g in enumerate(final, start=len(spread)):
        run(i, g, (*reduced, *full))
    return lines


def evaluation_lines(
    positions: Iterable[Game], weights: Iterable[Weights] = ALL_WEIGHTS
) -> list[str]:
    """One repr per position: its value for both players under each weighting."""
    ws = list(weights)
    return [repr([(evaluate(g, 0, w), evaluate(g, 1, w)) for w in ws]) for g in positions]


def digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="40, or 3 with --decisions")
    parser.add_argument("--decisions", action="store_true", help="decisions of every level too")
    parser.add_argument("--every", type=int, default=9, help="--decisions: every n-th decision")
    parser.add_argument(
        "--last", type=int, default=4, help="--decisions: every n-th last-round one"
    )
    args = parser.parse_args(argv)
    if not args.decisions:
        games = 40 if args.games is None else args.games
        n, sha = fingerprint(games)
        print(f"{n} positions from {games} random games: evaluation sha256 {sha}")
        return 0
    games = 3 if args.games is None else args.games
    played = greedy_games(games)
    every_position = [g for seen in played for g in seen]
    evaluations = evaluation_lines(every_position)
    print(
        f"{len(every_position)} positions of {games} greedy games x {len(ALL_WEIGHTS)} weightings:"
        f" evaluation sha256 {digest(evaluations)}",
        flush=True,
    )
    spread, final = chosen(played, args.every, args.last)
    decisions = decision_lines(spread, final)
    print(
        f"{len(decisions)} decisions at {len(spread)} + {len(final)} (last round) positions"
        f" (every {args.every}th, last round every {args.last}th): decisions sha256"
        f" {digest(decisions)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
