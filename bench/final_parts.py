"""Where the final scores come from: each side's VP tokens, card VP, pair bonuses, row bonuses
and cards in the display, by how A's games ended (won or lost, close or by more).

A reading of recorded match rows (bench/yardstick.py), whole seed pairs only; no search. It
asks of a row what `rounds` does not: whether a player's close losses and big wins are made of
different points (rows filled or not, tokens gathered or not).

    python bench/final_parts.py bench/results/expert-v-yardstick16.jsonl
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from targi.scoring import score  # noqa: E402
from yardstick import is_close, recorded_pairs, replayed  # noqa: E402

PARTS = ("tokens", "cards", "pairs", "rows", "display")  # `display`: cards in it, not VP
GROUPS = ("close won", "close lost", "won by more", "lost by more", "drawn")


def group(row: dict[str, object]) -> str:
    """How A's game ended: won or lost (a draw apart), close (yardstick.is_close) or by more."""
    result = float(str(row["a_score"]))
    if result == 0.5:
        return "drawn"
    won = "won" if result == 1.0 else "lost"
    return f"close {won}" if is_close(row, won) else f"{won} by more"


def final_parts(row: dict[str, object]) -> tuple[dict[str, int], dict[str, int]]:
    """A recorded game's final score split into PARTS, A's (seat 0) then B's."""
    *_, game = replayed(row)  # one Game played on: the last yielded is the finished game
    assert game.phase == "over"

    def split(p: int) -> dict[str, int]:
        s = score(game, p)
        return {
            "tokens": s.tokens,
            "cards": s.cards,
            "pairs": sum(b["vp"] for b in s.card_bonuses),
            "rows": sum(s.rows),
            "display": game.display_count(p),
        }

    return split(0), split(1)


def report(path: str) -> list[str]:
    """One line per group of a match file's games: the mean of each part, A's and B's."""
    rows = recorded_pairs(path)
    groups: dict[str, list[tuple[dict[str, int], dict[str, int]]]] = {g: [] for g in GROUPS}
    for row in rows:
        groups[group(row)].append(final_parts(row))
    lines = [f"{path}: {len(rows)} games (whole pairs); mean A, B"]
    for name, games in groups.items():
        if not games:
            continue
        cells = []
        for part in PARTS:
            a, b = (statistics.mean(g[seat][part] for g in games) for seat in (0, 1))
            cells.append(f"{part} {a:4.1f},{b:4.1f}")
        lines.append(f"  {name:12s} {len(games):3d}  " + "  ".join(cells))
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", help="match rows (bench/results/*.jsonl)")
    args = parser.parse_args(argv)
    for path in args.files:
        print("\n".join(report(path)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
