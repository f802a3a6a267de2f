"""The game's last placement, solved: does a level place its last Targi as the end of the game
says it should? (issue 25: the game's starting player makes this placement in a 12-round game.)

    python bench/last_placement.py [--seeds 1000 1005] [--deals 8] [--levels expert expert-exact]
        [--games greedy|medium] [--reference bench/results/last-placement.jsonl]
        [--rows bench/results/expert-v-yardstick4.jsonl]

For each seeded greedy-v-greedy game (or medium v medium: `--games medium`), the position
before the last Targi of the last round is placed (one Targi left to place in all): every move
is searched to the end of the game in `--deals` sampled deals of the unseen cards (the engine's
`observe(game).sample`), and each level's choice is judged by that reference: one JSON line per
position with the reference value of every move (mean final margin plus the search's win
bonus), the deals each move wins, and per level its move, the value it gives up and its CPU
time. Solving takes minutes a position; `--reference` takes the solved values from an earlier
run's lines instead (same seed, games and deals), so a new variant is judged in seconds.
`--rows` takes the positions from a match's recorded games instead (bench/yardstick.py): the
last placement of every game in the file that has one, whoever makes it; its lines name the
file as their games and carry the row's seat ("a_first").
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from blunders import recorded_game  # noqa: E402
from jsonl import read_rows  # noqa: E402
from last_round import t95  # noqa: E402
from targi import Game  # noqa: E402
from targi.ai.choose import decide, in_last_placements, sample_seed  # noqa: E402
from targi.ai.evaluate import EXPERT_WEIGHTS  # noqa: E402
from targi.ai.search import Search  # noqa: E402
from targi.registry import make_player  # noqa: E402
from targi.view import observe  # noqa: E402

SOLVED = (
    "seed", "games", "a_first", "deals", "mover_started_the_game", "solved", "reference", "wins"
)  # fmt: skip
SOLVE = 10**6  # nodes a deal may take: the last placement's deals took 35,000-170,000


def last_placement(seed: int, games: str = "greedy") -> Game | None:
    """The position before the game's last placement in game `seed` of `games` v `games`."""
    g = Game.new(seed, seed % 2)
    players = (make_player(games, seed * 2 + 1), make_player(games, seed * 2 + 2))
    while not g.is_over:
        if in_last_placements(g, 1):
            return g
        g.play(players[g.player](g))
    return None


def recorded_placements(rows: Path) -> list[tuple[dict[str, object], Game]]:
    """The position before the last placement of every game recorded in a match file that has
    one, with its row."""
    out = []
    for row in read_rows([rows]):
        first, moves = recorded_game(row)
        g = Game.new(int(str(row["seed"])), first)
        for move in moves:
            if in_last_placements(g, 1):
                out.append((row, g))
                break
            g.play(move)
    return out


def solve(g: Game, deals: int, seed: int, games: str) -> dict[str, object]:
    """The placement searched to the end in `deals` sampled deals: each move's mean value."""
    starter = g.starter  # the game's first player
    obs = observe(g)
    solved = [
        Search(SOLVE, None, EXPERT_WEIGHTS).root(obs.sample(sample_seed(99, k)), 40, True)
        for k in range(deals)
    ]
    reference = {m: sum(d.values[m] for d in solved) / deals for m in g.legal_moves()}
    return {
        "seed": seed,
        "games": games,
        "deals": deals,
        "mover_started_the_game": g.player == starter,
        "solved": all(d.complete for d in solved),
        "reference": {m: round(v, 2) for m, v in reference.items()},
        "wins": {m: sum(d.values[m] > 0 for d in solved) for m in reference},
    }


def judge(row: dict[str, object], g: Game, levels: list[str]) -> dict[str, object]:
    """Each level's move at `g`, and what it gives up by the solved values in `row`."""
    reference = row["reference"]
    assert isinstance(reference, dict)
    best = max(reference.values())
    row = {k: row[k] for k in SOLVED if k in row}
    for level in levels:
        start = time.process_time()
        move = decide(g, level, 1).move
        cpu = time.process_time() - start
        row[level] = {"move": move, "gives_up": round(best - reference[move], 2), "cpu": cpu}
    return row


def summary(rows: list[dict[str, object]]) -> list[str]:
    """Per level judged in `rows`: how many positions it misses the solved move in, and the
    value it gives up on average."""
    levels = [k for r in rows for k, v in r.items() if isinstance(v, dict) and "gives_up" in v]
    lines = []
    for level in dict.fromkeys(levels):  # in the order the lines name them
        given = [float(v["gives_up"]) for r in rows if isinstance(v := r.get(level), dict)]
        misses = sum(1 for x in given if x > 0)
        lines.append(
            f"{level}: misses the solved move in {misses} of {len(given)} last placements,"
            f" {sum(given) / len(given):.2f} given up on average"
        )
    judged = list(dict.fromkeys(levels))
    for level in judged[1:]:  # each later level against the first, where both were judged
        both = [
            r for r in rows if isinstance(r.get(judged[0]), dict) and isinstance(r.get(level), dict)
        ]
        diff = [float(r[level]["gives_up"]) - float(r[judged[0]]["gives_up"]) for r in both]  # type: ignore[index]
        if len(diff) > 1:
            mean = sum(diff) / len(diff)
            half = t95(len(diff) - 1) * statistics.stdev(diff) / len(diff) ** 0.5
            lines.append(
                f"{level} v {judged[0]}, paired: {mean:+.3f} given up a placement"
                f" (95% {mean - half:+.3f} to {mean + half:+.3f}) over {len(diff)}"
            )
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs=2, default=[1000, 1005])
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--levels", nargs="+", default=["expert", "expert-exact"])
    parser.add_argument("--games", default="greedy", help="who plays the games: greedy, medium")
    parser.add_argument("--reference", type=Path, help="an earlier run's lines: reuse its values")
    parser.add_argument("--rows", type=Path, help="a match's games (bench/yardstick.py) instead")
    args = parser.parse_args(argv)
    games = args.rows.stem if args.rows else args.games
    known: dict[tuple[int, object], dict[str, object]] = {}
    if args.reference:
        for line in args.reference.read_text().splitlines():
            row = json.loads(line)
            if (row.get("deals", 8), row.get("games", "greedy")) == (args.deals, games):
                known[row["seed"], row.get("a_first")] = row
    # A generator: a seeded game is played when its turn comes, so lines come as they are judged.
    positions: Iterator[tuple[int, object, Game]]
    if args.rows:
        placements = recorded_placements(args.rows)
        positions = ((int(str(r["seed"])), r["a_first"], g) for r, g in placements)
    else:
        seeds = range(args.seeds[0], args.seeds[1] + 1)
        found = ((seed, last_placement(seed, args.games)) for seed in seeds)
        positions = ((seed, None, g) for seed, g in found if g is not None)
    for seed, a_first, g in positions:
        row = known.get((seed, a_first))
        if row is None:
            row = solve(g, args.deals, seed, games)
            if a_first is not None:
                row["a_first"] = a_first
        print(json.dumps(judge(row, g, args.levels)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
