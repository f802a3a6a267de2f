"""The replay's words and HTML: where the replay stands, the decision made there, the computer's
verdicts worded like hints, and the turning points. Everything is escaped (markup.esc)."""

from __future__ import annotations

from dataclasses import dataclass

from ...game import ROUNDS
from ..html.markup import esc
from ..html.render import Renderer
from ..protocol import Judged
from ..session import PageView
from ..text.catalog import Catalog
from ..text.words import hint_reason, log_lines, move_label, player_names
from .replay import Replay

MIN_TURNING_LOSS = 1.0  # VP: smaller differences are matters of taste, not turning points
TURNING_POINTS = 5


@dataclass(frozen=True)
class Worded:
    """One judged decision in words."""

    step: int
    round: int
    played: str  # what was done, as the log says it
    better: str  # the computer's move and why, as a hint says it ("" when it agrees)
    loss: float | None


class ReviewRenderer:
    def __init__(self, cat: Catalog, render: Renderer) -> None:
        self.cat = cat
        self.render = render

    def names(self, replay: Replay) -> tuple[str, str]:
        return player_names(self.cat, replay.session.mode)

    def played(self, replay: Replay, step: int, you: int | None) -> str:
        """The decision made at `step`, in the log's words (past tense)."""
        lines = log_lines(self.cat, replay.events[step], self.names(replay), you)
        return lines[-1][1]

    def round_name(self, rnd: int, key: str) -> str:
        """ "round 5" (`key` picks the case), or the raid after the last round."""
        return self.cat.t(key, n=rnd) if rnd <= ROUNDS else self.cat.t("log.final_raid")

    def where(self, replay: Replay, step: int) -> str:
        cat = self.cat
        rnd = self.round_name(replay.round_at(step), "review.round")
        if step >= replay.steps:
            key = "review.where_end_over" if replay.over else "review.where_end"
            return cat.t(key, n=replay.steps, round=rnd)
        return cat.t("review.where", k=step + 1, n=replay.steps, round=rnd)

    def table(
        self, replay: Replay, step: int, side: int, judged: Judged | None = None
    ) -> dict[str, str]:
        """The replay's regions at `step`, `side`'s panel first; with the computer's verdict on
        the decision there, the move played and the one it prefers are marked and listed."""
        you = replay.you()
        v = replay.view(step, you)
        r = self.render
        names = self.names(replay)
        marks: dict[str, tuple[str, ...]] = {}
        if judged is not None:
            marks[judged.played] = ("played",)
            marks[judged.best] = (*marks.get(judged.best, ()), "suggested")
        if v["over"]:
            choices = f'<p class="review-verdict">{esc(self.result(v, names))}</p>'
        else:
            choices = f'<p class="prompt">{esc(r.prompt(v))}</p>{r.choices(v)}'
            choices += self.marked_moves(v, marks)
        panels = r.player_panel(v, side, names) + r.player_panel(v, 1 - side, names)
        return {
            "review-status": r.status(v),
            "review-board": r.board(v, marks=marks),
            "review-choices": choices,
            "review-players": panels,
            "review-log": r.log(v),
        }

    def marked_moves(self, v: PageView, marks: dict[str, tuple[str, ...]]) -> str:
        """The marked moves in words, each after its label (also those not on the board: a
        payment, a row, a card kept in hand)."""
        if not marks:
            return ""
        items = "".join(
            f'<li data-move-marked="{esc(move)}">{self.render.mark_tags(kinds)} '
            f"{esc(move_label(self.cat, v, move))}</li>"
            for move, kinds in marks.items()
        )
        return f'<ul class="review-marks">{items}</ul>'

    def result(self, v: PageView, names: tuple[str, str]) -> str:
        if v["winner"] is None:
            return self.cat.t("result.draw")
        return self.cat.t(f"result.win.{v['decided_by']}", player=names[v["winner"]])

    def next_decision(self, replay: Replay, step: int, verdict: Worded | None) -> str:
        """What was decided here, and the computer's verdict on it when there is one."""
        cat = self.cat
        if step >= replay.steps:
            return ""
        text = cat.t("review.decided", text=self.played(replay, step, replay.you()))
        if verdict is not None:
            text += " " + self.verdict_text(verdict)
        return text

    def verdict_text(self, w: Worded) -> str:
        cat = self.cat
        if w.loss is None:
            return cat.t("analysis.not_measured", better=w.better)
        if not w.better:
            return cat.t("analysis.agrees")
        return cat.t("analysis.prefers", better=w.better, loss=cat.number(w.loss, 1))

    # ---- the analysis --------------------------------------------------------------------------
    def word(self, replay: Replay, judged: Judged) -> Worded:
        cat = self.cat
        v = replay.view(judged.step, replay.you())
        better = ""
        if judged.best != judged.played:
            better = hint_reason(cat, v, judged.key, judged.params)
            if better.startswith("[hint."):  # a reason newer than this catalog
                better = move_label(cat, v, judged.best)
        return Worded(
            judged.step,
            replay.round_at(judged.step),
            self.played(replay, judged.step, replay.you()),
            better,
            judged.loss if judged.best != judged.played else 0.0,
        )

    def turning_points(self, worded: list[Worded]) -> str:
        worst = sorted(
            (w for w in worded if w.loss is not None and w.loss >= MIN_TURNING_LOSS),
            key=lambda w: (-(w.loss or 0.0), w.step),
        )[:TURNING_POINTS]
        if not worded:
            return ""
        if not worst:
            return f'<li class="none">{esc(self.cat.t("analysis.no_turning_points"))}</li>'
        return "".join(self.item(w, self.verdict_text(w)) for w in worst)

    def every_decision(self, worded: list[Worded]) -> str:
        return "".join(self.item(w, self.verdict_text(w)) for w in sorted(worded, key=_step))

    def item(self, w: Worded, verdict: str) -> str:
        cat = self.cat
        rnd = self.round_name(w.round, "analysis.round")
        head = cat.t("analysis.item", round=rnd, played=w.played)
        jump = cat.t("analysis.jump", k=w.step + 1)
        return (
            f'<li data-step="{w.step}"><span class="played">{esc(head)}</span> '
            f'<span class="verdict-text">{esc(verdict)}</span> <button type="button" class="jump" '
            f'data-action="review-jump" data-target="{w.step}">{esc(jump)}</button></li>'
        )

    def side_buttons(self, replay: Replay, side: int, free: bool) -> str:
        """Whose side the replay shows; against the computer, yours until the game is over."""
        names = self.names(replay)
        out = [f'<span class="lbl">{esc(self.cat.t("review.side"))}</span>']
        for p in (0, 1):
            pressed = "true" if p == side else "false"
            disabled = "" if free or p == side else " disabled"
            label = esc(names[p])
            out.append(
                f'<button type="button" data-action="review-side" data-target="{p}" '
                f'aria-pressed="{pressed}"{disabled}>{label}</button>'
            )
        return "".join(out)


def _step(w: Worded) -> int:
    return w.step
