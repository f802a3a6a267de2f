"""A recorded game's last rounds played again by another player, beside the level's own playout.

    python bench/late_game.py run --games bench/results/expert-v-yardstick16.jsonl \\
        bench/results/expert-v-yardstick4.jsonl --round 10 --variant late:expert-2x \\
        --level expert --opponent yardstick:16 \\
        --baseline bench/results/late-game-round10-fresh16.jsonl \\
        --out bench/results/late-game-round10-2x.jsonl
    python bench/late_game.py summary bench/results/late-game-round10-2x.jsonl

The rounds analysis (`yardstick.py rounds`) shows where a seat loses ground; this asks whether
another player would have kept it there. Each recorded game (whole seed pairs of a
`yardstick.py match` file) is replayed to the first placement of `--round`, and from there
played to the end twice with A's seat (seat 0) played by `--level` (the baseline) and then by
`--variant`, against `--opponent` with the same seed both times (so the two playouts agree
until A's moves differ). The hidden cards are the game's own (its seed), so each position is
one the level met in a real game. The level's playout of a game is the same in every run
with the same level, opponent and round (budgets in nodes and iterations, seeds fixed):
`--baseline FILE...` takes it from another run's file instead of playing it again.

`late:<player>` is a variant for this bench: `<player>` (a level or `yardstick:<times>`) from
the round on, except where the expert searches to the end (its last placement and the last
round's actions), which the expert plays. `late-fresh:yardstick:<times>` starts each decision
from an empty tree, as a player that keeps nothing between decisions (the page's AI) would.

`--carried`: the opponent is the match's own B as it stood at the round, not a new one. A
yardstick keeps its tree between decisions, so B is rebuilt by playing its recorded decisions
again from the game's start with its match seed (each must come out as recorded: the run stops
if one does not), and each playout starts from a copy of it with its generator reseeded. The
opponent's play in the last rounds is then a draw of the match's own (about 3 minutes of CPU a
position at 16x for the rebuild). Rows record whether the opponent was carried, and a baseline
is reused only from a run alike in that.

One JSON line per game: both final margins and scores of A, A's CPU per decision in each,
whether A started the game. A stopped run loses only the game under way; the same command
goes on where it stopped.
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from jsonl import append_row, read_rows  # noqa: E402
from last_round import _mean_ci  # noqa: E402
from targi import Game  # noqa: E402
from targi.ai.choose import in_end_game  # noqa: E402
from targi.ai.levels import LEVELS  # noqa: E402
from targi.scoring import result, score  # noqa: E402
from yardstick import UNIT, Player, Yardstick, make, recorded_pairs, replayed  # noqa: E402

EXPERT = LEVELS["expert"]


class Late:
    """`inner` from round `start` on, the expert before it and in its end game."""

    def __init__(self, inner: str, start: int, seed: int, unit: int, fresh: bool) -> None:
        self.expert = make("expert", seed, unit)
        self.inner = make(inner, seed, unit)
        self.start = start
        self.fresh = fresh

    def __call__(self, g: Game) -> str:
        exact = in_end_game(g, EXPERT)
        if g.round < self.start or exact:
            return self.expert(g)
        if self.fresh and isinstance(self.inner, Yardstick):
            self.inner.root = None  # nothing kept from the decision before
        return self.inner(g)


def player(spec: str, start: int, seed: int, unit: int) -> Player:
    if spec.startswith(("late:", "late-fresh:")):
        kind, inner = spec.split(":", 1)
        return Late(inner, start, seed, unit, kind == "late-fresh")
    return make(spec, seed, unit)


def at_start(g: Game, start: int) -> bool:
    """Whether g stands at the first placement of round `start`."""
    return g.round == start and g.decision == "place" and not any(g.targis)


def at_round(row: dict[str, object], start: int) -> Game | None:
    """The recorded game at its first placement of round `start` (None if it ended before)."""
    for g in replayed(row):
        if at_start(g, start):
            return g
    return None


def carried(row: dict[str, object], start: int, unit: int) -> tuple[Game, Player] | None:
    """The recorded game at round `start`'s first placement and the match's B as it stood
    there, rebuilt by its recorded decisions (`play_game`'s seed for B, s * 2 + 2); None if
    the game ended before."""
    s = int(str(row["seed"]))
    b = make(str(row["b"]), s * 2 + 2, unit)
    for g in replayed(row):
        if at_start(g, start):
            return g.clone(), b
        if g.is_over:
            return None
        if g.player == 1:
            recorded = row["moves"][len(g.record)]  # type: ignore[index]
            move = b(g)
            if move != recorded:
                raise ValueError(
                    f"seed {s}: B played {move} at move {len(g.record)}, recorded {recorded}:"
                    " not the match's own player (its spec, unit or code differ)"
                )
    return None


def reseeded(b: Player, seed: int) -> Player:
    """A copy of B with its own generator (a yardstick's) set to `seed`; its tree as it was."""
    copy = pickle.loads(pickle.dumps(b))
    if isinstance(copy, Yardstick):
        copy.rng = random.Random(seed)
    return copy


def opponent_at(b: Player | None, spec: str, seed: int, unit: int) -> Player:
    """The opponent of one playout: the carried B reseeded, or a new one."""
    return make(spec, seed, unit) if b is None else reseeded(b, seed)


def play_out(g: Game, a: Player, b: Player) -> tuple[float, float, float]:
    """Play g to the end, A in seat 0: A's margin, A's score, A's mean CPU per decision."""
    g = g.clone()
    cpu: list[float] = []
    while not g.is_over:
        if g.player == 0:
            t = time.process_time()
            move = a(g)
            cpu.append(time.process_time() - t)
        else:
            move = b(g)
        g.play(move)
    winner, _ = result(g)
    margin = score(g, 0).total - score(g, 1).total
    return float(margin), 0.5 if winner is None else float(winner == 0), sum(cpu) / len(cpu)


def run(
    games: list[str],
    start: int,
    variant: str,
    level: str,
    opponent: str,
    seeds: tuple[int, int],
    out: Path,
    unit: int = UNIT,
    baselines: list[Path] | None = None,
    carry: bool = False,
) -> None:
    """Each recorded game's last rounds from `start`, by `level` then by `variant`; the level's
    playout is taken from `baselines` (other runs' files) where one played it already. With
    `carry`, the opponent is the match's own B as it stood at the round (`carried`)."""
    done = {(r["game"], r["seed"], r["a_first"]) for r in read_rows([out])}
    known = {
        (r["game"], r["seed"], r["a_first"]): (r["base_margin"], r["base_score"], r["base_cpu"])
        for r in read_rows(baselines or [])
        if (r["level"], r["opponent"], r["round"], r.get("carried", False))
        == (level, opponent, start, carry)
    }
    rows = [row for path in games for row in recorded_pairs(path)]
    for row in rows:
        s, name = int(str(row["seed"])), f"{row['a']} v {row['b']}"
        if not seeds[0] <= s <= seeds[1] or (name, s, row["a_first"]) in done:
            continue
        opp_seed = s * 2 + 2 + 1000 * start  # the same opponent in both playouts
        b: Player | None = None
        if carry:
            if (row["b"], row.get("unit", unit)) != (opponent, unit):
                raise ValueError(f"--carried: {name} was not played against {opponent}")
            rebuilt = carried(row, start, unit)
            if rebuilt is None:
                continue
            g, b = rebuilt
        else:
            found = at_round(row, start)
            if found is None:
                continue
            g = found
        base = known.get((name, s, row["a_first"])) or play_out(
            g, player(level, start, s * 2 + 1, unit), opponent_at(b, opponent, opp_seed, unit)
        )
        tried = play_out(
            g, player(variant, start, s * 2 + 1, unit), opponent_at(b, opponent, opp_seed, unit)
        )
        append_row(
            out,
            {
                "variant": variant,
                "level": level,
                "opponent": opponent,
                "round": start,
                "carried": carry,
                "game": name,
                "seed": s,
                "a_first": row["a_first"],
                "margin": tried[0],
                "base_margin": base[0],
                "score": tried[1],
                "base_score": base[1],
                "cpu": round(tried[2], 3),
                "base_cpu": round(base[2], 3),
            },
        )


def summary(rows: list[dict[str, object]]) -> str:
    """Mean change of A's margin and score, with 95% intervals (Student's t, paired)."""
    lines = []
    for label, keep in (
        ("all", lambda r: True),
        ("A started the game", lambda r: r["a_first"]),
        ("A second", lambda r: not r["a_first"]),
    ):
        chosen = [r for r in rows if keep(r)]
        if not chosen:
            continue
        margin = [float(str(r["margin"])) - float(str(r["base_margin"])) for r in chosen]
        points = [float(str(r["score"])) - float(str(r["base_score"])) for r in chosen]
        base = sum(float(str(r["base_score"])) for r in chosen) / len(chosen)
        tried = sum(float(str(r["score"])) for r in chosen) / len(chosen)
        cpu = sum(float(str(r["cpu"])) for r in chosen) / len(chosen)
        base_cpu = sum(float(str(r["base_cpu"])) for r in chosen) / len(chosen)
        lines.append(
            f"{label}: {len(chosen)} games; A scored {base:.3f} as the level, {tried:.3f} as"
            f" the variant: {_mean_ci(points, 3)} (wins gained {sum(d > 0 for d in points)},"
            f" lost {sum(d < 0 for d in points)}); margin {_mean_ci(margin)} VP;"
            f" CPU per decision {base_cpu:.2f} s, {cpu:.2f} s"
        )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("--games", nargs="+", required=True)
    r.add_argument("--round", type=int, required=True)
    r.add_argument("--variant", required=True)
    r.add_argument("--level", default="expert")
    r.add_argument("--opponent", default="yardstick:16")
    r.add_argument("--seeds", type=int, nargs=2, default=(0, 10**9))
    r.add_argument("--out", type=Path, required=True)
    r.add_argument(
        "--baseline", type=Path, nargs="*", default=[], help="runs whose level playouts to reuse"
    )
    r.add_argument(
        "--carried", action="store_true", help="the opponent: the match's own B at the round"
    )
    s = sub.add_parser("summary")
    s.add_argument("paths", type=Path, nargs="+")
    args = parser.parse_args(argv)
    if args.command == "run":
        run(
            args.games, args.round, args.variant, args.level, args.opponent,
            tuple(args.seeds), args.out, baselines=args.baseline, carry=args.carried,
        )  # fmt: skip
    else:
        print(summary(read_rows(args.paths)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
