"""How well the evaluation foretells the final margin, round by round, in recorded match games.

    python bench/eval_fit.py bench/results/expert-v-yardstick4.jsonl \\
        bench/results/expert-v-yardstick16.jsonl bench/results/expert-v-hard.jsonl

The evaluation is meant in VP: seat 0's prospects minus seat 1's. Were it an unbiased forecast
of how the game ends (under the play of the games it is judged on), the final margin would be
the evaluation plus noise: a least-squares line of margin on evaluation with slope 1 and
intercept 0. Each recorded game (whole seed pairs of `yardstick.py match` files) is replayed;
at each round's first placement the expert's evaluation (`evaluate(g, 0, EXPERT_WEIGHTS)`) and
the lead in points as they stand (`score`: tokens, cards, rows) are set beside the game's final
margin in points. Per round: the positions, the mean evaluation and margin, the line's slope
and intercept, the correlation of each forecast with the margin, and how often the forecast's
sign is the winner's (games won on points). The slope mixes how the evaluation counts a lead
with how the two players play the rest of the game (the better player widens a lead, which
steepens the line): below 1 the evaluation overstates a lead against these players (its
prospects come to less than it counts), above 1 the reverse or a stronger seat 0. No search:
about a second for two hundred games.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from targi import Game  # noqa: E402
from targi.ai.evaluate import EXPERT_WEIGHTS, evaluate  # noqa: E402
from targi.scoring import score  # noqa: E402
from yardstick import recorded_pairs, replayed  # noqa: E402

Sample = tuple[float, float, float]  # evaluation, lead in points, final margin


def first_placements(row: dict[str, object]) -> Iterator[Game]:
    """A recorded game at each round's first placement (one Game, played on: clone to keep)."""
    seen: set[int] = set()
    for g in replayed(row):
        if g.decision == "place" and not any(g.targis) and g.round not in seen:
            seen.add(g.round)
            yield g


def round_starts(row: dict[str, object]) -> dict[int, tuple[float, float]]:
    """A recorded game's evaluation and lead in points (seat 0's) at each round's first
    placement, by round."""
    seen: dict[int, tuple[float, float]] = {}
    for g in first_placements(row):
        lead = score(g, 0).total - score(g, 1).total
        seen[g.round] = (evaluate(g, 0, EXPERT_WEIGHTS), float(lead))
    return seen


def samples(paths: list[str]) -> dict[int, list[Sample]]:
    by_round: dict[int, list[Sample]] = {}
    for path in paths:
        for row in recorded_pairs(path):
            points = row["points"]
            assert isinstance(points, list)
            margin = float(points[0] - points[1])
            for rnd, (value, lead) in round_starts(row).items():
                by_round.setdefault(rnd, []).append((value, lead, margin))
    return by_round


def fit(xs: list[float], ys: list[float]) -> tuple[float, float, float]:
    """Least squares y = a + b x: slope b, intercept a, correlation r."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    if sxx == 0 or syy == 0:
        return 0.0, my, 0.0
    b = sxy / sxx
    return b, my - b * mx, sxy / math.sqrt(sxx * syy)


def agrees(xs: list[float], ys: list[float]) -> float:
    """How often the forecast's sign is the margin's, over games not level on points."""
    pairs = [(x, y) for x, y in zip(xs, ys, strict=True) if y != 0]
    return sum((x > 0) == (y > 0) for x, y in pairs) / len(pairs) if pairs else 0.0


def report(by_round: dict[int, list[Sample]]) -> list[str]:
    lines = [
        f"{'round':>5} {'games':>5} {'eval':>6} {'margin':>6} {'slope':>6} {'icpt':>6}"
        f" {'r eval':>6} {'r lead':>6} {'sign eval':>9} {'sign lead':>9}"
    ]
    for rnd in sorted(by_round):
        values, leads, margins = (list(c) for c in zip(*by_round[rnd], strict=True))
        slope, intercept, r = fit(values, margins)
        _, _, r_lead = fit(leads, margins)
        lines.append(
            f"{rnd:>5} {len(values):>5} {sum(values) / len(values):>+6.1f}"
            f" {sum(margins) / len(margins):>+6.1f} {slope:>6.2f} {intercept:>+6.1f}"
            f" {r:>6.2f} {r_lead:>6.2f} {agrees(values, margins):>9.0%}"
            f" {agrees(leads, margins):>9.0%}"
        )
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args(argv)
    print("\n".join(report(samples(args.paths))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
