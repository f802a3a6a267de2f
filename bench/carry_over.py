"""Carry a match row over to a level that decides otherwise only at the game's last placement.

    python bench/carry_over.py --rows bench/results/expert-lp0-v-yardstick4.jsonl \\
        --was expert-lp0 --a expert-ab --out bench/results/expert-ab-v-yardstick4.jsonl

`choose.decide` differs between a level with `endgame_placements` = 1 and the same level
without it only where `choose.in_last_placements(game, 1)` holds: everywhere else both take the
same path to the same move. So each recorded game of the old row (A in seat 0, as
bench/yardstick.py plays them) is replayed with A's seeds as the match drew them (its
`AIPlayer`'s), and at each of A's decisions at the last placement the new level decides: if it
makes the recorded move, the game is the same game (the opponent sees the same moves, so it
searches the same), and its line is written for the new level; if not, the game is left out,
and `python bench/yardstick.py match --a A ...` with the same file plays it anew (it plays only
the games its file lacks). Prints one line per game.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from blunders import recorded_game  # noqa: E402
from jsonl import append_row, read_rows  # noqa: E402
from targi import Game  # noqa: E402
from targi.ai.choose import decide, in_last_placements  # noqa: E402
from targi.ai.levels import setting  # noqa: E402
from targi.rng import next_value  # noqa: E402


def same_game(row: dict[str, object], a: str) -> tuple[bool, int]:
    """Whether level `a` in seat 0 plays the row's recorded game (and at how many of its
    decisions it was asked, at the last placement)."""
    placements = setting(a).endgame_placements
    first, moves = recorded_game(row)
    seed = int(str(row["seed"]))
    g = Game.new(seed, first)
    state = seed * 2 + 1  # A's player seed in bench/yardstick.py's play_game
    asked = 0
    for move in moves:
        if g.player == 0:
            state, r = next_value(state)
            if in_last_placements(g, placements):
                asked += 1
                if decide(g, a, r & 0xFFFFFFFF).move != move:
                    return False, asked
        g.play(move)
    return True, asked


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=Path, required=True, help="the old level's match file")
    parser.add_argument("--was", required=True, help="the old level's name in those rows")
    parser.add_argument("--a", required=True, help="the new level")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    done = {(r["seed"], r["a_first"]) for r in read_rows([args.out])}  # none if no file yet
    for row in read_rows([args.rows]):
        if row["a"] != args.was or (row["seed"], row["a_first"]) in done:
            continue
        same, asked = same_game(row, args.a)
        seat = "first" if row["a_first"] else "second"
        print(f"{row['seed']} {seat}: {'same game' if same else 'plays otherwise'}"
              f" ({asked} decisions asked)", flush=True)  # fmt: skip
        if same:
            append_row(args.out, {**row, "a": args.a, "carried_from": args.was})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
