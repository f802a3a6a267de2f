"""Playouts to the game's end a CPU second, from the yardstick's calibration positions: with
each move drawn at random from the engine's legal moves (about the engine's own speed: roughly
the most an ISMCTS that plays to the end with this engine can run) and with the yardstick's
playout policy.

    python bench/playout_rate.py [--deals 20]

Issue 25 reckoned 1,600 iterations at about 4x hard's median time; this says how many
playouts that time holds here (docs/strength.md, twenty-third session)."""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from targi import Game  # noqa: E402
from targi.view import observe  # noqa: E402
from yardstick import greedy_positions, playout_move  # noqa: E402

Policy = Callable[[Game, list[str], random.Random], str]


def at_random(g: Game, moves: list[str], rng: random.Random) -> str:
    return moves[rng.randrange(len(moves))]


def rate(policy: Policy, positions: list[Game], deals: int) -> tuple[float, float, float]:
    """Playouts a CPU second, moves a playout and microseconds a move (dealing included)."""
    rng = random.Random(1)
    playouts = moves = 0
    start = time.process_time()
    for g in positions:
        obs = observe(g)
        for _ in range(deals):
            world = obs.sample(rng.getrandbits(32))
            while not world.is_over:
                world.play_unchecked(policy(world, world.legal_moves(), rng))
                moves += 1
            playouts += 1
    spent = time.process_time() - start
    return playouts / spent, moves / playouts, spent / moves * 1e6


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=20, help="deals played out a position")
    args = parser.parse_args(argv)
    positions = greedy_positions(1, 5)
    print(f"{len(positions)} positions, {args.deals} deals each")
    for name, policy in (("random moves", at_random), ("the yardstick's policy", playout_move)):
        per_s, length, micro = rate(policy, positions, args.deals)
        print(f"{name}: {per_s:,.0f} playouts a CPU second, {length:.0f} moves each,", end=" ")
        print(f"{micro:.1f} us a move")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
