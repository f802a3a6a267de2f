"""The replay on the page: stepping through a game, the chart, the computer's verdicts, playing on
from a position, exporting the game. targi.app.dialogs.review makes one Reviewer when the replay
first opens and routes the review's clicks to it; it sees the page only through `ReviewPage`.

While the replay is open, `#app[data-view=review]` hides the table and shows `#review`
(`data-step`, `data-steps`). The analysis asks the AI worker a few decisions at a time
(targi.app.protocol "analyse"), so the bar moves and Cancel takes effect between requests; a
worker that fails is replaced by the same answer computed on the page, as for the computer's moves.
"""

from __future__ import annotations

from typing import Protocol

from ... import chance
from .. import protocol
from ..html.render import Renderer
from ..port import Port
from ..session import HUMAN, Session
from ..store.storage import Settings
from ..text.catalog import Catalog
from ..text.export import file_name, game_text
from .chart import chart
from .replay import Replay
from .review_render import ReviewRenderer, Worded

BATCH = 4  # decisions per request: about a second of the hard level's thinking
FIRST_BATCH = 1  # the first request: a verdict (and the bar) within a fraction of a second
ANALYSIS_LEVEL = "hard"
NAV = {
    "ArrowLeft": "prev",
    "ArrowRight": "next",
    "Home": "first",
    "End": "last",
    "PageUp": "prev-round",
    "PageDown": "next-round",
}


class ReviewPage(Protocol):
    """What the replay needs of the page (targi.app.page.Page has it all)."""

    port: Port
    cat: Catalog
    render: Renderer
    settings: Settings
    session: Session | None

    def close_all(self) -> None: ...
    def open(self, dialog_id: str, opened_by_control: bool = True) -> None: ...
    def notice(self, text: str) -> None: ...
    def replace_with(self, incoming: Session) -> None: ...
    def worker_failed(self, error: Exception) -> None: ...


class Reviewer:
    def __init__(self, c: ReviewPage) -> None:
        self.c = c
        self.port = c.port
        self.words = ReviewRenderer(c.cat, c.render)
        self.replay: Replay | None = None
        self.step = 0
        self.side = HUMAN
        self.state = "idle"  # the analysis: idle | running | done | cancelled
        self.run = 0  # bumped to stop an analysis between requests
        self.analysed: dict[int, Worded] = {}
        self.judged: dict[int, protocol.Judged] = {}  # the verdicts as data, to word again
        self.worded_in = c.cat.lang  # the language `analysed` is worded in
        self.analysed_for: tuple[int, int, tuple[str, ...], int] | None = None

    @property
    def is_open(self) -> bool:
        return self.replay is not None

    # ---- opening and stepping ------------------------------------------------------------------
    def open(self) -> None:
        """The game on the table, replayed from its last decision."""
        s = self.c.session
        s = s.reviewable() if s is not None else None
        if s is None:  # a friend game waiting for its last links, or failed: the page says why
            return
        self.c.close_all()
        self.stop()
        self.replay = replay = Replay.of(s)
        self.side = replay.you() or 0
        self.keep_verdicts()
        self.reword(replay)
        self.port.set_attrs("app", {"data-view": "review"})
        self.port.set_attrs("review-slider", {"max": str(replay.steps)})
        self.goto(replay.steps)
        self.show_analysis()
        self.port.focus("#review [data-action=review-nav][data-target=prev]")

    def keep_verdicts(self) -> None:
        """Verdicts on the same game and side stay, also when moves were made since (a friend
        game goes on between two looks): a decision's position has not changed."""
        now = self.target()
        was = self.analysed_for
        if was == now:
            return
        if (
            was is not None
            and was[:2] == now[:2]
            and was[3] == now[3]
            and was[2] == now[2][: len(was[2])]
        ):
            self.analysed_for = now
            self.state = "idle" if self.to_judge() else "done"
            return
        self.analysed, self.analysed_for, self.state = {}, None, "idle"
        self.judged = {}

    def follow(self) -> None:
        """A friend game went on while its replay so far is open (a link arrived): the new
        moves join the replay, the step the player is on stays, the verdicts given stay and a
        running analysis goes on to the new decisions. The link that ends the game verifies
        the deal on this page too (it carries the friend's disclosure): the replay is then the
        whole game."""
        r = self.replay
        s = self.c.session
        s = s.reviewable() if r is not None and r.so_far and s is not None else None
        if r is None or s is None or list(s.game.record) == r.record:
            return
        running = self.state == "running"
        self.stop()
        self.replay = replay = Replay.of(s)
        self.keep_verdicts()
        self.port.set_attrs("review-slider", {"max": str(replay.steps)})
        self.goto(self.step)
        self.show_analysis()
        if running and self.state == "idle":
            self.port.spawn(self.analyse())

    def close(self) -> None:
        """Back to the table; a running analysis stops."""
        if self.replay is None:
            return
        self.stop()
        self.replay = None
        self.port.set_attrs("app", {"data-view": "table"})
        self.port.focus("#table [data-action=review], #log")

    def leave(self) -> None:
        """Another game is on the table: this replay is over."""
        self.close()
        self.analysed, self.analysed_for, self.judged = {}, None, {}
        self.state = "idle"

    def rewrite(self) -> None:
        """The page speaks another language: the open replay in its words (a closed one is
        worded again when it opens)."""
        if self.replay is not None:
            self.reword(self.replay)
            self.goto(self.step)
            self.show_analysis()

    def reword(self, r: Replay) -> None:
        """The verdicts in the catalog's language (they are kept as data too)."""
        if self.worded_in != self.c.cat.lang:
            self.analysed = {k: self.words.word(r, j) for k, j in self.judged.items()}
            self.worded_in = self.c.cat.lang

    def nav(self, where: str) -> None:
        r = self.replay
        if r is None:
            return
        k = self.step
        targets = {
            "first": 0,
            "last": r.steps,
            "prev": k - 1,
            "next": k + 1,
            "prev-round": r.previous_round(k),
            "next-round": r.next_round(k),
        }
        if where in targets:
            self.goto(targets[where])

    def key(self, name: str) -> None:
        if name in NAV:
            self.nav(NAV[name])

    def goto(self, step: int | str) -> None:
        r = self.replay
        if r is None:
            return
        try:
            step = int(step)
        except ValueError:
            return
        self.step = step = max(0, min(step, r.steps))
        for region, html in self.words.table(r, step, self.side, self.judged.get(step)).items():
            self.port.set_html(region, html)
        self.port.set_text("review-where", self.words.where(r, step))
        self.port.set_text(
            "review-move", self.words.next_decision(r, step, self.analysed.get(step))
        )
        names = self.words.names(r)
        self.port.set_html("review-chart", chart(self.c.cat, r.ends, names, self.chart_round(step)))
        free = r.over or r.session.mode != "ai"
        self.port.set_html("review-sides", self.words.side_buttons(r, self.side, free))
        finished = step >= r.steps and r.over  # nothing left to play on from
        for mode in ("ai", "hotseat"):
            self.port.set_attrs(f"play-on-{mode}", {"disabled": "" if finished else None})
            self.port.set_hidden(f"play-on-{mode}", r.dealt)
        self.port.set_hidden("play-on-none", not r.dealt or r.so_far)
        # a friend game so far: what its player saw, no save string to export (no deal yet)
        self.port.set_hidden("review-so-far", not r.so_far)
        self.port.set_hidden("review-export", r.so_far)
        self.port.set_value("review-slider", str(step))
        self.port.set_attrs("review-slider", {"aria-valuetext": self.words.where(r, step)})
        self.port.set_attrs("review", {"data-steps": str(r.steps), "data-step": str(step)})

    def jump(self, step: str) -> None:
        """A turning point's button: its decision on the table, the slider in reach (the
        table is above the analysis; arrow keys on the slider step on from there)."""
        self.goto(step)
        self.port.focus("#review-slider")

    def chart_round(self, step: int) -> int | None:
        """The chart's column for this step: the round being played (or the last one)."""
        r = self.replay
        if r is None or not r.ends:
            return None
        return min(r.round_at(step), r.ends[-1].round) if step < r.steps else r.ends[-1].round

    def set_side(self, value: str) -> None:
        r = self.replay
        if r is None or value not in ("0", "1"):
            return
        if r.session.mode == "ai" and not r.over and value != str(HUMAN):
            return  # the computer's view is not yours to see before the game is over
        if int(value) != self.side:
            self.stop()
            self.side = int(value)
            self.analysed, self.analysed_for, self.judged = {}, None, {}
            self.state = "idle"
            self.goto(self.step)
            self.show_analysis()

    # ---- the computer's verdict ----------------------------------------------------------------
    def target(self) -> tuple[int, int, tuple[str, ...], int]:
        r = self.replay
        assert r is not None
        g = r.session.game
        return g.seed, g.starter, tuple(r.record), self.side

    def to_judge(self) -> list[int]:
        """The shown side's decisions not judged yet, in game order."""
        r = self.replay
        if r is None:
            return []
        return [k for k, p in enumerate(r.movers) if p == self.side and k not in self.analysed]

    async def analyse(self) -> None:
        """Judge the shown side's decisions, a few per request, while nobody cancels."""
        r = self.replay
        if r is None or self.state == "running":
            return
        if self.analysed_for != self.target():
            self.analysed, self.analysed_for = {}, self.target()
        self.run += 1
        run = self.run
        seed = r.session.game.seed
        self.state = "running"
        self.show_analysis()
        self.port.focus("#analysis [data-action=analysis-cancel]")
        try:
            todo = self.to_judge()
            size = FIRST_BATCH
            while todo and run == self.run:
                batch, todo, size = todo[:size], todo[size:], BATCH
                request = self.request(r, seed, batch)
                judged = protocol.read_verdicts(await self.ask(request))
                if run != self.run or self.replay is not r:
                    return  # cancelled or closed meanwhile: the answer is dropped
                for j in judged:
                    self.judged[j.step] = j
                    self.analysed[j.step] = self.words.word(r, j)
                self.show_analysis()
            if run == self.run:
                self.state = "done"
        except Exception as e:
            if run == self.run:
                self.state = "cancelled"
                self.c.notice(self.c.cat.t("analysis.failed", reason=str(e)))
        self.show_analysis()
        if self.state == "done":
            self.port.focus("#turning-points .jump, #analysis [data-action=analysis-start]")
            if self.replay is r:
                self.goto(self.step)  # the verdict on the shown decision

    def request(self, r: Replay, seed: int, steps: list[int]) -> str:
        """The worker's question: a save string, or a friend game so far by its cards (no save
        string holds a game whose deal is not over)."""
        g = r.session.game
        if r.so_far:
            dealt = chance.script(g) or []
            return protocol.dealt_analysis_request(
                g.starter, r.record, dealt, ANALYSIS_LEVEL, seed, steps
            )
        return protocol.analysis_request(r.session.encode(), ANALYSIS_LEVEL, seed, steps)

    async def ask(self, request: str) -> str:
        try:
            return await self.port.ask_ai(request)
        except Exception as error:
            self.c.worker_failed(error)  # said once, as for the computer's moves
            await self.port.sleep(0.05)  # the page paints before thinking on the main thread
            return protocol.answer(request)

    def cancel(self) -> None:
        if self.state == "running":
            self.stop()
            self.show_analysis()
            self.port.focus("#analysis [data-action=analysis-start]")

    def stop(self) -> None:
        self.run += 1
        if self.state == "running":
            self.state = "cancelled"

    def show_analysis(self) -> None:
        r = self.replay
        if r is None:
            return
        cat = self.c.cat
        words = self.words
        worded = list(self.analysed.values())
        total = sum(1 for p in r.movers if p == self.side)
        done = len(worded)
        player = words.names(r)[self.side]
        self.port.set_attrs("analysis", {"data-state": self.state})
        self.port.set_attrs("analysis-progress", {"max": str(max(total, 1)), "value": str(done)})
        yours = self.side == r.you()
        intro = cat.t("analysis.intro.you" if yours else "analysis.intro", player=player, n=total)
        self.port.set_text("analysis-intro", intro)
        status = cat.t(f"analysis.state.{self.state}", done=done, n=total)
        self.port.set_text("analysis-status", status)
        self.port.set_hidden("analysis-progress", self.state == "idle")
        self.port.set_hidden("analysis-start", self.state in ("running", "done") or not total)
        self.port.set_text("analysis-start", cat.t("analysis.resume" if done else "analysis.start"))
        self.port.set_hidden("analysis-cancel", self.state != "running")
        self.port.set_html("turning-points", words.turning_points(worded))
        self.port.set_html("analysis-list", words.every_decision(worded))
        self.port.set_hidden("analysis-results", not worded)

    # ---- from here on --------------------------------------------------------------------------
    def play_on(self, mode: str) -> None:
        """A new game that starts where the replay stands; the reviewed game stays as it was."""
        r = self.replay
        if r is None or mode not in ("ai", "hotseat") or self.step >= r.steps and r.over:
            return
        if r.dealt:  # no seed deals on from a friend game's position (#play-on-none says so)
            return
        s = r.session
        level = s.level if s.mode == "ai" else self.c.settings.level
        self.c.replace_with(r.continued(self.step, mode, level))

    def export(self) -> None:
        r = self.replay
        if r is None or r.so_far:  # no save string yet (#review-export is hidden)
            return
        text = game_text(self.c.cat, r.session, self.port.page_url(), r.you())
        self.port.set_value("export-text", text)
        self.port.set_text("export-status", "")
        self.c.open("dlg-export")
        self.port.focus("#dlg-export .primary")  # not the text: its caret would scroll to the end

    async def copy_export(self) -> None:
        ok = await self.port.copy("export-text")
        self.port.set_text(
            "export-status", self.c.cat.t("button.copied" if ok else "button.copy_failed")
        )

    def download_export(self) -> None:
        r = self.replay
        if r is None:
            return
        ok = self.port.download(file_name(r.session), self.port.get_value("export-text"))
        self.port.set_text(
            "export-status", self.c.cat.t("export.saved" if ok else "export.not_saved")
        )
