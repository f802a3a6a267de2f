"""Negamax alpha-beta over one sampled world, with iterative deepening, a transposition table,
history move ordering and a node budget.

Targi's turns are lopsided: a player often makes several decisions in a row (all of the first
player's actions, then the second's). So the value is negated only when the player to move
changes, not at every ply. Only the decisions that shape the game cost a ply (placing a Targi,
choosing an action, a tribe card, Fata Morgana); their small follow-ups (payment, row, good,
discards) are answered by `policy.quick_move`, and trades and raids by a one-step look, inside
the same ply.

A node is one move applied to a copy of the game: a deterministic measure of work, so a budget
in nodes gives the same move on every machine.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..game import Game, StateKey
from ..read import ReadGame
from .evaluate import WEIGHTS, Weights, evaluate, final_value
from .policy import QUICK, quick_move, searched_moves, take_first

SEARCHED = frozenset({"place", "act", "tribe", "fata_morgana"})
INF = float("inf")
EXACT, LOWER, UPPER = 0, 1, 2


class OutOfBudget(Exception):
    """The node (or time) budget is spent: the current iteration is abandoned."""


@dataclass
class RootResult:
    """The values of the root moves after iterative deepening."""

    values: dict[str, float]  # move -> value for the player to move (best is exact)
    depth: int  # the last iteration completed
    nodes: int
    complete: bool  # the tree was searched to its end: deeper would change nothing
    best: str = ""
    pv: list[str] = field(default_factory=list)


# A transposition table entry: (depth, value, EXACT | LOWER | UPPER, best move, depth-cut?)
Entry = tuple[int, float, int, str, bool]


class Search:
    """One search over one (sampled) world, with its node budget and its tables."""

    def __init__(
        self,
        nodes: int,
        seconds: float | None = None,
        weights: Weights = WEIGHTS,
        prune: bool = False,
    ) -> None:
        self.limit = nodes
        # The end game's fewer orders (`Level.prune`): goods-only actions at once, no early
        # "done" in the last round, a raid due next paid before the one-step look judges.
        self.prune = prune
        self.nodes = 0
        self.deadline = time.perf_counter() + seconds if seconds else None
        self.weights = weights
        self.tt: dict[StateKey, Entry] = {}
        self.history: dict[str, int] = {}
        self.cut = False  # some line was stopped by the depth limit in this iteration

    # ---- moving ---------------------------------------------------------------------------
    def count(self) -> None:
        """Count a node; OutOfBudget once the budget (or the time) is spent."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise OutOfBudget
        if (
            self.deadline is not None
            and not self.nodes & 63
            and time.perf_counter() > self.deadline
        ):
            raise OutOfBudget

    def child(self, g: ReadGame, move: str) -> Game:
        """A copy of g after `move`, carried on to the next decision worth a ply."""
        self.count()
        c = g.clone()
        c.play_unchecked(move)
        self.settle(c)
        return c

    def settle(self, g: Game) -> None:
        """Answer follow-up decisions in place until one worth searching (or the end)."""
        while g.phase != "over":
            kind = g.decision
            if kind in SEARCHED:
                move = take_first(g) if self.prune else None
                if move is None:
                    return
                self.count()
                g.play_unchecked(move)
                continue
            move = quick_move(g) if kind in QUICK else self.greedy(g)
            self.count()
            g.play_unchecked(move)

    def greedy(self, g: ReadGame) -> str:
        """The move that looks best one step ahead (its quick follow-ups included)."""
        p = g.player
        best, best_value = "", -INF
        for move in g.legal_moves():
            self.count()
            c = g.clone()
            c.play_unchecked(move)
            while c.phase != "over" and c.player == p and c.decision in QUICK:
                self.count()
                c.play_unchecked(quick_move(c))
            # A raid due next is paid before judging: a pending raid is evaluated on another
            # scale than a finished game, so a move that ends the game would win by that alone.
            while self.prune and c.phase != "over" and c.decision == "raid":
                raid = self.greedy(c)
                self.count()
                c.play_unchecked(raid)
            value = final_value(c, p, self.weights) if c.phase == "over" else self.value(c, p)
            if value > best_value:
                best, best_value = move, value
        return best

    def value(self, g: ReadGame, p: int) -> float:
        """The evaluation of g for player p."""
        return evaluate(g, p, self.weights)

    # ---- searching ------------------------------------------------------------------------
    def ordered(self, g: ReadGame, first: str | None) -> list[str]:
        """The moves worth searching (all legal ones unless pruned), the table's best first,
        then by the history heuristic."""
        moves = searched_moves(g) if self.prune else g.legal_moves()
        history = self.history
        kind = g.decision
        moves.sort(key=lambda m: -history.get(kind + m, 0))
        if first in moves:  # the table's best move; "done" stays last otherwise (a stable sort)
            moves.remove(first)
            moves.insert(0, first)
        return moves

    def leaf(self, g: ReadGame, p: int) -> float:
        """Quiet the position (an open tribe card or Fata Morgana), then evaluate for p."""
        if g.phase != "over" and g.decision in ("tribe", "fata_morgana"):
            g = g.clone()
            while g.phase != "over" and g.decision in ("tribe", "fata_morgana"):
                move = self.greedy(g)
                self.count()
                g.play_unchecked(move)
                self.settle(g)
        if g.phase == "over":
            return final_value(g, p, self.weights)
        return self.value(g, p)

    def child_value(
        self, g: ReadGame, move: str, p: int, depth: int, alpha: float, beta: float
    ) -> float:
        """The value for p (the player to move in g) of `move`: the final value, or the child
        searched `depth` plies in the window alpha..beta (negated if the opponent moves next)."""
        c = self.child(g, move)
        if c.phase == "over":
            return final_value(c, p, self.weights)
        if c.player == p:
            return self.negamax(c, depth, alpha, beta)
        return -self.negamax(c, depth, -beta, -alpha)

    def negamax(self, g: ReadGame, depth: int, alpha: float, beta: float) -> float:
        """The value of g for the player to move, searched `depth` plies deep (fail-soft)."""
        p = g.player
        if depth <= 0:
            self.cut = True
            return self.leaf(g, p)
        key = g.key()
        entry = self.tt.get(key)
        first: str | None = None
        if entry is not None:
            e_depth, e_value, e_flag, first, e_cut = entry
            if e_depth >= depth and (
                e_flag == EXACT
                or (e_flag == LOWER and e_value >= beta)
                or (e_flag == UPPER and e_value <= alpha)
            ):
                self.cut = self.cut or e_cut
                return e_value
        kind = g.decision
        outer_cut = self.cut
        self.cut = False
        start_alpha = alpha
        best, best_move = -INF, ""
        for move in self.ordered(g, first):
            v = self.child_value(g, move, p, depth - 1, alpha, beta)
            if v > best:
                best, best_move = v, move
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        self.history[kind + move] = self.history.get(kind + move, 0) + depth * depth
                        break
        flag = UPPER if best <= start_alpha else LOWER if best >= beta else EXACT
        self.tt[key] = (depth, best, flag, best_move, self.cut)
        self.cut = self.cut or outer_cut
        return best

    def root(
        self,
        g: ReadGame,
        max_depth: int,
        exact: bool = False,
        depths: Sequence[int] = (),
        moves: Sequence[str] = (),
    ) -> RootResult:
        """Iterative deepening at the root: every root move gets a value (exact for the best,
        an upper bound for the others; `exact`: every move searched with a full window, so
        that values from several deals can be averaged), from the deepest iteration the
        budget allowed. `depths`: the iterations, if not every depth up to `max_depth`;
        `moves`: the root moves to value, if not those a search would (`ordered`)."""
        p = g.player
        order = list(moves) or (searched_moves(g) if self.prune else g.legal_moves())
        values: dict[str, float] = {}
        depth_done = 0
        complete = False
        for depth in depths or range(1, max_depth + 1):
            current: dict[str, float] = {}
            self.cut = False
            try:
                alpha = -INF
                for move in order:
                    v = self.child_value(g, move, p, depth - 1, alpha, INF)
                    current[move] = v
                    if not exact:
                        alpha = max(alpha, v)
            except OutOfBudget:
                if order[0] in current:  # the old best was re-searched: trust this iteration's
                    top = current[order[0]]
                    values = {m: current.get(m, min(values.get(m, top), top)) for m in order}
                break
            values = current
            depth_done = depth
            order.sort(key=lambda m: -values[m])
            if not self.cut:
                complete = True
                break
        if not values:  # not even depth 1 finished: keep the engine's order, judged by nothing
            values = dict.fromkeys(order, 0.0)
        best = max(order, key=lambda m: values[m])
        return RootResult(values, depth_done, self.nodes, complete, best)
