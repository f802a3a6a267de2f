"""OpenSpiel's own bots as Targi players, for `python -m targi match --players hard,spiel:mcts`.

Specs: `spiel:random` (uniform random), `spiel:mcts` (open_spiel.python.algorithms.mcts with a
random-rollout evaluator, on a determinization: the game as the player knows it, with the
face-down cards guessed and every draw left to chance), `spiel:ismcts` (open_spiel's Python
information-set MCTS, which resamples the face-down cards itself through
`TargiState.resample_from_infostate`). `spiel:mcts:400` sets the simulations per move.

pyspiel's C++ `ISMCTSBot` is not offered: in open-spiel 2.0.2 it crashes (segmentation fault)
on Python games, OpenSpiel's own python_kuhn_poker included.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ..chance import forget_order
from ..game import Game
from ..rng import next_value
from ..view import observe
from .actions import ACTIONS
from .game import SHORT_NAME, TargiState

BOTS = ("random", "mcts", "ismcts")
SIMULATIONS = 100  # per move, unless the spec says otherwise
UCT_C = 2.0


def make_bot(kind: str, game: Any, player: int, seed: int, simulations: int) -> Any:
    """An OpenSpiel bot for `game` (a loaded python_targi) playing seat `player`."""
    if kind == "random":
        return pyspiel.make_uniform_random_bot(player, seed)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    if kind == "mcts":
        return mcts.MCTSBot(
            game,
            UCT_C,
            simulations,
            evaluator,
            solve=False,
            random_state=np.random.RandomState(seed + 1),
        )
    if kind == "ismcts":
        return ismcts.ISMCTSBot(
            game, evaluator, UCT_C, simulations, random_state=np.random.RandomState(seed + 1)
        )
    raise ValueError(f"unknown OpenSpiel bot {kind!r}; choose from {', '.join(BOTS)}")


def determinization(game: Any, g: Game, seed: int) -> TargiState:
    """A python_targi state consistent with what the player to move knows of `g`: face-down
    cards guessed from the unseen ones, the decks' order left to chance."""
    return TargiState(game, forget_order(observe(g).sample(seed)))


class SpielPlayer:
    """A Targi player (a callable game -> move) that asks an OpenSpiel bot."""

    def __init__(self, spec: str, seed: int = 0) -> None:
        parts = spec.split(":")
        if len(parts) not in (2, 3) or parts[0] != "spiel" or parts[1] not in BOTS:
            raise ValueError(f"{spec!r}: write spiel:BOT or spiel:BOT:SIMULATIONS, BOT one of "
                             f"{', '.join(BOTS)}")  # fmt: skip
        self.name = spec
        self.kind = parts[1]
        self.simulations = int(parts[2]) if len(parts) == 3 else SIMULATIONS
        if self.simulations < 1:
            raise ValueError(f"{spec!r}: simulations must be at least 1")
        self.state = seed
        self.game = pyspiel.load_game(SHORT_NAME)
        self.bots: dict[int, Any] = {}

    def __call__(self, g: Game) -> str:
        self.state, r = next_value(self.state)
        p = g.player
        if p not in self.bots:
            self.bots[p] = make_bot(self.kind, self.game, p, r & 0x7FFFFFFF, self.simulations)
        state = determinization(self.game, g, r & 0xFFFFFFFF)
        action: int = self.bots[p].step(state)
        return ACTIONS[action]


def make_player(spec: str, seed: int) -> SpielPlayer:
    """The player a `spiel:...` spec names (see SpielPlayer)."""
    return SpielPlayer(spec, seed)
