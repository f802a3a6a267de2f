"""Moves and log events in words, from the message catalog.

The page never parses rules out of a move: it reads the notation (docs/notation.md) only to name
what a move does, and the engine's view/log to say which card it concerns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...board import CENTRAL
from ...cards import BORDER, BY_ID, GOODS
from ...decisions import merchant_exchange, raid_vp_loss, silversmith_exchange
from ...events import Event
from ...game import ROUNDS
from ...view import View
from .catalog import Catalog

# Token letters, in the order the page shows them: a card's cost (targi.cards.Cost) is goods and
# gold; chips add victory points.
COST_TOKENS = GOODS + "G"
TOKENS = COST_TOKENS + "V"


def goods_phrase(cat: Catalog, letters: str) -> str:
    """'DDS' -> '2 dates, 1 salt' (G for gold, V for VP)."""
    parts = []
    for k in TOKENS:
        n = letters.count(k)
        if n:
            parts.append(cat.plural(f"token.{k}", n))
    return cat.join(parts) if parts else cat.t("token.nothing")


def silversmith_terms(move: str) -> tuple[str, str]:
    """'s4D' -> ('DDDD', 'VVV'): the tokens given and got, for words."""
    n, vp = silversmith_exchange(move)
    return move[2] * n, "V" * vp


def border_label(cat: Catalog, n: int) -> str:
    return cat.t("card.border_ref", name=cat.card_name(BORDER[n].id), n=n)


def central_label(cat: Catalog, view: View, letter: str) -> str:
    cell = view["central"][CENTRAL.index(letter)]
    if cell["card"]:
        return cat.t("card.central_ref", name=cat.card_name(cell["card"]), space=letter)
    return cat.t("card.central_space", space=letter)


def display_card(view: View, player: int, row: int, place: int) -> str:
    return str(view["players"][player]["display"][row][place])


def move_label(cat: Catalog, view: View, move: str) -> str:
    """What clicking a move's button does, for the current decision of `view`."""
    decision = view["decision"]
    kind = decision["kind"]
    player = decision["player"]
    if move == "done":
        return cat.t(f"move.done.{kind}")
    head = move[0]
    if player is None:  # the game is over: nobody decides
        return cat.t("move.unknown", move=move, head=head)
    if kind == "place":
        return cat.t("move.place", card=border_label(cat, int(move[1:])))
    if kind == "act":
        if move == "h":
            hand = view["players"][player]["hand"]
            return cat.t("move.hand", card=cat.card_name(hand) if hand else "")
        spot = move[1:]
        if spot.isdigit():
            return cat.t("move.use", card=border_label(cat, int(spot)))
        return cat.t("move.use", card=central_label(cat, view, spot))
    if kind == "tribe":
        if move == "d" and decision.get("source") == "noble":
            return cat.t("move.tribe.d_hand")
        return cat.t(f"move.tribe.{move}")
    if kind == "pay":
        return cat.t("move.pay", goods=goods_phrase(cat, move[1:]))
    if kind == "row":
        row = int(move[1])
        count = len(view["players"][player]["display"][row - 1])
        return cat.t("move.row", row=row, place=count + 1)
    if kind == "good":
        return cat.t("move.good", goods=goods_phrase(cat, move[1]))
    if kind == "merchant":
        give = goods_phrase(cat, move[1] * merchant_exchange(move))
        return cat.t("move.trade", give=give, get=goods_phrase(cat, move[2]))
    if kind == "silversmith":
        give, get = silversmith_terms(move)
        return cat.t("move.trade", give=goods_phrase(cat, give), get=goods_phrase(cat, get))
    if kind == "fata_morgana":
        return cat.t(
            "move.fata",
            src=central_label(cat, view, move[1]),
            dst=central_label(cat, view, move[2]),
        )
    if kind == "swap":
        r1, c1, r2, c2 = (int(x) for x in move[1:5])
        return cat.t(
            "move.swap",
            a=cat.card_name(display_card(view, player, r1 - 1, c1 - 1)),
            b=cat.card_name(display_card(view, player, r2 - 1, c2 - 1)),
            r1=r1,
            c1=c1,
            r2=r2,
            c2=c2,
        )
    if kind == "discard":
        return cat.t("move.discard", goods=goods_phrase(cat, move[1]))
    if kind == "raid":
        if move == "lV":
            lost = raid_vp_loss(decision["raid"], view["players"][player]["vp"])
            return cat.t("move.lose", goods=goods_phrase(cat, "V" * lost))
        return cat.t("move.lose", goods=goods_phrase(cat, move[1:]))
    return cat.t("move.unknown", move=move, head=head)


def hint_reason(cat: Catalog, view: View, key: str, params: dict[str, str | int]) -> str:
    """A hint's reason (targi.ai.hint: a key and parameters that are data) in words. Cards are
    named as on the table: a border card with its number, a central space by the card on it."""
    from ...ai.hint import PARAMS  # here, not at the top: the page starts without the AI's modules

    words: dict[str, object] = {}
    for name, value in params.items():
        kind = PARAMS.get(name)
        if kind == "border":
            words[name] = border_label(cat, int(value))
        elif kind == "card":
            words[name] = cat.card_name(str(value))
        elif kind == "spaces":
            words[name] = cat.join(central_label(cat, view, s) for s in str(value))
        elif kind == "goods":
            words[name] = goods_phrase(cat, str(value))
        else:
            words[name] = value
    return cat.t(f"hint.{key}", **words)


def player_names(cat: Catalog, mode: str) -> tuple[str, str]:
    if mode == "ai":
        return cat.t("player.you"), cat.t("player.computer")
    return cat.t("player.blue"), cat.t("player.red")


def log_lines(
    cat: Catalog, log: Sequence[Event], names: tuple[str, str], you: int | None = None
) -> list[tuple[str, str]]:
    """The game's event log as (css class, text) lines, oldest first, with round headings.
    Lines about `you` use the catalog's "….you" form where it has one (English: "You place")."""
    return LogWords(cat).lines(log, names, you)


class LogWords:
    """`log_lines` kept from one call to the next: a log that grew (or was cut by an undo) is
    worded again only from the first event that changed, so a move on the table costs its own
    lines, not the whole game's. A new language, other player names or `you` start it over."""

    def __init__(self, cat: Catalog) -> None:
        self.cat = cat
        self.key: tuple[object, ...] = ()
        self.messages: dict[str, str] | None = None  # the words the lines are in
        self.events: list[Event] = []
        # before event i: (the round last headed, the decision a "done" ends, lines written)
        self.before: list[tuple[int, str, int]] = []
        self.out: list[tuple[str, str]] = []
        self.end = (0, "")  # the round and context after the last event

    def lines(
        self, log: Sequence[Event], names: tuple[str, str], you: int | None = None
    ) -> list[tuple[str, str]]:
        cat = self.cat
        key = (cat.lang, names, you)
        if key != self.key or cat.messages is not self.messages:
            self.key, self.messages = key, cat.messages
            self.events, self.before, self.out = [], [], []
            self.end = (0, "")
        same = 0
        for old, new in zip(self.events, log, strict=False):
            if old != new:
                break
            same += 1
        if same and _reads_next(self.events[same - 1]):
            same -= 1  # its words depend on the event after it, which changed
        if same < len(self.before):
            current_round, context, written = self.before[same]
        else:  # every event kept: go on from where the last call ended
            (current_round, context), written = self.end, len(self.out)
        del self.before[same:], self.out[written:]
        self.events = list(log)
        t = _Speaker(cat, you)
        lines = self.out
        for i in range(same, len(log)):
            self.before.append((current_round, context, len(lines)))
            e = log[i]
            if e.kind == "move":
                p, move = e.player, e.move
                if e.round != current_round:
                    current_round = e.round
                    # the raid at the last corner comes after the last round
                    heading = (
                        cat.t("log.round", n=e.round)
                        if e.round <= ROUNDS
                        else cat.t("log.final_raid")
                    )
                    lines.append(("round", heading))
                if move == "lV":
                    text = _lost_vp(cat, t.by(p), names[p], log[i + 1 : i + 2])
                else:
                    text, context = _log_move(cat, t.by(p), names[p], move, e.card, context)
                if e.forced:
                    text = cat.t("log.forced", text=text)
                lines.append((f"p{p} raid" if move[0] == "l" else f"p{p}", text))
            else:
                line = _event_line(cat, t, names, e)
                if line is not None:
                    lines.append(line)
        self.end = (current_round, context)
        return list(lines)


def _reads_next(e: Event) -> bool:
    """A raid paid in VP is worded with the amount the event after it gives (_lost_vp)."""
    return e.kind == "move" and e.move == "lV"


def _event_line(
    cat: Catalog, t: _Speaker, names: tuple[str, str], e: Event
) -> tuple[str, str] | None:
    """The line of an event that is not a move (None: it has none of its own)."""
    if e.kind == "drawn":
        say = t.by(e.player)
        return (f"p{e.player}", say("log.drawn", player=names[e.player],
                                    card=cat.card_name(e.card)))  # fmt: skip
    if e.kind == "marker_returned":
        spaces = cat.join(e.spaces)
        say = t.by(e.player)
        return (f"p{e.player}", say("log.marker_returned", player=names[e.player], spaces=spaces))
    if e.kind == "gold_limit":
        gold = goods_phrase(cat, "G" * e.gold)
        return (
            f"p{e.player}",
            t.by(e.player)("log.gold_limit", player=names[e.player], goods=gold),
        )
    if e.kind == "round_end":
        return ("event", cat.t("log.round_end", n=e.rounds_played))
    if e.kind == "raid":
        return ("event raid", cat.t("log.raid", card=cat.card_name(e.card)))
    if e.kind == "raid_immune":
        say = t.by(e.player)
        return (f"p{e.player} raid", say("log.raid_immune", player=names[e.player]))
    if e.kind == "reshuffle":
        return ("event", cat.t(f"log.reshuffle.{e.deck}"))
    if e.kind == "game_over":
        return ("event", cat.t("log.game_over"))
    return None  # raid_vp: worded with the move before it (_lost_vp)


def _log_move(
    cat: Catalog, say: Callable[..., str], who: str, move: str, card: str, context: str
) -> tuple[str, str]:
    """One move in the past tense, and the context for a later "done"."""
    name = cat.card_name(card) if card else ""
    head = move[0]
    if move == "done":
        return say(f"log.done.{context or 'act'}", player=who), ""
    if head == "t":
        return say("log.place", player=who, card=name, n=move[1:]), ""
    if head == "u":
        effect = BY_ID[card].effect if card else ""
        ctx = effect if effect in ("merchant",) else ""
        if move[1:].isdigit():
            return say("log.use_border", player=who, card=name, n=move[1:]), ctx
        return say("log.use_central", player=who, card=name, space=move[1]), ""
    if move == "h":
        return say("log.hand", player=who, card=name), ""
    if move in ("b", "k", "d"):
        return say(f"log.tribe.{move}", player=who, card=name), ""
    if head == "$":
        return say("log.pay", player=who, goods=goods_phrase(cat, move[1:])), ""
    if head == "r":
        ctx = "swap" if card and BY_ID[card].effect == "swap_two" else ""
        return say("log.row", player=who, card=name, row=move[1]), ctx
    if head == "g":
        return say("log.good", player=who, goods=goods_phrase(cat, move[1])), ""
    if head == "m":
        give = goods_phrase(cat, move[1] * merchant_exchange(move))
        get = goods_phrase(cat, move[2])
        return say("log.trade", player=who, give=give, get=get), "merchant"
    if head == "s":
        give, get = silversmith_terms(move)
        return say("log.trade", player=who, give=goods_phrase(cat, give),
                     get=goods_phrase(cat, get)), ""  # fmt: skip
    if head == "f":
        return say("log.fata", player=who, src=move[1], dst=move[2]), ""
    if head == "w":
        return say("log.swap", player=who, r1=move[1], c1=move[2], r2=move[3], c2=move[4]), ""
    if head == "-":
        return say("log.discard", player=who, goods=goods_phrase(cat, move[1])), ""
    if head == "l":
        return say("log.lose", player=who, goods=goods_phrase(cat, move[1:])), ""
    return cat.t("move.unknown", move=move, head=head), ""


def _lost_vp(cat: Catalog, say: Callable[..., str], who: str, after: Sequence[Event]) -> str:
    """A raid paid in VP, with the VP the engine's next log entry says it took (R1: as far as
    they go, so possibly none)."""
    if not after or after[0].kind != "raid_vp":
        return say("log.lose_vp", player=who)  # a log cut before the amount: no number to say
    lost = after[0].vp
    if lost == 0:
        return say("log.raid_immune", player=who)
    return say("log.lose", player=who, goods=goods_phrase(cat, "V" * lost))


class _Speaker:
    """Picks "key.you" for lines about you when the catalog has that form."""

    def __init__(self, cat: Catalog, you: int | None) -> None:
        self.cat = cat
        self.you = you

    def by(self, player: int) -> Callable[..., str]:
        if player != self.you:
            return self.cat.t

        def say(key: str, /, **params: object) -> str:
            return self.cat.t(key + ".you" if self.cat.has(key + ".you") else key, **params)

        return say
