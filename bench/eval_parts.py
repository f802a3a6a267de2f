"""Which parts of the expert's evaluation foretell the final margin, fitted on recorded games.

    python bench/eval_parts.py bench/results/expert-v-yardstick4.jsonl \\
        bench/results/expert-v-yardstick16.jsonl bench/results/expert-v-hard.jsonl

`evaluate` adds, for each player, points already certain, a display's promise (rows not yet
full, odd cards towards a pair), goods and gold, actions placed and still to come, the hand
card, tribe cards the goods could buy, lasting effects, a Targi lost, and the next raid's cost:
each part counted once, with weight 1. If the weighting were right for the games judged, the
final margin would be each part's lead (seat 0's minus seat 1's) times 1, plus noise. Here the
margin is fitted on the parts' leads by least squares at each round's first placement of every
whole seed pair in the files, with one intercept per file (each file is one pairing of players:
it takes up the stronger player's edge) and who places first that round (+1 seat 0, -1 seat 1).
Rounds are taken in groups (early, middle, late) so that each fit has a few hundred positions.
A coefficient well below 1 says the evaluation overcounts that part against these players; well
above, undercounts. Standard errors are the textbook ones (positions of one game are not
independent, so they are too small: read them as a floor).

Whether refitting would foretell better is asked out of sample: five folds by game (a game's
positions all in one fold), each fold foretold by the fit on the other four, once with the
evaluation's sum as the one predictor (its parts weighted as they are, only the slope fitted)
and once with a coefficient a part. The root mean square error and how often the forecast's
sign is the winner's (games won on points), for all positions and for each file.

`--close won|lost` keeps the games decided by 2 points or fewer that A won or did not (as
`yardstick.py rounds` counts them); `--by-round` prints each part's mean lead at each round's
first placement instead of the fits.

The parts are read with the evaluation's own functions, and `parts` sums to `player_worth`
(tests/ai/test_eval_parts_bench.py holds it to that on every position of a game). No search:
seconds for a few hundred games.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from eval_fit import first_placements  # noqa: E402
from targi.ai import evaluate as ev  # noqa: E402
from targi.ai.evaluate import EXPERT_WEIGHTS, Weights  # noqa: E402
from targi.constants import DISPLAY_LIMIT, ROW_LENGTH, TARGIS  # noqa: E402
from targi.read import ReadGame  # noqa: E402
from targi.scoring import score  # noqa: E402
from yardstick import recorded_pairs  # noqa: E402

PARTS = (
    "certain",  # VP tokens, cards, full rows, pairs made: the score as it stands
    "promise",  # rows not yet full and odd cards towards a pair, scaled by time
    "goods",  # goods by what they can still buy, scaled (and the tie-break)
    "gold",  # what gold adds to the goods' worth, scaled
    "pending",  # actions placed, crossings, Targis still to place
    "hand",
    "affordable",  # visible tribe cards the goods can buy
    "effects",  # lasting effects by rounds or raids left
    "targi_lost",  # a Targi fewer next round
    "raid",  # the next raid's cost
)
GROUPS = {"1-4": range(1, 5), "5-8": range(5, 9), "9-12": range(9, 13)}


def parts(g: ReadGame, p: int, w: Weights = EXPERT_WEIGHTS) -> dict[str, float]:
    """player_worth(g, p, w) split into PARTS (weightings without `spend`; `tempo` is read
    as player_worth reads it)."""
    assert not w.spend, "the last round's spend worth is one number, not these parts"
    rounds = ev.rounds_after_this(g)
    ahead = ev.acts_this_round(g, p) + rounds
    scale = ev.SCALE[min(ahead, 3)]
    if w.reach:
        room = min(ev.CARDS_PER_ROUND * ahead, DISPLAY_LIMIT - g.display_count(p))
    else:
        room = ROW_LENGTH
    certain = float(score(g, p).total)
    display = float(g.vp[p]) + ev.display_worth_within(g, p, scale, room, w)
    goods, gold = g.goods[p], g.gold[p]
    out = dict.fromkeys(PARTS, 0.0)
    out["certain"] = certain
    out["promise"] = display - certain
    out["goods"] = scale * ev.goods_worth(goods, 0, w) + 0.001 * (gold * 100 + sum(goods))
    out["gold"] = scale * (ev.goods_worth(goods, gold, w) - ev.goods_worth(goods, 0, w))
    if ahead:
        order = None
        if w.tempo and g.phase == "place":
            order = ev.placement_order(g, ev.time_scale(ahead), w)
        out["pending"] = ev.pending_worth(g, p, scale, w, order)
        hand = g.hand[p]
        if hand != -1 and (ahead > 1 or g.hand_round[p] != g.round):
            out["hand"] = w.hand * ev.VP[hand] * scale
        out["affordable"] = sum(
            w.affordable * scale
            for card in ev.tribe_cards_up(g)
            if ev.IS_TRIBE[card] and ev.affordable(card, goods, gold)
        )
        for effect, count in g.effects[p].items():
            kind = ev.lasting(effect)
            if kind == 1:
                out["effects"] += count * 1.4 * w.effect_per_round * rounds
            elif kind == 2:
                out["effects"] += w.effect_per_round * rounds * 0.5
            elif kind == 3:
                out["effects"] += w.immunity_per_raid * ev.raids_ahead(g)
        if g.next_targis[p] < TARGIS and g.phase != "place":
            out["targi_lost"] = -1.5
    if w.raid:
        out["raid"] = -w.raid * ev.next_raid_loss(g, p, rounds)
    return out


# file, game (its index among all games read), round, first, the parts' leads, final margin
Position = tuple[str, int, int, int, dict[str, float], float]
FOLDS = 5


def positions(paths: list[str], close: str | None = None) -> list[Position]:
    """Every whole pair's game at each round's first placement: the parts' leads (seat 0's
    minus seat 1's) and the final margin in points. `close`: only the close games A "won" or
    did not ("lost"), as yardstick.is_close."""
    out: list[Position] = []
    game = 0
    for path in paths:
        for row in recorded_pairs(path, close):
            points = row["points"]
            assert isinstance(points, list)
            margin = float(points[0] - points[1])
            for g in first_placements(row):
                mine, theirs = parts(g, 0), parts(g, 1)
                leads = {k: mine[k] - theirs[k] for k in PARTS}
                first = 1 if g.first == 0 else -1
                out.append((path, game, g.round, first, leads, margin))
            game += 1
    return out


def predictors(row: Position, names: list[str] | None, files: list[str]) -> list[float]:
    """A position's predictors: the parts named (None: the evaluation, their sum), who places
    first, and its file's intercept."""
    leads = row[4]
    first = [sum(leads.values())] if names is None else [leads[k] for k in names]
    return first + [float(row[3])] + [1.0 if row[0] == f else 0.0 for f in files]


def fit(rows: list[Position], names: list[str]) -> tuple[list[float], list[float], float, int]:
    """Least squares of the margin on the parts named (and an intercept a file, who places
    first): coefficients and standard errors of the parts, the residual's deviation, positions."""
    files = sorted({r[0] for r in rows})
    x = np.array([predictors(r, names, files) for r in rows])
    y = np.array([r[5] for r in rows])
    beta, *_ = np.linalg.lstsq(x, y, rcond=None)
    resid = y - x @ beta
    dof = max(1, len(rows) - x.shape[1])
    sigma2 = float(resid @ resid) / dof
    cov = sigma2 * np.linalg.pinv(x.T @ x)
    k = len(names)
    return (
        [float(b) for b in beta[:k]],
        [float(np.sqrt(max(0.0, cov[i, i]))) for i in range(k)],
        float(np.sqrt(sigma2)),
        len(rows),
    )


def held_out(rows: list[Position], names: list[str] | None) -> list[float]:
    """Each position's margin foretold by the fit on the folds without its game (names as in
    `predictors`); game g is in fold g % FOLDS."""
    files = sorted({r[0] for r in rows})
    out = [0.0] * len(rows)
    for k in range(FOLDS):
        train = [r for r in rows if r[1] % FOLDS != k]
        test = [i for i, r in enumerate(rows) if r[1] % FOLDS == k]
        if not train or not test:
            continue
        x = np.array([predictors(r, names, files) for r in train])
        beta, *_ = np.linalg.lstsq(x, np.array([r[5] for r in train]), rcond=None)
        for i in test:
            out[i] = float(np.array(predictors(rows[i], names, files)) @ beta)
    return out


def forecast_line(label: str, rows: list[Position], forecast: list[float]) -> str:
    """Root mean square error and the share of games won on points whose winner the sign
    names."""
    errors = [(r[5] - f) ** 2 for r, f in zip(rows, forecast, strict=True)]
    decided = [(f > 0) == (r[5] > 0) for r, f in zip(rows, forecast, strict=True) if r[5] != 0]
    share = sum(decided) / len(decided) if decided else 0.0
    return f"    {label:48s} rmse {np.sqrt(np.mean(errors)):>5.2f}  sign {share:>4.0%}"


def report(rows: list[Position]) -> list[str]:
    """One line a part and round group: its mean lead, spread, coefficient and error; parts
    that never differ in a group are left out of its fit."""
    lines = []
    for group, rounds in GROUPS.items():
        chosen = [r for r in rows if r[2] in rounds]
        if not chosen:
            continue
        names = [k for k in PARTS if np.std([r[4][k] for r in chosen]) > 1e-6]
        coef, err, sd, n = fit(chosen, names)
        lines.append(f"rounds {group}: {n} positions, residual sd {sd:.1f} VP")
        lines.append(f"  {'part':12s} {'mean lead':>9s} {'sd':>6s} {'coef':>6s} {'± se':>6s}")
        for name, c, e in zip(names, coef, err, strict=True):
            leads = [r[4][name] for r in chosen]
            lines.append(
                f"  {name:12s} {np.mean(leads):>+9.2f} {np.std(leads):>6.2f} {c:>6.2f} {e:>6.2f}"
            )
        whole, each = held_out(chosen, None), held_out(chosen, names)
        lines.append(f"  held out ({FOLDS} folds by game):")
        for path in [None, *sorted({r[0] for r in chosen})]:
            keep = [i for i, r in enumerate(chosen) if path is None or r[0] == path]
            subset = [chosen[i] for i in keep]
            where = "all" if path is None else Path(path).stem
            lines.append(forecast_line(f"{where}, evaluation", subset, [whole[i] for i in keep]))
            lines.append(forecast_line(f"{where}, parts refitted", subset, [each[i] for i in keep]))
    return lines


def by_round(rows: list[Position]) -> list[str]:
    """Each part's mean lead at each round's first placement, and the final margin's."""
    rounds = sorted({r[2] for r in rows})
    lines = [f"{len({r[1] for r in rows})} games; mean lead at each round's first placement"]
    lines.append(f"  {'round':12s}" + "".join(f"{n:>6d}" for n in rounds))
    for name in (*PARTS, "evaluation"):
        means = []
        for n in rounds:
            leads = [r[4] for r in rows if r[2] == n]
            means.append(
                np.mean([sum(le.values()) if name == "evaluation" else le[name] for le in leads])
            )
        lines.append(f"  {name:12s}" + "".join(f"{m:>+6.2f}" for m in means))
    margins = {r[1]: r[5] for r in rows}
    lines.append(f"  final margin {np.mean(list(margins.values())):+.2f}")
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--close", choices=("won", "lost"), help="close games only")
    parser.add_argument("--by-round", action="store_true", help="mean leads, not fits")
    args = parser.parse_args(argv)
    rows = positions(args.paths, args.close)
    print("\n".join(by_round(rows) if args.by_round else report(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
