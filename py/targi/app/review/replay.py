"""A finished (or unfinished) game replayed by the engine, decision by decision.

Step k is the table after the first k recorded decisions (forced moves are the engine's, so they
happen between steps): step 0 is the deal, step `steps` the game as it stands. Any step is the
engine's own game, rebuilt from the record, never a copy of what the page drew.

The replay also notes the score at every round end for the chart (`ends`). The engine ends a round
inside the `play()` that finished it and goes straight on to the next decision with a real choice,
taking a raid's forced losses on the way; so the score is read from inside, where the engine
starts the next round or ends the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...board import CORNERS
from ...chance import script
from ...events import Event
from ...game import Game
from ...scoring import Score, score
from ...view import turn_down
from ...view import view as public_view
from ..session import HUMAN, PageView, Session
from .so_far import SoFarSession

CHECK_EVERY = 8  # a saved copy of the game every so many steps: a jump replays at most 7 moves


@dataclass(frozen=True)
class RoundEnd:
    """The score when a round ended (`final`: when the game ended, after its last raid if any)."""

    round: int  # rounds played by then
    step: int  # decisions recorded by then
    final: bool
    raid_next: bool  # a raid comes before the next round (the robber reaches a corner)
    scores: tuple[Score, Score]


class _Watched(Game):
    """A game that notes the score at each round end, through the engine's `round_ended` hook
    (the one place a round end can be seen before a forced raid changes the score;
    tests/app/test_chart.py checks the numbers against the engine's end of round)."""

    ends: list[RoundEnd]

    def round_ended(self, final: bool) -> None:
        raid = not final and self.robber + 1 in CORNERS
        scores = (score(self, 0), score(self, 1))
        self.ends.append(RoundEnd(self.rounds_played, len(self.record), final, raid, scores))


@dataclass
class Replay:
    session: Session  # the game under review (the page's game is never touched)
    record: list[str]
    checkpoints: list[Game]  # the game at steps 0, CHECK_EVERY, 2 * CHECK_EVERY, …
    rounds: list[int]  # the round of each recorded decision (ROUNDS + 1: the last raid)
    movers: list[int]  # who made each recorded decision
    events: list[list[Event]]  # each recorded decision's log entries: its move first
    ends: list[RoundEnd]
    # a friend game in progress (review.so_far): the placeholders, and whose view it is
    hidden: frozenset[int] = frozenset()
    seat: int | None = None

    @classmethod
    def of(cls, session: Session) -> Replay:
        game = session.game
        # a friend game's (save version 2) cards are its dealt record: no seed dealt them
        watched = _Watched.new(game.seed, game.starter, dealt=script(game))
        assert isinstance(watched, _Watched)  # Game.new makes an instance of its class
        watched.ends = []
        checkpoints = []
        for k, move in enumerate(game.record):
            if k % CHECK_EVERY == 0:
                checkpoints.append(watched.clone(logging=True))
            watched.play(move)
        if len(game.record) % CHECK_EVERY == 0:
            checkpoints.append(watched.clone(logging=True))
        log = watched.log
        chosen = [(i, e) for i, e in enumerate(log) if e.kind == "move" and not e.forced]
        # a decision's words may need what the engine logs right after it (a raid's VP)
        events: list[list[Event]] = [
            [e, *(after for after in log[i + 1 : i + 2] if after.kind == "raid_vp")]
            for i, e in chosen
        ]
        copy = Session(watched.clone(logging=True), session.mode, session.level)
        return cls(
            session=copy,
            record=list(game.record),
            checkpoints=checkpoints,
            rounds=[e.round for _, e in chosen],
            movers=[e.player for _, e in chosen],
            events=events,
            ends=watched.ends,
            hidden=session.hidden if isinstance(session, SoFarSession) else frozenset(),
            seat=session.seat if isinstance(session, SoFarSession) else None,
        )

    @property
    def steps(self) -> int:
        return len(self.record)

    @property
    def over(self) -> bool:
        return self.session.over

    def game_at(self, step: int) -> Game:
        """The game after the first `step` recorded decisions (a fresh copy, log included)."""
        step = max(0, min(step, self.steps))
        start = step // CHECK_EVERY
        g = self.checkpoints[start].clone(logging=True)
        for move in self.record[start * CHECK_EVERY : step]:
            g.play(move)
        return g

    def round_at(self, step: int) -> int:
        """The round of the decision made at `step` (at the end: the round of the last one)."""
        if not self.rounds:
            return 1
        return self.rounds[min(step, self.steps - 1)]

    def next_round(self, step: int) -> int:
        """The first step of the next round (the end if there is none)."""
        now = self.round_at(step)
        return next((k for k in range(step + 1, self.steps) if self.rounds[k] > now), self.steps)

    def previous_round(self, step: int) -> int:
        """The first step of this round, or of the round before if already there."""
        if step >= self.steps and self.steps:
            step = self.steps - 1
        first = self.round_start(self.round_at(step))
        if first < step:
            return first
        return self.round_start(self.round_at(max(0, step - 1))) if step else 0

    def round_start(self, rnd: int) -> int:
        return next((k for k, r in enumerate(self.rounds) if r >= rnd), self.steps)

    def view(self, step: int, you: int | None) -> PageView:
        """The table at `step` as the renderer draws it: nobody can move on a replay."""
        g = self.game_at(step)
        v = public_view(g, you)
        if step >= self.steps:
            # a placeholder the engine turned up at a round end whose cards are not opened yet
            # (before the last step every card face up was opened: the game went on)
            turn_down(v, g, [i for i, c in enumerate(g.central) if c in self.hidden])
        return PageView(
            **v,
            mode=self.session.mode,
            human_to_move=False,
            computer_to_move=False,
            moves=[],
            log=g.log,
            preview={},
            no_replay="",
        )

    @property
    def so_far(self) -> bool:
        """A friend game in progress: only what this player has seen (no export, no play on)."""
        return self.seat is not None

    @property
    def dealt(self) -> bool:
        """A game no seed dealt (a friend game): nothing can deal on from any of its steps."""
        return script(self.session.game) is not None

    def continued(self, step: int, mode: str, level: str) -> Session:
        """A new game whose record is this game's first `step` decisions: its seed and that
        prefix of moves are a game of their own, so it saves, shares and undoes like any."""
        g = Game.replay(self.session.game.seed, self.session.game.starter, self.record[:step])
        return Session(g, mode, level)

    def you(self) -> int | None:
        """Whose words the log uses by default: yours against the computer."""
        if self.seat is not None:  # a friend game so far: the player whose view it is
            return self.seat
        return HUMAN if self.session.mode == "ai" else None
