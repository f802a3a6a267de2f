"""Small positions for the rule tests: a real `Game`, with chosen fields set by hand.

Every helper moves cards rather than inventing them, so a position built here still holds each
card once (tests that empty the decks on purpose say so). After setting fields, `actions()`,
`placement()` or `refresh()` recompute the legal moves through the engine itself.

    g = new_game(first=0)
    stock(g, 0, goods="DDS", gold=1, vp=4)
    central(g, "A", "G10")                      # 1 gold on space A
    display(g, 0, [["T01", "T02"], [], []])
    actions(g, 0, targis=[2], markers=["A"])    # player 0 is about to act
    assert g.legal_moves() == ["u2", "uA", "done"]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from targi import Game
from targi.board import CENTRAL
from targi.cards import BY_ID, CARDS
from targi.decisions import Decision


def card(card_id: str) -> int:
    """The engine's handle (index) of a card, from its id in cards.csv."""
    return BY_ID[card_id].index


def ids(cards: Iterable[int]) -> list[str]:
    return [CARDS[c].id for c in cards]


def new_game(seed: int = 1, first: int = 0) -> Game:
    return Game.new(seed, first)


def play(g: Game, *moves: str) -> Game:
    for move in moves:
        g.play(move)
    return g


def _deck(g: Game, c: int) -> list[int]:
    return g.goods_deck if CARDS[c].kind == "goods" else g.tribe_deck


def take_out(g: Game, c: int) -> None:
    """Lift a card from wherever it lies; a central space gets the bottom card of its deck."""
    for pile in (g.goods_deck, g.goods_discard, g.tribe_deck, g.tribe_discard):
        if c in pile:
            pile.remove(c)
            return
    if c in g.central:
        i = g.central.index(c)
        deck = _deck(g, c)
        g.central[i] = deck.pop(0) if deck else -1
        return
    for p in (0, 1):
        if g.hand[p] == c:
            g.hand[p] = -1
            return
        for row in g.display[p]:
            if c in row:
                row.remove(c)
                _recount_effects(g, p)
                return
    if g.in_play == c:
        g.in_play = -1


def central(g: Game, letter: str, card_id: str | None, face_up: bool = True) -> None:
    """Put a card on a central space (its former card goes to the bottom of its deck);
    None leaves the space empty, as R4 can."""
    i = CENTRAL.index(letter)
    old = g.central[i]
    if card_id is None:
        g.central[i] = -1
    else:
        c = card(card_id)
        take_out(g, c)
        g.central[i] = c
    if old != -1 and old not in g.central:
        _deck(g, old).insert(0, old)
    g.face_up[i] = face_up


def on_top(g: Game, *card_ids: str) -> None:
    """Stack cards on top of their decks: the first one given is drawn first."""
    for card_id in reversed(card_ids):
        c = card(card_id)
        take_out(g, c)
        _deck(g, c).append(c)


def hand(g: Game, p: int, card_id: str | None, kept_in_round: int = 0) -> None:
    """A hand card (kept in an earlier round unless `kept_in_round` says otherwise, R5)."""
    if g.hand[p] != -1:
        g.tribe_deck.insert(0, g.hand[p])
        g.hand[p] = -1
    if card_id is not None:
        c = card(card_id)
        take_out(g, c)
        g.hand[p] = c
        g.hand_round[p] = kept_in_round


def display(g: Game, p: int, rows: Sequence[Sequence[str]]) -> None:
    """Lay out a player's display (effects count from the start; no one-off effect fires)."""
    for row in g.display[p]:
        for c in row:
            g.tribe_deck.insert(0, c)
        row.clear()
    for r, row in enumerate(rows):
        for card_id in row:
            c = card(card_id)
            take_out(g, c)
            g.display[p][r].append(c)
    _recount_effects(g, p)


def _recount_effects(g: Game, p: int) -> None:
    effects: dict[str, int] = {}
    for row in g.display[p]:
        for c in row:
            if CARDS[c].effect:
                effects[CARDS[c].effect] = effects.get(CARDS[c].effect, 0) + 1
    g.effects[p] = effects


def stock(
    g: Game,
    p: int,
    goods: str | None = None,
    gold: int | None = None,
    vp: int | None = None,
) -> None:
    """Set a player's tokens; goods as letters, e.g. 'DDSP' = 2 dates, 1 salt, 1 pepper."""
    if goods is not None:
        g.goods[p] = [goods.count("D"), goods.count("S"), goods.count("P")]
    if gold is not None:
        g.gold[p] = gold
    if vp is not None:
        g.vp[p] = vp


def refresh(g: Game) -> Game:
    """Let the engine carry on from the fields as set (forced moves included)."""
    g._advance()
    return g


def actions(
    g: Game,
    p: int,
    targis: Sequence[int] = (),
    markers: Sequence[str] = (),
    other_targis: Sequence[int] = (),
    other_markers: Sequence[str] = (),
) -> Game:
    """The action phase with player `p` to act (they are the first player unless the amulet
    was set otherwise with `g.first` before this call)."""
    g.phase = "act"
    g.actor = p
    g.targis = [[], []]
    g.markers = [[], []]
    g.targis[p] = list(targis)
    g.markers[p] = sorted(markers)
    g.targis[1 - p] = list(other_targis)
    g.markers[1 - p] = sorted(other_markers)
    g.stack = [Decision("act", p)]
    return refresh(g)


def placement(g: Game, to_place: tuple[int, int] = (3, 3), robber: int | None = None) -> Game:
    """The start of a placement phase: nobody has placed yet; the first player places first."""
    if robber is not None:
        g.robber = robber
    g.phase = "place"
    g.targis = [[], []]
    g.markers = [[], []]
    g.to_place = list(to_place)
    g.place_turn = g.first
    g.stack = []
    return refresh(g)


def count_of(g: Game, p: int) -> tuple[int, int, int, int, int]:
    """(dates, salt, pepper, gold, vp) of a player."""
    d, s, pe = g.goods[p]
    return d, s, pe, g.gold[p], g.vp[p]


def end_round_now(g: Game) -> Game:
    """Finish the current round at once: the second player (1 - g.first) has no actions left.
    What follows (reveal, game-end check, amulet, robber, raid) is the engine's."""
    return actions(g, 1 - g.first)


def before_round(g: Game, robber: int, first: int) -> Game:
    """Run the engine into the round in which the robber moves onto `robber`, with `first`
    holding the amulet (as if the round before had just ended)."""
    g.robber = robber - 1
    g.first = 1 - first
    g.round = robber - 1 - sum(1 for corner in (4, 8, 12) if corner < robber)
    g.rounds_played = g.round - 1
    return end_round_now(g)


def snapshot(g: Game) -> tuple:
    """Every field of the game state that rules depend on (for 'unchanged' and replay checks)."""
    return (
        g.seed, g.rng, g.round, g.rounds_played, g.robber, g.first, g.phase, g.player,
        g.place_turn, g.actor, tuple(g.goods_deck), tuple(g.goods_discard),
        tuple(g.tribe_deck), tuple(g.tribe_discard), tuple(g.central), tuple(g.face_up),
        tuple(g.waiting), tuple(g.used), tuple(map(tuple, g.goods)), tuple(g.gold),
        tuple(g.vp), tuple(g.hand), tuple(g.hand_round),
        tuple(tuple(map(tuple, d)) for d in g.display),
        tuple(tuple(sorted(e.items())) for e in g.effects),
        tuple(map(tuple, g.targis)), tuple(map(tuple, g.markers)), tuple(g.to_place),
        tuple(g.next_targis), tuple(g.stack), g.in_play, tuple(g.record),
        tuple(g.legal_moves()),
    )  # fmt: skip
