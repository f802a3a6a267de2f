"""Time per move and nodes per second of each AI level in CPython.

    python bench/ai_speed.py [--games 4] [--every 3] [--levels easy,medium,hard]

Positions are every n-th decision of seeded greedy-vs-greedy games (realistic tables), for both
players. Prints, per level: median / 95th percentile / max seconds per move over all decisions,
the same over the searched ones (not the quick follow-ups), and nodes per second; once by the
wall clock and once by the process's CPU time (what the move costs on an idle core when the
machine is shared, as this one is).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from targi import Game  # noqa: E402
from targi.ai.choose import decide  # noqa: E402
from targi.players import GreedyPlayer  # noqa: E402


def positions(games: int, every: int) -> list[Game]:
    out = []
    for seed in range(games):
        g = Game.new(1000 + seed, seed % 2)
        players = (GreedyPlayer(seed * 2 + 1), GreedyPlayer(seed * 2 + 2))
        i = 0
        while not g.is_over:
            if i % every == 0:
                out.append(g.clone())
            g.play(players[g.player](g))
            i += 1
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--levels", default="easy,medium,hard")
    args = parser.parse_args()
    pos = positions(args.games, args.every)
    print(f"{len(pos)} positions from {args.games} greedy-vs-greedy games (every {args.every})")
    print(
        f"{'level':11s} {'moves':>5s} {'median':>7s} {'p95':>7s} {'max':>7s}"
        f" | {'searched':>8s} {'median':>7s} {'p95':>7s} {'max':>7s} | {'nodes/s':>8s}"
    )
    decide(pos[0], "easy", seed=99)  # warm up
    for level in args.levels.split(","):
        wall: list[float] = []
        cpu: list[float] = []
        nodes: list[int] = []
        for i, g in enumerate(pos):
            start, start_cpu = time.perf_counter(), time.process_time()
            d = decide(g, level, seed=i)
            wall.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            nodes.append(d.nodes)
        print_rows(level, wall, cpu, nodes)
    return 0


def print_rows(level: str, wall: list[float], cpu: list[float], nodes: list[int]) -> None:
    """One table row per clock: all moves, then only the searched ones (nodes > 0)."""
    for clock, times in (("wall", wall), ("cpu", cpu)):
        searched = [t for t, n in zip(times, nodes, strict=True) if n]
        rate = sum(nodes) / sum(searched) if searched and sum(searched) else 0.0
        print(
            f"{level + ' ' + clock:11s} {len(times):5d} {statistics.median(times):7.3f}"
            f" {percentile(times, 0.95):7.3f} {max(times):7.3f}"
            f" | {len(searched):8d} {statistics.median(searched):7.3f}"
            f" {percentile(searched, 0.95):7.3f} {max(searched):7.3f} | {rate:8,.0f}",
            flush=True,
        )


if __name__ == "__main__":
    sys.exit(main())
