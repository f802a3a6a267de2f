"""The four levels: how much the computer thinks, over how many guessed deals, how carefully.

Budgets are in nodes (moves applied while searching), so a level plays the same move on every
machine; docs/ai.md gives the times these budgets take in CPython and in the page.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..constants import LEVEL_NAMES
from .evaluate import EXPERT_WEIGHTS, WEIGHTS, Weights


@dataclass(frozen=True)
class Level:
    """How one level searches (see docs/ai.md)."""

    name: str  # shown to players
    nodes: int  # search budget for a placement, shared by the sampled deals
    follow_share: float  # share of `nodes` for other decisions (actions, tribe cards, trades)
    samples: int  # deals of the unseen cards searched (determinizations)
    max_depth: int  # plies (placements, actions, tribe cards; follow-ups are free)
    noise: float  # VP of seeded noise added to root values: a slip now and then
    # The last round searched to the end (raids and final scoring): its budget over all
    # deals and how many deals; 0 searches it like any other position.
    endgame_nodes: int = 0
    endgame_samples: int = 0
    weights: Weights = WEIGHTS
    # Every root move searched with a full window in every position, not only in the end game:
    # each deal then gives every move its value rather than a bound, so the mean over deals
    # compares like with like (a bound averaged in favours moves that are best in some deal).
    exact_root: bool = False
    # The end game searches fewer orders: a border action that only takes a good is carried
    # out at once (`policy.take_first`), "done" waits while an action can still be declined
    # (`policy.searched_moves`), each deal goes from depth 5 straight to the end, and a raid due
    # next is paid before the one-step look judges. With `exact_root` (a reference,
    # bench/blunders.py) every legal move is still valued at the root.
    prune: bool = False
    # The end game starts earlier: at the last round's placements once this many Targis (both
    # players') or fewer are left to place; 0 starts it after the placements.
    endgame_placements: int = 0
    # Before the end game, each deal's value v of a move counts in the mean over deals as a
    # chance of winning, 1 / (1 + exp(-v / k)) with k = win_scale x (1 + rounds after this
    # one / 8), not as a margin: a move that leads a little in every deal then beats one that
    # leads by much in a few (0: the mean of the margins, as every level has it).
    win_scale: float = 0.0
    # Placements, actions, tribe cards and Fata Morgana before the end game decided by tree
    # search over information sets with this many iterations (tree.py), judged by the
    # evaluation after `tree_cutoff` playout moves; 0 searches them with alpha-beta.
    tree: int = 0
    tree_cutoff: int = 6
    tree_explore: float = 0.35  # UCB1's constant: chances from the evaluation differ little


SETTINGS = (  # in the order of targi.constants.LEVEL_NAMES: easy, medium, hard, expert
    Level("Nomad", nodes=200, follow_share=1.0, samples=1, max_depth=2, noise=2.5),
    Level("Caravan master", 600, follow_share=0.5, samples=1, max_depth=30, noise=0.0),
    Level(
        "Tuareg chief", 8000, follow_share=0.35, samples=2, max_depth=30, noise=0.0,
        endgame_nodes=24000, endgame_samples=4,
    ),
    Level(
        "Amenokal", 28000, follow_share=0.35, samples=4, max_depth=40, noise=0.0,
        endgame_nodes=40000, endgame_samples=4, weights=EXPERT_WEIGHTS, prune=True,
        endgame_placements=1, tree=5000,
    ),
)  # fmt: skip
LEVELS: dict[str, Level] = dict(zip(LEVEL_NAMES, SETTINGS, strict=True))

# The expert until 2026-11-29 (twentieth session): alpha-beta over 4 deals before its end game
# too, where the expert now searches a tree over information sets (tree.py). Its rows in
# bench/results were renamed "expert-ab"; the variants measured against it are built on it, so
# that their rows go on with the same players (docs/strength.md).
ALPHA_BETA = replace(LEVELS["expert"], tree=0)

# The expert until 2026-11-27: its end game searched every order of the actions one ply at a
# time over 8 deals. Rows recorded before then name it "expert"; the variants measured against
# it are built on it, so that their rows go on with the same players (docs/strength.md).
UNPRUNED = replace(ALPHA_BETA, prune=False, endgame_samples=8, endgame_placements=0)
# The expert from then until its end game began at the game's last placement (the seventh
# session of 2026-11-27): rows recorded in between name it "expert" (renamed expert-lp0).
LP0 = replace(ALPHA_BETA, endgame_placements=0)

# Settings a benchmark can play that the page does not offer: a candidate for a level, played
# against the level as shipped (docs/strength.md) before it may replace it.
VARIANTS: dict[str, Level] = {
    "expert-unpruned": UNPRUNED,
    "expert-ab": ALPHA_BETA,
    "expert-lp0": LP0,
    "expert-exact": replace(UNPRUNED, exact_root=True),
    "expert-spend": replace(UNPRUNED, weights=replace(EXPERT_WEIGHTS, spend=True)),
    "expert-tempo": replace(UNPRUNED, weights=replace(EXPERT_WEIGHTS, tempo=True)),
    # A finished game's value is its margin plus `win` for the winner; averaged over the end
    # game's deals, 3 made a sure one-point win and a gamble on +10 or -4 about alike. At 10,
    # moving a tenth of the deals from a loss to a win is worth 2 VP of mean margin, so the
    # last round plays for the win first while the margin still ranks lines of equal chances.
    "expert-win": replace(UNPRUNED, weights=replace(EXPERT_WEIGHTS, win=10.0)),
    # Twice the expert's budgets, spent deeper in each of its 4 deals or on twice the deals:
    # what a faster search (more nodes within the page's 2 s) buys, and which way to spend it.
    "expert-2x": replace(UNPRUNED, nodes=56000, endgame_nodes=80000),
    "expert-2x-deals": replace(
        UNPRUNED, nodes=56000, endgame_nodes=80000, samples=8, endgame_samples=16
    ),
    # The end game from 2 deals up, not 8: a busy last round (five actions each) is not solved
    # in 5,000 nodes a deal, and there depth told more than deals did (bench/blunders.py); a
    # small one still deals again while each deal is solved, up to MAX_DEALS.
    "expert-eg2": replace(UNPRUNED, endgame_samples=2),
    # The candidate for the page's expert once the search is fast enough: expert-2x's budgets
    # with expert-spend's last round (its paired last rounds gained about 0.06 of a game).
    "expert-2x-spend": replace(
        UNPRUNED,
        nodes=56000,
        endgame_nodes=80000,
        weights=replace(EXPERT_WEIGHTS, spend=True),
    ),
    # The expert's nodes over twice its deals before the end game (8 of 3,500 nodes, not 4 of
    # 7,000): shallower searches, the hidden cards sampled more widely, in the same time.
    "expert-deals8": replace(ALPHA_BETA, samples=8),
    # expert-ab with expert-win's bonus: against the yardstick the expert loses most
    # games decided by 0-2 points (ties on points all but one), and these play the last round,
    # where finished games meet the bonus, for the deals won first.
    "expert-win10": replace(ALPHA_BETA, weights=replace(EXPERT_WEIGHTS, win=10.0)),
    # expert-ab averaging its deals as chances of winning before the end game: the
    # yardstick, which plays for the win, takes four close games in five from the expert.
    "expert-chance": replace(ALPHA_BETA, win_scale=2.0),
    # expert-ab with gold worth what the Silversmith pays for it (2 VP, before the
    # time scale), not 1.1: the yardstick holds about 2 gold from round 3 to the last against
    # the expert's 0.2 and wins the ties on points (gold breaks them, then goods), and a gold
    # lead at a round's start foretells about twice the margin the evaluation credits it with
    # in rounds 1-8 (bench/eval_parts.py, docs/strength.md). Measured over 80 games against the
    # yardstick at 16x: no better than the expert on the same deals (docs/strength.md), so kept
    # for benchmarks only.
    "expert-gold": replace(ALPHA_BETA, weights=replace(EXPERT_WEIGHTS, gold=2.0)),
    # expert-ab with twice its budgets (56,000 nodes, 80,000 for the end game): what
    # the page's unused time buys against the yardstick at 16x, where the expert is short.
    # Over 44 games there no better than the expert on the same deals (docs/strength.md).
    "expert-double": replace(ALPHA_BETA, nodes=56000, endgame_nodes=80000),
    # expert-ab with half its weights for rows not yet full (their promise), full rows
    # and everything else as they are. Against the yardstick at 16x the expert wins big when
    # its rows fill (4.8 VP of row bonuses in the games it won by more than 2 points) and
    # loses narrowly when they do not (1.7 VP in the close games lost, where the yardstick
    # scores 1.6 VP more in tokens); fitted on those games, a lead in promise from round 5 on
    # foretold about half its worth or less at the end. Measured over 44 games against the
    # yardstick at 16x and 40 against hard: it won more close games and fewer big ones, no
    # better than the expert on the same deals (docs/strength.md), so kept for benchmarks only.
    "expert-steady": replace(
        ALPHA_BETA,
        weights=replace(
            EXPERT_WEIGHTS,
            identical=(0.0, 0.175, 0.55, 1.1),  # Weights().identical halved
            different=(0.0, 0.075, 0.25, 0.5),  # Weights().different halved
        ),
    ),
    # expert-ab holding the tie-break in view before its end game: against the
    # yardstick at 16x it lost all 14 games level on points, the yardstick ahead on gold (then
    # goods) in each. A quarter of its 57 games within 2 points ended level, and a tie won
    # rather than lost adds 2 x win = 6 VP to a finished game's value: about 1.5 VP between
    # holding the tie-break and not in rounds 10-12 of a game about level, so 1 VP either way
    # (a little more than that, so that it changes moves where it matters). Measured from
    # round 10 of 200 recorded games against the yardstick at 16x: -0.015 of a game against
    # the expert's own playouts, and no more ties won (docs/strength.md), so kept for
    # benchmarks only.
    "expert-tiebreak": replace(ALPHA_BETA, weights=replace(EXPERT_WEIGHTS, tiebreak=1.0)),
    # expert-lp0 (its end game pruned) with expert-spend's weights for the last placements.
    "expert-prune-spend": replace(LP0, weights=replace(EXPERT_WEIGHTS, spend=True)),
}


def setting(name: str) -> Level:
    """A level's settings by its name: one of the page's levels or a benchmark's variant."""
    return LEVELS[name] if name in LEVELS else VARIANTS[name]
