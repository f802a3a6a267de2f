"""Final scoring: VP tokens, card VP, card bonuses, row bonuses; the winner and the tie-break."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypedDict

from .cards import CARDS
from .constants import (
    BOOSTED_ROWS,
    ROW_DIFFERENT,
    ROW_DIFFERENT_BOOSTED,
    ROW_IDENTICAL,
    ROW_LENGTH,
)

if TYPE_CHECKING:
    from .read import ReadGame


class CardBonus(TypedDict):
    """The VP one `vp_per_two` card scores: `card` its id, `name`, `vp`."""

    card: str
    name: str
    vp: int


class ScoreDict(TypedDict):
    """`Score` as plain data (the view's `scores`)."""

    tokens: int
    cards: int
    card_bonuses: list[CardBonus]
    rows: list[int]
    total: int
    gold: int
    goods: int


@dataclass
class Score:
    """A player's final score (R2) and its parts; `gold` and `goods` break a tie."""

    tokens: int
    cards: int
    card_bonuses: list[CardBonus] = field(default_factory=list)
    rows: list[int] = field(default_factory=list)  # one entry per display row
    total: int = 0
    gold: int = 0
    goods: int = 0

    def as_dict(self) -> ScoreDict:
        """The score as JSON-ready data (the view's `scores`)."""
        return {
            "tokens": self.tokens,
            "cards": self.cards,
            "card_bonuses": [
                {"card": b["card"], "name": b["name"], "vp": b["vp"]} for b in self.card_bonuses
            ],  # copies, as asdict did
            "rows": list(self.rows),
            "total": self.total,
            "gold": self.gold,
            "goods": self.goods,
        }


def score(g: ReadGame, p: int) -> Score:
    """Player p's score as it stands (final once the game is over)."""
    rows = g.display[p]
    placed = [c for row in rows for c in row]
    s = Score(tokens=g.vp[p], cards=sum(CARDS[c].vp for c in placed))
    symbols = [CARDS[c].symbol for c in placed]
    for c in placed:
        effect = CARDS[c].effect
        if effect.startswith("vp_per_two:"):
            n = symbols.count(effect.split(":", 1)[1]) // 2
            s.card_bonuses.append({"card": CARDS[c].id, "name": CARDS[c].name, "vp": n})
    boosts = BOOSTED_ROWS if "diverse_rows_four" in g.effects[p] else 0
    for row in rows:
        row_symbols = [CARDS[c].symbol for c in row]
        s.rows.append(row_bonus(row_symbols, boosts > 0))
        if row_kind(row_symbols) == "different":
            boosts = max(0, boosts - 1)  # the boost goes to the first rows of four different
    s.total = s.tokens + s.cards + sum(b["vp"] for b in s.card_bonuses) + sum(s.rows)
    s.gold, s.goods = tie_break(g, p)
    return s


def tie_break(g: ReadGame, p: int) -> tuple[int, int]:
    """What breaks a tie on points for player p (R2), in its order: gold, then goods."""
    return g.gold[p], sum(g.goods[p])


def row_kind(symbols: Sequence[str]) -> str:
    """What a display row is to scoring: 'short' (not full), 'identical' (one symbol four
    times), 'different' (four symbols) or 'mixed' (anything else: no points).

    >>> row_kind(["Well"] * 4), row_kind(["Well", "Tent"]), row_kind(["Well"] * 3 + ["Tent"])
    ('identical', 'short', 'mixed')
    """
    if len(symbols) < ROW_LENGTH:
        return "short"
    kinds = len(set(symbols))
    return "identical" if kinds == 1 else "different" if kinds == ROW_LENGTH else "mixed"


def row_bonus(symbols: Sequence[str], boosted: bool) -> int:
    """The VP of a display row with these symbols: a full row of identical symbols or of all
    different ones scores; `boosted`: the row counts under the card `diverse_rows_four`.

    >>> row_bonus(["Well"] * 4, False), row_bonus(["Well", "Tent", "Oasis", "Targia"], False)
    (4, 2)
    >>> row_bonus(["Well", "Tent", "Oasis", "Targia"], True), row_bonus(["Well"] * 3, False)
    (4, 0)
    """
    kind = row_kind(symbols)
    if kind == "identical":
        return ROW_IDENTICAL
    if kind == "different":
        return ROW_DIFFERENT_BOOSTED if boosted else ROW_DIFFERENT
    return 0


def result(g: ReadGame) -> tuple[int | None, str]:
    """(winner or None for a draw, what decided: 'points', 'gold', 'goods' or 'draw') — R2."""
    a, b = score(g, 0), score(g, 1)
    for key in ("total", "gold", "goods"):
        x, y = getattr(a, key), getattr(b, key)
        if x != y:
            return (0 if x > y else 1), ("points" if key == "total" else key)
    return None, "draw"
