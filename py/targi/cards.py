"""The card table: every card fact the engine knows, read from data/cards.csv.

The engine never names a card; it dispatches on the `effect` codes of this table, so that
correcting a card (once the printed text is known) is a data change with no code change.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from .constants import GOODS as GOODS  # re-exported: older imports read it from here
from .constants import STOCK

SYMBOLS = ("Targia", "Camel rider", "Tent", "Well", "Oasis")

Cost = tuple[int, int, int, int]  # dates, salt, pepper, gold

COLUMNS = ("id", "kind", "name", "symbol", "vp", "cost", "effect", "text", "source")


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the table (a row of data/cards.csv)."""

    index: int  # position in the table; the engine's handle for the card
    id: str
    kind: str  # border | goods | tribe
    name: str
    symbol: str
    vp: int
    costs: tuple[Cost, ...]  # alternatives: a stroke cost ("goods / gold") has two
    effect: str
    text: str
    source: str

    @property
    def cost(self) -> str:
        """The cost as written in the table: '2D+1S/1G'."""
        return "/".join(format_cost(c) for c in self.costs)


def parse_cost(text: str) -> tuple[Cost, ...]:
    """'1D+2S' -> ((1, 2, 0, 0),); '2D+1S/1G' -> two alternatives (a stroke cost)."""
    if not text:
        return ()
    alternatives: list[Cost] = []
    for alt in text.split("/"):
        amounts = [0, 0, 0, 0]
        for part in alt.split("+"):
            part = part.strip()
            amounts[STOCK.index(part[-1])] += int(part[:-1])
        alternatives.append((amounts[0], amounts[1], amounts[2], amounts[3]))
    return tuple(alternatives)


def format_cost(cost: Cost) -> str:
    """(1, 2, 0, 0) -> '1D+2S'."""
    return "+".join(f"{n}{k}" for n, k in zip(cost, STOCK, strict=True) if n)


def read_csv(text: str) -> tuple[Card, ...]:
    """The card table from the CSV text; a card's index is its row."""
    rows = list(csv.DictReader(io.StringIO(text)))
    return tuple(
        Card(
            index=i,
            id=r["id"],
            kind=r["kind"],
            name=r["name"],
            symbol=r["symbol"],
            vp=int(r["vp"] or 0),
            costs=parse_cost(r["cost"]),
            effect=r["effect"],
            text=r["text"],
            source=r["source"],
        )
        for i, r in enumerate(rows)
    )


def table_text() -> str:
    """The text of data/cards.csv as packaged with the engine."""
    # Beside this module, as the wheel installs it; not importlib.resources, whose import costs
    # a first visit in Pyodide ~40 ms for a file that is always on disk.
    return (Path(__file__).parent / "data" / "cards.csv").read_text(encoding="utf-8")


CARDS: tuple[Card, ...] = read_csv(table_text())
BY_ID = {c.id: c for c in CARDS}
BORDER = {int(c.id[1:]): c for c in CARDS if c.kind == "border"}  # card number -> card
GOODS_CARDS = tuple(c.index for c in CARDS if c.kind == "goods")
TRIBE_CARDS = tuple(c.index for c in CARDS if c.kind == "tribe")


def as_rows() -> list[dict[str, str | int]]:
    """The table as the CSV's columns (for `python -m targi cards --json` and the page)."""
    out: list[dict[str, str | int]] = []
    for c in CARDS:
        out.append(
            {
                "id": c.id,
                "kind": c.kind,
                "name": c.name,
                "symbol": c.symbol,
                "vp": c.vp if c.kind == "tribe" else "",
                "cost": c.cost,
                "effect": c.effect,
                "text": c.text,
                "source": c.source,
            }
        )
    return out
