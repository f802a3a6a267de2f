"""Mid-game placements: where does a variant place otherwise than the level it may replace?

    python bench/mid_placements.py run --levels expert expert-tempo --seeds 95000 95004 \\
        --every 3 --out bench/results/mid-placements-expert-tempo.jsonl
    python bench/mid_placements.py summary bench/results/mid-placements-expert-tempo.jsonl

A variant that changes how placements are judged before the last round (issue 25, hypothesis
3: who places next) cannot be seen by bench/last_round.py, and a whole game costs minutes of
CPU for each of its hundred decisions. This is the cheap first look: in each seeded medium v
medium game, every `--every`th placement before the last round at which both players still
have Targis to place (where the order of placing matters), each level decides with the same
seed; one JSON line per position with each level's move and CPU time. It measures how often
and where the variant plays differently and what it costs, not which move is better: only a
match tells that. A stopped run loses only the position under way.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from jsonl import append_row, read_rows  # noqa: E402
from targi import Game  # noqa: E402
from targi.ai.choose import decide  # noqa: E402
from targi.ai.evaluate import rounds_after_this  # noqa: E402
from targi.registry import make_player  # noqa: E402


def contested(seed: int, every: int, players_name: str = "medium") -> Iterator[tuple[int, Game]]:
    """Every `every`th placement before the last round with Targis left to both players, in
    medium v medium game `seed`: (its index among those placements, the position).
    `players_name` names other players (the tests' greedy: a medium game costs seconds of CPU,
    and what is checked is which positions are picked, not how the game got to them)."""
    g = Game.new(seed, seed % 2)
    players = (make_player(players_name, seed * 2 + 1), make_player(players_name, seed * 2 + 2))
    k = 0
    while not g.is_over:
        if g.decision == "place" and rounds_after_this(g) > 0 and all(g.to_place):
            if k % every == 0:
                yield k, g.clone()
            k += 1
        g.play(players[g.player](g))


def run(levels: list[str], seeds: tuple[int, int], every: int, out: Path) -> None:
    done = {(r["seed"], r["index"]) for r in read_rows([out])}
    for seed in range(seeds[0], seeds[1] + 1):
        for index, g in contested(seed, every):
            if (seed, index) in done:
                continue
            row: dict[str, object] = {"seed": seed, "index": index, "round": g.round}
            row["to_place"] = list(g.to_place)
            for level in levels:
                start = time.process_time()
                move = decide(g, level, seed * 100 + index).move
                row[level] = {"move": move, "cpu": round(time.process_time() - start, 3)}
            append_row(out, row)


def summary(rows: list[dict[str, object]]) -> list[str]:
    """How often each level places otherwise than the first one named, and CPU per decision."""
    levels = list(dict.fromkeys(k for r in rows for k, v in r.items() if isinstance(v, dict)))
    if not levels:
        return []
    base = levels[0]
    lines = []
    for level in levels:
        chosen = [
            r for r in rows if isinstance(r.get(level), dict) and isinstance(r.get(base), dict)
        ]
        moves = [(r[level]["move"], r[base]["move"]) for r in chosen]  # type: ignore[index]
        cpu = [float(r[level]["cpu"]) for r in chosen]  # type: ignore[index]
        differ = sum(1 for a, b in moves if a != b)
        lines.append(
            f"{level}: {len(chosen)} placements, {differ} placed otherwise than {base},"
            f" CPU per decision {sum(cpu) / max(1, len(cpu)):.2f} s"
            f" (at most {max(cpu, default=0):.2f})"
        )
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("--levels", nargs="+", default=["expert", "expert-tempo"])
    r.add_argument("--seeds", type=int, nargs=2, required=True)
    r.add_argument("--every", type=int, default=3)
    r.add_argument("--out", type=Path, required=True)
    s = sub.add_parser("summary")
    s.add_argument("paths", type=Path, nargs="+")
    args = parser.parse_args(argv)
    if args.command == "run":
        run(args.levels, tuple(args.seeds), args.every, args.out)
    else:
        print("\n".join(summary(read_rows(args.paths))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
