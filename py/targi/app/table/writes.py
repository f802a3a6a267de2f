"""What a redraw has to write into the page: a region only when its HTML changed since the last
redraw, and the move log's new items appended when the log only grew. The browser then parses
and lays out the parts that changed, not the whole table, and the DOM ends up exactly as a full
rewrite leaves it (tests/app/test_redraw_writes.py replays whole games to check it)."""

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
    """Set element `region`'s inner HTML to `html`, or append `html` to it (`append`)."""

    region: str
    html: str
    append: bool = False


class Writes:
    """The HTML last written to each region of the table, to skip what a redraw repeats."""

    def __init__(self) -> None:
        self.written: dict[str, str] = {}

    def forget(self, region: str | None = None) -> None:
        """`region` (None: every region) was written by something else: write it in full."""
        if region is None:
            self.written.clear()
        else:
            self.written.pop(region, None)

    def of(self, frame: TableFrame) -> list[Write]:
        """The writes that turn the table as last drawn into `frame`, in the frame's order."""
        out = []
        for region, html in frame.regions.items():
            if region in ALWAYS or self.written.get(region) != html:
                out.append(Write(region, html))
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
