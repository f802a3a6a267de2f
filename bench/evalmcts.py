"""ISMCTS judged by the expert's evaluation: many deals, played for the win, the expert's knowledge.

    python bench/yardstick.py match --a evalmcts:1000 --b expert --pairs 20 --seed 90000 \\
        --out bench/results/evalmcts1000-v-expert.jsonl

Against the yardstick at 16x hard's time the expert scores about half (docs/strength.md) while
it leads on points on average: it wins big and loses narrowly, and every game level on points.
The yardstick plays for the win over a fresh deal of the hidden cards every iteration; the
expert plays for the margin over 4 deals. This player keeps the yardstick's search (one tree over
information sets, UCB1 over the moves available in each deal, chance nodes by what a move turns
up) and replaces its playouts to the end by the expert's evaluation: after the move an iteration
adds, the playout policy goes on for `cutoff` moves and to the next placement or action, and the
position there is worth 1 / (1 + e^(-v/k)) to seat 0, v the expert's evaluation (`evaluate`,
expert weights), k = 1.6 + 0.17 x rounds after this one: about the spread of the final margin
around the evaluation (bench/eval_parts.py: 3.9 VP of residual in round 12, 7.7 in round 2,
with the margin about 1.3 x the evaluation). A finished game is worth 1, 1/2 or 0.

Quick decisions (payment, row, good, discard) are answered by the expert's policy inside the
tree, so the tree branches only where the expert's search does. The end game (the game's last
placement and the last actions) and every decision that is not a placement, an action, a
tribe card or Fata Morgana are the expert's own (`decide`), whose search there is exact. A
fresh tree each decision.

A benchmark's player, not the page's: it imports the yardstick. Deterministic for a seed.
"""

from __future__ import annotations

import math
import random

from targi import Game
from targi.ai.choose import decide, in_last_actions, in_last_placements
from targi.ai.evaluate import EXPERT_WEIGHTS, evaluate, rounds_after_this
from targi.ai.levels import setting
from targi.ai.policy import QUICK, quick_move
from targi.rng import next_value
from targi.scoring import result
from targi.view import observe
from yardstick import Edge, Node, playout_move, signature

EXPLORE = 0.35  # UCB1's constant: evaluations differ less than playout results
CUTOFF = 0  # playout moves before the evaluation judges
SEARCHED = frozenset({"place", "act", "tribe", "fata_morgana"})
QUIET = frozenset({"place", "act"})  # where the evaluation judges (no card in play)


def chance_of_seat0(world: Game) -> float:
    """Seat 0's chance of winning from `world` as the expert's evaluation foretells it."""
    if world.is_over:
        winner, _ = result(world)
        return 0.5 if winner is None else 1.0 if winner == 0 else 0.0
    k = 1.6 + 0.17 * rounds_after_this(world)
    v = evaluate(world, 0, EXPERT_WEIGHTS)
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, v / k))))


class EvalMCTS:
    """SO-ISMCTS with evaluated leaves; the expert in the end game."""

    def __init__(
        self, iterations: int, seed: int = 0, cutoff: int = CUTOFF, explore: float = EXPLORE
    ) -> None:
        self.iterations = iterations
        self.cutoff = cutoff
        self.explore = explore
        self.level = setting("expert")
        self.state = seed
        self.name = f"evalmcts{iterations}"

    @classmethod
    def from_spec(cls, spec: str, seed: int) -> EvalMCTS:
        """`evalmcts:<iterations>[:<cutoff>[:<explore>]]`."""
        parts = spec.split(":")
        cutoff = int(parts[2]) if len(parts) > 2 else CUTOFF
        explore = float(parts[3]) if len(parts) > 3 else EXPLORE
        return cls(int(parts[1]), seed, cutoff, explore)

    def expert_decides(self, g: Game) -> bool:
        if g.decision not in SEARCHED or in_last_actions(g):
            return True
        return bool(self.level.endgame_placements) and in_last_placements(
            g, self.level.endgame_placements
        )

    def __call__(self, g: Game) -> str:
        self.state, r = next_value(self.state)
        seed = r & 0xFFFFFFFF
        moves = g.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if self.expert_decides(g):
            return decide(g, self.level, seed).move
        obs = observe(g)
        root, rng = Node(), random.Random(seed)
        for _ in range(self.iterations):
            self.iterate(root, obs.sample(rng.getrandbits(32)), rng)
        return max(moves, key=lambda m: root.edges[m].visits if m in root.edges else -1)

    def iterate(self, root: Node, world: Game, rng: random.Random) -> None:
        """One iteration: select down the tree in this deal, expand one move, settle, judge."""
        path: list[tuple[Edge, int]] = []
        node = root
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
            kind = world.decision
            if kind in QUICK:
                world.play_unchecked(quick_move(world))
            else:
                world.play_unchecked(playout_move(world, world.legal_moves(), rng))
                played += 1
        seat0 = chance_of_seat0(world)
        for edge, mover in path:
            edge.visits += 1
            edge.wins += seat0 if mover == 0 else 1.0 - seat0
