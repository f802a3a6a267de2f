"""The table as HTML, from the engine's view: one string per region of the page.

Every text goes through `esc` (nothing from a save string or the catalog is trusted as HTML).
Every element that makes a move is a <button data-move="…"> so it can be reached by keyboard.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...board import CENTRAL, CORNERS
from ...cards import BORDER, BY_ID, GOODS
from ...constants import ROW_LENGTH, TARGIS
from ..preview import Preview
from ..session import PageView
from ..store.storage import HINT_LEVELS, PACES, THEMES
from ..text.catalog import LANGUAGES, Catalog
from ..text.words import (
    COST_TOKENS,
    TOKENS,
    LogWords,
    border_label,
    central_label,
    goods_phrase,
    move_label,
    player_names,
)
from .art import BACKS, ability, art_name, symbol_name
from .markup import esc
from .score import score as score_screen

# Where each border card sits in the 5x5 grid (row, column), clockwise from the top left.
BORDER_AT = {
    16: (0, 0), 1: (0, 1), 2: (0, 2), 3: (0, 3), 4: (0, 4),
    5: (1, 4), 6: (2, 4), 7: (3, 4), 8: (4, 4),
    9: (4, 3), 10: (4, 2), 11: (4, 1), 12: (4, 0),
    13: (3, 0), 14: (2, 0), 15: (1, 0),
}  # fmt: skip
GRID: dict[tuple[int, int], str] = {pos: str(n) for n, pos in BORDER_AT.items()}
GRID.update({(1 + i // 3, 1 + i % 3): CENTRAL[i] for i in range(len(CENTRAL))})

# Decisions answered on the table itself; their moves also get buttons unless listed here.
BOARD_ONLY = frozenset({"place"})

# The hint's own mark (a badge with a lamp), beside its dashed frame: a shape, not a shade, so
# it stays distinct from keyboard focus, the last move and the player to move (docs/page.md).
HINT_BADGE = '<span class="hint-badge" aria-hidden="true"></span>'


@dataclass(frozen=True)
class _Board:
    """What every cell of one drawing of the board needs."""

    v: PageView
    legal: frozenset[str]  # the moves a click may make
    kind: str  # the decision being made
    hint: str | None
    last: str  # the last move played
    targis: dict[int, int]  # border card -> whose Targi stands on it
    markers: dict[str, int]  # central space -> whose tribe marker lies on it
    next_raid: str | None
    preview: dict[str, Preview]  # place move -> what it would claim and close (targi.app.preview)
    marks: dict[str, tuple[str, ...]]  # the replay's marks: move -> "played", "suggested"


class Renderer:
    def __init__(self, cat: Catalog) -> None:
        self.cat = cat
        self.log_words = LogWords(cat)
        self.log_items: list[tuple[tuple[str, str], str]] = []  # a log line, its <li>
        # Pieces that depend on the words alone (a card's face, a token), made once per
        # language: a redraw of the table draws the same cards and tokens again and again.
        self.pieces: dict[tuple[object, ...], str] = {}
        self.pieces_in: dict[str, str] | None = None  # the catalog's messages they are in
        self.pieces_lang = ""

    def once(self, key: tuple[object, ...], make: Callable[[], str]) -> str:
        """`make()`, kept under `key` while the catalog's words stay the same."""
        if self.cat.messages is not self.pieces_in or self.cat.lang != self.pieces_lang:
            self.pieces.clear()
            self.pieces_in, self.pieces_lang = self.cat.messages, self.cat.lang
        piece = self.pieces.get(key)
        if piece is None:
            piece = self.pieces[key] = make()
        return piece

    # ---- small pieces --------------------------------------------------------------------------
    def icon(self, name: str) -> str:
        """An icon of web/icons/ (decorative: its words are beside it or in a label). A span
        painted by CSS, which costs the browser far less than an <svg><use> per token."""
        return f'<span class="ic i-{esc(name)}" aria-hidden="true"></span>'

    def symbol_icon(self, symbol: str) -> str:
        return self.icon(symbol.replace(" ", "-").lower())

    def token(self, letter: str, n: int | str = "", extra: str = "", attrs: str = "") -> str:
        return self.once(
            ("token", letter, n, extra, attrs), lambda: self._token(letter, n, extra, attrs)
        )

    def _token(self, letter: str, n: int | str, extra: str, attrs: str) -> str:
        title = self.cat.t(f"token.{letter}.name")
        if isinstance(n, int):  # "5 soli", not "5 sól": the language's plural form
            label = self.cat.plural(f"token.{letter}", n)
        else:
            label = f"{n} {title}" if n != "" else title
        return (
            f'<span class="tok ic-tok t-{letter}{extra}"{attrs} title="{esc(title)}" role="img" '
            f'aria-label="{esc(label)}">'
            f"{self.icon(letter)}{esc(n)}</span>"
        )

    def tokens(self, letters: str) -> str:
        """Chips for a multiset of token letters: 'DDS' -> [2 D][1 S]."""
        return "".join(self.token(k, letters.count(k)) for k in TOKENS if k in letters)

    def cost(self, card_id: str) -> str:
        alts = (zip(COST_TOKENS, alt, strict=True) for alt in BY_ID[card_id].costs)
        return '<span class="alt">/</span>'.join(
            "".join(self.token(k, n) for k, n in alt if n) for alt in alts
        )

    def piece(self, kind: str, p: int) -> str:
        return self.once(("piece", kind, p), lambda: self._piece(kind, p))

    def _piece(self, kind: str, p: int) -> str:
        label = self.cat.t(f"piece.{kind}", player=self.cat.t(f"colour.{p}"))
        attrs = f'role="img" aria-label="{esc(label)}" title="{esc(label)}"'
        return f'<span class="pc {kind} p{p}" data-piece="{kind}" {attrs}></span>'

    def goods_contents(self, card_id: str) -> str:
        body = BY_ID[card_id].effect.split(":", 1)[1]
        if body == "D/S/P":
            sep = '<span class="alt">/</span>'
            return sep.join(self.token(k, 1) for k in GOODS)
        letters = ""
        for part in body.split("+"):
            letters += ("V" if part.endswith("VP") else part[-1]) * int(part[0])
        return self.tokens(letters)

    def full_text(self, card_id: str) -> str:
        """Everything a card says, in one sentence (its tooltip and the card reference)."""
        return self.once(("full_text", card_id), lambda: self._full_text(card_id))

    def _full_text(self, card_id: str) -> str:
        c = BY_ID[card_id]
        cat = self.cat
        if c.kind == "border":
            n = int(card_id[1:])
            return cat.t("cardtext.border", card=border_label(cat, n), text=cat.card_text(card_id))
        if c.kind == "goods":
            return cat.t("cardtext.goods", text=cat.card_text(card_id))
        costs = cat.t("cardtext.or").join(
            goods_phrase(cat, "".join(k * n for k, n in zip(COST_TOKENS, alt, strict=True)))
            for alt in c.costs
        )
        text = cat.card_text(card_id) or cat.t("cardtext.plain")
        return cat.t(
            "cardtext.tribe",
            name=cat.card_name(card_id),
            symbol=cat.t("symbol." + c.symbol),
            vp=c.vp,
            cost=costs,
            text=text,
        )

    def art(self, name: str, inner: str = "") -> str:
        """A card's illustration (web/art/<name>.svg, painted by web/cards.css) in its window."""
        return f'<span class="art a-{esc(name)}" aria-hidden="true">{inner}</span>'

    def ability(self, card_id: str) -> str:
        """The card's ability as icons and signs (decorative: the words are beside it, and the
        whole text is the card's data-text), or "" when icons would not say it clearly."""
        parts = ability(card_id)
        if parts is None:
            return ""
        html = "".join(
            self.icon(p[2:]) if p.startswith("i:") else f"<b>{esc(p)}</b>" for p in parts
        )
        return f'<span class="ab" aria-hidden="true">{html}</span>'

    def crosses(self, vp: int) -> str:
        """VP as silver crosses, bottom right as on a printed card (the number is its name)."""
        title = esc(self.cat.t("card.vp_title"))
        label = esc(self.cat.plural("token.V", vp))
        return (
            f'<span class="vp" role="img" title="{title}" aria-label="{label}">'
            f"{self.icon('cross') * vp}</span>"
        )

    def card(self, card_id: str, cls: str = "mini", focusable: bool = False) -> str:
        """A card the player can read: its face with its id and full text (data-card,
        data-text). `focusable`: a card not inside a button, reachable by keyboard."""
        return self.once(
            ("card", card_id, cls, focusable), lambda: self._card(card_id, cls, focusable)
        )

    def _card(self, card_id: str, cls: str, focusable: bool) -> str:
        full = esc(self.full_text(card_id))
        attrs = f' data-card="{esc(card_id)}" data-text="{full}"'
        return self.face(card_id, cls, attrs + (' tabindex="0"' if focusable else ""))

    def face(self, card_id: str, cls: str, attrs: str = "") -> str:
        """A card face: its name, cost top right, the illustration, the ability in icons and
        short words, VP as crosses bottom right (web/cards.css lays it out within any box)."""
        c = BY_ID[card_id]
        cat = self.cat
        if c.kind == "goods":
            return (
                f'<div class="card face goods {cls}"{attrs}>'
                f'<span class="nm">{esc(cat.t("kind.goods"))}</span>'
                f"{self.art(art_name(card_id))}"
                f'<span class="gd">{self.goods_contents(card_id)}</span></div>'
            )
        if c.kind == "border":
            icons = self.ability(card_id)
            return (
                f'<div class="card face border{" has-ab" if icons else ""} {cls}"{attrs}>'
                f'<span class="nm">{esc(cat.card_name(card_id))}</span>'
                f"{self.art(art_name(card_id))}{icons}"
                f'<span class="tx">{esc(cat.card_short(card_id))}</span></div>'
            )
        sym = symbol_name(c.symbol)
        effect = cat.card_short(card_id) if c.effect else ""
        icons = self.ability(card_id) if c.effect else ""
        text = f'<span class="tx">{esc(effect)}</span>' if effect else ""
        band = (
            f'<span class="sym">{self.icon(sym)}<span class="sy">{esc(cat.t("symbol." + c.symbol))}'
            f"</span></span>"
        )
        return (
            f'<div class="card face tribe s-{sym}{" has-ab" if icons else ""} {cls}"{attrs}>'
            f'<span class="hd"><span class="nm">{esc(cat.card_name(card_id))}</span>'
            f'<span class="cost">{self.cost(card_id)}</span></span>{self.art(sym, band)}'
            f"{icons}{text}{self.crosses(c.vp)}</div>"
        )

    # ---- the board -----------------------------------------------------------------------------
    def board(
        self,
        v: PageView,
        hint: str | None = None,
        marks: dict[str, tuple[str, ...]] | None = None,
    ) -> str:
        """The 5x5 board; `marks` (the replay's): moves to label as played and as the
        computer's choice, on the cards they concern."""
        return self.board_rows(self.board_cells(v, hint, marks))

    @staticmethod
    def board_rows(rows: tuple[tuple[str, ...], ...]) -> str:
        """The board's HTML from its cells' (`board_cells`): five rows of five."""
        # Grid semantics (#board is role=grid): five rows of five cells, each cell a gridcell
        # named with its place, so a screen reader says where it is (rows and columns are
        # `display: contents`: the CSS grid still lays the cells out).
        return "".join(
            f'<div class="brow" role="row" aria-rowindex="{r + 1}">{"".join(cells)}</div>'
            for r, cells in enumerate(rows)
        )

    def board_cells(
        self,
        v: PageView,
        hint: str | None = None,
        marks: dict[str, tuple[str, ...]] | None = None,
    ) -> tuple[tuple[str, ...], ...]:
        """Each cell's HTML, row by row: a redraw rewrites only the cells that changed."""
        b = _Board(
            v=v,
            legal=frozenset(v["moves"]),
            kind=v["decision"]["kind"],
            hint=hint,
            last=v["last_move"] or "",  # outlined: what just happened
            targis={n: p for p in (0, 1) for n in v["players"][p]["targis"]},
            markers={m: p for p in (0, 1) for m in v["players"][p]["markers"]},
            next_raid=v["next_raid"]["card"] if v["next_raid"] else None,
            preview=v["preview"],
            marks=marks or {},
        )
        return tuple(
            tuple(
                self.border_cell(int(spot), b) if spot.isdigit() else self.central_cell(spot, b)
                for spot in (GRID[(r, c)] for c in range(5))
            )
            for r in range(5)
        )

    def _cell(self, b: _Board, cls: str, inner: str, move: str | None, attrs: str) -> str:
        """One cell of the board; `attrs` name its place (data-border / data-space) and, for a
        card that can be read, its full text (data-text, shown on hover, focus, long press)."""
        if move:
            cls += " legal"
            if move == b.hint:
                cls += " hint"
                inner += HINT_BADGE
            attrs += self.preview_attrs(b, move)
            # the name is what the button does, then what it shows (the visible words stay part
            # of the name: spoken commands "click Merchant" still find it)
            doing = esc(move_label(self.cat, b.v, move))
            return (
                f'<div class="gcell" role="gridcell"><button type="button" class="cell {cls}" '
                f'data-move="{esc(move)}"{attrs}><span class="sr-only">{doing}: </span>{inner}'
                f"</button></div>"
            )
        focus = ' tabindex="0"' if "data-text" in attrs else ""
        return f'<div class="cell {cls}" role="gridcell"{attrs}{focus}>{inner}</div>'

    def mark_tags(self, marks: tuple[str, ...]) -> str:
        """The replay's labels for a move: "played", "suggested" (the computer's choice, with the
        hint's lamp); words, not shades, so a screen reader and a colour-blind eye get them too."""
        return "".join(
            f'<span class="rv-mark {k}">{HINT_BADGE if k == "suggested" else ""}'
            f'<span class="rv-word">{esc(self.cat.t("review.mark." + k))}</span></span>'
            for k in marks
        )

    def marked(self, b: _Board, moves: tuple[str, ...]) -> tuple[str, str]:
        """(classes, labels) of the replay's marks on a cell whose moves are `moves`."""
        kinds = tuple(k for m in moves for k in b.marks.get(m, ()))
        if not kinds:
            return "", ""
        cls = "".join(f" marked-{k}" for k in kinds)
        return cls, f'<span class="rv-marks">{self.mark_tags(kinds)}</span>'

    def preview_attrs(self, b: _Board, move: str) -> str:
        """What placing here would claim and close (targi.app.preview), for the page to show
        on hover and focus: the spaces and cards to outline and a sentence."""
        preview = b.preview.get(move)
        if preview is None:
            return ""
        cat = self.cat
        markers, closes = preview["markers"], preview["closes"]
        join = cat.join
        if markers:
            parts = [
                cat.t("preview.markers", spaces=join(central_label(cat, b.v, s) for s in markers))
            ]
        else:
            parts = [cat.t("preview.no_markers")]
        if closes:
            parts.append(cat.t("preview.closes", cards=join(border_label(cat, n) for n in closes)))
        text = " ".join(parts)
        return (
            f' data-preview-markers="{" ".join(markers)}"'
            f' data-preview-closes="{" ".join(map(str, closes))}"'
            f' data-preview="{esc(text)}" aria-description="{esc(text)}"'
        )

    def border_cell(self, n: int, b: _Board) -> str:
        cat = self.cat
        card = BORDER[n]
        cls = "border"
        if n in CORNERS:
            cls += " raid"
        if card.id == b.next_raid:
            cls += " next-raid"
        if b.last in (f"t{n}", f"u{n}"):
            cls += " last"
        if self.ability(card.id):
            cls += " has-ab"
        inner = self.once(("border", n), lambda: self.border_face(n))
        extras = ""
        if b.v["robber"] == n:
            cls += " robbed"
            robber = esc(cat.t("piece.robber"))
            # a figure standing on its card, drawn by CSS (web/board.css)
            extras += (
                f'<span class="robber" data-piece="robber" role="img" title="{robber}" '
                f'aria-label="{robber}"></span>'
            )
        if n in b.targis:
            extras += self.piece("targi", b.targis[n])
        if extras:
            inner += f'<span class="on">{extras}</span>'
        marked, tags = self.marked(b, (f"t{n}", f"u{n}"))
        cls += marked
        inner += tags
        move = None
        if b.kind == "place" and f"t{n}" in b.legal:
            move = f"t{n}"
        elif b.kind == "act" and f"u{n}" in b.legal:
            move = f"u{n}"
        attrs = self.once(
            ("border-attrs", n),
            lambda: f' data-border="{n}" data-text="{esc(self.full_text(card.id))}"',
        )
        return self._cell(b, cls, inner, move, attrs)

    def border_face(self, n: int) -> str:
        """What a border card's cell shows of the card itself: number, name, art, ability."""
        card_id = BORDER[n].id
        mark = self.icon("raid") if n in CORNERS else ""
        return (
            f'<span class="num">{n}</span><span class="nm">{mark}{esc(self.cat.card_name(card_id))}'
            f"</span>{self.art(art_name(card_id))}{self.ability(card_id)}"
            f'<span class="tx">{esc(self.cat.card_short(card_id))}</span>'
        )

    def central_cell(self, letter: str, b: _Board) -> str:
        cat = self.cat
        cell = b.v["central"][CENTRAL.index(letter)]
        card = cell["card"]  # None unless face up
        cls = "central"
        if cell["empty"]:
            cls += " empty"
            inner = f'<span class="back">{esc(cat.t("central.empty"))}</span>'
        elif card is None:
            cls += f" down k-{cell['kind']}"
            back = esc(cat.t("central.face_down." + cell["kind"]))
            inner = self.art(BACKS[cell["kind"]]) + f'<span class="back">{back}</span>'
        else:
            cls += f" up k-{cell['kind']}"
            inner = self.card(card, "incell")
        inner = f'<span class="space">{letter}</span>' + inner
        if letter in b.markers:
            inner += f'<span class="on">{self.piece("marker", b.markers[letter])}</span>'
        if b.last == f"u{letter}":
            cls += " last"
        marked, tags = self.marked(b, (f"u{letter}",))
        cls += marked
        inner += tags
        move = f"u{letter}" if b.kind == "act" and f"u{letter}" in b.legal else None
        attrs = f' data-space="{letter}"'
        if card is not None:
            attrs += self.once(
                ("text-attr", card), lambda: f' data-text="{esc(self.full_text(card))}"'
            )
        return self._cell(b, cls, inner, move, attrs)

    # ---- players -------------------------------------------------------------------------------
    def player_panel(self, v: PageView, p: int, names: tuple[str, str]) -> str:
        cat = self.cat
        pl = v["players"][p]
        active = v["current_player"] == p
        head = f'<h2>{self.piece("targi", p)}<span class="who">{esc(names[p])}</span>'
        colour = cat.t(f"colour.{p}")
        if colour != names[p]:
            head += f'<span class="colour">{esc(colour)}</span>'

        if pl["amulet"]:
            title = esc(cat.t("amulet.title"))
            head += (
                f'<span class="amulet" title="{title}"><span class="amulet-token" '
                f'aria-hidden="true"></span>{esc(cat.t("amulet"))}</span>'
            )
        if active:
            head += f'<span class="turn">{esc(cat.t("panel.to_move"))}</span>'
        head += "</h2>"
        goods = "".join(self.token(k, pl["goods"][k], attrs=f' data-stock="{k}"') for k in GOODS)
        gold = self.token("G", pl["gold"], attrs=' data-stock="G"')
        vp = self.token("V", pl["vp"], attrs=' data-stock="V"')
        stock = (
            f'<div class="stock">{goods}<span class="sep"></span>{gold}{vp}'
            f'<span class="points">{esc(cat.plural("panel.points", pl["points"]))}</span></div>'
        )
        if v["phase"] == "place":
            extra = cat.t("panel.to_place", n=pl["to_place"])
        elif pl["targis_next_round"] < TARGIS:
            extra = cat.t("panel.fewer_targis", n=pl["targis_next_round"])
        else:
            extra = ""
        extra_html = f'<div class="note">{esc(extra)}</div>' if extra else ""
        if pl["hand"]:
            locked = (
                f'<span class="note">{esc(cat.t("panel.hand_locked"))}</span>'
                if pl["hand_locked"]
                else ""
            )
            hand = self.card(pl["hand"], focusable=True) + locked
        else:
            hand = f'<span class="none">{esc(cat.t("panel.hand_empty"))}</span>'
        choosing_row = (
            v["human_to_move"] and v["decision"]["kind"] == "row" and v["decision"]["player"] == p
        )
        rows = []
        for r, row in enumerate(pl["display"]):
            slots = "".join(self.card(cid, focusable=True) for cid in row)
            free = ROW_LENGTH - len(row)
            move = f"r{r + 1}"
            if free and choosing_row and move in v["legal"]:
                # the place the card would take: a target to click, like the row's button
                label = esc(move_label(cat, v, move))
                slots += (
                    f'<button type="button" class="slot legal" data-move="{move}" '
                    f'aria-label="{label}" title="{label}">+</button>'
                )
                free -= 1
            slots += '<div class="slot"></div>' * free
            rows.append(
                f'<div class="row"><span class="rl">{esc(cat.t("panel.row", n=r + 1))}</span>'
                f'<div class="slots">{slots}</div></div>'
            )
        return (
            f'<section class="player p{p}{" active" if active else ""}" data-player="{p}">'
            f"{head}{stock}{extra_html}"
            f'<div class="hand"><span class="lbl">{esc(cat.t("panel.hand"))}</span>{hand}</div>'
            f'<div class="display" aria-label="{esc(cat.t("panel.display"))}">{"".join(rows)}</div>'
            f"</section>"
        )

    def dock_player(self, v: PageView) -> int | None:
        """Whose counters the bar at the bottom of a phone's screen shows: you against the
        computer; in a two-player game the one to move (None once the game is over)."""
        if v["over"]:
            return None
        return v["you"] if v["you"] is not None else v["current_player"]

    def dock_me(self, v: PageView) -> str:
        """Your goods, gold, VP and hand in one line, for that bar: a copy of the counters of
        your panel (hidden from screen readers, which read the panel), so a decision never
        needs scrolling to see what you have. Empty once the game is over."""
        p = self.dock_player(v)
        if p is None:
            return ""
        cat = self.cat
        pl = v["players"][p]
        counts = {**pl["goods"], "G": pl["gold"], "V": pl["vp"]}
        stock = "".join(
            self.token(k, counts[k], attrs=f' data-dock-stock="{k}"') for k in (*GOODS, "G", "V")
        )
        if pl["hand"]:
            hand = self.card(pl["hand"], "chip")
        else:
            hand = f'<span class="none">{esc(cat.t("panel.hand_empty"))}</span>'
        return (
            f'<div class="me p{p}" data-dock-player="{p}">{self.piece("targi", p)}'
            f'<span class="me-stock">{stock}</span><span class="me-hand">'
            f'<span class="lbl">{esc(cat.t("panel.hand"))}</span>{hand}</span></div>'
        )

    def players(self, v: PageView) -> str:
        names = player_names(self.cat, v["mode"])
        return self.player_panel(v, 0, names) + self.player_panel(v, 1, names)

    # ---- status, choices, score ------------------------------------------------------------------
    def status(self, v: PageView) -> str:
        cat = self.cat
        parts = [cat.t("status.round", n=v["round"])]
        raid = v["next_raid"]
        if raid:
            name = cat.card_name(raid["card"])
            key = "status.raid_next_round" if raid["in_rounds"] == 1 else "status.raid_in"
            parts.append(cat.t(key, card=name, n=raid["in_rounds"]))
        else:
            parts.append(cat.t("status.last_round"))
        decks = cat.t(
            "status.decks",
            goods=v["decks"]["goods"],
            goods_discard=len(v["discards"]["goods"]),
            tribe=v["decks"]["tribe"],
            tribe_discard=len(v["discards"]["tribe"]),
        )
        items = "".join(f"<span>{esc(x)}</span>" for x in parts)
        return (
            f'<div class="facts">{items}</div><div class="decks">{esc(decks)}</div>'
            f'<div class="legend">{self.legend()}</div>'
        )

    def legend(self) -> str:
        """What the token shapes mean, always in view."""
        return "".join(
            f'<span class="key">{self.token(k)}{esc(self.cat.t(f"token.{k}.name"))}</span>'
            for k in TOKENS
        )

    def prompt(self, v: PageView) -> str:
        cat = self.cat
        p = v["current_player"]
        if p is None:  # the game is over
            return cat.t("prompt.over")
        names = player_names(cat, v["mode"])
        who = names[p]
        kind = v["decision"]["kind"]
        if v["computer_to_move"]:
            return cat.t("prompt.computer")
        if v["mode"] == "friend" and not v["human_to_move"]:  # the friend's page has the turn
            return cat.t("friend.status.waiting")
        params: dict[str, object] = {"player": who}
        if kind == "place":
            params["n"] = v["players"][p]["to_place"]
        if kind == "raid":
            params["card"] = cat.card_name(BORDER[v["robber"]].id)  # the robber stands on it
        if kind == "tribe" and v["decision"].get("source") == "noble":
            return cat.t("prompt.tribe_noble", **params)
        return cat.t(f"prompt.{kind}", **params)

    def choices(self, v: PageView, hint: str | None = None) -> str:
        cat = self.cat
        if v["over"]:
            return self.score(v)
        out = []
        card = v["decision"].get("card")
        if card:
            out.append(f'<div class="inplay">{self.card(card, "big")}'
                       f'<p class="fulltext">{esc(cat.card_text(card))}</p></div>')  # fmt: skip
        kind = v["decision"]["kind"]
        if v["human_to_move"] and kind == "fata_morgana":
            out.append(self._fata_moves(v, hint))
        elif v["human_to_move"] and kind not in BOARD_ONLY:
            buttons = [self._move_button(v, move, hint) for move in v["legal"]]
            out.append(f'<div class="moves k-{kind}">{"".join(buttons)}</div>')
        elif v["human_to_move"]:
            out.append(f'<p class="help">{esc(cat.t("help." + kind))}</p>')
        return "".join(out)

    def _move_button(self, v: PageView, move: str, hint: str | None, label: str = "") -> str:
        extra, badge = (" hint", HINT_BADGE) if move == hint else ("", "")
        tone = " quiet" if move in ("done", "d", "lV") else ""
        text = label or move_label(self.cat, v, move)
        return (
            f'<button type="button" class="mv{tone}{extra}" data-move="{esc(move)}">'
            f"{badge}{esc(text)}</button>"
        )

    def _fata_moves(self, v: PageView, hint: str | None) -> str:
        """Fata Morgana's moves grouped by the marker that moves: a heading names it once and
        each button only where it goes, so up to 2 x 7 choices fit a phone's dock (with the
        whole sentence on every button they ran to 1.2 screens at 360 x 640)."""
        cat = self.cat
        groups: dict[str, list[str]] = {}
        for move in v["legal"]:
            groups.setdefault(move[1], []).append(move)
        out = []
        for src, moves in groups.items():
            head = f"fata-from-{esc(src)}"
            buttons = "".join(
                self._move_button(
                    v, m, hint, cat.t("move.fata.to", dst=central_label(cat, v, m[2]))
                )
                for m in moves
            )
            out.append(
                f'<div class="moves-group" role="group" aria-labelledby="{head}">'
                f'<p class="moves-from" id="{head}">'
                f"{esc(cat.t('move.fata.from', src=central_label(cat, v, src)))}</p>"
                f'<div class="moves k-fata_morgana">{buttons}</div></div>'
            )
        return "".join(out)

    def score(self, v: PageView) -> str:
        return score_screen(self, v)

    def log(self, v: PageView) -> str:
        """The move log's items. Worded from where the log changed (`LogWords`); a line worded
        as before keeps its item's HTML, so a move costs its own lines."""
        lines = self.log_words.lines(v["log"], player_names(self.cat, v["mode"]), v["you"])
        raid = self.icon("raid")
        items = self.log_items
        for i, line in enumerate(lines):
            if i < len(items) and items[i][0] == line:
                continue
            cls, text = line
            html = f'<li class="{cls}">{raid if "raid" in cls.split() else ""}{esc(text)}</li>'
            if i < len(items):
                items[i] = (line, html)
            else:
                items.append((line, html))
        del items[len(lines) :]
        return "".join(html for _, html in items)

    # ---- learning: tips, "since your last turn" --------------------------------------------------
    def tip(self, kind: str | None) -> str:
        """A first-game tip (targi.app.text.tips) with its two buttons; empty when there is none."""
        if kind is None:
            return ""
        cat = self.cat
        return (
            f'<div class="tip" role="note" data-tip="{esc(kind)}">'
            f'<p tabindex="0"><b>{esc(cat.t("tip.title"))}</b> {esc(cat.t("tip." + kind))}'
            f"{self.how_to_read('tip.place') if kind == 'place' else ''}</p>"
            f'<div class="tip-actions"><button type="button" data-action="tip-dismiss">'
            f'{esc(cat.t("tip.dismiss"))}</button><button type="button" class="quiet" '
            f'data-action="tips-off">{esc(cat.t("tip.off"))}</button></div></div>'
        )

    def how_to_read(self, key: str, tag: str = "span") -> str:
        """Both ways of reading what a card would do: `<key>.pointer` (hover, focus) for a mouse,
        `<key>.touch` (a long press) for a touch screen; CSS shows the one the device uses
        (web/cards.css, `hover: none`), so a phone never reads "hover"."""
        cat = self.cat
        return "".join(
            f' <{tag} class="{way}-only">{esc(cat.t(key + "." + way))}</{tag}>'
            for way in ("pointer", "touch")
        )

    def since(self, heading: str, lines: list[str]) -> str:
        """What the other player did since your last move; empty when they did nothing yet."""
        if not lines:
            return ""
        items = "".join(f"<li>{esc(line)}</li>" for line in lines)
        return f'<h2 class="since-title">{esc(heading)}</h2><ul class="since-list">{items}</ul>'

    def language_options(self) -> str:
        """The options of the language menus: each language named in its own language (and
        marked so, for its font and a screen reader's voice), the page's own selected."""
        return "".join(
            f'<option value="{code}" lang="{code}"{" selected" if code == self.cat.lang else ""}>'
            f"{esc(name)}</option>"
            for code, name in LANGUAGES.items()
        )

    def pace_options(self, chosen: str) -> str:
        """The options of the #pace select, one per pace of targi.app.store.storage.PACES."""
        return "".join(
            f'<option value="{esc(pace)}"{" selected" if pace == chosen else ""}>'
            f"{esc(self.cat.t(f'pace.{pace}'))}</option>"
            for pace in PACES
        )

    def theme_options(self, chosen: str) -> str:
        """The options of the #theme-choice select: the system's theme, light, dark."""
        return "".join(
            f'<option value="{esc(theme)}"{" selected" if theme == chosen else ""}>'
            f"{esc(self.cat.t(f'theme.{theme}'))}</option>"
            for theme in ("system", *THEMES)
        )

    def hint_level_options(self, chosen: str) -> str:
        """The options of the #hint-level select, one per level of HINT_LEVELS."""
        return "".join(
            f'<option value="{esc(level)}"{" selected" if level == chosen else ""}>'
            f"{esc(self.cat.t(f'hint_level.{level}'))}</option>"
            for level in HINT_LEVELS
        )

    def border_reference(self) -> str:
        """Every border card's full text, for the reference list under the table."""
        return "".join(
            f"<li><b>{n} {esc(self.cat.card_name(BORDER[n].id))}</b> "
            f"{esc(self.cat.card_text(BORDER[n].id))}</li>"
            for n in range(1, 17)
        )
