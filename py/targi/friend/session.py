"""FriendGame: one page's end of a game with a friend, played by links.

Two pages play: the *inviter* (role 0) and the *friend* (role 1). Everything a page sends is
an item (a move, a shuffle, a share of a card, its random bytes at the end) applied at once to
its own game and kept in its outbox; when the game cannot go on without the other page (their
move, or their share of a card), the outbox goes out as one signed message, a link. A page
answers a request for a share without asking its player. Both pages apply the same items in
the same order, so both hold the same game. Pure Python: no I/O, no clock; randomness only
from the bytes a page is started with.
"""

from __future__ import annotations

import hashlib
from typing import Literal, NamedTuple

from ecdsa import SigningKey

from ..errors import IllegalMove
from ..game import Game
from ..view import View, turn_down, view
from . import derive, shuffle, wire
from .audit import ROLE_NAMES, Audit, audit, signature_ok
from .dealer import Dealer
from .errors import FriendError, LinkError, RefusalCode, Refused
from .group import point, scalar, scalar_bytes

INVITER, FRIEND = 0, 1
STATE_VERSION = 1
Status = Literal["your-turn", "waiting", "answering", "verified", "failed"]


class Received(NamedTuple):
    """What applying a link did."""

    moves: list[str]  # the friend's moves it carried
    opened: list[int]  # the cards it turned up (card indexes), in order
    link: str | None  # a link to send back now (made without asking the player), or None
    status: Status


def game_id(inviter_key: bytes) -> bytes:
    """A game's id: from the inviter's verifying key, so that nobody can choose it."""
    return hashlib.sha256(b"targi friend game|" + inviter_key).digest()[: wire.GAME_ID_BYTES]


class FriendGame:
    """One page's end of a friend game (see the module's docstring and docs/friend-play.md)."""

    def __init__(
        self,
        role: int,
        random: bytes,
        transcript: list[bytes] | None = None,
        outbox: bytes = b"",
        settings: wire.Params | None = None,
    ) -> None:
        """A page's end: new (an inviter's with its `settings`), or restored from the messages
        and unsent items to_dict() kept."""
        if len(random) != derive.RANDOM_BYTES:
            raise FriendError(f"a page starts with {derive.RANDOM_BYTES} random bytes")
        self.role = role
        self.random = bytes(random)
        self.keys: list[bytes | None] = [None, None]
        self.disclosed: list[bytes | None] = [None, None]
        self.first_player = 0
        self.inviter_seat = 0
        self.dealer: Dealer | None = None
        self.transcript: list[bytes] = []
        self.hash = wire.START_HASH
        self.outbox: list[wire.Item] = []
        self.pass1: dict[int, tuple[bytes, ...]] = {}
        self.pass2: dict[int, tuple[bytes, ...]] = {}
        self.friend_shares: dict[tuple[int, int], tuple[int, int]] = {}  # (deck, j) → (k, b)
        self.inviter_shares: dict[tuple[int, int], int] = {}  # (deck, k) → a
        self.result: Audit | None = None
        self._opened: list[int] = []
        self._signing_key: SigningKey | None = None
        # a message's link text by its bytes: the page stores every message at every link
        self._texts: dict[bytes, str] = {}
        # the last message read for `status` (it is asked many times a link): (it, any move)
        self._last_moved: tuple[bytes, bool] | None = None
        for raw in transcript or []:
            m = wire.parse(raw)
            if m.seq != len(self.transcript) or m.prev != self.hash:
                raise FriendError("the stored game's messages do not follow each other")
            for item in m.items:
                self._apply(m.sender, item)
            self._record(raw)
        for item in wire.read_items(outbox) if outbox else ():
            self._local(item)
        self._audit()
        if settings is not None:
            self._local(settings)
            self._pump()

    # ---- making one ------------------------------------------------------------------------
    @classmethod
    def invite(cls, random: bytes, first_player: int = 0, seat: int = 0) -> FriendGame:
        """A new game: the inviter plays `seat` (0 Blue, 1 Red); `first_player` has the amulet
        in round 1. `link` is the invitation to send."""
        if first_player not in (0, 1) or seat not in (0, 1):
            raise FriendError("a player is 0 (Blue) or 1 (Red)")
        return cls(INVITER, random, settings=wire.Params(first_player, seat))

    @classmethod
    def accept(cls, invitation: str, random: bytes) -> FriendGame:
        """Join the game of an invitation link; `link` is the answer to send back."""
        m = wire.parse(wire.decode(invitation))
        if m.seq != 0 or m.sender != INVITER:
            raise LinkError("this link is not an invitation: it belongs to a game under way")
        g = cls(FRIEND, random)
        g.receive(invitation)
        return g

    # ---- what the page reads -----------------------------------------------------------------
    @property
    def seat(self) -> int:
        """The player this page plays (0 Blue, 1 Red)."""
        return self.inviter_seat if self.role == INVITER else 1 - self.inviter_seat

    @property
    def game(self) -> Game:
        """The game (explicit-chance mode: decks are unordered; a face-down central card is a
        stand-in: read it through view() or observe(), which hide it)."""
        if self.dealer is None:
            raise FriendError("the game has not started")
        return self.dealer.game

    def game_for_hints(self) -> Game:
        """A copy the AI can search (hints, analysis): the engine draws from its own generator
        there instead of stopping for chance. It knows no more than this player: the decks are
        unordered sets, and the face-down stand-ins are hidden by observe(), through which the
        AI reads. Only while the status is your-turn (not while a round's face-down cards wait
        to be opened)."""
        copy = self.game.clone(logging=True)
        copy.chance = None
        return copy

    @property
    def game_id(self) -> str:
        """The game's id as text (hex), for storage keys and Recent games."""
        return wire.header(self.transcript[0])[0].hex() if self.transcript else ""

    @property
    def link(self) -> str | None:
        """The last link this page sent (to send again), or None."""
        for raw in reversed(self.transcript):
            if wire.header(raw)[2] == self.role:
                return self._text(raw)
        return None

    def _text(self, raw: bytes) -> str:
        """A message's link text, encoded once (the same bytes give the same text)."""
        text = self._texts.get(raw)
        if text is None:
            text = self._texts[raw] = wire.encode(raw)
        return text

    @property
    def status(self) -> Status:
        """your-turn: this page's player decides; answering: the last link answers the friend's
        request (send it back); waiting: for the friend's link; verified / failed: the audit."""
        if self.result is not None:
            return "verified" if self.result.ok else "failed"
        if self._waiting_on() == self.role:
            return "your-turn"
        if not self.transcript:
            return "waiting"
        raw = self.transcript[-1]
        _, seq, sender = wire.header(raw)
        if sender == self.role and seq > 1 and not self._moved(raw):
            return "answering"
        return "waiting"

    def _moved(self, raw: bytes) -> bool:
        """The message carries a move; read once for the last message, not at each ask."""
        kept = self._last_moved
        if kept is None or kept[0] is not raw:
            kept = self._last_moved = (
                raw,
                any(isinstance(i, wire.Move) for i in wire.parse(raw).items),
            )
        return kept[1]

    def view(self) -> View:
        """The game as this page's player sees it (never a hidden card's face)."""
        v = view(self.game, self.seat)
        if self.dealer is not None:
            # a round has ended, its face-down cards are not open yet: the engine turned up
            # their stand-ins, which must not show, nor be missed from the unseen counts
            turn_down(v, self.game, [d.space for d in self.dealer.due() if d.sealed])
        return v

    def known_deal(self) -> list[int | None] | None:
        """The cards drawn so far as this page's player knows them (None: face down, not opened
        yet), in the order the rules drew them; None before the opening nine are turned up.
        Every card in it was opened by both pages' keys: both players know the same."""
        return self.dealer.known() if self.dealer is not None else None

    def dealt(self) -> list[int] | None:
        """Once the game is over and its deal verified: every card the rules drew, in order (a
        save string's dealt record, targi.save version 2: the game replays from it without a
        seed); None before, and after an audit that failed (its cards cannot be trusted)."""
        d = self.dealer
        if d is None or self.result is None or not self.result.ok or not d.game.is_over:
            return None
        faces = [d.faces.get((draw.deck, draw.pos)) for draw in d.draws]
        return [f for f in faces if f is not None] if None not in faces else None

    @property
    def audit(self) -> Audit | None:
        """The audit, once both pages have disclosed their bytes at the end."""
        return self.result

    # ---- acting ----------------------------------------------------------------------------
    def play(self, move: str) -> str | None:
        """This page's player makes a move: the link to send when the turn passes to the
        friend (or their share is needed), else None (the player decides again).
        IllegalMove or FriendError, with nothing changed, if the move cannot be made now."""
        if self._waiting_on() != self.role or self.dealer is None or self.dealer.blocked():
            raise FriendError(f"{move!r}: it is not your turn in this game")
        if self.game.current_player != self.seat:
            raise FriendError(f"{move!r}: it is not your turn in this game")
        if move not in self.game.legal_moves():
            raise IllegalMove(self.game.why_illegal(move))
        self._local(wire.Move(move))
        return self._pump()

    def receive(self, link: str) -> Received:
        """Apply the friend's link. LinkError (damaged) or Refused (foreign, repeated, out of
        order, badly signed, or a share, card or move that does not check); the game is then
        exactly as it was."""
        raw = wire.decode(link)
        m = wire.parse(raw)
        self._check_header(m, raw)
        self._opened = []
        item: wire.Item | None = None
        try:
            for item in m.items:
                self._apply(m.sender, item)
        except (FriendError, IllegalMove) as e:
            # Rare (a cheating or broken page), so the game is made again from its messages
            # rather than copied before every link.
            kept = FriendGame(self.role, self.random, self.transcript[:])
            vars(self).update({k: v for k, v in vars(kept).items() if k != "_signing_key"})
            refused = f"{ROLE_NAMES[m.sender]}'s message {m.seq} is refused: {e}"
            code: RefusalCode = "move" if isinstance(item, wire.Move) else "deal"
            raise Refused(refused, m.sender, code) from None
        self._record(raw)
        moves = [i.move for i in m.items if isinstance(i, wire.Move)]
        link_out = self._pump()
        return Received(moves, self._opened, link_out, self.status)

    def _check_header(self, m: wire.Message, raw: bytes) -> None:
        other = 1 - self.role
        if self.transcript and m.game_id != wire.header(self.transcript[0])[0]:
            raise Refused("this link belongs to another game", None, "foreign")
        if m.sender == self.role:
            raise Refused("this is your own link: send it to your friend", self.role, "own")
        seq = len(self.transcript)
        if m.seq < seq:
            raise Refused(f"this link was applied already (message {m.seq})", other, "repeated")
        if m.seq > seq:
            raise Refused(
                f"a link is missing: message {seq} comes before this one", other, "missing"
            )
        if m.prev != self.hash:
            raise Refused("this link does not follow the game as it stands", other, "not_following")
        if self.outbox:
            raise Refused("your own moves are not sent yet: send your link first", other, "unsent")
        key = self.keys[other]
        if key is None:
            first = (
                m.items[1] if len(m.items) > 1 and m.seq == 0 else m.items[0] if m.items else None
            )
            if not isinstance(first, wire.Key):
                raise Refused("the friend's first message does not carry their key", other, "deal")
            key = first.key
            if m.seq == 0 and m.game_id != game_id(key):
                raise Refused("the invitation's game id does not match its key", other, "changed")
        if not signature_ok(key, m):
            raise Refused("the link's signature does not check: it was changed", other, "changed")

    # ---- items -------------------------------------------------------------------------------
    def _local(self, item: wire.Item) -> None:
        self._apply(self.role, item)
        self.outbox.append(item)

    def _apply(self, who: int, item: wire.Item) -> None:
        """Apply one item sent by `who`; FriendError if it does not check."""
        if isinstance(item, wire.Params):
            if self.transcript or self.dealer is not None or who != INVITER:
                raise FriendError("the game's settings come first, once")
            self.first_player, self.inviter_seat = item.first_player, item.inviter_seat
            self.dealer = Dealer(item.first_player)
            return
        dealer = self.dealer
        if dealer is None:
            raise FriendError("the game's settings must come first")
        if isinstance(item, wire.Key):
            if self.keys[who] is not None:
                raise FriendError("a key is given once")
            point(item.key)
            self.keys[who] = item.key
        elif isinstance(item, wire.Pass1):
            self._pass(who, INVITER, item.deck, item.points, self.pass1, None)
        elif isinstance(item, wire.Pass2):
            self._pass(who, FRIEND, item.deck, item.points, self.pass2, self.pass1)
        elif isinstance(item, wire.FriendShare):
            self._friend_share(who, item, dealer)
        elif isinstance(item, wire.InviterShare):
            self._inviter_share(who, item, dealer)
        elif isinstance(item, wire.Move):
            g = dealer.game
            if dealer.blocked() or g.is_over or g.current_player != self._seat_of(who):
                raise FriendError(f"move {item.move!r} out of turn")
            dealer.play(item.move)
        elif isinstance(item, wire.Disclose):
            if not dealer.game.is_over or dealer.blocked() or self.disclosed[who] is not None:
                raise FriendError("random bytes are disclosed once, at the end")
            if derive.verifying_key(item.secret) != self.keys[who]:
                raise FriendError("the disclosed bytes do not give the key that signed the game")
            self.disclosed[who] = item.secret

    def _seat_of(self, role: int) -> int:
        return self.inviter_seat if role == INVITER else 1 - self.inviter_seat

    def _pass(
        self,
        who: int,
        owner: int,
        deck: int,
        points: tuple[bytes, ...],
        into: dict[int, tuple[bytes, ...]],
        after: dict[int, tuple[bytes, ...]] | None,
    ) -> None:
        assert self.dealer is not None
        if who != owner:
            raise FriendError(f"{ROLE_NAMES[owner]} shuffles this pass, not {ROLE_NAMES[who]}")
        if (
            deck >= len(self.dealer.decks)
            or deck in into
            or (after is not None and deck not in after)
        ):
            raise FriendError(f"a shuffle of deck {deck} that is not due")
        if len(points) != len(self.dealer.decks[deck].cards) or len(set(points)) != len(points):
            raise FriendError(f"the shuffle of deck {deck} has the wrong number of cards")
        for p in points:
            point(p)
        into[deck] = points

    def _friend_share(self, who: int, item: wire.FriendShare, dealer: Dealer) -> None:
        d, j, k = item.deck, item.j, item.k
        due = {(x.deck, x.pos) for x in dealer.due()}
        if who != FRIEND or (d, j) not in due or (d, j) in self.friend_shares:
            raise FriendError(f"a share for card {j + 1} of deck {d} that is not due")
        if d not in self.pass2 or not 0 <= k < len(self.pass1[d]):
            raise FriendError(f"a share for card {j + 1} of deck {d} before its shuffle")
        if any(dd == d and kk == k for (dd, _), (kk, _) in self.friend_shares.items()):
            raise FriendError(f"a share that points at a card of deck {d} twice")
        b = scalar(item.key)
        if not shuffle.check_friend_share(point(self.pass1[d][k]), point(self.pass2[d][j]), b):
            raise FriendError(f"the share for card {j + 1} of deck {d} does not match the shuffle")
        self.friend_shares[(d, j)] = (k, b)

    def _inviter_share(self, who: int, item: wire.InviterShare, dealer: Dealer) -> None:
        d, k = item.deck, item.k
        js = [j for (dd, j), (kk, _) in self.friend_shares.items() if dd == d and kk == k]
        if who != INVITER or not js or (d, k) in self.inviter_shares:
            raise FriendError(f"a share for card {k + 1} of deck {d} that is not due")
        a = scalar(item.key)
        card = shuffle.open_card(point(self.pass1[d][k]), a, dealer.decks[d].cards)
        if any(dd == d and c == card for (dd, _), c in dealer.faces.items()):
            raise FriendError(f"the share opens a card of deck {d} that was dealt already")
        self.inviter_shares[(d, k)] = a
        self._opened.append(card)
        dealer.opened(d, js[0], card)

    # ---- what this page does by itself -------------------------------------------------------
    def _contribution(self) -> wire.Item | None:
        """The next item this page adds without asking its player, or None."""
        dealer = self.dealer
        assert dealer is not None
        s = self.random
        if self.keys[self.role] is None:
            return wire.Key(derive.verifying_key(s))
        for d, deck in enumerate(dealer.decks):
            if self.role == INVITER and d not in self.pass1:
                return wire.Pass1(d, tuple(shuffle.first_pass(s, d, deck.cards)))
            if self.role == FRIEND and d in self.pass1 and d not in self.pass2:
                return wire.Pass2(d, tuple(shuffle.second_pass(s, d, self.pass1[d])))
        for draw in dealer.due():
            d, j = draw.deck, draw.pos
            if self.role == FRIEND and d in self.pass2 and (d, j) not in self.friend_shares:
                k, b = shuffle.friend_share(s, d, len(dealer.decks[d].cards), j)
                return wire.FriendShare(d, j, k, scalar_bytes(b))
            if self.role == INVITER and (d, j) in self.friend_shares:
                k = self.friend_shares[(d, j)][0]
                if (d, k) not in self.inviter_shares:
                    a = shuffle.inviter_share(s, d, k)
                    return wire.InviterShare(d, k, scalar_bytes(a))
        g = dealer.game
        if g.is_over and not dealer.blocked() and self.disclosed[self.role] is None:
            return wire.Disclose(s)
        return None

    def _waiting_on(self) -> int | None:
        """The role whose page must act next, or None (nothing left: the audit is done)."""
        dealer = self.dealer
        if dealer is None:
            return INVITER
        for draw in dealer.due():
            d, j = draw.deck, draw.pos
            if d not in self.pass1:
                return INVITER
            if d not in self.pass2 or (d, j) not in self.friend_shares:
                return FRIEND
            return INVITER
        if dealer.game.is_over:
            for role in (self.role, 1 - self.role):
                if self.disclosed[role] is None:
                    return role
            return None
        return self._role_of_seat(dealer.game.current_player)

    def _role_of_seat(self, seat: int) -> int:
        return INVITER if seat == self.inviter_seat else FRIEND

    def _pump(self) -> str | None:
        """Add what this page can by itself; send the outbox once the friend must act."""
        while (item := self._contribution()) is not None:
            self._local(item)
        link = self._send() if self._waiting_on() != self.role and self.outbox else None
        self._audit()
        return link

    def _send(self) -> str:
        assert self.keys[self.role] is not None
        gid = game_id(self.keys[INVITER] or b"")
        body = wire.body(gid, len(self.transcript), self.role, self.hash, tuple(self.outbox))
        signature = self._signer().sign_deterministic(body, hashfunc=hashlib.sha256)
        raw = body + bytes(signature)
        self.outbox = []
        self._record(raw)
        return self._text(raw)

    def _signer(self) -> SigningKey:
        if self._signing_key is None:  # derived once: it costs a point multiplication
            self._signing_key = derive.signing_key(self.random)
        return self._signing_key

    def _record(self, raw: bytes) -> None:
        self.transcript.append(raw)
        self.hash = wire.transcript_hash(self.hash, raw)

    def _audit(self) -> None:
        """Once both pages' bytes are disclosed: check everything (both pages find the same)."""
        s0, s1 = self.disclosed
        if self.result is None and s0 is not None and s1 is not None and self.dealer is not None:
            self.result = audit(self.transcript, self.dealer.decks, self.dealer.faces, [s0, s1])

    # ---- storage -----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict for the page's storage: the random bytes, every message and the
        moves not sent yet; from_dict() applies them again."""
        return {
            "version": STATE_VERSION,
            "role": self.role,
            "random": self.random.hex(),
            "transcript": [self._text(raw) for raw in self.transcript],
            "outbox": wire.items_bytes(tuple(self.outbox)).hex(),
        }

    @classmethod
    def from_dict(cls, state: dict[str, object]) -> FriendGame:
        """The game to_dict() stored; FriendError if the dict is not one."""
        try:
            role, random = state["role"], bytes.fromhex(str(state["random"]))
            transcript, outbox = state["transcript"], bytes.fromhex(str(state["outbox"]))
            if role not in (0, 1) or not isinstance(role, int) or not isinstance(transcript, list):
                raise TypeError
        except (KeyError, ValueError, TypeError):
            raise FriendError("this is not a stored friend game") from None
        if state.get("version") != STATE_VERSION:
            raise FriendError("a friend game stored by another version of the page")
        return cls(role, random, [wire.decode(str(text)) for text in transcript], outbox)


__all__ = ["FriendGame", "Received", "Refused", "LinkError", "FriendError"]
