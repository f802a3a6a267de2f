"""Add up the JSON summaries of `python -m targi match --json` runs (chunks of one match).

    python bench/ai_matches.py [--partial] LOG [LOG ...]

Each log's last line is the JSON object the match command prints. Chunks with the same players
are pooled (their seeds must not overlap); prints games, wins/losses/draws, the win rate with a
95% Wilson interval and the mean margin per pairing. With --partial, a chunk that was stopped
before its summary counts the games its per-game lines record (whole seed pairs only, so that
each deal is still played from both seats).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from targi.ai.match import wilson  # noqa: E402

GAME_LINE = re.compile(r"game +\d+ seed (\d+) A (first|second): (\d+)-(\d+) A (win|loss|draw)")


def from_game_lines(path: str, lines: list[str]) -> dict | None:
    """The summary of an unfinished chunk, from its per-game lines (whole seed pairs only)."""
    name = Path(path).stem.split("-")  # final-<a>-<b>-s<seed>
    games = [m.groups() for m in map(GAME_LINE.match, lines) if m]
    games = games[: len(games) // 2 * 2]
    if not games:
        return None
    outcomes = [g[4] for g in games]
    return {
        "players": [name[1], name[2]],
        "games": len(games),
        "seed": int(games[0][0]),
        "wins": outcomes.count("win"),
        "losses": outcomes.count("loss"),
        "draws": outcomes.count("draw"),
        "mean_margin": sum(int(g[2]) - int(g[3]) for g in games) / len(games),
        "partial": True,
    }


def main(paths: list[str]) -> int:
    partial = "--partial" in paths
    paths = [p for p in paths if p != "--partial"]
    pooled: dict[tuple[str, str], dict] = {}
    for path in paths:
        lines = Path(path).read_text().strip().splitlines()
        if lines and lines[-1].startswith("{"):
            s = json.loads(lines[-1])
        elif partial and (s := from_game_lines(path, lines)) is not None:
            print(f"{path}: stopped early, {s['games']} games counted", file=sys.stderr)
        else:
            print(f"{path}: unfinished (no summary line)", file=sys.stderr)
            continue
        key = (s["players"][0], s["players"][1])
        empty = {"games": 0, "wins": 0, "losses": 0, "draws": 0, "margin": 0.0, "seeds": []}
        p = pooled.setdefault(key, {**empty, "seen": {}})
        seeds = range(s["seed"], s["seed"] + (s["games"] + 1) // 2)
        twice = sorted({p["seen"][seed] for seed in seeds if seed in p["seen"]})
        if twice:  # a chunk given twice (or overlapping seeds) would count its games twice
            print(f"{path}: its seeds overlap those of {', '.join(twice)}", file=sys.stderr)
            return 2
        p["seen"].update(dict.fromkeys(seeds, path))
        for k in ("games", "wins", "losses", "draws"):
            p[k] += s[k]
        p["margin"] += s["mean_margin"] * s["games"]
        p["seeds"].append(f"{s['seed']}..{s['seed'] + (s['games'] + 1) // 2 - 1}")
    print(
        f"{'match':16s} {'games':>5s} {'W-L-D':>11s} {'win rate':>8s} {'95% interval':>15s}  margin"
    )
    for (a, b), p in pooled.items():
        n = p["games"]
        rate = (p["wins"] + 0.5 * p["draws"]) / n
        low, high = wilson(rate, n)
        wld = f"{p['wins']}-{p['losses']}-{p['draws']}"
        print(
            f"{a + ' v ' + b:16s} {n:5d} {wld:>11s} {rate:8.1%} {low:7.1%}-{high:6.1%}"
            f"  {p['margin'] / n:+.1f}   seeds {', '.join(p['seeds'])}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
