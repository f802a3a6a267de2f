"""A decision by tree search over information sets, judged by the evaluation (`Level.tree`).

Alpha-beta over 4 deals of the hidden cards plays for the margin in each deal; against an
opponent that plays for the win over a fresh deal every iteration it won big and lost narrowly
(docs/strength.md, issue 25). This search is single-observer ISMCTS (Cowling, Powley and
Whitehouse 2012): one tree over what the player to move can know; every iteration deals the
unseen cards anew (`Observation.sample`), descends by UCB1 over the moves available in that deal
(availability counts), adds one move, plays `Level.tree_cutoff` moves of the playout policy
(playout.py) and on to the next placement or action, and judges the position there by the
evaluation as seat 0's chance of winning, 1 / (1 + e^(-v/k)), k = 1.6 + 0.17 x rounds after that
one: about the spread of the final margin around the evaluation (bench/eval_parts.py). A
finished game is worth 1, 1/2 or 0. A move's child in the tree is chosen by what the move turned
up (a drawn card, the cards turned face up). Payments, rows, goods and discards are answered by
the quick policy inside the tree, as the alpha-beta search answers them.

The most visited move is played. Its values (for the hint and the analysis) are each move's
chance of winning put back into VP at the root's k: a loss in VP as alpha-beta's is, but a
difference of estimates, not a bound. Budgets are in iterations and the deals come from the
seed: the same move on every machine. `signature`, `Node` and `Edge` are the yardstick's
(bench/yardstick.py), copied: the yardstick is issue 25's measuring stick and stays as it is.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable

from ..game import Game
from ..read import ReadGame
from ..scoring import result
from ..view import Observation
from .evaluate import EXPERT_WEIGHTS, Weights, evaluate, rounds_after_this
from .playout import playout_move
from .policy import QUICK, quick_move

QUIET = frozenset({"place", "act"})  # where the evaluation judges: no card in play

Signature = Hashable


def spread(g: ReadGame) -> float:
    """The scale k of the chance of winning at g's round."""
    return 1.6 + 0.17 * rounds_after_this(g)


def chance_of_seat0(world: ReadGame, w: Weights = EXPERT_WEIGHTS) -> float:
    """Seat 0's chance of winning from `world` as the evaluation foretells it."""
    if world.is_over:
        winner, _ = result(world)
        return 0.5 if winner is None else 1.0 if winner == 0 else 0.0
    x = evaluate(world, 0, w) / spread(world)
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


def signature(g: ReadGame) -> Signature:
    """What a player sees that a move may have turned up: the card in play, the face-up
    central cards and the last goods card discarded (Caravan's). Equal for equal
    observations: a face-down card counts as unknown whatever it is."""
    central = tuple(c if up else -2 for c, up in zip(g.central, g.face_up, strict=True))
    last = g.goods_discard[-1] if g.goods_discard else -1
    return (g.in_play, central, last, g.phase, g.round)


class Node:
    """An information set: the moves tried from here."""

    __slots__ = ("edges", "visits")

    def __init__(self) -> None:
        self.edges: dict[str, Edge] = {}
        self.visits = 0


class Edge:
    """A move from an information set: its statistics (for the player who makes it) and a
    chance node, the information sets it leads to by what it turned up."""

    __slots__ = ("available", "outcomes", "visits", "wins")

    def __init__(self) -> None:
        self.visits = 0
        self.wins = 0.0
        self.available = 0
        self.outcomes: dict[Signature, Node] = {}

    def child(self, key: Signature) -> Node:
        """The information set the move led to when it turned up `key` (made on first sight)."""
        node = self.outcomes.get(key)
        if node is None:
            node = self.outcomes[key] = Node()
        return node


class Tree:
    """One decision's search: `run` plays the iterations from a fresh root."""

    def __init__(self, cutoff: int, explore: float, w: Weights = EXPERT_WEIGHTS) -> None:
        self.cutoff = cutoff
        self.explore = explore
        self.weights = w
        self.root = Node()

    def run(self, obs: Observation, iterations: int, seed: int) -> None:
        """Play `iterations` iterations, each in a deal of the unseen cards drawn from `seed`."""
        rng = random.Random(seed)
        for _ in range(iterations):
            self.iterate(obs.sample(rng.getrandbits(32)), rng)

    def values(self, g: ReadGame, moves: list[str]) -> dict[str, float]:
        """Each visited move's chance of winning for the player to move, in VP at g's k."""
        k = spread(g)
        out = {}
        for m in moves:
            e = self.root.edges.get(m)
            if e is not None and e.visits:
                p = min(max(e.wins / e.visits, 1e-6), 1 - 1e-6)
                out[m] = k * math.log(p / (1 - p))
        return out

    def best(self, moves: list[str]) -> str:
        """The most visited move (the first of equals, in the moves' order)."""
        edges = self.root.edges
        return max(moves, key=lambda m: edges[m].visits if m in edges else -1)

    def iterate(self, world: Game, rng: random.Random) -> None:
        """One iteration: select down the tree in this deal, expand one move, settle, judge."""
        path: list[tuple[Edge, int]] = []
        node = self.root
        while not world.is_over:
            if world.decision in QUICK:
                world.play_unchecked(quick_move(world))
                continue
            node.visits += 1
            legal = world.legal_moves()
            edges = node.edges
            untried = [m for m in legal if m not in edges]
            mover = world.player
            if untried:
                move = untried[rng.randrange(len(untried))]
                edge = edges[move] = Edge()
                for m in legal:
                    if m in edges:
                        edges[m].available += 1
                world.play_unchecked(move)
                path.append((edge, mover))
                break
            best, best_ucb, best_edge = "", -1.0, None
            for m in legal:
                e = edges[m]
                e.available += 1
                ucb = e.wins / e.visits + self.explore * math.sqrt(math.log(e.available) / e.visits)
                if ucb > best_ucb:
                    best, best_ucb, best_edge = m, ucb, e
            assert best_edge is not None
            world.play_unchecked(best)
            path.append((best_edge, mover))
            node = best_edge.child(signature(world))
        played = 0
        while not world.is_over and (played < self.cutoff or world.decision not in QUIET):
            if world.decision in QUICK:
                world.play_unchecked(quick_move(world))
            else:
                world.play_unchecked(playout_move(world, world.legal_moves(), rng))
                played += 1
        seat0 = chance_of_seat0(world, self.weights)
        for edge, mover in path:
            edge.visits += 1
            edge.wins += seat0 if mover == 0 else 1.0 - seat0
