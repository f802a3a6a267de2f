"""What a card face shows besides its words: its illustration (web/art/<name>.svg) and its
ability as a row of icons (web/icons/), both decided from the card table alone.

The icons are read at a glance; the card's whole text stays on hover, focus and a long press
(data-text), so an ability the icons cannot say well keeps its short words instead (None).
"""

from __future__ import annotations

from ...cards import BY_ID, CARDS

# The border cards' illustrations by effect code (the goods border cards by the good they give).
BORDER_ART = {
    "noble": "noble",
    "merchant": "merchant",
    "fata_morgana": "fata-morgana",
    "silversmith": "silversmith",
    "caravan": "caravan",
    "tribal_expansion": "tribal-expansion",
    "take:D": "border-dates",
    "take:S": "border-salt",
    "take:P": "border-pepper",
}
# A face-down central card shows its deck's back.
BACKS = {"goods": "back-goods", "tribe": "back-tribe"}


def symbol_name(symbol: str) -> str:
    """'Camel rider' -> 'camel-rider' (the icon's, the illustration's and the class's name)."""
    return symbol.replace(" ", "-").lower()


def art_name(card_id: str) -> str:
    """The illustration a card shows: its symbol's (tribe cards), its contents' kind (goods
    cards: goods, gold or a VP), its own (border cards; the four raids share one)."""
    c = BY_ID[card_id]
    if c.kind == "tribe":
        return symbol_name(c.symbol)
    if c.kind == "goods":
        body = c.effect.split(":", 1)[1]
        if body.endswith("VP"):
            return "vp"
        return "gold" if body.endswith("G") else "goods"
    if c.effect.startswith("raid:"):
        return "raid"
    return BORDER_ART[c.effect]


def all_art() -> frozenset[str]:
    """Every illustration some card (or a card back) can show."""
    return frozenset(art_name(c.id) for c in CARDS) | frozenset(BACKS.values())


# An ability in icons: a list of parts, each an icon name ("i:<name>") or a sign ("+", "→", a
# number). Signs and numbers only: no word of any language.
Part = str


def _icon(name: str) -> Part:
    return "i:" + name


def ability(card_id: str) -> list[Part] | None:
    """The card's ability as icons and signs, or None when icons would not say it clearly."""
    effect = BY_ID[card_id].effect
    code, _, arg = effect.partition(":")
    good, gold, vp, card = _icon("good"), _icon("G"), _icon("V"), _icon("card")
    if code == "take":
        return ["+1", _icon(arg)]
    if code == "raid":
        lose, _, lose_vp = arg.partition("|")
        n = lose[-1]
        return ["−" + n, gold if lose.startswith("gold") else good, "/", "−" + lose_vp[2:], vp]
    if code == "vp_per_two":
        return ["+1", vp, "/", "2", _icon(symbol_name(arg))]
    if code == "discount":
        return [_icon(symbol_name(arg)), "−1", good]
    if code == "goods_bonus":
        return [card, "+1", _icon(arg)]
    if code == "on_place":
        return ["+" + arg[0], gold if arg.endswith("G") else good]
    simple: dict[str, list[Part]] = {
        "noble": [good, "→", card],
        "merchant": ["3", good, "→", gold, "2", good, "→", good],
        "silversmith": ["2", good, "→", vp, gold, "→", "2", vp],
        "caravan": ["+", card, "→", good],
        "tribal_expansion": ["+", _icon("tribe-card")],
        "fata_morgana": [_icon("marker"), "→"],
        "raid_immunity": [_icon("raid"), "0"],
        "robber_access": [_icon("robber"), "✓"],
    }
    return simple.get(code)
