"""A decision under hidden cards: search several sampled deals of the unseen cards and add up.

The computer sees only `observe(game)` (public table, unseen cards as a set). Each sample deals
those cards in one order (`Observation.sample`); a search in that world values every legal move;
the move with the best total wins. The real deck order never enters: two games that differ only
in the order of unseen cards give the same observation, hence the same samples and the same move.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..read import ReadGame
from ..rng import next_value
from ..view import Observation, observe
from .evaluate import rounds_after_this
from .levels import Level, setting
from .policy import QUICK, quick_move, searched_moves, take_first
from .search import SEARCHED, Search
from .tree import Tree

MAX_DEALS = 64  # deals searched at most in the end game
# A pruned end game (`Level.prune`) goes from depth 5 straight to the end: solving a busy last
# round costs about five times less than deepening one ply at a time, and depth 5 (a fifth
# of the cost) is what is left if the deal's share runs out (docs/strength.md).
END_GAME_FALLBACK = 5


@dataclass
class Choice:
    """The computer's choice of a move, with what the search saw."""

    move: str
    values: dict[str, float]  # mean value per legal move (empty when no search was needed)
    nodes: int
    depth: int  # shallowest completed iteration over the samples
    samples: int


def sample_seed(seed: int, k: int) -> int:
    """The seed of the k-th sampled deal for a decision made with `seed`."""
    state, r = next_value((seed * 0x9E3779B1 + k) & ((1 << 64) - 1))
    return r & 0xFFFFFFFF


def decide(
    game: ReadGame,
    level: Level | str,
    seed: int = 0,
    nodes: int | None = None,
    seconds: float | None = None,
) -> Choice:
    """The computer's choice for the player to move: searched over `level.samples` deals
    of the unseen cards (budget in nodes; `seconds` caps the time), or a quick answer."""
    lv = setting(level) if isinstance(level, str) else level
    obs = observe(game)
    moves = obs.legal_moves()
    if not moves:
        raise ValueError("the game is over: there is no move to choose")
    if len(moves) == 1:
        return Choice(moves[0], {}, 0, 0, 0)
    if obs.game.decision in QUICK:
        return Choice(quick_move(obs.game), {}, 0, 0, 0)
    if lv.tree and obs.game.decision in SEARCHED and not in_end_game(obs.game, lv):
        iterations = nodes if nodes is not None else lv.tree  # `nodes` overrides the budget
        tree = Tree(lv.tree_cutoff, lv.tree_explore, lv.weights)
        tree.run(obs, iterations, seed)
        return Choice(tree.best(moves), tree.values(obs.game, moves), iterations, 0, iterations)
    exact = lv.endgame_nodes > 0 and in_last_actions(obs.game)
    # Pruned, only the end game: searched to the end, its values stay exact; cut off by
    # depth, the placements' searches would meet the evaluation at other points.
    pruned_end = exact and lv.prune
    if pruned_end and not lv.exact_root:  # a reference values every move (bench/blunders.py)
        if (move := take_first(obs.game)) is not None:
            return Choice(move, {}, 0, 0, 0)
        moves = searched_moves(obs.game)  # the moves each deal's search values
        if len(moves) == 1:  # the one action left, "done" set aside
            return Choice(moves[0], {}, 0, 0, 0)
    spent = 0
    if in_end_game_placements(obs.game, lv):
        # The last placements searched to the end as the end game is, if the first deal is
        # solved within its share (the others fall back as the end game's do); if it is not,
        # the placement is searched as any other, and costs that share more.
        b = nodes if nodes is not None else lv.endgame_nodes
        tried = deals(obs, lv, moves, seed, b, lv.endgame_samples, True, seconds, True)
        if tried.depth != 0:
            return finish(obs.game, lv, moves, seed, tried)
        spent = tried.nodes
    samples = lv.endgame_samples if exact else lv.samples
    budget = nodes if nodes is not None else lv.endgame_nodes if exact else lv.nodes
    if obs.game.decision != "place" and not exact:  # the opponent cannot answer an action
        budget = max(samples, int(budget * lv.follow_share))
    found = deals(obs, lv, moves, seed, budget, samples, exact, seconds, False)
    found.nodes += spent
    return finish(obs.game, lv, moves, seed, found)


def deals(
    obs: Observation,
    lv: Level,
    moves: list[str],
    seed: int,
    budget: int,
    samples: int,
    exact: bool,
    seconds: float | None,
    must_solve: bool,
) -> Choice:
    """Every move's mean value over `samples` or more sampled deals (`values`), searched
    within `budget` nodes (`exact`: to the end where the budget allows). `must_solve`: if the
    first deal is not solved in its share, the search ends there, returned with depth 0 and
    the nodes spent."""
    per_sample = max(1, budget // samples)
    pruned_end = exact and lv.prune
    full_window = exact or lv.exact_root
    totals = dict.fromkeys(moves, 0.0)
    used, depth, dealt, solved, dearest = 0, 99, 0, True, 0
    # In the end game a deal is often solved in a fraction of its share: the rest of the
    # budget buys more deals (the hidden cards decide there), as long as each was solved.
    # Pruned, a deal's share is what is left of the budget over the deals still owed: a deal
    # solved cheaply leaves more to the next, so a busy round is solved in fewer deals.
    depths = (1, END_GAME_FALLBACK, lv.max_depth) if pruned_end else ()
    # A finished game's value is a margin plus the win bonus, so the end game keeps margins.
    k = lv.win_scale * (1 + rounds_after_this(obs.game) / 8) if lv.win_scale and not exact else 0.0
    while dealt < samples or (exact and solved and dealt < MAX_DEALS and used + dearest <= budget):
        world = obs.sample(sample_seed(seed, dealt))
        share = seconds / samples if seconds else None
        if pruned_end:
            per_sample = max(1, (budget - used) // max(1, samples - dealt))
        search = Search(per_sample, share, lv.weights, pruned_end)
        result = search.root(world, lv.max_depth, full_window, depths, moves)
        used += result.nodes
        if must_solve and dealt == 0 and not result.complete:
            return Choice("", {}, used, 0, dealt + 1)
        dearest = max(dearest, result.nodes)
        solved = solved and result.complete
        depth = min(depth, result.depth)
        dealt += 1
        for m in moves:
            v = result.values[m]
            totals[m] += win_chance(v, k) if k else v
    return Choice("", {m: v / dealt for m, v in totals.items()}, used, depth, dealt)


def win_chance(value: float, k: float) -> float:
    """A deal's value of a move (VP, the mover's lead) as a chance of winning
    (`Level.win_scale`)."""
    x = value / k
    if x < -40.0:  # far below zero exp(-x) overflows; the chance is 0 to 17 places there
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def finish(g: ReadGame, lv: Level, moves: list[str], seed: int, found: Choice) -> Choice:
    """The move with the best mean value (after the level's noise, if any)."""
    means = found.values
    if lv.noise:  # mixed with public facts so that a fixed seed does not favour one move slot
        state = seed ^ 0x5DEECE66D ^ (g.round * 7919 + g.player * 104729 + len(moves) * 31)
        for m in moves:
            state, r = next_value(state)
            means[m] += lv.noise * ((r % 2001) / 1000.0 - 1.0)
    best = max(moves, key=lambda m: means[m])
    return Choice(best, means, found.nodes, found.depth, found.samples)


def in_last_placements(g: ReadGame, placements: int) -> bool:
    """The last round's placements, with `placements` or fewer Targis left to place."""
    return g.decision == "place" and sum(g.to_place) <= placements and rounds_after_this(g) == 0


def in_end_game(g: ReadGame, lv: Level) -> bool:
    """Where the level searches to the end: its last actions, and its last placements when
    its end game begins there."""
    return (lv.endgame_nodes > 0 and in_last_actions(g)) or in_end_game_placements(g, lv)


def in_end_game_placements(g: ReadGame, lv: Level) -> bool:
    """The last placements a level's end game begins at (`Level.endgame_placements`)."""
    return (
        bool(lv.endgame_placements)
        and lv.prune
        and lv.endgame_nodes > 0
        and in_last_placements(g, lv.endgame_placements)
    )


def in_last_actions(g: ReadGame) -> bool:
    """The last round's placements are over: what is left (actions, the last raid, the final
    scoring) is small enough to search to the end."""
    return g.phase != "place" and rounds_after_this(g) == 0
