"""A game of Targi: the state, the round structure, and the public interface.

A game is its seed, its first player and the list of moves chosen; everything else follows.
Moves are short strings (docs/notation.md). Decisions are kept on a stack: a move answers the
decision on top, which may push further decisions (which good, which payment, which row, ...).
A decision with a single legal move is taken automatically and not recorded.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from . import decisions, rng
from .board import CENTRAL, CORNERS, GOODS_SPACES, crossings
from .cards import BORDER, CARDS, GOODS_CARDS, TRIBE_CARDS
from .chance import Chance, start
from .constants import (
    DISPLAY_LIMIT,
    GOLD_LIMIT,
    GOODS_LIMIT,
    LAST_CORNER,
    STARTING_GOLD,
    STARTING_GOODS,
    STARTING_VP,
    TARGIS,
)
from .constants import ROUNDS as ROUNDS  # re-exported: older imports read it from here
from .decisions import ACT_ASK, DISCARD_ASK, PLACE_ASK, Decision
from .errors import IllegalMove as IllegalMove  # re-exported: it was defined here
from .events import (
    Event,
    GameOver,
    GoldLimit,
    MarkerReturned,
    Move,
    Raid,
    RaidImmune,
    Reshuffle,
    RoundEnd,
)

SEED_LIMIT = 1 << 32


LogEntry = Event  # an event of the log: targi.events
StateKey = tuple[Hashable, ...]
SPACES = range(len(CENTRAL))  # the central spaces' indexes, A…I

# The slots Game.key() leaves out, and why leaving them out loses nothing; every other slot is
# in the key (tests/engine/test_key.py checks both halves).
NOT_IN_KEY: dict[str, str] = {
    "goods_deck": "only its length: its cards are the goods cards placed nowhere else, in the "
    "order of the position searched from (popped from the top) or of a reshuffle `rng` records",
    "tribe_deck": "only its length, as goods_deck",
    "tribe_discard": "only its length: its cards are the tribe cards placed nowhere else; their "
    "order would only steer a reshuffle, and keying it splits transpositions (two cards "
    "discarded in either order): the search's results change (docs/engine.md)",
    "effects": "derived: the effect codes of the cards in `display`",
    "rounds_played": "derived: `round` - 1 until the game is over",
    "_legal": "derived: the legal moves of the decision on top of `stack`",
    "_sealed": "transient: read only while play() carries a move out",
    "seed": "history: the start; what shuffles next is `rng`",
    "starter": "history: the first player of round 1 (for replays)",
    "record": "history",
    "record_players": "history",
    "choices": "history",
    "barrier": "history: how far undo may go",
    "log": "history",
    "logging": "history: whether events are written down",
}


class Game:
    """A game of Targi between player 0 (Blue) and player 1 (Red), from its first decision on.

    Make one with `Game.new` or `Game.replay`; change it only with `play`. The fields below are
    the whole state (docs/engine.md lists those other code may read: the read interface).
    Card handles are indexes into `targi.cards.CARDS`; -1 means no card.
    """

    __slots__ = (
        "seed", "rng", "round", "rounds_played", "robber", "first", "phase", "player",
        "place_turn", "actor", "goods_deck", "goods_discard", "tribe_deck", "tribe_discard",
        "central", "face_up", "waiting", "used", "goods", "gold", "vp", "hand", "hand_round",
        "display", "effects", "targis", "markers", "to_place", "next_targis", "stack",
        "in_play", "record", "record_players", "choices", "barrier", "log", "logging",
        "_legal", "_sealed", "starter", "chance",
    )  # fmt: skip

    seed: int  # 0 … 2**32-1: with `starter` and `record`, the whole game
    rng: int  # the generator's state (targi.rng), advanced by every shuffle
    round: int  # the round being played, from 1 (ROUNDS + 1 during the final raid)
    rounds_played: int
    robber: int  # the border card number the robber stands on
    first: int  # the player with the amulet: first to place and to act this round
    phase: str  # "raid" | "place" | "act" | "limits" | "over": the step of the round
    player: int  # whose decision it is (`current_player`)
    place_turn: int  # who places the next Targi
    actor: int  # whose actions are being carried out (or whose limits, R10)
    goods_deck: list[int]  # face down; the top card is the last
    goods_discard: list[int]
    tribe_deck: list[int]
    tribe_discard: list[int]
    central: list[int]  # the 9 central spaces A…I (row-major): a card, or -1 when empty
    face_up: list[bool]  # False for a card laid this round (turned up at the round's end)
    waiting: list[str]  # an empty space's deck to refill from ("goods" | "tribe"), else ""
    used: list[bool]  # the space's card was taken this round (Fata Morgana may not go there)
    goods: list[list[int]]  # [player][dates, salt, pepper]
    gold: list[int]  # [player]
    vp: list[int]  # [player]: victory point tokens
    hand: list[int]  # [player]: the card kept in hand, or -1
    hand_round: list[int]  # [player]: the round the hand card was kept (R5: not playable then)
    display: list[list[list[int]]]  # [player][row]: cards left to right, at most 4 a row
    effects: list[dict[str, int]]  # [player]: effect code of a placed card -> how many
    targis: list[list[int]]  # [player]: border card numbers with their Targis this round
    markers: list[list[str]]  # [player]: central letters with their tribe markers
    to_place: list[int]  # [player]: Targis still to place this round
    next_targis: list[int]  # [player]: Targis they will have next round
    stack: list[Decision]  # decisions to answer; the top (last) is the current one
    in_play: int  # the tribe card being bought or decided on, or -1
    record: list[str]  # the moves chosen (forced moves are not recorded)
    record_players: list[int]  # who chose each recorded move
    choices: list[tuple[int, int]]  # each recorded move as (index, number of legal moves)
    barrier: int  # record length undo may not go below (a card revealed, a shuffle, ...)
    log: list[LogEntry]  # events for a move log, while `logging` is on
    logging: bool
    _legal: list[str]  # the current legal moves (read through legal_moves())
    _sealed: bool  # the move being played revealed something: undo may not cross it
    starter: int  # the first player of round 1
    chance: Chance | None  # explicit-chance mode (targi.chance), else None: decks shuffled

    # ---- creation -------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        seed: int,
        first_player: int = 0,
        explicit_chance: bool = False,
        dealt: Sequence[int] | None = None,
    ) -> Game:
        """A new game: the decks shuffled from `seed`, `first_player` (0 or 1) with the amulet,
        carried on to its first real decision (the first placement). With `explicit_chance`
        nothing is shuffled: chance deals every card (targi.chance). With `dealt` (a dealt
        record: every card drawn in a game whose deal no seed made, such as a friend game)
        nothing is shuffled either: each draw takes the next card of `dealt` (IllegalMove
        from a draw when the next one is not in its deck, NeedCard when they run out).

        >>> g = Game.new(seed=1234, first_player=0)
        >>> g.round, g.phase, g.current_player, g.decision
        (1, 'place', 0, 'place')
        """
        if not 0 <= seed < SEED_LIMIT:
            raise ValueError(f"seed must be between 0 and {SEED_LIMIT - 1}")
        if first_player not in (0, 1):
            raise ValueError("first player must be 0 or 1")
        g = cls.__new__(cls)
        g.seed = seed
        g.rng = seed
        g.goods_deck = list(GOODS_CARDS)
        g.tribe_deck = list(TRIBE_CARDS)
        g.chance = None if dealt is None else Chance(trial=True, dealt=list(dealt))
        if not explicit_chance and dealt is None:
            g.rng = rng.shuffle(g.goods_deck, g.rng)
            g.rng = rng.shuffle(g.tribe_deck, g.rng)
        g.goods_discard, g.tribe_discard = [], []
        g.central = [-1] * len(CENTRAL)  # explicit chance deals them (targi.chance.start)
        g.face_up = [True] * len(CENTRAL)
        g.waiting = [""] * len(CENTRAL)
        g.used = [False] * len(CENTRAL)
        g.goods = [list(STARTING_GOODS), list(STARTING_GOODS)]
        g.gold = [STARTING_GOLD, STARTING_GOLD]
        g.vp = [STARTING_VP, STARTING_VP]
        g.hand, g.hand_round = [-1, -1], [0, 0]
        g.display = [[[], [], []], [[], [], []]]
        g.effects = [{}, {}]
        g.targis, g.markers = [[], []], [[], []]
        g.to_place, g.next_targis = [0, 0], [TARGIS, TARGIS]
        g.stack = []
        g.in_play = -1
        g.record, g.record_players, g.choices = [], [], []
        g.barrier = 0
        g.log = []
        g.logging = True
        g._sealed = False
        g.round, g.rounds_played, g.robber = 1, 0, 1
        if not explicit_chance:
            g.deal_central()
        g.first = first_player
        g.starter = first_player
        g.player = first_player
        g.actor = first_player
        g.place_turn = first_player
        g.phase = "place"
        g._begin_placement()
        g._advance()
        if explicit_chance:
            start(g)
        return g

    @classmethod
    def replay(
        cls,
        seed: int,
        first_player: int,
        moves: Sequence[str],
        dealt: Sequence[int] | None = None,
    ) -> Game:
        """The game after `moves` (as `record` keeps them); IllegalMove names the first bad one.
        `dealt`: a dealt record's cards instead of the seed's deal (see new).

        >>> Game.replay(1234, 0, ["t5", "t9"]).record
        ['t5', 't9']
        """
        g = cls.new(seed, first_player, dealt=dealt)
        for i, move in enumerate(moves):
            try:
                g.play(move)
            except IllegalMove as e:
                raise IllegalMove(f"move {i + 1}: {e}") from None
        return g

    def clone(self, logging: bool = False) -> Game:
        """An independent copy (for search). Its log is empty and off unless `logging`."""
        g = Game.__new__(Game)
        g.seed, g.rng, g.round, g.rounds_played = (
            self.seed,
            self.rng,
            self.round,
            self.rounds_played,
        )
        g.robber, g.first, g.phase, g.player = self.robber, self.first, self.phase, self.player
        g.place_turn, g.actor, g.starter = self.place_turn, self.actor, self.starter
        g.goods_deck, g.goods_discard = self.goods_deck[:], self.goods_discard[:]
        g.tribe_deck, g.tribe_discard = self.tribe_deck[:], self.tribe_discard[:]
        g.central, g.face_up = self.central[:], self.face_up[:]
        g.waiting, g.used = self.waiting[:], self.used[:]
        g.goods = [self.goods[0][:], self.goods[1][:]]
        g.gold, g.vp = self.gold[:], self.vp[:]
        g.hand, g.hand_round = self.hand[:], self.hand_round[:]
        d0, d1 = self.display  # spelled out: clone is the search's most frequent copy
        g.display = [[d0[0][:], d0[1][:], d0[2][:]], [d1[0][:], d1[1][:], d1[2][:]]]
        g.effects = [self.effects[0].copy(), self.effects[1].copy()]
        g.targis = [self.targis[0][:], self.targis[1][:]]
        g.markers = [self.markers[0][:], self.markers[1][:]]
        g.to_place, g.next_targis = self.to_place[:], self.next_targis[:]
        g.stack = self.stack[:]  # decisions are immutable (named tuples)
        g.in_play = self.in_play
        g.record, g.record_players = self.record[:], self.record_players[:]
        g.choices = self.choices[:]
        g.barrier = self.barrier
        g.logging = logging
        g.log = self.log[:] if logging else []
        g._legal = self._legal
        g._sealed = False
        g.chance = None if self.chance is None else self.chance.copy()
        return g

    # ---- the public interface ---------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """0 or 1: whose decision it is."""
        return self.player

    @property
    def is_over(self) -> bool:
        """The game has ended (R2 decides the winner: targi.scoring.result)."""
        return self.phase == "over"

    @property
    def current_decision(self) -> Decision:
        """The decision being made, with its details (card, source, extra goods, raid code);
        `Decision("over", player)` once the game is over."""
        return self.stack[-1] if self.stack else Decision("over", self.player)

    @property
    def decision(self) -> str:
        """What the current player is deciding: place, act, tribe, pay, row, good, merchant,
        silversmith, fata_morgana, swap, discard, raid — or over."""
        return self.stack[-1].kind if self.stack else "over"

    def legal_moves(self) -> list[str]:
        """The moves the current player may make (docs/notation.md), in a fixed order; a new
        list each call. Empty once the game is over."""
        return list(self._legal)

    def play(self, move: str) -> None:
        """Apply a move of the current player; raises IllegalMove and changes nothing if illegal."""
        if self.chance is not None and self.chance.play(self, move):
            return
        legal = self._legal
        if move not in legal:
            raise IllegalMove(self.why_illegal(move))
        self.record.append(move)
        self.record_players.append(self.player)
        self.choices.append((legal.index(move), len(legal)))
        self._sealed = False
        self._apply(move, forced=False)
        self._advance()
        if self._sealed:  # no undo across a revealed card, randomness, or the opponent's move
            self.barrier = len(self.record)

    def play_unchecked(self, move: str) -> None:
        """For search: `move` must come from legal_moves(); nothing is recorded."""
        self._apply(move, forced=False)
        self._advance()

    def can_undo(self, player: int) -> bool:
        """Undo is for the player's own last steps in their current turn: never across a move
        that revealed a card or drew randomness, never into the opponent's turn, never back
        across the end of a round."""
        return (
            self.phase != "over"
            and self.player == player
            and len(self.record) > self.barrier
            and self.record_players[-1] == player
            and self.chance is None  # undone() replays from the seed
        )

    def undone(self) -> Game:
        """The game as it was before the last recorded move (see can_undo)."""
        if not self.can_undo(self.player):
            raise IllegalMove("nothing to undo in this turn")
        return Game.replay(self.seed, self.starter, self.record[:-1])

    def key(self) -> StateKey:
        """Everything that decides what can happen next, as a hashable tuple: two positions
        searched from one position have the same key only if they are the same position (the
        search's transposition table). NOT_IN_KEY says what it leaves out and why; each
        player's Targis count as a set (placed in either order, they stand on the same cards)."""
        d0, d1 = self.display
        return (
            self.phase, self.player, self.round, self.robber, self.first, self.actor,
            self.place_turn, self.in_play, self.rng,
            tuple(self.central), tuple(self.face_up), tuple(self.waiting), tuple(self.used),
            tuple(self.stack), tuple(self.goods[0]), tuple(self.goods[1]), tuple(self.gold),
            tuple(self.vp), tuple(self.hand), tuple(self.hand_round),
            tuple(d0[0]), tuple(d0[1]), tuple(d0[2]), tuple(d1[0]), tuple(d1[1]), tuple(d1[2]),
            tuple(sorted(self.targis[0])), tuple(sorted(self.targis[1])),
            tuple(self.markers[0]), tuple(self.markers[1]), tuple(self.to_place),
            tuple(self.next_targis), len(self.goods_deck), len(self.tribe_deck),
            tuple(self.goods_discard), len(self.tribe_discard),
            None if self.chance is None else self.chance.key(),
        )  # fmt: skip

    def take_state(self, other: Game) -> None:
        """Become `other` (explicit chance keeps the trial copy that ran a step to its end)."""
        for name in Game.__slots__:
            setattr(self, name, getattr(other, name))

    def seal(self) -> None:
        """The move being played revealed a card or drew randomness: undo may not cross it."""
        self._sealed = True

    @property
    def sealed(self) -> bool:
        """The move being played has revealed a card or drawn randomness (while a card it
        waits for is pending: targi.chance); `clone` starts a copy unsealed."""
        return self._sealed

    def display_count(self, player: int) -> int:
        """How many cards the player has in their display (R6: at most DISPLAY_LIMIT)."""
        d = self.display[player]
        return len(d[0]) + len(d[1]) + len(d[2])

    # ---- flow -----------------------------------------------------------------------------
    def _apply(self, move: str, forced: bool) -> None:
        top = self.stack[-1]
        if self.logging:
            self.log.append(
                Move(
                    "move",
                    self.player,
                    move,
                    forced,
                    self.round,
                    decisions.subject(self, top, move),
                )
            )
        decisions.APPLY[top.kind](self, top, move)

    def _advance(self) -> None:
        """Carry the game forward to the next decision that has a real choice."""
        while True:
            if self.stack:
                top = self.stack[-1]
                self.player = top.player
                moves = decisions.MOVES[top.kind](self, top)
                if len(moves) > 1:
                    self._legal = moves
                    return
                if moves:
                    if self.record_players and self.player != self.record_players[-1]:
                        self._sealed = True  # the opponent's turn came in between
                    self._apply(moves[0], forced=True)
                else:
                    self.stack.pop()
            elif self.phase == "over":
                self._legal = []
                return
            else:
                self._step()

    def _step(self) -> None:
        """The stack is empty: the current step of the round is done; start the next one."""
        phase = self.phase
        if phase == "raid":
            if self.robber == LAST_CORNER:
                self._end_game()
                return
            self.robber += 1
            self._begin_placement()
        elif phase == "place":
            p = self.place_turn
            if self.to_place[p] == 0:
                p = 1 - p
            if self.to_place[p] == 0:
                self._place_markers()
                return
            self.place_turn = p
            self.stack.append(PLACE_ASK[p])
        elif phase == "act":
            self._end_actions(self.actor)
        elif phase == "limits":
            if self.actor == self.first:
                self.actor = 1 - self.first
                self.phase = "act"
                self.stack.append(ACT_ASK[self.actor])
            else:
                self._end_round()

    def _begin_placement(self) -> None:
        self.phase = "place"
        self.to_place = self.next_targis
        self.next_targis = [TARGIS, TARGIS]
        self.targis = [[], []]
        self.markers = [[], []]
        self.place_turn = self.first

    def after_placement(self, p: int) -> None:
        """Player p has placed a Targi: the turn to place passes if the other has any left."""
        self.to_place[p] -= 1
        if self.to_place[1 - p]:
            self.place_turn = 1 - p

    def _place_markers(self) -> None:
        for p in (0, 1):
            spaces = crossings(self.targis[p])
            kept = [s for s in spaces if self.central[CENTRAL.index(s)] != -1]
            if self.logging and len(kept) < len(spaces):
                self.log.append(
                    MarkerReturned("marker_returned", p, "".join(sorted(set(spaces) - set(kept))))
                )
            self.markers[p] = kept
        self.phase = "act"
        self.actor = self.first
        self.stack.append(ACT_ASK[self.first])

    def _end_actions(self, p: int) -> None:
        """A player's actions are done: pieces return; then the limits (R10)."""
        self.targis[p] = []
        self.markers[p] = []
        if self.gold[p] > GOLD_LIMIT:
            if self.logging:
                self.log.append(GoldLimit("gold_limit", p, self.gold[p] - GOLD_LIMIT))
            self.gold[p] = GOLD_LIMIT
        self.phase = "limits"
        if sum(self.goods[p]) > GOODS_LIMIT:
            self.stack.append(DISCARD_ASK[p])

    def _end_round(self) -> None:
        """R10: face-down cards turn up, empty spaces fill (R4), game-end check, amulet passes."""
        self.seal()  # undo stays within a turn: never back into the round before
        for i in SPACES:
            if self.central[i] == -1:
                card = self.draw_goods() if self.waiting[i] == "goods" else self.draw_tribe()
                if card != -1:
                    self.central[i] = card
                    self.waiting[i] = ""
            self.face_up[i] = True
        self.used = [False] * len(CENTRAL)
        self.rounds_played += 1
        if self.logging:
            self.log.append(RoundEnd("round_end", self.rounds_played))
        if max(self.display_count(0), self.display_count(1)) >= DISPLAY_LIMIT:
            self._end_game()
            return
        self.first = 1 - self.first
        self._start_round()

    def round_ended(self, final: bool) -> None:
        """An extension point, called where a round has ended and before anything of the next
        one (a raid) changes the score; `final`: the game ends here (after its last raid, if the
        robber reached the last corner). Does nothing here: a subclass that watches a game (the
        page's replay notes each round's score) overrides it. Never changes the game."""

    def _start_round(self) -> None:
        self.round_ended(final=False)
        self.round += 1
        self.robber += 1
        if self.robber in CORNERS:
            self.phase = "raid"
            if self.logging:
                self.log.append(Raid("raid", self.first, BORDER[self.robber].id))
            for p in (1 - self.first, self.first):  # the first player pays first: on top
                if "raid_immunity" in self.effects[p]:
                    if self.logging:
                        self.log.append(RaidImmune("raid_immune", p))
                else:
                    self.stack.append(Decision("raid", p, raid=BORDER[self.robber].effect))
        else:
            self._begin_placement()

    def _end_game(self) -> None:
        self.round_ended(final=True)
        self.phase = "over"
        self.stack.clear()
        if self.logging:
            self.log.append(GameOver("game_over"))

    # ---- cards ----------------------------------------------------------------------------
    def draw_goods(self) -> int:
        """The top card of the goods deck, or -1 (see _draw)."""
        return self._draw(self.goods_deck, self.goods_discard, "goods")

    def draw_tribe(self) -> int:
        """The top card of the tribe deck, or -1 (see _draw)."""
        return self._draw(self.tribe_deck, self.tribe_discard, "tribe")

    def _draw(self, deck: list[int], discard: list[int], kind: str) -> int:
        """Top card of a deck, or -1. An empty deck is refilled from its discard pile at once
        (the rulebook for goods; R4 for tribe cards)."""
        if not deck:
            self._reshuffle(deck, discard, kind)
            if not deck:
                return -1
        card = deck.pop() if self.chance is None else self.chance.take(deck)
        if not deck:
            self._reshuffle(deck, discard, kind)
        return card

    def _reshuffle(self, deck: list[int], discard: list[int], kind: str) -> None:
        if not discard:
            return
        deck.extend(discard)
        discard.clear()
        if self.chance is None:
            self.rng = rng.shuffle(deck, self.rng)
        else:
            deck.sort()  # explicit chance: a deck is a set; chance deals from it
        self.seal()  # randomness drawn: no undo across it
        if self.logging:
            self.log.append(Reshuffle("reshuffle", kind))

    def deal_central(self) -> None:
        """The opening deal: a checkerboard, goods cards on A, C, E, G, I (targi.board)."""
        self.central = [
            self.draw_goods() if letter in GOODS_SPACES else self.draw_tribe() for letter in CENTRAL
        ]

    def place_in_display(self, p: int, card: int, row: int) -> None:
        """Put a paid tribe card at the end of a display row (0-2); its effect takes hold."""
        self.display[p][row].append(card)
        effect = CARDS[card].effect
        if effect:
            self.effects[p][effect] = self.effects[p].get(effect, 0) + 1
            decisions.on_place(self, p, effect)

    # ---- messages -------------------------------------------------------------------------
    def why_illegal(self, move: object) -> str:
        """Why `move` is not legal now, in words for IllegalMove."""
        if self.phase == "over":
            return f"{move!r}: the game is over"
        if not isinstance(move, str):
            return f"{move!r}: a move is a string in the notation of docs/notation.md"
        top = self.stack[-1]
        return (
            f"{move!r} is not a legal move for player {self.player + 1} now "
            f"(deciding: {decisions.DESCRIPTION[top.kind]}; legal: {' '.join(self._legal)})"
        )
