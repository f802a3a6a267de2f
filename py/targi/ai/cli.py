"""`python -m targi match`: the AI's command, registered with the engine's CLI on import."""

from __future__ import annotations

import argparse
import json
import sys
import time

from .. import cli as engine_cli
from ..cli import Subcommands
from ..constants import LEVEL_NAMES
from ..players import PLAYERS
from .match import GameResult, MatchResult, play_one, schedule

SPECS = (*PLAYERS, *LEVEL_NAMES)


def cmd_match(args: argparse.Namespace) -> int:
    """`python -m targi match`: play the match and print its result."""
    specs = args.players.split(",")
    if len(specs) != 2 or any(s not in SPECS and not s.startswith("spiel:") for s in specs):
        print(f"--players takes two of {', '.join(SPECS)}, e.g. hard,greedy", file=sys.stderr)
        return 2
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    jobs = [
        (specs[0], specs[1], seed, a_first) for seed, a_first in schedule(args.games, args.seed)
    ]
    match = MatchResult((specs[0], specs[1]))
    start = time.perf_counter()
    if args.workers > 1:
        from multiprocessing import Pool

        with Pool(args.workers) as pool:
            results = pool.imap(play_one, jobs)
            for r in results:
                match.games.append(r)
                _progress(args, match, r)
    else:
        for job in jobs:
            r = play_one(job)
            match.games.append(r)
            _progress(args, match, r)
    elapsed = time.perf_counter() - start
    low, high = match.interval()
    a, b = specs
    print(
        f"{a} vs {b}: {len(match.games)} games, {a} won {match.wins}, lost {match.losses}, "
        f"drew {match.draws}: win rate {match.win_rate:.1%} (95% interval {low:.1%}-{high:.1%}),"
        f" {elapsed:.0f} s"
    )
    if args.json:
        margin = sum(r.a_points - r.b_points for r in match.games)
        print(
            json.dumps(
                {
                    "players": [a, b],
                    "games": len(match.games),
                    "seed": args.seed,
                    "wins": match.wins,
                    "losses": match.losses,
                    "draws": match.draws,
                    "win_rate": round(match.win_rate, 4),
                    "interval95": [round(low, 4), round(high, 4)],
                    "mean_margin": round(margin / len(match.games), 2),
                    "seconds": round(elapsed, 1),
                }
            )
        )
    return 0


def _progress(args: argparse.Namespace, match: MatchResult, r: GameResult) -> None:
    if args.quiet:
        return
    a_pts, b_pts = r.a_points, r.b_points
    outcome = {1.0: "win", 0.5: "draw", 0.0: "loss"}[r.a_score]
    first = "first" if r.a_first else "second"
    print(
        f"game {len(match.games):4d} seed {r.seed} A {first}: {a_pts}-{b_pts} A {outcome}"
        f"  (running {match.win_rate:.1%})",
        flush=True,
    )


def register(sub: Subcommands) -> None:
    """Add the `match` command to the engine's command line."""
    p = sub.add_parser("match", help="AI match: seeded pairs with seats swapped")
    p.add_argument("--players", default="hard,greedy", help=f"two of {', '.join(SPECS)}, spiel:BOT")
    p.add_argument("--games", type=int, default=20, help="games in all (each seed twice)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1, help="processes (use 2 on a quiet machine)")
    p.add_argument("--json", action="store_true", help="last line: one JSON object")
    p.add_argument("--quiet", action="store_true", help="no line per game")
    p.set_defaults(run=cmd_match)


if register not in engine_cli.EXTRA_COMMANDS:
    engine_cli.EXTRA_COMMANDS.append(register)
