"""A game of Targi: the state, the round structure, and the public interface.

A game is its seed, its first player and the list of moves chosen; everything else follows.
Moves are short strings (docs/notation.md). Decisions are kept on a stack: a move answers the
decision on top, which may push further decisions (which good, which payment, which row, ...).
A decision with a single legal move is taken automatically and not recorded.
"""

from __future__ import annotations

from . import decisions, rng
from .board import CORNERS, crossings
from .cards import BORDER, CARDS, GOODS_CARDS, TRIBE_CARDS
from .chance import start
from .payment import DISPLAY_LIMIT

STARTING_GOODS = (2, 2, 2)
STARTING_GOLD = 1
STARTING_VP = 4
TARGIS = 3
GOODS_LIMIT = 10
GOLD_LIMIT = 3
LAST_CORNER = 16
# A round for each border card the robber stands on that is not a corner; the raid at the last
# corner comes after the last round (its moves are logged as round ROUNDS + 1).
ROUNDS = sum(1 for n in range(1, LAST_CORNER + 1) if n not in CORNERS)
SEED_LIMIT = 1 << 32


class IllegalMove(ValueError):
    """A move that is not legal now. The game is left unchanged."""


class Game:
    __slots__ = (
        "seed", "rng", "round", "rounds_played", "robber", "first", "phase", "player",
        "place_turn", "actor", "goods_deck", "goods_discard", "tribe_deck", "tribe_discard",
        "central", "face_up", "waiting", "used", "goods", "gold", "vp", "hand", "hand_round",
        "display", "effects", "targis", "markers", "to_place", "next_targis", "stack",
        "in_play", "record", "record_players", "choices", "barrier", "log", "logging",
        "_legal", "_sealed", "starter", "chance",
    )  # fmt: skip

    # ---- creation -------------------------------------------------------------------------
    @classmethod
    def new(cls, seed: int, first_player: int = 0, explicit_chance: bool = False) -> Game:
        """A new game. `explicit_chance`: no shuffle; chance deals every card (targi.chance)."""
        if not 0 <= seed < SEED_LIMIT:
            raise ValueError(f"seed must be between 0 and {SEED_LIMIT - 1}")
        if first_player not in (0, 1):
            raise ValueError("first player must be 0 or 1")
        g = cls.__new__(cls)
        g.seed = seed
        g.rng = seed
        g.goods_deck = list(GOODS_CARDS)
        g.tribe_deck = list(TRIBE_CARDS)
        g.chance = None
        if not explicit_chance:
            g.rng = rng.shuffle(g.goods_deck, g.rng)
            g.rng = rng.shuffle(g.tribe_deck, g.rng)
        g.goods_discard, g.tribe_discard = [], []
        g.central = [
            -1 if explicit_chance else g.goods_deck.pop() if i % 2 == 0 else g.tribe_deck.pop()
            for i in range(9)
        ]  # checkerboard: goods on A, C, E, G, I
        g.face_up = [True] * 9
        g.waiting = [""] * 9
        g.used = [False] * 9
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
    def replay(cls, seed: int, first_player: int, moves: list[str]) -> Game:
        g = cls.new(seed, first_player)
        for i, move in enumerate(moves):
            try:
                g.play(move)
            except IllegalMove as e:
                raise IllegalMove(f"move {i + 1}: {e}") from None
        return g

    def clone(self, logging: bool = False) -> Game:
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
        g.display = [[r[:] for r in d] for d in self.display]
        g.effects = [dict(self.effects[0]), dict(self.effects[1])]
        g.targis = [self.targis[0][:], self.targis[1][:]]
        g.markers = [self.markers[0][:], self.markers[1][:]]
        g.to_place, g.next_targis = self.to_place[:], self.next_targis[:]
        g.stack = self.stack[:]  # decisions are immutable tuples
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
        return self.player

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def decision(self) -> str:
        """What the current player is deciding: place, act, tribe, pay, row, good, merchant,
        silversmith, fata_morgana, swap, discard, raid — or over."""
        return self.stack[-1][0] if self.stack else "over"

    def legal_moves(self) -> list[str]:
        return list(self._legal)

    def play(self, move: str) -> None:
        """Apply a move of the current player; raises IllegalMove and changes nothing if illegal."""
        if self.chance is not None and self.chance.play(self, move):
            return
        legal = self._legal
        if move not in legal:
            raise IllegalMove(self._why_illegal(move))
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

    def display_count(self, player: int) -> int:
        d = self.display[player]
        return len(d[0]) + len(d[1]) + len(d[2])

    # ---- flow -----------------------------------------------------------------------------
    def _apply(self, move: str, forced: bool) -> None:
        top = self.stack[-1]
        if self.logging:
            self.log.append(
                ("move", self.player, move, forced, self.round, decisions.subject(self, top, move))
            )
        decisions.APPLY[top[0]](self, top, move)

    def _advance(self) -> None:
        """Carry the game forward to the next decision that has a real choice."""
        while True:
            if self.stack:
                top = self.stack[-1]
                self.player = top[1]
                moves = decisions.MOVES[top[0]](self, top)
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
            self.stack.append(("place", p))
        elif phase == "act":
            self._end_actions(self.actor)
        elif phase == "limits":
            if self.actor == self.first:
                self.actor = 1 - self.first
                self.phase = "act"
                self.stack.append(("act", self.actor))
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
        self.to_place[p] -= 1
        if self.to_place[1 - p]:
            self.place_turn = 1 - p

    def _place_markers(self) -> None:
        for p in (0, 1):
            spaces = crossings(self.targis[p])
            kept = [s for s in spaces if self.central["ABCDEFGHI".index(s)] != -1]
            if self.logging and len(kept) < len(spaces):
                self.log.append(("marker_returned", p, "".join(sorted(set(spaces) - set(kept)))))
            self.markers[p] = kept
        self.phase = "act"
        self.actor = self.first
        self.stack.append(("act", self.first))

    def _end_actions(self, p: int) -> None:
        """A player's actions are done: pieces return; then the limits (R10)."""
        self.targis[p] = []
        self.markers[p] = []
        if self.gold[p] > GOLD_LIMIT:
            if self.logging:
                self.log.append(("gold_limit", p, self.gold[p] - GOLD_LIMIT))
            self.gold[p] = GOLD_LIMIT
        self.phase = "limits"
        if sum(self.goods[p]) > GOODS_LIMIT:
            self.stack.append(("discard", p))

    def _end_round(self) -> None:
        """R10: face-down cards turn up, empty spaces fill (R4), game-end check, amulet passes."""
        self._sealed = True  # undo stays within a turn: never back into the round before
        for i in range(9):
            if self.central[i] == -1:
                card = self.draw_goods() if self.waiting[i] == "goods" else self.draw_tribe()
                if card != -1:
                    self.central[i] = card
                    self.waiting[i] = ""
            self.face_up[i] = True
        self.used = [False] * 9
        self.rounds_played += 1
        if self.logging:
            self.log.append(("round_end", self.rounds_played))
        if max(self.display_count(0), self.display_count(1)) >= DISPLAY_LIMIT:
            self._end_game()
            return
        self.first = 1 - self.first
        self._start_round()

    def _start_round(self) -> None:
        self.round += 1
        self.robber += 1
        if self.robber in CORNERS:
            self.phase = "raid"
            if self.logging:
                self.log.append(("raid", self.first, BORDER[self.robber].id))
            for p in (1 - self.first, self.first):  # the first player pays first: on top
                if "raid_immunity" in self.effects[p]:
                    if self.logging:
                        self.log.append(("raid_immune", p))
                else:
                    self.stack.append(("raid", p, BORDER[self.robber].effect))
        else:
            self._begin_placement()

    def _end_game(self) -> None:
        self.phase = "over"
        self.stack.clear()
        if self.logging:
            self.log.append(("game_over",))

    # ---- cards ----------------------------------------------------------------------------
    def draw_goods(self) -> int:
        return self._draw(self.goods_deck, self.goods_discard, "goods")

    def draw_tribe(self) -> int:
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
        self._sealed = True  # randomness drawn: no undo across it
        if self.logging:
            self.log.append(("reshuffle", kind))

    def place_in_display(self, p: int, card: int, row: int) -> None:
        self.display[p][row].append(card)
        effect = CARDS[card].effect
        if effect:
            self.effects[p][effect] = self.effects[p].get(effect, 0) + 1
            decisions.on_place(self, p, effect)

    # ---- messages -------------------------------------------------------------------------
    def _why_illegal(self, move: object) -> str:
        if self.phase == "over":
            return f"{move!r}: the game is over"
        if not isinstance(move, str):
            return f"{move!r}: a move is a string in the notation of docs/notation.md"
        top = self.stack[-1]
        return (
            f"{move!r} is not a legal move for player {self.player + 1} now "
            f"(deciding: {decisions.DESCRIPTION[top[0]]}; legal: {' '.join(self._legal)})"
        )
