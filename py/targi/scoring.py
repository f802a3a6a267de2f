"""Final scoring: VP tokens, card VP, card bonuses, row bonuses; the winner and the tie-break."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING

from .cards import CARDS

if TYPE_CHECKING:
    from .game import Game

ROW_IDENTICAL = 4
ROW_DIFFERENT = 2
ROW_DIFFERENT_BOOSTED = 4  # diverse_rows_four
BOOSTED_ROWS = 2


@dataclass
class Score:
    tokens: int
    cards: int
    card_bonuses: list[dict] = field(default_factory=list)  # {"card": id, "name", "vp"}
    rows: list[int] = field(default_factory=list)  # one entry per display row
    total: int = 0
    gold: int = 0
    goods: int = 0

    def as_dict(self) -> dict:
        return asdict(self)


def score(g: Game, p: int) -> Score:
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
        kinds = {CARDS[c].symbol for c in row}
        if len(row) < 4:
            s.rows.append(0)
        elif len(kinds) == 1:
            s.rows.append(ROW_IDENTICAL)
        elif len(kinds) == 4:
            s.rows.append(ROW_DIFFERENT_BOOSTED if boosts else ROW_DIFFERENT)
            boosts = max(0, boosts - 1)
        else:
            s.rows.append(0)
    s.total = s.tokens + s.cards + sum(b["vp"] for b in s.card_bonuses) + sum(s.rows)
    s.gold = g.gold[p]
    s.goods = sum(g.goods[p])
    return s


def result(g: Game) -> tuple[int | None, str]:
    """(winner or None for a draw, what decided: 'points', 'gold', 'goods' or 'draw') — R2."""
    a, b = score(g, 0), score(g, 1)
    for key in ("total", "gold", "goods"):
        x, y = getattr(a, key), getattr(b, key)
        if x != y:
            return (0 if x > y else 1), ("points" if key == "total" else key)
    return None, "draw"
