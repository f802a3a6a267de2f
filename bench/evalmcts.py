"""`evalmcts:<iterations>[:<cutoff>[:<explore>]]`: the expert with its tree search (tree.py) at
other settings, for matches.

    python bench/yardstick.py match --a evalmcts:3000:6 --b yardstick:16 --pairs 20 \\
        --seed 90000 --out bench/results/evalmcts3000c6-v-yardstick16.jsonl

The page's expert with `Level.tree` = iterations, `tree_cutoff` = cutoff (playout moves before
the evaluation judges; 0, the default, judges at once) and `tree_explore` = UCB1's constant
(the level's, 0.35, unless given), as an `AIPlayer` seeded as every level is.
`evalmcts:5000:6` is the page's expert since the twentieth session (before it, the variant
`expert-tree`): its rows were played under that spec and renamed "expert" (docs/strength.md).
"""

from __future__ import annotations

from dataclasses import replace

from targi.ai.levels import LEVELS
from targi.ai.player import AIPlayer


def player(spec: str, seed: int) -> AIPlayer:
    """The player a spec names."""
    parts = spec.split(":")
    level = replace(LEVELS["expert"], tree=int(parts[1]), tree_cutoff=0)
    if len(parts) > 2:
        level = replace(level, tree_cutoff=int(parts[2]))
    if len(parts) > 3:
        level = replace(level, tree_explore=float(parts[3]))
    p = AIPlayer(level, seed)
    p.name = spec
    return p
