"""Targi as an OpenSpiel game: `python_targi`, on the engine's explicit-chance mode.

Every player action is a move of the notation (ids in `targi.spiel.actions`); every card that
comes off a deck, the opening deal included, is a chance action whose outcomes are the cards not
yet seen (uniform). Observations come from `targi.view` (`targi.spiel.observe`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from .. import chance
from ..board import CENTRAL
from ..cards import CARDS
from ..game import Game
from ..scoring import result, score
from . import observe
from .actions import ACTION_ID, ACTIONS, DEALT, DEALT_ID, deal_string

SHORT_NAME = "python_targi"
RETURNS = ("win_loss", "margin")
DEFAULTS: dict[str, Any] = {"returns": "win_loss", "first_player": 0}
# Bounds no game reaches, for OpenSpiel's GameInfo: the VP difference at the end, and the
# actions of a game (player moves and dealt cards; random games take about 200, see tests).
MAX_MARGIN = 200
MAX_GAME_LENGTH = 2000

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Targi",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


def _info(returns: str) -> Any:
    bound = 1.0 if returns == "win_loss" else float(MAX_MARGIN)
    return pyspiel.GameInfo(
        num_distinct_actions=len(ACTIONS),
        max_chance_outcomes=len(DEALT),
        num_players=2,
        min_utility=-bound,
        max_utility=bound,
        utility_sum=0.0,
        max_game_length=MAX_GAME_LENGTH,
    )


class TargiGame(pyspiel.Game):  # type: ignore[misc]
    """Parameters: `returns` ('win_loss': +1/0/-1 by the rulebook's result with its
    tie-breaks; 'margin': final VP of the player minus the opponent's) and `first_player`
    (0 or 1: who holds the amulet in round 1)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**DEFAULTS, **(params or {})}
        if given["returns"] not in RETURNS:
            raise ValueError(f"returns={given['returns']!r}: choose from {', '.join(RETURNS)}")
        if given["first_player"] not in (0, 1):
            raise ValueError("first_player must be 0 or 1")
        super().__init__(GAME_TYPE, _info(given["returns"]), given)
        self.returns_kind: str = given["returns"]
        self.first_player: int = given["first_player"]

    def new_initial_state(self) -> TargiState:
        """A new game: chance deals the central cards first."""
        return TargiState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TargiObserver:
        """The observer OpenSpiel asks for: with perfect recall for information states."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return TargiObserver(perfect_recall)


class _Held:
    """The engine game inside a state: OpenSpiel clones a Python state by deep-copying its
    attributes, and Game.clone does that twenty times faster than copy.deepcopy."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.game.clone(self.game.logging))


class TargiState(pyspiel.State):  # type: ignore[misc]
    """A game in the engine's explicit-chance mode, and the public history of its actions."""

    def __init__(self, game: TargiGame, g: Game | None = None) -> None:
        super().__init__(game)
        self.returns_kind = game.returns_kind
        if g is None:
            g = Game.new(0, game.first_player, explicit_chance=True)
        g.logging = False
        self._held = _Held(g)
        # What both players saw happen, one entry per action: a move, or a dealt card (or '?'
        # while the card is unseen: still being dealt, or lying face down).
        self.history_words: list[str] = []

    @property
    def g(self) -> Game:
        """The engine game (in explicit-chance mode)."""
        return self._held.game

    # ---- the OpenSpiel state interface ----------------------------------------------------
    def current_player(self) -> int:
        """The player to move, CHANCE while a card is awaited, or TERMINAL."""
        if self.g.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if chance.pending(self.g):
            return int(pyspiel.PlayerId.CHANCE)
        return int(self.g.player)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(ACTION_ID[m] for m in self.g.legal_moves())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that can be dealt (chance action ids), each equally likely."""
        cards = chance.outcomes(self.g)
        return [(DEALT_ID[c], 1.0 / len(cards)) for c in sorted(cards, key=DEALT_ID.__getitem__)]

    def _apply_action(self, action: int) -> None:
        g = self.g
        if chance.pending(g):
            chance.deal(g, DEALT[action])
            self.history_words.append("deal ?")
            if not chance.pending(g) and g.chance is not None:
                self._reveal(g.chance.last_dealt)
        else:
            self.history_words.append(f"{observe.NAMES[g.player]} {ACTIONS[action]}")
            g.play(ACTIONS[action])

    def _reveal(self, cards: list[int]) -> None:
        """A step has drawn all its cards: those not lying face down were seen by both."""
        g = self.g
        face_down = {g.central[i] for i in range(len(CENTRAL)) if not g.face_up[i]}
        first = len(self.history_words) - len(cards)
        for k, card in enumerate(cards):
            if card not in face_down:
                self.history_words[first + k] = f"deal {CARDS[card].id}"

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return deal_string(action)
        return ACTIONS[action]

    def is_terminal(self) -> bool:
        """The game is over (after the last raid, or a full display at a round's end)."""
        return self.g.is_over

    def returns(self) -> list[float]:
        """Per player: +1/0/-1 by the rulebook's result, or the VP margin (`returns=margin`)."""
        g = self.g
        if not g.is_over:
            return [0.0, 0.0]
        if self.returns_kind == "margin":
            margin = float(score(g, 0).total - score(g, 1).total)
            return [margin, -margin]
        winner, _ = result(g)
        if winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if winner == 0 else [-1.0, 1.0]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TargiState:
        """The same information state with the face-down central cards dealt anew from the
        unseen cards (the decks are sets already: their order is chance's to come)."""
        if chance.pending(self.g):
            raise ValueError("resample at a player's turn, not while chance deals")
        g = self.g.clone()
        for kind, deck in (("goods", g.goods_deck), ("tribe", g.tribe_deck)):
            spaces = [
                i
                for i in range(len(CENTRAL))
                if not g.face_up[i] and g.central[i] != -1 and CARDS[g.central[i]].kind == kind
            ]
            pool = deck + [g.central[i] for i in spaces]
            for i in spaces:
                g.central[i] = pool.pop(min(int(probability_sampler() * len(pool)), len(pool) - 1))
            deck[:] = sorted(pool)
        state = TargiState(self.get_game(), g)
        state.history_words = self.history_words[:]
        return state

    def __str__(self) -> str:
        """The whole state, hidden cards included (for debugging and OpenSpiel's checks)."""
        g = self.g
        face_down = [
            f"{'ABCDEFGHI'[i]}:{CARDS[g.central[i]].id}"
            for i in range(len(CENTRAL))
            if not g.face_up[i] and g.central[i] != -1
        ]
        dealt = [CARDS[c].id for c in g.chance.dealt] if g.chance is not None else []
        return "\n".join(
            [
                observe.text(g, g.player),
                "face down " + (" ".join(face_down) or "-"),
                f"dealt for the step {' '.join(dealt) or '-'}",
                "history " + ", ".join(self.history_words),
            ]
        )


class TargiObserver:
    """OpenSpiel's observer: the same knowledge for either player (nothing in Targi is private
    to one player). With perfect recall the string adds the public history of actions; the
    tensor stays the observation, which already holds all a player can infer about the hidden
    cards (they are uniformly distributed over the unseen cards whatever happened before)."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(observe.SIZE, np.float32)
        self.dict = observe.pieces(self.tensor)

    def set_from(self, state: TargiState, player: int) -> None:
        """Fill `tensor` (and so `dict`) with what `player` knows of `state`."""
        observe.fill(self.dict, state.g, player)

    def string_from(self, state: TargiState, player: int) -> str:
        """What `player` knows of `state` as text (with the public history, for perfect
        recall)."""
        seen = observe.text(state.g, player)
        if self.perfect_recall:
            return "; ".join(state.history_words) + "\n" + seen
        return seen


pyspiel.register_game(GAME_TYPE, TargiGame)
