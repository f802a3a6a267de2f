"""Points round by round: an inline SVG drawn by the page, and the same numbers as a table.

Each round end (targi.app.review.replay.RoundEnd) is a column with a bar per player, stacked
from the parts of `score()`: VP tokens, card VP, card bonuses, rows. Raids are marked between
columns. Colours come from CSS classes (web/style.css: `--chart-*` variables, text in
currentColor), so a theme restyles it; Red's bars are outlined dashed, Blue's solid, so colour is
never the only difference. Screen readers get a summary on the SVG and a <table> of every number.

Two drawings of the same numbers: `svg.chart.wide`, a column per round, and `svg.chart.tall`, a
row per round with the bars lying down, which the CSS shows instead on a narrow screen: every
round fits the width of a phone at a readable size, with no sideways scrolling (issue 22).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...constants import ROUNDS
from ...scoring import Score
from ..html.markup import esc
from ..text.catalog import Catalog
from .replay import RoundEnd

PARTS = ("tokens", "cards", "bonus", "rows")  # bottom to top
LEFT, TOP, BOTTOM, GROUP, BAR = 30, 22, 24, 46, 15
HEIGHT = 210
# The wide drawing keeps room for a whole game's columns: a game replayed early on (a friend
# game so far) would otherwise stretch one or two columns over the whole width.
MIN_COLUMNS = ROUNDS


@dataclass(frozen=True)
class Column:
    label: str  # the round's number, or the catalog's word for the end after the last raid
    round: int
    raid_before: bool  # a raid happened between the previous column and this one
    parts: tuple[dict[str, int], dict[str, int]]  # per player: part -> VP, and "total"


def split(s: Score) -> dict[str, int]:
    """The parts of a score the chart stacks; they add up to its total."""
    bonus = sum(int(b["vp"]) for b in s.card_bonuses)
    return {"tokens": s.tokens, "cards": s.cards, "bonus": bonus, "rows": sum(s.rows),
            "total": s.total}  # fmt: skip


def columns(cat: Catalog, ends: list[RoundEnd]) -> list[Column]:
    out: list[Column] = []
    raid = False
    for i, end in enumerate(ends):
        after_round = i > 0 and ends[i - 1].round == end.round  # the final raid's own column
        label = cat.t("chart.end") if after_round else str(end.round)
        out.append(Column(label, end.round, raid, (split(end.scores[0]), split(end.scores[1]))))
        raid = end.raid_next
    return out


def _scale(cols: list[Column]) -> tuple[int, int]:
    """The axis top and the step between grid lines."""
    top = max([10] + [c.parts[p]["total"] for c in cols for p in (0, 1)])
    step = 5 if top <= 40 else 10
    return (top + step - 1) // step * step, step


def svg(cat: Catalog, cols: list[Column], names: tuple[str, str], now: int | None) -> str:
    """The chart; `now` (a round) is shaded: where the replay stands."""
    width = LEFT + GROUP * max(MIN_COLUMNS, len(cols)) + 8
    plot = HEIGHT - TOP - BOTTOM
    top, step = _scale(cols)

    def y(v: float) -> float:
        return TOP + plot - plot * v / top

    out = []
    for v in range(0, top + 1, step):
        out.append(_ruled("grid", (LEFT, width - 4, y(v), y(v)), "axis", (LEFT - 4, y(v) + 3),
                          "end", str(v)))  # fmt: skip
    for i, col in enumerate(cols):
        x0 = LEFT + GROUP * i
        if _is_now(cols, i, now):
            out.append(f'<rect class="now" x="{x0}" y="{TOP - 14}" width="{GROUP}" '
                       f'height="{plot + 14}"/>')  # fmt: skip
        if col.raid_before:
            out.append(_ruled("raid", (x0, x0, TOP - 12, TOP + plot), "raid-label",
                              (x0, TOP - 14), "middle", cat.t("chart.raid")))  # fmt: skip
        for p in (0, 1):
            out.append(_bar(col.parts[p], x0 + 6 + p * (BAR + 4), y, p))
        out.append(f'<text class="axis round" x="{x0 + GROUP / 2:.1f}" y="{HEIGHT - 8}" '
                   f'text-anchor="middle">{esc(col.label)}</text>')  # fmt: skip
    summary = _summary(cat, cols, names)
    return (
        f'<svg class="chart wide" viewBox="0 0 {width} {HEIGHT}" role="img" '
        f'aria-labelledby="chart-title" focusable="false"><title id="chart-title">'
        f"{esc(summary)}</title>{''.join(out)}</svg>"
    )


# The tall drawing: a row per round end, the two bars lying down, in viewBox units (the CSS
# scales it to the width: about 1 unit per CSS pixel on a phone, so its 12-unit text stays
# readable).
T_WIDTH, T_LABEL, T_TOP, T_ROW, T_BAR, T_RIGHT = 320, 62, 6, 32, 12, 28


def svg_tall(cat: Catalog, cols: list[Column], names: tuple[str, str], now: int | None) -> str:
    """The chart for a narrow screen: rounds down the page, points along it."""
    top, step = _scale(cols)
    span = T_WIDTH - T_LABEL - T_RIGHT
    height = T_TOP + T_ROW * max(1, len(cols)) + 16

    def x(v: float) -> float:
        return T_LABEL + span * v / top

    bottom = T_TOP + T_ROW * len(cols)
    out = []
    for v in range(0, top + 1, step * 2):
        out.append(_ruled("grid", (x(v), x(v), T_TOP, bottom), "axis", (x(v), bottom + 13),
                          "middle", str(v)))  # fmt: skip
    for i, col in enumerate(cols):
        y0 = T_TOP + T_ROW * i
        if _is_now(cols, i, now):
            out.append(f'<rect class="now" x="0" y="{y0}" width="{T_WIDTH}" height="{T_ROW}"/>')
        label_y = y0 + T_ROW / 2 + 4
        if col.raid_before:  # the line between the rows, the word above the round's number
            label_y = y0 + 27
            out.append(_ruled("raid", (0, T_WIDTH, y0, y0), "raid-label", (T_LABEL - 5, y0 + 13),
                              "end", cat.t("chart.raid")))  # fmt: skip
        out.append(f'<text class="axis round" x="{T_LABEL - 5}" y="{label_y:.1f}" '
                   f'text-anchor="end">{esc(col.label)}</text>')  # fmt: skip
        for p in (0, 1):
            out.append(_bar_lying(col.parts[p], y0 + 3 + p * (T_BAR + 1), x, p))
    return (
        f'<svg class="chart tall" viewBox="0 0 {T_WIDTH} {height}" role="img" '
        f'aria-labelledby="chart-title-tall" focusable="false"><title id="chart-title-tall">'
        f"{esc(_summary(cat, cols, names))}</title>{''.join(out)}</svg>"
    )


def _ruled(
    kind: str,
    ends: tuple[float, float, float, float],
    label_kind: str,
    at: tuple[float, float],
    anchor: str,
    label: str,
) -> str:
    """A line (a grid line, a raid) and its label: both drawings, either way round."""
    x1, x2, y1, y2 = ends
    return (
        f'<line class="{kind}" x1="{x1:g}" x2="{x2:g}" y1="{y1:.1f}" y2="{y2:.1f}"/>'
        f'<text class="{label_kind}" x="{at[0]:.1f}" y="{at[1]:.1f}" '
        f'text-anchor="{anchor}">{esc(label)}</text>'
    )


def _is_now(cols: list[Column], i: int, now: int | None) -> bool:
    """The column of the round being played: the last one of that round (a round followed by
    the final raid has two)."""
    return (
        now is not None
        and cols[i].round == now
        and (i + 1 == len(cols) or cols[i + 1].round != now)
    )


def _summary(cat: Catalog, cols: list[Column], names: tuple[str, str]) -> str:
    last = cols[-1].parts if cols else ({"total": 0}, {"total": 0})
    return cat.t("chart.summary", a=names[0], b=names[1], x=last[0]["total"], y=last[1]["total"])


def _bar_lying(parts: dict[str, int], y: float, x: Callable[[float], float], p: int) -> str:
    at = 0
    rects = []
    for part in PARTS:
        v = parts[part]
        if v > 0:
            rects.append(f'<rect class="seg {part}" x="{x(at):.1f}" y="{y}" '
                         f'width="{x(at + v) - x(at):.1f}" height="{T_BAR}"/>')  # fmt: skip
            at += v
    total = parts["total"]
    end = x(total)
    rects.append(f'<rect class="outline p{p}" x="{x(0):.1f}" y="{y}" width="{end - x(0):.1f}" '
                 f'height="{T_BAR}"/><text class="total" x="{end + 3:.1f}" y="{y + T_BAR - 1}" '
                 f'text-anchor="start">{total}</text>')  # fmt: skip
    return "".join(rects)


def _bar(parts: dict[str, int], x: float, y: Callable[[float], float], p: int) -> str:
    at = 0
    rects = []
    for part in PARTS:
        v = parts[part]
        if v > 0:
            y1, y0 = y(at + v), y(at)
            rects.append(f'<rect class="seg {part}" x="{x}" y="{y1:.1f}" width="{BAR}" '
                         f'height="{y0 - y1:.1f}"/>')  # fmt: skip
            at += v
    total = parts["total"]
    y_top, y_zero = y(total), y(0)
    rects.append(f'<rect class="outline p{p}" x="{x}" y="{y_top:.1f}" width="{BAR}" '
                 f'height="{y_zero - y_top:.1f}"/><text class="total" x="{x + BAR / 2}" '
                 f'y="{y_top - 2:.1f}" text-anchor="middle">{total}</text>')  # fmt: skip
    return "".join(rects)


def legend(cat: Catalog, names: tuple[str, str]) -> str:
    parts = "".join(
        f'<li><span class="swatch {part}" aria-hidden="true"></span>'
        f"{esc(cat.t('chart.' + part))}</li>"
        for part in PARTS
    )
    players = "".join(
        f'<li><span class="swatch outline p{p}" aria-hidden="true"></span>'
        f"{esc(cat.t('chart.bar', player=names[p]))}</li>"
        for p in (0, 1)
    )
    return f'<ul class="chart-legend">{players}{parts}</ul>'


def table(cat: Catalog, cols: list[Column], names: tuple[str, str]) -> str:
    """Every number of the chart, for screen readers and anyone who prefers figures."""
    heads = [cat.t("chart." + part) for part in PARTS] + [cat.t("chart.total")]
    top = "".join(f'<th colspan="5" scope="colgroup" class="p{p}">{esc(names[p])}</th>'
                  for p in (0, 1))  # fmt: skip
    sub = "".join(f'<th scope="col">{esc(h)}</th>' for h in heads) * 2
    rows = []
    for col in cols:
        label = cat.t("chart.row_raid", label=col.label) if col.raid_before else col.label
        cells = "".join(
            f"<td>{col.parts[p][part]}</td>" for p in (0, 1) for part in (*PARTS, "total")
        )
        rows.append(
            f'<tr data-round="{esc(col.label)}"><th scope="row">{esc(label)}</th>{cells}</tr>'
        )
    return (
        f'<table class="chart-numbers"><caption>{esc(cat.t("chart.caption"))}</caption>'
        f'<thead><tr><td></td>{top}</tr><tr><th scope="col">{esc(cat.t("chart.round"))}</th>'
        f"{sub}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def chart(cat: Catalog, ends: list[RoundEnd], names: tuple[str, str], now: int | None) -> str:
    """The whole #review-chart: SVG, legend and the table behind a toggle."""
    cols = columns(cat, ends)
    if not cols:
        return f'<p class="small">{esc(cat.t("chart.empty"))}</p>'
    return (
        f'<div class="chart-box">{svg(cat, cols, names, now)}{svg_tall(cat, cols, names, now)}'
        f"</div>{legend(cat, names)}"
        f'<details class="chart-details">'
        f"<summary>{esc(cat.t('chart.as_table'))}</summary>{table(cat, cols, names)}</details>"
    )
