"""A level's decisions in recorded games beside what a stronger yardstick would play there.

    python bench/second_opinion.py run --games bench/results/expert-v-yardstick16.jsonl \\
        --close lost --rounds 10 11 --times 64 \\
        --out bench/results/second-opinion-expert-v-yardstick16-lost.jsonl
    python bench/second_opinion.py summary \\
        bench/results/second-opinion-expert-v-yardstick16-lost.jsonl

bench/blunders.py judges a level by a deeper search of its own kind, so it cannot see what the
evaluation misjudges. This asks a player that does not use the evaluation at all: the
yardstick's ISMCTS (bench/yardstick.py), given `--times` x hard's time (`--times 64`: 6,848
iterations) and starting from an empty tree. For each game of a match file (whole seed pairs;
`--close won|lost`: only the games decided by 2 points or fewer that A won or did not), every
decision of side A in `--rounds` that A's level searches (more than one legal move, not a quick
follow-up, not the expert's end game: its last placement and the last round's actions) is put
to the yardstick, which sees only what A saw (`observe`). One JSON line a decision: the move
played, the yardstick's, and the yardstick's win rate and visits for both (its root statistics:
a win rate is its estimate of A's chance of winning after the move). The summary counts, by
kind of decision, how often they differ and by how much the yardstick rates its own move above
the one played, and lists the most common differences. Where the two disagree the yardstick is
not necessarily right; a gap it rates large and sees often is a lead to test by a match. A
stopped run loses only the decision under way.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from jsonl import append_row, read_rows  # noqa: E402
from targi.ai.choose import in_end_game  # noqa: E402
from targi.ai.levels import LEVELS  # noqa: E402
from targi.ai.policy import QUICK  # noqa: E402
from yardstick import UNIT, Yardstick, recorded_pairs, replayed  # noqa: E402

REFERENCE_SEED = 5_000_011  # the yardstick's seeds here: not any a match player uses
EXPERT = LEVELS["expert"]


def rate(ref: Yardstick, move: str) -> tuple[float, int]:
    """The yardstick's win rate and visits for a move at the root of its last decision."""
    assert ref.root is not None
    e = ref.root.edges.get(move)
    return (e.wins / e.visits, e.visits) if e is not None and e.visits else (0.0, 0)


def run(
    games: Path, close: str | None, rounds: list[int], times: int, out: Path, unit: int = UNIT
) -> None:
    done = {(r["game"], r["seed"], r["a_first"], r["index"]) for r in read_rows([out])}
    for row in recorded_pairs(games, close):
        name = f"{row['a']} v {row['b']}"
        moves = row["moves"]
        assert isinstance(moves, list)
        for index, g in enumerate(replayed(row)):
            if g.is_over or g.player != 0 or g.round not in rounds or g.decision in QUICK:
                continue
            if in_end_game(g, EXPERT):
                continue
            if len(g.legal_moves()) < 2:
                continue
            key = (name, row["seed"], row["a_first"], index)
            if key in done:
                continue
            played = str(moves[index])
            ref = Yardstick(unit * times, REFERENCE_SEED + index)
            start = time.process_time()
            best = ref(g.clone())
            cpu = time.process_time() - start
            assert ref.root is not None
            (p_rate, p_visits), (r_rate, r_visits) = (rate(ref, m) for m in (played, best))
            append_row(
                out,
                {
                    "game": name,
                    "seed": row["seed"],
                    "a_first": row["a_first"],
                    "a_score": row["a_score"],
                    "index": index,
                    "round": g.round,
                    "decision": g.decision,
                    "played": played,
                    "reference": best,
                    "played_rate": round(p_rate, 4),
                    "reference_rate": round(r_rate, 4),
                    "played_visits": p_visits,
                    "reference_visits": r_visits,
                    "times": times,
                    "cpu": round(cpu, 2),
                },
            )


def summary(rows: list[dict[str, object]]) -> list[str]:
    """By kind of decision: how often the yardstick plays otherwise, the mean gap it sees
    (its move's win rate minus the played move's, over all decisions of the kind), and the
    commonest differences."""
    by_kind: dict[str, list[dict[str, object]]] = defaultdict(list)
    for r in rows:
        by_kind[str(r["decision"])].append(r)
    games = {(r["game"], r["seed"], r["a_first"]) for r in rows}
    lines = [f"{len(rows)} decisions of side A in {len(games)} games"]
    lines.append(f"  {'decision':12s} {'n':>4s} {'otherwise':>9s} {'mean gap':>8s} {'± 95%':>6s}")
    for kind, group in sorted([("all", rows), *by_kind.items()], key=lambda kv: -len(kv[1])):
        gaps = [float(str(r["reference_rate"])) - float(str(r["played_rate"])) for r in group]
        other = sum(r["played"] != r["reference"] for r in group)
        half = 1.96 * statistics.stdev(gaps) / len(gaps) ** 0.5 if len(gaps) > 1 else 0.0
        lines.append(
            f"  {kind:12s} {len(group):>4d} {other:>9d} {statistics.mean(gaps):>+8.3f} {half:>6.3f}"
        )
    pairs = Counter(
        (str(r["decision"]), str(r["played"]), str(r["reference"]))
        for r in rows
        if r["played"] != r["reference"]
    )
    lines.append("  commonest differences (decision: played -> yardstick's, times):")
    for (kind, played, ref), n in pairs.most_common(12):
        lines.append(f"    {kind}: {played} -> {ref}, {n}")
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("--games", type=Path, required=True)
    r.add_argument("--close", choices=("won", "lost"))
    r.add_argument("--rounds", type=int, nargs="+", required=True)
    r.add_argument("--times", type=int, default=64, help="the yardstick's x hard's time")
    r.add_argument("--out", type=Path, required=True)
    s = sub.add_parser("summary")
    s.add_argument("paths", nargs="+")
    args = parser.parse_args(argv)
    if args.command == "run":
        run(args.games, args.close, args.rounds, args.times, args.out)
    else:
        print("\n".join(summary(read_rows(args.paths))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
