"""Where every point came from: the score screen's explanation, from the view's `scores`
(targi.scoring.score's parts) and the cards in each display.

The points themselves are the engine's; this module only says which part they belong to:
which row scored and why (four identical symbols, four different ones, a card that counts
such rows higher), which card bonus counted how many symbols.
"""

from __future__ import annotations

from ...cards import BY_ID
from ...constants import ROW_DIFFERENT, ROW_LENGTH
from ...scoring import row_kind
from ...view import View
from .catalog import Catalog


def row_reason(cat: Catalog, row: list[str], vp: int, booster: str | None) -> str:
    """One display row in words: its cards' symbols, what kind of row it is, its VP."""
    symbols = [BY_ID[c].symbol for c in row]
    kind = row_kind(symbols)
    if kind == "short":
        return cat.t("why.row.short", n=len(row), size=ROW_LENGTH)
    if kind == "identical":
        return cat.t("why.row.identical", symbol=cat.t("symbol." + symbols[0]), vp=vp)
    if kind == "different":
        if booster is not None and vp > ROW_DIFFERENT:
            return cat.t("why.row.different_boosted", card=cat.card_name(booster), vp=vp)
        return cat.t("why.row.different", vp=vp)
    return cat.t("why.row.mixed")


def explain(cat: Catalog, v: View, p: int) -> list[tuple[str, str]]:
    """(score row key, sentence) for each part of player p's final score."""
    s = v["scores"][p]
    display: list[list[str]] = v["players"][p]["display"]
    placed = [c for row in display for c in row]
    out = [("tokens", cat.t("why.tokens", vp=s["tokens"]))]
    out.append(("cards", cat.plural("why.cards", len(placed), vp=s["cards"])))
    for bonus in s["card_bonuses"]:
        card = BY_ID[bonus["card"]]
        symbol = card.effect.split(":", 1)[1]
        count = sum(1 for c in placed if BY_ID[c].symbol == symbol)
        text = cat.t(
            "why.bonus",
            card=cat.card_name(card.id),
            effect=cat.card_short(card.id),
            n=count,
            symbol=cat.t("symbol." + symbol),
            vp=bonus["vp"],
        )
        out.append((f"bonus-{card.id}", text))
    booster = next((c for c in placed if BY_ID[c].effect == "diverse_rows_four"), None)
    for r, row in enumerate(display):
        reason = row_reason(cat, row, s["rows"][r], booster)
        out.append((f"row{r + 1}", cat.t("why.row", n=r + 1, reason=reason)))
    return out
