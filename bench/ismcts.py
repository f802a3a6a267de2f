"""A yardstick for the AI: Information-Set Monte Carlo Tree Search, written apart from targi.ai.

    python bench/ismcts.py calibrate [--games 1] [--every 5] [--iterations 200]

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012): every iteration deals the unseen
cards anew from `observe()` (the engine's own sampler), walks one tree of move sequences shared
by all deals (a move absent from this deal is skipped; UCB counts how often each child was
available), expands one move, and scores the new leaf. It uses only the engine's public
interface (legal moves, play, score, result) and nothing of targi.ai: its leaf value is the
score as the rules count it now plus a small worth for goods and gold, squashed to 0..1; a
finished game scores 1, 1/2 or 0 by the result with its tie-breaks.

The budget is in iterations, not seconds, so a game's moves never depend on the machine or
its load. `calibrate` prints this player's iterations per second next to hard's median time
per decision on the same positions (both in CPU seconds), which is how "N x hard's time" is
turned into iterations (docs/ai.md, "Against ISMCTS").
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from targi import Game  # noqa: E402
from targi.scoring import result, score  # noqa: E402
from targi.view import observe  # noqa: E402

EXPLORE = 0.7  # UCB exploration constant (values are in 0..1)
SPREAD = 4.0  # VP of margin that moves the leaf value from 1/2 to about 3/4
GOOD, GOLD = 0.3, 0.6  # VP per good and per gold at a leaf (both still buy cards)


class Node:
    """A node of the tree: the moves tried from here, with visits, wins and availability."""

    __slots__ = ("children", "visits", "wins", "available", "player")

    def __init__(self, player: int) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.wins = 0.0  # for the player who made the move leading here
        self.available = 0
        self.player = player  # who moved into this node


def leaf_value(g: Game, p: int) -> float:
    """Player p's chance of winning as this leaf looks, 0..1."""
    if g.is_over:
        winner, _ = result(g)
        return 0.5 if winner is None else 1.0 if winner == p else 0.0
    mine, theirs = score(g, p), score(g, 1 - p)
    margin = mine.total - theirs.total
    margin += GOOD * (mine.goods - theirs.goods) + GOLD * (mine.gold - theirs.gold)
    return 1.0 / (1.0 + math.exp(-margin / SPREAD))


class ISMCTSPlayer:
    """SO-ISMCTS with a fixed number of iterations per decision; seeded, so deterministic."""

    def __init__(self, iterations: int, seed: int = 0) -> None:
        self.iterations = iterations
        self.rng = random.Random(seed)
        self.name = f"ismcts{iterations}"

    def __call__(self, g: Game) -> str:
        obs = observe(g)
        moves = obs.legal_moves()
        if len(moves) == 1:
            return moves[0]
        root = Node(1 - obs.player)
        rng = self.rng
        for _ in range(self.iterations):
            world = obs.sample(rng.getrandbits(32))
            self.iterate(root, world, rng)
        return max(moves, key=lambda m: root.children[m].visits if m in root.children else -1)

    @staticmethod
    def iterate(root: Node, world: Game, rng: random.Random) -> None:
        """One iteration: select and expand in this deal, score the leaf, back up."""
        path = [root]
        node = root
        while not world.is_over:
            legal = world.legal_moves()
            untried = [m for m in legal if m not in node.children]
            for m in legal:
                child = node.children.get(m)
                if child is not None:
                    child.available += 1
            mover = world.player
            if untried:
                move = untried[rng.randrange(len(untried))]
                child = node.children[move] = Node(mover)
                child.available = 1
                world.play_unchecked(move)
                path.append(child)
                break
            best, best_score = "", -1.0
            for m in legal:
                c = node.children[m]
                ucb = c.wins / c.visits + EXPLORE * math.sqrt(math.log(c.available) / c.visits)
                if ucb > best_score:
                    best, best_score = m, ucb
            node = node.children[best]
            world.play_unchecked(best)
            path.append(node)
        values = (leaf_value(world, 0), leaf_value(world, 1))
        for n in path:
            n.visits += 1
            n.wins += values[n.player]


# ---- calibration against hard's time per decision ---------------------------------------------
def calibrate(games: int, every: int, iterations: int) -> None:
    """ISMCTS iterations per CPU second and hard's median CPU time per decision, same positions."""
    from yardstick import greedy_positions, hard_times  # the new yardstick's, so they agree

    positions = greedy_positions(games, every)
    hard = hard_times(positions)
    spent, done = 0.0, 0
    for i, g in enumerate(positions):
        player = ISMCTSPlayer(iterations, seed=i)
        start = time.process_time()
        player(g)
        spent += time.process_time() - start
        done += iterations
    rate = done / spent
    median = statistics.median(hard)
    print(f"{len(positions)} positions (decisions with a choice) from {games} greedy games")
    print(f"hard: median {median:.3f} s CPU per decision, mean {statistics.mean(hard):.3f} s")
    print(f"ismcts: {rate:,.0f} iterations per CPU second ({iterations} per decision)")
    print(f"1x hard's median time = {rate * median:,.0f} iterations")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["calibrate"])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=200)
    args = parser.parse_args(argv)
    calibrate(args.games, args.every, args.iterations)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
