"""The computer on the page: its turns at the chosen pace, the Hint, and the page answering when
the AI worker fails (targi.app.protocol)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import protocol
from ..page import Page
from ..session import HUMAN, PageView, Session
from ..store import storage
from ..store.storage import HINT_LEVELS
from ..text.words import hint_reason, move_label

FALLBACK_PAUSE_S = 0.05  # before thinking on the page: the notice and the table paint first


@dataclass(frozen=True)
class ShownHint:
    move: str
    seq: int  # the position it was asked for: a hint is shown only there
    key: str  # the reason as data (targi.ai.hint), worded at each redraw in the page's language
    params: protocol.Params
    level: str  # whose advice: the first of HINT_LEVELS, or a slower, stronger one
    seconds: float | None  # how long a slower level took (None for the first level)


class Computer:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.port = page.port
        self.busy = False  # a turn loop owns the current game
        self.fallback_noted = False
        self.hint: ShownHint | None = None

    def worker_failed(self, error: Exception) -> None:
        """The worker did not answer: said once; the page answers from now on."""
        if not self.fallback_noted:
            self.fallback_noted = True
            self.page.notice(self.page.cat.t("error.ai_fallback", reason=str(error)))

    async def ask(self, op: str, s: Session, level: str | None = None) -> protocol.Answer:
        """The worker's answer; if the worker fails, the same question answered on the page
        (slower to show, but the game goes on). `level` defaults to the computer's level."""
        local = s.hint_game() if op == "hint" else None
        if local is not None:  # a friend game: searched here, from this player's knowledge
            return protocol.hint_answer(local, s.ai_seed(), level or s.level)
        request = protocol.request(op, s.encode(), level or s.level, s.ai_seed())
        try:
            return protocol.read_answer(op, await self.port.ask_ai(request))
        except Exception as error:
            self.worker_failed(error)
        await self.port.sleep(FALLBACK_PAUSE_S)
        return protocol.read_answer(op, protocol.answer(request))

    def start(self) -> None:
        """The computer is to move: its turn starts unless one is already under way."""
        if not self.busy:
            self.busy = True  # before the loop runs: a second redraw must not start another
            self.port.spawn(self.turn())

    async def turn(self) -> None:
        """The computer's moves, one by one at the chosen pace, while it is to move; the pauses
        of one turn add up to at most the pace's turn budget (storage.TURN_BUDGET_MS). A game
        replaced meanwhile (new game, load, undo elsewhere) ends the loop: its answer is stale.
        A player on the keyboard finds the focus on their first legal move when it ends."""
        page = self.page
        generation = page.generation
        left = page.settings.turn_budget_ms / 1000  # what this turn's pauses may still take
        try:
            while True:
                s = page.session
                if generation != page.generation or s is None or not s.computer_to_move:
                    return
                began = self.port.clock()
                answer = await self.ask("move", s)
                pause = min(page.settings.delay_ms / 1000, storage.TURN_SHARE * left)
                left -= pause
                wait = pause - (self.port.clock() - began)  # its thinking was part of the pause
                if wait > 0:
                    await self.port.sleep(wait)
                if generation != page.generation or page.session is not s:
                    return
                s.play(answer.move, by_computer=True)
                if s.over:
                    page.records.ended(s)
                page.autosave()
                self.busy = s.computer_to_move  # keep the loop ours while it goes on
                if not s.computer_to_move:  # its turn is over: one message for all of it
                    page.announce(mover=HUMAN)
                page.redraw()
                if not s.computer_to_move:
                    if page.by_keyboard and self.port.focus_dropped():
                        page.focus_first_move()  # the redraws took it: back into play
                    return
        except Exception as e:
            if generation == page.generation:
                page.notice(page.cat.t("error.ai", reason=str(e)))
        finally:
            if generation == page.generation:
                self.busy = False

    async def show_hint(self) -> None:
        page = self.page
        s = page.session
        if s is None or not s.human_to_move:
            return
        seq, generation = s.seq, page.generation
        level = page.settings.hint_level
        thinking = "hint.thinking" if level == HINT_LEVELS[0] else "hint.thinking_expert"
        self.port.set_text("hint-text", page.cat.t(thinking))
        self.port.set_hidden("hint-text", False)
        began = self.port.clock()
        try:
            answer = await self.ask("hint", s, level)
        except Exception as e:
            page.notice(page.cat.t("error.ai", reason=str(e)))
            return
        seconds = self.port.clock() - began if level != HINT_LEVELS[0] else None
        # Written under a finger, a reason that wraps to more lines than "thinking" moves the
        # choices below it (a laptop's dock): the tap is handled first (a move made by it drops
        # the hint, below). At once when no pointer is pressed.
        await self.port.released()
        if generation != page.generation or s.seq != seq:
            return  # the table moved on while it thought
        self.hint = ShownHint(answer.move, seq, answer.key, answer.params, level, seconds)
        page.redraw()
        # the keyboard goes to the suggested move (the board's button, else the choices')
        self.port.focus(f'#board [data-move="{answer.move}"], #choices [data-move="{answer.move}"]')

    def hint_text(self, v: PageView, shown: ShownHint) -> str:
        cat = self.page.cat
        reason = hint_reason(cat, v, shown.key, shown.params)
        if reason.startswith("[hint."):  # a reason newer than this catalog
            reason = move_label(cat, v, shown.move)
        if shown.seconds is None:
            return cat.t("hint.label", reason=reason)
        # the slow, strong hint says whose advice it is and its cost
        return cat.t(
            "hint.label_timed",
            level=cat.t(f"level.{shown.level}"),
            seconds=cat.number(round(shown.seconds, 1), 1),
            reason=reason,
        )
