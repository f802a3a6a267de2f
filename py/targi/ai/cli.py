"""`python -m targi match`: the AI's command; targi.cli adds it to the command line."""

from __future__ import annotations

import argparse
import json
import sys
import time
from functools import partial
from typing import TypeAlias

from ..constants import LEVEL_NAMES
from ..players import PLAYERS
from .match import GameResult, MakePlayer, MatchResult, play_one, schedule

SPECS = (*PLAYERS, *LEVEL_NAMES)
Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def cmd_match(args: argparse.Namespace, make: MakePlayer) -> int:
    """`python -m targi match`: play the match and print its result."""
    specs = args.players.split(",")
    if len(specs) != 2 or any(s not in SPECS and not s.startswith("spiel:") for s in specs):
        print(f"--players takes two of {', '.join(SPECS)}, e.g. hard,greedy", file=sys.stderr)
        return 2
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    run_match(specs[0], specs[1], args.games, args.seed, make, args.workers, args.quiet, args.json)
    return 0


def run_match(
    a: str,
    b: str,
    games: int,
    seed: int,
    make: MakePlayer,
    workers: int = 1,
    quiet: bool = False,
    as_json: bool = False,
) -> MatchResult:
    """Play the match A v B (seeded pairs, seats swapped) and print it as the command does:
    a line per game unless `quiet`, the result, and with `as_json` one JSON line; `make`
    builds a player from its name and seed (targi.registry.make_player)."""
    jobs = [(a, b, s, a_first) for s, a_first in schedule(games, seed)]
    match = MatchResult((a, b))
    start = time.perf_counter()
    play = partial(play_one, make=make)
    if workers > 1:
        from multiprocessing import Pool

        with Pool(workers) as pool:
            for r in pool.imap(play, jobs):
                match.games.append(r)
                _progress(quiet, match, r)
    else:
        for job in jobs:
            r = play(job)
            match.games.append(r)
            _progress(quiet, match, r)
    elapsed = time.perf_counter() - start
    low, high = match.interval()
    print(
        f"{a} vs {b}: {len(match.games)} games, {a} won {match.wins}, lost {match.losses}, "
        f"drew {match.draws}: win rate {match.win_rate:.1%} (95% interval {low:.1%}-{high:.1%}),"
        f" {elapsed:.0f} s"
    )
    if as_json:
        margin = sum(r.a_points - r.b_points for r in match.games)
        summary = {
            "players": [a, b],
            "games": len(match.games),
            "seed": seed,
            "wins": match.wins,
            "losses": match.losses,
            "draws": match.draws,
            "win_rate": round(match.win_rate, 4),
            "interval95": [round(low, 4), round(high, 4)],
            "mean_margin": round(margin / len(match.games), 2),
            "seconds": round(elapsed, 1),
        }
        print(json.dumps(summary), flush=True)
    return match


def _progress(quiet: bool, match: MatchResult, r: GameResult) -> None:
    if quiet:
        return
    a_pts, b_pts = r.a_points, r.b_points
    outcome = {1.0: "win", 0.5: "draw", 0.0: "loss"}[r.a_score]
    first = "first" if r.a_first else "second"
    print(
        f"game {len(match.games):4d} seed {r.seed} A {first}: {a_pts}-{b_pts} A {outcome}"
        f"  (running {match.win_rate:.1%})",
        flush=True,
    )


def register(sub: Subcommands, make: MakePlayer) -> None:
    """Add the `match` command to a command line; `make` builds the players by name."""
    p = sub.add_parser("match", help="AI match: seeded pairs with seats swapped")
    p.add_argument("--players", default="hard,greedy", help=f"two of {', '.join(SPECS)}, spiel:BOT")
    p.add_argument("--games", type=int, default=20, help="games in all (each seed twice)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1, help="processes (use 2 on a quiet machine)")
    p.add_argument("--json", action="store_true", help="last line: one JSON object")
    p.add_argument("--quiet", action="store_true", help="no line per game")
    p.set_defaults(run=partial(cmd_match, make=make))
