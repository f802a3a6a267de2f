"""Where does a level give up value? Its decisions in recorded games, judged by a deeper search.

    python bench/blunders.py run --games bench/results/expert-v-yardstick4.jsonl [--lost] \\
        [--times 8] [--deals 16] [--levels expert expert-2x] [--out bench/results/blunders.jsonl] \\
        [--rounds 12] [--solved]
    python bench/blunders.py summary bench/results/blunders-expert.jsonl

Issue 25: the expert loses its close games to the yardstick by 0-2 points. For each game of a
match file (`bench/yardstick.py match` rows: side A is the level judged; a row without its moves
is played again from its seeds and checked against its points), every decision of side A that
the level searches (more than one legal move, not a quick follow-up) is searched again by a
reference: the same level with `--times` its node budgets, `--deals` sampled deals (other deals
than the level's own: another seed) and every root move given an exact value. One JSON line per
decision: the move played, the reference's best, every move's reference value and the value (VP)
the played move gives up by them. `--levels` also asks other levels (variants) what they would
play at the same decisions, all with one seed, so the summary compares their VP given up
(include the level itself: its move with that seed is the fair baseline, not the move played).
The same evaluation judges, so this finds what more search changes, not what the evaluation
misjudges. `--solved`: the reference searches the last round's actions to the end in every deal
(the pruned end game, `Level.prune`, with no node limit, 64 deals), where `--times` alone leaves
a busy last round cut off by depth; `--rounds` judges only those rounds' decisions. A stopped run
loses only the decision under way.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from jsonl import append_row, read_rows  # noqa: E402
from targi import Game  # noqa: E402
from targi.ai.choose import decide  # noqa: E402
from targi.ai.levels import Level, setting  # noqa: E402
from targi.ai.policy import QUICK  # noqa: E402
from targi.scoring import score  # noqa: E402
from yardstick import play_game  # noqa: E402

REFERENCE_SEED = 7_000_003  # the reference's deals: not any seed a match player uses
SOLVED_NODES = 10**9  # "no limit": the busiest last round costs ~20,000 nodes a deal pruned


def reference_level(level: str, times: int, deals: int, solved: bool = False) -> Level:
    """`level` with `times` its budgets over `deals` deals, every root move valued exactly;
    `solved`: the last round's actions searched to the end in every deal."""
    lv = setting(level)
    ref = replace(
        lv,
        nodes=lv.nodes * times,
        endgame_nodes=lv.endgame_nodes * times,
        samples=deals,
        endgame_samples=max(lv.endgame_samples, deals),
        exact_root=True,
    )
    if solved:
        ref = replace(ref, endgame_nodes=SOLVED_NODES, prune=True, max_depth=max(40, lv.max_depth))
    return ref


REPLAYED = Path(__file__).resolve().parent / "results" / "replayed-moves.jsonl"


def recorded_game(row: dict[str, object], cache: Path = REPLAYED) -> tuple[int, list[str]]:
    """The row's first player and moves. A row of an older run lacks them: its game is played
    again from its seeds (minutes), checked against its points and kept in `cache`."""
    first = 0 if row["a_first"] else 1
    moves = row.get("moves")
    if isinstance(moves, list):
        return first, [str(m) for m in moves]
    game = {k: row[k] for k in ("a", "b", "seed", "a_first", "unit", "points")}
    for kept in read_rows([cache]):
        if {k: kept[k] for k in game} == game:
            return first, [str(m) for m in kept["moves"]]  # type: ignore[attr-defined]
    seed, unit = int(str(row["seed"])), int(str(row["unit"]))
    g, _, _ = play_game(str(row["a"]), str(row["b"]), seed, bool(row["a_first"]), unit)
    points = [score(g, 0).total, score(g, 1).total]
    if points != row["points"]:
        raise SystemExit(f"seed {seed}: played again to {points}, the row says {row['points']}")
    append_row(cache, {**game, "moves": list(g.record)})
    return first, list(g.record)


def run(
    games: Path,
    lost: bool,
    times: int,
    deals: int,
    out: Path,
    levels: tuple[str, ...] = (),
    rounds: tuple[int, ...] = (),
    solved: bool = False,
    replayed: Path = REPLAYED,
) -> None:
    done = {(r["seed"], r["a_first"], r["at"]) for r in read_rows([out])}
    for row in read_rows([games]):
        if lost and float(str(row["a_score"])) >= 0.5:
            continue
        level = str(row["a"])
        ref = reference_level(level, times, deals, solved)
        first, moves = recorded_game(row, replayed)
        g = Game.new(int(str(row["seed"])), first)
        for at, move in enumerate(moves):
            key = (row["seed"], row["a_first"], at)
            searched = len(g.legal_moves()) > 1 and g.decision not in QUICK
            in_rounds = not rounds or g.round in rounds
            if g.player == 0 and searched and in_rounds and key not in done:
                start = time.process_time()
                choice = decide(g, ref, seed=REFERENCE_SEED + at)
                values = choice.values
                others = {}
                # Each with the same seed here, so other deals than the reference's.
                for other in levels:
                    clock = time.process_time()
                    moved = decide(g, other, seed=at).move
                    others[other] = [moved, round(time.process_time() - clock, 2)]
                append_row(
                    out,
                    {
                        "seed": row["seed"],
                        "a_first": row["a_first"],
                        "level": level,
                        "opponent": row["b"],
                        "a_score": row["a_score"],
                        "times": times,
                        "solved": solved,
                        "deals": choice.samples,
                        "at": at,
                        "round": g.round,
                        "decision": g.decision,
                        "moves": len(values),
                        "played": move,
                        "best": choice.move,
                        "gap": round(values[choice.move] - values[move], 3),
                        "values": {m: round(v, 3) for m, v in values.items()},
                        "nodes": choice.nodes,
                        "levels": others,
                        "cpu": round(time.process_time() - start, 2),
                    },
                )
            g.play(move)


def summary(paths: list[str]) -> list[str]:
    rows = read_rows(paths)
    games = {(r["seed"], r["a_first"]) for r in rows}
    lines = [f"{len(rows)} decisions of {len(games)} games judged by the reference"]
    for key in ("decision", "round"):
        groups: dict[object, list[float]] = defaultdict(list)
        for r in rows:
            groups[r[key]].append(float(str(r["gap"])))
        lines.append(f"by {key}: decisions, moved otherwise, VP given up (a game: sum / games)")
        for name in sorted(groups, key=lambda k: (isinstance(k, str), k)):
            gaps = groups[name]
            other = sum(g > 0 for g in gaps)
            lines.append(
                f"  {name!s:>12}: {len(gaps):4d} {other:4d}  {sum(gaps) / len(games):6.2f}"
                f"  (largest {max(gaps):.2f})"
            )
    by_level: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        values = r["values"]
        assert isinstance(values, dict)
        by_level["played"].append(float(str(r["gap"])))
        for name, (move, _cpu) in dict(r.get("levels") or {}).items():
            by_level[name].append(max(values.values()) - values[move])
    if len(by_level) > 1:
        lines.append(
            "by level, same decisions: moved otherwise than the reference, VP given up a game"
        )
        first = next((n for n in by_level if n != "played"), "played")
        for name, gaps in by_level.items():
            line = f"  {name:>16}: {sum(g > 0 for g in gaps):4d}  {sum(gaps) / len(games):6.2f}"
            if name != "played" and len(gaps) == len(rows) > 1:
                # Paired by decision: what this level gives up more than the first level asked
                # (the level itself with the bench's seed when it is listed first).
                diff = [a - b for a, b in zip(gaps, by_level[first], strict=True)]
                half = 1.96 * statistics.stdev(diff) / len(diff) ** 0.5
                line += f"  a decision {statistics.mean(diff):+.3f} (95% ±{half:.3f}) v {first}"
            lines.append(line)
    per_game: dict[object, float] = defaultdict(float)
    for r in rows:
        per_game[(r["seed"], r["a_first"], r["a_score"])] += float(str(r["gap"]))
    lines.append("by game (seed, level first, level's score): VP given up")
    for (seed, a_first, a_score), gap in sorted(per_game.items(), key=str):
        lines.append(f"  {seed} {'first ' if a_first else 'second'} {a_score}: {gap:.2f}")
    if len(per_game) > 1:
        lines.append(f"mean a game {statistics.mean(per_game.values()):.2f} VP")
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("--games", type=Path, required=True)
    r.add_argument("--lost", action="store_true", help="only the games side A did not win")
    r.add_argument("--times", type=int, default=8)
    r.add_argument("--deals", type=int, default=16)
    r.add_argument("--out", type=Path, default=Path("bench/results/blunders-expert.jsonl"))
    r.add_argument("--levels", nargs="*", default=[], help="also judge these levels' moves")
    r.add_argument("--rounds", nargs="*", type=int, default=[], help="only these rounds")
    r.add_argument("--solved", action="store_true", help="the last round's actions solved")
    s = sub.add_parser("summary")
    s.add_argument("paths", nargs="+")
    args = parser.parse_args(argv)
    if args.command == "run":
        run(
            args.games,
            args.lost,
            args.times,
            args.deals,
            args.out,
            tuple(args.levels),
            tuple(args.rounds),
            args.solved,
        )
    else:
        print("\n".join(summary(args.paths)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
