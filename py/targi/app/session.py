"""A game on the page: the engine's game plus who plays it (two people, or you and the computer).

The opponent setting travels inside save strings as the engine's `meta` value, so a shared link
opens against the same opponent. In a game against the computer you are Blue (player 0).
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import save
from ..constants import LEVEL_NAMES
from ..events import Event
from ..game import SEED_LIMIT, Game, IllegalMove
from ..view import View
from ..view import view as public_view
from .preview import Preview, place_preview

MODES = ("hotseat", "ai")
LEVELS = LEVEL_NAMES  # the one list of levels; its order is in the save meta
HUMAN = 0  # your seat against the computer
COMPUTER = 1


class PageView(View):
    """The engine's view and what the page adds: who plays it, the moves a click may make, the
    log, the crossing preview. Plain Python, like the engine's view; every key is typed."""

    mode: str  # "hotseat" | "ai"
    human_to_move: bool
    computer_to_move: bool
    moves: list[str]  # the moves a click may make (none while the computer moves, or a replay)
    log: list[Event]  # the engine's events, worded by targi.app.words.log_lines
    preview: dict[str, Preview]  # place move -> its preview (empty: no placement to preview)
    no_replay: str  # "": the replay and its analysis open; else the catalog key saying why not


@dataclass
class Session:
    game: Game
    mode: str = "hotseat"
    level: str = "medium"

    @classmethod
    def new(cls, seed: int, first_player: int, mode: str, level: str = "medium") -> Session:
        if mode not in MODES:
            raise ValueError(f"unknown game mode {mode!r}")
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}")
        return cls(Game.new(seed % SEED_LIMIT, first_player), mode, level)

    # ---- save strings ------------------------------------------------------------------------
    @property
    def meta(self) -> int:
        """bit 0: against the computer; bits 1-2: its level."""
        return (1 if self.mode == "ai" else 0) | LEVELS.index(self.level) << 1

    def encode(self) -> str:
        return save.encode(self.game, self.meta)

    @classmethod
    def decode(cls, text: object) -> Session:
        """Raises save.SaveError (with a plain sentence) for anything that is not a good game."""
        game, meta = save.decode(text)
        level = meta >> 1 & 3
        if meta >> 3 or level >= len(LEVELS):
            raise save.SaveError(f"save string with an unknown opponent setting ({meta})")
        return cls(game, "ai" if meta & 1 else "hotseat", LEVELS[level])

    # ---- turns -------------------------------------------------------------------------------
    @property
    def seq(self) -> int:
        """Moves chosen so far: changes with every move and every undo."""
        return len(self.game.record)

    @property
    def over(self) -> bool:
        return self.game.is_over

    @property
    def player(self) -> int:
        return self.game.current_player

    def is_computer(self, player: int) -> bool:
        return self.mode == "ai" and player == COMPUTER

    @property
    def computer_to_move(self) -> bool:
        return not self.over and self.is_computer(self.player)

    @property
    def human_to_move(self) -> bool:
        return not self.over and not self.is_computer(self.player)

    def legal_for_human(self) -> list[str]:
        return self.game.legal_moves() if self.human_to_move else []

    def play(self, move: str, by_computer: bool = False) -> None:
        """Apply a move for whoever is to move; a person cannot move for the computer."""
        if not by_computer and self.computer_to_move:
            raise IllegalMove(f"{move!r}: it is the computer's turn")
        if by_computer and not self.computer_to_move:
            raise IllegalMove(f"{move!r}: it is not the computer's turn")
        self.game.play(move)

    # ---- undo --------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """Your own last steps in your turn only: never the computer's, never across a card
        turned up or a shuffle (the engine draws that line)."""
        return self.human_to_move and self.game.can_undo(self.player)

    def undo(self) -> None:
        if not self.can_undo():
            raise IllegalMove("nothing to undo in this turn")
        self.game = self.game.undone()

    def rematch(self, seed: int) -> Session:
        """Same opponent, a new deal; the other player starts."""
        return Session.new(seed, 1 - self.game.starter, self.mode, self.level)

    def replayable(self) -> Session | None:
        """The game the replay, its analysis and the save string are made of (None: there is
        none, and `view()["no_replay"]` says why): this one; a friend game's once verified."""
        return self

    def reviewable(self) -> Session | None:
        """The game the replay and its analysis open on (the log's Replay): `replayable()`,
        or a friend game's so far, from its player's view (targi.app.review.so_far)."""
        return self.replayable()

    def hint_game(self) -> Game | None:
        """A game the hint searches on the page instead of the worker (a friend game's copy
        that knows no hidden card); None: ask the worker with the save string."""
        return None

    def view(self) -> PageView:
        """The engine's view of the table (seen by you against the computer) and who plays it:
        everything the renderer draws from."""
        v = public_view(self.game, HUMAN if self.mode == "ai" else None)
        human = self.human_to_move
        return PageView(
            **v,
            mode=self.mode,
            human_to_move=human,
            computer_to_move=self.computer_to_move,
            moves=v["legal"] if human else [],
            log=self.game.log,
            # what each placement would claim and close, for the crossing preview (hover, focus)
            preview=place_preview(self.game) if human else {},
            no_replay="",
        )

    def ai_seed(self) -> int:
        """The computer's sampling seed for this position: reproducible, varies move by move."""
        return (self.game.seed * 1_000_003 + self.seq) % SEED_LIMIT
