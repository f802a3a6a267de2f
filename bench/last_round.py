"""A variant against the level it may replace, on the last round only: paired, so few games tell.

    python bench/last_round.py run --variant expert-spend --level expert --seeds 95000 95019 \\
        --out bench/results/last-round-expert-spend.jsonl
    python bench/last_round.py summary bench/results/last-round-expert-spend.jsonl

A variant that changes only how the last round is judged (issue 25, hypothesis 1) plays the
first eleven rounds as the level does, so a whole game spends most of its CPU where the two
agree. Here each seeded medium-v-medium game is stopped at the last round's first placement and
that round is played to the end three times: level v level (the baseline), then the variant
in seat 0, then in seat 1, each against the level with the same seeds (the opponent decides as
in the baseline until the variant's moves differ). Per seed and seat one JSON line: the seat's
final margin with the variant and in the baseline, who won each, whether the seat makes the
game's last placement, and CPU per decision. A stopped run loses only the seed under way; the
same command goes on where it stopped.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from jsonl import append_row, read_rows  # noqa: E402
from targi import Game  # noqa: E402
from targi.ai.evaluate import rounds_after_this  # noqa: E402
from targi.ai.player import AIPlayer  # noqa: E402
from targi.registry import make_player  # noqa: E402
from targi.rng import next_value  # noqa: E402
from targi.scoring import result, score  # noqa: E402


def last_round(seed: int, players_name: str = "medium") -> Game | None:
    """Medium v medium game `seed` at the last round's first placement (None if it has none).
    `players_name` names other players to get there (the tests' greedy: a medium game costs
    seconds of CPU, and what is checked is where the game stops, not how it got there)."""
    g = Game.new(seed, seed % 2)
    players = (make_player(players_name, seed * 2 + 1), make_player(players_name, seed * 2 + 2))
    while not g.is_over:
        if g.decision == "place" and rounds_after_this(g) == 0 and not any(g.targis):
            return g
        g.play(players[g.player](g))
    return None


Record = list[str]  # the moves of a playout, in order


def play_out(
    g: Game, names: tuple[str, str], seed: int, follow: Record | None = None, seat: int = -1
) -> tuple[float, int | None, list[float], Record]:
    """Play g to the end: seat 0's margin, the winner, CPU per decision of each seat, the moves.
    With `follow` (the baseline's moves) the player not in `seat` repeats the baseline's move
    while the game has not left the baseline's path: the same player at the same position
    with the same seed chooses the same move, so only the variant's decisions cost a search
    until it plays another move."""
    g = g.clone()
    players = [make_player(names[p], seed * 2 + 1 + p) for p in (0, 1)]
    cpu: list[list[float]] = [[], []]
    moves: Record = []
    on_path = follow is not None
    while not g.is_over:
        p = g.player
        if on_path and follow is not None and p != seat and len(moves) < len(follow):
            move = follow[len(moves)]
            player = players[p]
            if isinstance(player, AIPlayer):  # its seeds go on as if it had decided
                player.state, _ = next_value(player.state)
        else:
            start = time.process_time()
            move = players[p](g)
            cpu[p].append(time.process_time() - start)
        if on_path and follow is not None and follow[len(moves)] != move:
            on_path = False
        moves.append(move)
        g.play(move)
    winner, _ = result(g)
    margin = score(g, 0).total - score(g, 1).total
    return float(margin), winner, [sum(c) / max(1, len(c)) for c in cpu], moves


def run(variant: str, level: str, seeds: tuple[int, int], out: Path) -> None:
    done = {(r["seed"], r["seat"]) for r in read_rows([out])}
    for seed in range(seeds[0], seeds[1] + 1):
        if (seed, 0) in done and (seed, 1) in done:
            continue
        g = last_round(seed)
        if g is None:
            continue
        base, base_winner, base_cpu, record = play_out(g, (level, level), seed)
        for seat in (0, 1):
            names = (variant, level) if seat == 0 else (level, variant)
            margin, winner, cpu, moves = play_out(g, names, seed, record, seat)
            sign = 1 if seat == 0 else -1
            row = {
                "variant": variant,
                "level": level,
                "seed": seed,
                "seat": seat,
                "places_last": g.first != seat,  # second in the last round: the last Targi
                "margin": sign * margin,
                "base_margin": sign * base,
                "score": 0.5 if winner is None else float(winner == seat),
                "base_score": 0.5 if base_winner is None else float(base_winner == seat),
                "same_moves": moves == record,
                "cpu": round(cpu[seat], 3),
                "base_cpu": round(base_cpu[seat], 3),
            }
            append_row(out, row)


def summary(rows: list[dict[str, object]]) -> str:
    """Mean change of the seat's margin and score, with 95% intervals (Student's t, paired)."""
    lines = []
    for label, keep in (
        ("all", lambda r: True),
        ("places last", lambda r: r["places_last"]),
        ("places first", lambda r: not r["places_last"]),
    ):
        chosen = [r for r in rows if keep(r)]
        if not chosen:
            continue
        margin = [float(r["margin"]) - float(r["base_margin"]) for r in chosen]  # type: ignore[arg-type]
        points = [float(r["score"]) - float(r["base_score"]) for r in chosen]  # type: ignore[arg-type]
        changed = sum(1 for r in chosen if not r.get("same_moves", False))
        lines.append(
            f"{label}: {len(chosen)} last rounds, {changed} played differently;"
            f" margin {_mean_ci(margin)} VP;"
            f" score {_mean_ci(points)} (wins gained {sum(d > 0 for d in points)},"
            f" lost {sum(d < 0 for d in points)})"
        )
    # A seed's two seats averaged: the steadier interval (the seats of one deal are not
    # independent), over the seeds with both seats played.
    seats: dict[object, list[dict[str, object]]] = {}
    for r in rows:
        seats.setdefault(r["seed"], []).append(r)
    whole = [pair for pair in seats.values() if len(pair) == 2]
    if whole:
        margin = [
            sum(float(r["margin"]) - float(r["base_margin"]) for r in pair) / 2 for pair in whole
        ]  # type: ignore[arg-type]
        points = [
            sum(float(r["score"]) - float(r["base_score"]) for r in pair) / 2 for pair in whole
        ]  # type: ignore[arg-type]
        lines.append(
            f"per seed ({len(whole)} with both seats, averaged): score {_mean_ci(points, 3)};"
            f" margin {_mean_ci(margin)} VP"
        )
    return "\n".join(lines)


# Student's t, two-sided 95%, by degrees of freedom: few last rounds need the wider interval.
T95 = (12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.20, 2.18, 2.16, 2.14, 2.13)


def t95(df: int) -> float:
    return T95[df - 1] if df <= len(T95) else 2.09 if df < 30 else 1.96


def _mean_ci(xs: list[float], digits: int = 2) -> str:
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return f"{mean:+.{digits}f}"
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
    half = t95(n - 1) * sd / math.sqrt(n)
    return f"{mean:+.{digits}f} (95% {mean - half:+.{digits}f} to {mean + half:+.{digits}f})"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("--variant", required=True)
    r.add_argument("--level", default="expert")
    r.add_argument("--seeds", type=int, nargs=2, required=True)
    r.add_argument("--out", type=Path, required=True)
    s = sub.add_parser("summary")
    s.add_argument("paths", type=Path, nargs="+")
    args = parser.parse_args(argv)
    if args.command == "run":
        run(args.variant, args.level, tuple(args.seeds), args.out)
    else:
        print(summary(read_rows(args.paths)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
