"""The reading pages of the app: How to play, the card reference and About, as HTML from the
message catalog (so they can be translated), the card table and the view.

The rules page follows docs/rules.md section by section; its drawings are built from the
board's geometry (targi.app.html.drawings). The card reference lists all 80 cards from targi.cards
and, during a game, which goods and tribe cards have not been turned up yet (the view's
`unseen`: the decks and the face-down central cards, which every player may count).
"""

from __future__ import annotations

from collections import Counter

from ...cards import BORDER, CARDS, SYMBOLS
from ..session import PageView
from ..text.catalog import Catalog
from . import drawings
from .markup import esc
from .render import Renderer

# The rules page: (section, the drawing shown with it, if any). Each section has the words
# "rules.<section>.title" and "rules.<section>.text" (lines; "- " starts a list item).
SECTIONS = (
    ("goal", ""),
    ("setup", "table"),
    ("round", ""),
    ("placement", "placement"),
    ("crossings", "crossings"),
    ("actions", ""),
    ("cards", ""),
    ("hand", ""),
    ("display", "rows"),
    ("raids", ""),
    ("limits", ""),
    ("end", ""),
)
RULINGS = tuple(f"R{n}" for n in range(1, 15))  # docs/rules.md, "Rulings"
# About: what the card table is sure of and what was reconstructed (docs/rules.md, "Card data").
FACTS = ("border", "border_goods", "goods_kinds", "goods_counts", "tribe_basics", "tribe_data",
         "stroke_costs", "effects", "effect_cards")  # fmt: skip


# One goods card of each kind (contents), named for the kind: effect code -> card id.
GOODS_KINDS = {c.effect: c.id for c in reversed(CARDS) if c.kind == "goods"}
PAGES = ("rules", "cards", "about")  # `data-action` names; each has the words "<page>.title"


class Pages:
    def __init__(self, cat: Catalog, render: Renderer) -> None:
        self.cat = cat
        self.r = render

    def page(self, page: str, v: PageView | None, tips: bool) -> str:
        """The body of a reading page: `v` is the game on the table (None before a game),
        `tips` whether first-game tips are on (How to play has their switch)."""
        if page == "rules":
            return f'<p id="tips-setting" class="tips-setting">{self.tips_setting(tips)}</p>' + (
                self.rules()
            )
        if page == "cards":
            return self.cards(v)
        if page == "about":
            return self.about() + '<p id="about-version" class="small"></p>'
        raise ValueError(f"no reading page {page!r}")

    def paragraphs(self, key: str) -> str:
        """A catalog text as paragraphs and lists: one line each, "- " for a list item."""
        out, items = [], []
        for line in self.cat.t(key).split("\n"):
            if line.startswith("- "):
                items.append(f"<li>{esc(line[2:])}</li>")
                continue
            if items:
                out.append(f"<ul>{''.join(items)}</ul>")
                items = []
            if line.strip():
                out.append(f"<p>{esc(line)}</p>")
        if items:
            out.append(f"<ul>{''.join(items)}</ul>")
        return "".join(out)

    # ---- How to play ---------------------------------------------------------------------------
    def drawing(self, name: str) -> str:
        cat = self.cat
        caption = cat.t(f"rules.drawing.{name}")
        if name == "table":
            svg = drawings.board(caption, robber=1)
        elif name == "placement":
            svg = drawings.board(caption, {1: [3]}, blocked=(9, 6, 4, 8, 12, 16), robber=6)
        elif name == "crossings":
            svg = drawings.board(caption, {0: [2, 14, 9]})
        else:
            examples = [
                (["Well"] * 4, "identical"),
                (["Well", "Tent", "Oasis", "Targia"], "different"),
                (["Well", "Well", "Tent", "Oasis"], "mixed"),
            ]
            svg = drawings.rows(
                [
                    (
                        row,
                        cat.join(cat.t(f"symbol.{s}") for s in row),
                        cat.t(f"rules.drawing.rows.{k}"),
                    )
                    for row, k in examples
                ]
            )
        return f'<figure class="rule-drawing">{svg}<figcaption>{esc(caption)}</figcaption></figure>'

    def rules(self) -> str:
        cat = self.cat
        toc = "".join(
            f'<li><a href="#rules-{s}">{esc(cat.t(f"rules.{s}.title"))}</a></li>'
            for s, _ in SECTIONS
        )
        toc += f'<li><a href="#rules-rulings">{esc(cat.t("rules.rulings.title"))}</a></li>'
        out = [f'<p class="lead">{esc(cat.t("rules.intro"))}</p><ol class="toc">{toc}</ol>']
        for section, picture in SECTIONS:
            out.append(
                f'<section id="rules-{section}"><h3>{esc(cat.t(f"rules.{section}.title"))}</h3>'
                f"{self.paragraphs(f'rules.{section}.text')}"
                f"{self.r.how_to_read('rules.crossings', 'p') if section == 'crossings' else ''}"
                f"{self.drawing(picture) if picture else ''}</section>"
            )
        rulings = "".join(
            f'<li id="ruling-{r}"><b>{r}</b> {esc(cat.t(f"rules.ruling.{r}"))}</li>'
            for r in RULINGS
        )
        out.append(
            f'<section id="rules-rulings"><h3>{esc(cat.t("rules.rulings.title"))}</h3>'
            f'{self.paragraphs("rules.rulings.text")}<ol class="rulings">{rulings}</ol></section>'
        )
        return "".join(out)

    def tips_setting(self, on: bool) -> str:
        """The switch for first-game tips (a button that says its state)."""
        state = self.cat.t("tips.on" if on else "tips.off")
        return (
            f'<button type="button" data-action="tips-toggle" aria-pressed="{str(on).lower()}">'
            f"{esc(self.cat.t('tips.setting', state=state))}</button>"
        )

    # ---- the card reference --------------------------------------------------------------------
    def unseen(self, v: PageView) -> str:
        """How many goods and tribe cards the game has not turned up yet, by contents, by symbol."""
        cat = self.cat
        goods, tribe = v["unseen"]["goods"], v["unseen"]["tribe"]
        first = GOODS_KINDS
        goods_items = "".join(
            f"<li>{self.r.goods_contents(first[e])} "
            f"{esc(cat.t('cards.count', n=n, name=cat.card_name(first[e])))}</li>"
            for e, n in goods.items()
        )
        tribe_items = "".join(
            f'<li class="s-{s.replace(" ", "-").lower()}">{self.r.symbol_icon(s)}'
            f"{esc(cat.t('cards.count', n=tribe.get(s, 0), name=cat.t('symbol.' + s)))}</li>"
            for s in SYMBOLS
        )
        return (
            f'<section class="unseen-box" id="cards-unseen">'
            f"<h3>{esc(cat.t('cards.unseen.title'))}</h3>"
            f'<p class="small">{esc(cat.t("cards.unseen.help"))}</p>'
            f"<h4>{esc(cat.t('cards.unseen.tribe', n=sum(tribe.values())))}</h4>"
            f'<ul class="by-symbol">{tribe_items}</ul>'
            f"<h4>{esc(cat.t('cards.unseen.goods', n=sum(goods.values())))}</h4>"
            f'<ul class="by-kind">{goods_items}</ul></section>'
        )

    @staticmethod
    def turned_up(v: PageView) -> set[str | None]:
        """The tribe cards a player has seen and can point to now: in the centre face up, in
        play, in a display or hand, on the discard pile."""
        seen: set[str | None] = {c["card"] for c in v["central"] if c["card"]}
        seen.update(v["discards"]["tribe"])
        for pl in v["players"]:
            seen |= {c for row in pl["display"] for c in row} | {pl["hand"]}
        return seen | {v["in_play"]} | {v["decision"].get("card")}

    def cards(self, v: PageView | None) -> str:
        """All 80 cards with their full text; during a game, what is still unseen first."""
        cat = self.cat
        seen = self.turned_up(v) if v is not None else None
        out = [f'<p class="small">{self.r.how_to_read("cards.read")}</p>']
        out += [self.unseen(v)] if v is not None else []
        border = "".join(
            f'<li data-card="{c.id}">{self.r.face(c.id, "ref")}<span class="ref-text"><b>{n}</b> '
            f"{esc(cat.card_name(c.id))}: {esc(cat.card_text(c.id))}</span></li>"
            for n, c in sorted(BORDER.items())
        )
        out.append(f'<section><h3>{esc(cat.t("cards.border"))}</h3><ul class="ref-border">'
                   f"{border}</ul></section>")  # fmt: skip
        goods = Counter(c.effect for c in CARDS if c.kind == "goods")
        first = GOODS_KINDS
        items = "".join(
            f'<li data-card="{first[e]}">{self.r.face(first[e], "ref")}<span class="ref-text">'
            f"{esc(cat.t('cards.count', n=n, name=cat.card_name(first[e])))}</span></li>"
            for e, n in goods.items()
        )
        out.append(f'<section><h3>{esc(cat.t("cards.goods"))}</h3><ul class="ref-goods">'
                   f"{items}</ul></section>")  # fmt: skip
        for symbol in SYMBOLS:
            cards = [c for c in CARDS if c.kind == "tribe" and c.symbol == symbol]
            items = "".join(
                self.tribe_entry(c.id, seen is not None and c.id not in seen) for c in cards
            )
            out.append(
                f"<section><h3>{self.r.symbol_icon(symbol)}{esc(cat.t('symbol.' + symbol))}</h3>"
                f'<ul class="ref-tribe">{items}</ul></section>'
            )
        return "".join(out)

    def tribe_entry(self, card_id: str, unseen: bool) -> str:
        cat = self.cat
        text = cat.card_text(card_id) or cat.t("cardtext.plain")
        mark = f'<span class="mark">{esc(cat.t("cards.not_seen"))}</span>' if unseen else ""
        return (
            f'<li data-card="{card_id}" class="{"unseen" if unseen else "seen"}">'
            f'{self.r.face(card_id, "ref")}<span class="ref-text">{mark}'
            f'<span class="tx">{esc(text)}</span></span></li>'
        )

    # ---- About ---------------------------------------------------------------------------------
    def about(self) -> str:
        cat = self.cat
        facts = "".join(
            f'<li data-fact="{f}"><b>{esc(cat.t(f"about.fact.{f}"))}</b> '
            f'<span class="level">{esc(cat.t(f"about.fact.{f}.level"))}</span> '
            f'<span class="source">{esc(cat.t(f"about.fact.{f}.why"))}</span></li>'
            for f in FACTS
        )
        # What is faithful comes first: the rules are the rulebooks', the card data only partly.
        return (
            f"{self.paragraphs('about.faithful')}"
            f"{self.paragraphs('about.credits')}<h3>{esc(cat.t('about.cards.title'))}</h3>"
            f"{self.paragraphs('about.cards.text')}"
            f'<ul class="about-facts">{facts}</ul>'
            f"{self.paragraphs('about.reconstruction')}"
        )

    def version(self, version: str) -> str:
        return self.cat.t("about.version", version=version or self.cat.t("about.version_unknown"))
