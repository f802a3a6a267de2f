"""Small drawings of the table for the rules page, as inline SVG built from the board's
geometry (targi.board) — where the cards lie, which crossings a set of Targis claims — so a
drawing can never disagree with the engine. Colours come from the page's CSS (classes)."""

from __future__ import annotations

from collections.abc import Iterable

from ...board import CORNERS, crossings
from .markup import esc
from .render import BORDER_AT, GRID

CELL = 34  # one card, in SVG units
GAP = 4
STEP = CELL + GAP


def _xy(r: int, c: int) -> tuple[int, int]:
    return c * STEP + 2, r * STEP + 2


def _centre(spot: str) -> tuple[int, int]:
    r, c = next(pos for pos, s in GRID.items() if s == spot)
    x, y = _xy(r, c)
    return x + CELL // 2, y + CELL // 2


def _icon(name: str, x: int, y: int, size: int, cls: str) -> str:
    """An icon of web/icons/ inside the drawing, painted by the page's CSS like any other."""
    box = f'x="{x}" y="{y}" width="{size}" height="{size}"'
    return (
        f'<foreignObject {box} class="{cls}"><span class="ic i-{name}" aria-hidden="true">'
        f"</span></foreignObject>"
    )


def _svg(width: int, height: int, label: str, body: str) -> str:
    return (
        f'<svg class="drawing" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{esc(label)}">{body}</svg>'
    )


def board(
    label: str,
    targis: dict[int, list[int]] | None = None,
    blocked: Iterable[int] = (),
    robber: int | None = None,
) -> str:
    """The 5x5 table: border cards by number (raids marked), central spaces by letter; Targis
    (player -> border cards), their crossings with a tribe marker each, blocked border cards
    crossed out, and the robber."""
    targis = targis or {}
    owner = {n: p for p, ns in targis.items() for n in ns}
    claimed = {s: p for p, ns in targis.items() for s in crossings(ns)}
    out = []
    for (r, c), spot in sorted(GRID.items()):
        x, y = _xy(r, c)
        if spot.isdigit():
            n = int(spot)
            cls = "raid" if n in CORNERS else "border"
            out.append(
                f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" rx="4" class="{cls}"/>'
            )
            out.append(f'<text x="{x + 4}" y="{y + 12}" class="num">{n}</text>')
            if n in CORNERS:
                out.append(_icon("raid", x + 14, y + 14, 16, "raidmark"))
        else:
            cls = "central" + (f" claim p{claimed[spot]}" if spot in claimed else "")
            out.append(
                f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" rx="4" class="{cls}"/>'
            )
            out.append(f'<text x="{x + CELL - 11}" y="{y + CELL - 4}" class="num">{spot}</text>')
    for spot, p in claimed.items():  # the row and the column that cross there
        out.append(_marker(*_centre(spot), p))
    for n, p in owner.items():
        out.append(_pawn(*_centre(str(n)), p))
    for n in blocked:
        x, y = _xy(*BORDER_AT[n])
        out.append(
            f'<path d="M{x + 6} {y + 6}L{x + CELL - 6} {y + CELL - 6}M{x + CELL - 6} {y + 6}'
            f'L{x + 6} {y + CELL - 6}" class="cross"/>'
        )
    if robber is not None:
        x, y = _xy(*BORDER_AT[robber])
        out.append(_icon("robber", x + 16, y + 14, 18, "robbermark"))
    size = 5 * STEP
    return _svg(size, size, label, "".join(out))


def _pawn(x: int, y: int, p: int) -> str:
    """A Targi as on the table (web/icons/pawn-*.svg): Blue round-headed, Red diamond-headed."""
    if p == 0:
        head = f'<circle cx="{x}" cy="{y - 5}" r="4.5"/>'
        body = f"M{x - 3} {y}h6l4.5 10h-15z"
    else:
        head = f'<path d="M{x} {y - 10}l4.5 4.5-4.5 4.5-4.5-4.5z"/>'
        body = f"M{x - 3} {y}h6l5 10h-16z"
    return f'<g class="targi p{p}">{head}<path d="{body}"/></g>'


def _marker(x: int, y: int, p: int) -> str:
    """A tribe marker as on the table: a Blue disc, a Red diamond."""
    if p == 0:
        return f'<circle cx="{x}" cy="{y}" r="6.5" class="marker p0"/>'
    return f'<path d="M{x} {y - 7.5}l7.5 7.5-7.5 7.5-7.5-7.5z" class="marker p1"/>'


def rows(examples: list[tuple[list[str], str, str]]) -> str:
    """Display rows of four cards, by symbol, each with what it scores at the end: a list whose
    words are HTML beside a small drawing, so they wrap in the reader's language instead of
    running out of an SVG box of fixed width. `examples`: (symbols, what the symbols are called
    for a screen reader, what the row scores)."""
    items = []
    for symbols, named, result in examples:
        out = []
        for j, symbol in enumerate(symbols):
            x = j * 38 + 2
            name = symbol.replace(" ", "-").lower()
            out.append(f'<rect x="{x}" y="2" width="34" height="34" rx="4" class="card s-{name}"/>')
            out.append(_icon(name, x + 5, 7, 24, "sym"))
        items.append(
            f"<li>{_svg(4 * 38 + 2, 38, named, ''.join(out))}"
            f'<span class="result">{esc(result)}</span></li>'
        )
    return f'<ul class="score-rows">{"".join(items)}</ul>'
