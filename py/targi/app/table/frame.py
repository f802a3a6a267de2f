"""One redraw of the table: the regions' HTML from `Session.view()` (targi.app.html.render),
the hint and the first-game tip on it, and the log only when it grew."""

from __future__ import annotations

from ..html.render import Renderer
from ..port import TableFrame
from ..session import Session
from ..text.catalog import Catalog
from ..text.summary import summary
from .computer import Computer
from .tip import TableTip


class TableView:
    def __init__(self, cat: Catalog, render: Renderer, computer: Computer, tip: TableTip) -> None:
        self.cat = cat
        self.render = render
        self.computer = computer
        self.tip = tip
        self.log_size = -1  # events in the log as last drawn (-1: draw it)

    def frame(self, s: Session) -> TableFrame:
        v = s.view()
        r = self.render
        hint = self.computer.hint
        shown = hint if hint is not None and hint.seq == s.seq else None
        log = None
        if len(v["log"]) != self.log_size:
            self.log_size = len(v["log"])
            log = r.log(v)
        player = v["current_player"]
        move = shown.move if shown else None
        cells = r.board_cells(v, move)
        regions = {"status": r.status(v), "board": r.board_rows(cells)}
        regions.update(choices=r.choices(v, move), players=r.players(v))
        regions.update(tip=r.tip(self.tip.current(v, s.seq)), since=r.since(*summary(self.cat, v)))
        regions["dock-me"] = r.dock_me(v)
        return TableFrame(
            regions=regions,
            prompt=r.prompt(v),
            log=log,
            hint=self.computer.hint_text(v, shown) if shown else None,
            can_undo=s.can_undo(),
            can_hint=s.human_to_move,
            thinking=s.computer_to_move,
            dataset={
                "phase": "over" if v["over"] else v["phase"],
                "currentPlayer": "" if player is None else str(player),
                "mode": s.mode,
                "seq": str(s.seq),  # last: waiting tests see a finished table
            },
            parts={"board": cells},
        )
