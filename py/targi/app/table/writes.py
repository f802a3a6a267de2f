"""What a redraw has to write into the page: a region only when its HTML changed since the last
redraw, of the board only the cells that changed, and the move log's new items appended when
the log only grew. The browser then parses, lays out and paints the parts that changed, not the
whole table, and the DOM ends up exactly as a full rewrite leaves it
(tests/app/test_redraw_writes.py replays whole games to check it)."""

from __future__ import annotations

from dataclasses import dataclass

from ..port import TableFrame

LOG = "log"

# Rewritten on every redraw even when unchanged: web/anim.js puts its +/- badges inside the
# panels' counters and reads the counters' text at the next redraw, which a kept panel would
# still hold.
ALWAYS = frozenset({"players"})


@dataclass(frozen=True)
class Write:
    """Set element `region`'s inner HTML to `html`, or append `html` to it (`append`), or, with
    `part` (row, column), replace the region's child `row`'s child `column` by `html`."""

    region: str
    html: str
    append: bool = False
    part: tuple[int, int] | None = None


class Writes:
    """The HTML last written to each region of the table, to skip what a redraw repeats."""

    def __init__(self) -> None:
        self.written: dict[str, str] = {}
        self.parts: dict[str, tuple[tuple[str, ...], ...]] = {}  # of the regions written

    def forget(self, region: str | None = None) -> None:
        """`region` (None: every region) was written by something else: write it in full."""
        if region is None:
            self.written.clear()
            self.parts.clear()
        else:
            self.written.pop(region, None)
            self.parts.pop(region, None)

    def of(self, frame: TableFrame) -> list[Write]:
        """The writes that turn the table as last drawn into `frame`, in the frame's order."""
        out = []
        for region, html in frame.regions.items():
            if region in ALWAYS or self.written.get(region) != html:
                out += self._changed(region, html, frame.parts.get(region))
                self.written[region] = html
        if frame.log is not None:
            before = self.written.get(LOG)
            if before is not None and frame.log.startswith(before):
                # the items so far are kept as they are; only the new ones are parsed
                if len(frame.log) > len(before):
                    out.append(Write(LOG, frame.log[len(before) :], append=True))
            else:
                out.append(Write(LOG, frame.log))
            self.written[LOG] = frame.log
        return out

    def _changed(
        self, region: str, html: str, parts: tuple[tuple[str, ...], ...] | None
    ) -> list[Write]:
        """A changed region's writes: its changed parts when it has the same shape of parts as
        last written (a board cell replaced leaves the others' layout and paint as they were),
        else the whole region."""
        before = self.parts.pop(region, None)
        if parts is None:
            return [Write(region, html)]
        self.parts[region] = parts
        if before is None or [len(row) for row in before] != [len(row) for row in parts]:
            return [Write(region, html)]
        return [
            Write(region, cell, part=(r, c))
            for r, row in enumerate(parts)
            for c, cell in enumerate(row)
            if before[r][c] != cell
        ]
