"""The AI levels against the ISMCTS yardstick (bench/ismcts.py) at multiples of hard's time.

    python bench/ai_vs_ismcts.py --level expert --times 4 --games 100 --seed 80000 [--json]
        [--unit 2000] [--workers 1] [--quiet]

Plays seeded pairs with seats swapped, exactly like `python -m targi match` (same schedule,
same per-game lines and JSON summary, so `python bench/ai_matches.py` pools the logs): the
level is player A, `ismcts:<iterations>` player B with iterations = times x unit. `--unit` is
the calibrated "1x hard's median time per decision" in ISMCTS iterations
(`python bench/ismcts.py calibrate`); budgets in iterations keep the games independent of the
machine's load.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ismcts import ISMCTSPlayer  # noqa: E402
from targi.ai.cli import run_match  # noqa: E402
from targi.players import Player  # noqa: E402
from targi.registry import make_player  # noqa: E402

UNIT = 2000  # ISMCTS iterations in hard's median CPU time per decision (docs/ai.md)


def make(spec: str, seed: int) -> Player:
    """A level or `ismcts:<iterations>`."""
    if spec.startswith("ismcts:"):
        return ISMCTSPlayer(int(spec[7:]), seed)
    return make_player(spec, seed)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert")
    parser.add_argument("--times", type=float, default=4.0, help="multiple of hard's time")
    parser.add_argument("--unit", type=int, default=UNIT, help="iterations in 1x hard's time")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    opponent = f"ismcts:{round(args.times * args.unit)}"
    run_match(
        args.level, opponent, args.games, args.seed, make, args.workers, args.quiet, args.json
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
