"""Messages in bytes, and links: what travels between the two pages.

A message is
    version 1 byte | game id 8 bytes | sequence number varint | sender 1 byte (0 inviter,
    1 friend) | hash of the transcript before it 32 bytes | item count varint | items |
    signature 64 bytes (ECDSA P-256 over SHA-256 of everything before it, RFC 6979)
and a link's text is "F" + base64url(message) without padding (the page puts it after `#`).
Items (a tag byte, then): Params (first player, inviter's seat), Key (the sender's 33-byte
verifying key), Pass1 / Pass2 (deck, count, 33-byte points), FriendShare (deck, j, k, 32-byte
key), InviterShare (deck, k, 32-byte key), Move (length, ASCII), Disclose (32 random bytes).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from typing import NamedTuple

from .errors import LinkError
from .group import POINT_BYTES, SCALAR_BYTES

VERSION = 1
GAME_ID_BYTES = 8
HASH_BYTES = 32
SIGNATURE_BYTES = 64
PREFIX = "F"
MAX_LINK = 8000  # no honest link comes near: longer text is not read
START_HASH = hashlib.sha256(b"targi friend transcript v1").digest()


class Params(NamedTuple):
    """The game's settings: the invitation's first item."""

    first_player: int  # the player (0 Blue, 1 Red) with the amulet in round 1
    inviter_seat: int  # the player the inviter plays


class Key(NamedTuple):
    """The sender's verifying key: in its first message."""

    key: bytes  # the sender's compressed verifying key for this game


class Pass1(NamedTuple):
    """The inviter's pass over deck `deck`: its encrypted, shuffled cards."""

    deck: int
    points: tuple[bytes, ...]


class Pass2(NamedTuple):
    """The friend's pass over the inviter's pass of deck `deck`."""

    deck: int
    points: tuple[bytes, ...]


class FriendShare(NamedTuple):
    """The friend's share of position j: the inviter's position k it came from, and b_j."""

    deck: int
    j: int  # the position being opened (dealt order)
    k: int  # the inviter's position it came from
    key: bytes


class InviterShare(NamedTuple):
    """The inviter's share of its position k: a_k (opens the card)."""

    deck: int
    k: int
    key: bytes


class Move(NamedTuple):
    """A move of the sender's player (docs/notation.md)."""

    move: str


class Disclose(NamedTuple):
    """The sender's random bytes, at the end (for the audit)."""

    secret: bytes  # the sender's random bytes: the audit derives every key from them


Item = Params | Key | Pass1 | Pass2 | FriendShare | InviterShare | Move | Disclose


class Message(NamedTuple):
    """A message as read: its header, its items, its signature and the bytes signed."""

    game_id: bytes
    seq: int
    sender: int
    prev: bytes
    items: tuple[Item, ...]
    signature: bytes
    body: bytes  # the signed bytes (everything before the signature)

    @property
    def raw(self) -> bytes:
        """The whole message: the signed bytes and the signature."""
        return self.body + self.signature


# ---- bytes ---------------------------------------------------------------------------------
def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _points(points: tuple[bytes, ...]) -> bytes:
    return _varint(len(points)) + b"".join(points)


def _item(item: Item) -> bytes:
    if isinstance(item, Params):
        return bytes([1, item.first_player, item.inviter_seat])
    if isinstance(item, Key):
        return b"\x02" + item.key
    if isinstance(item, Pass1):
        return b"\x03" + _varint(item.deck) + _points(item.points)
    if isinstance(item, Pass2):
        return b"\x04" + _varint(item.deck) + _points(item.points)
    if isinstance(item, FriendShare):
        return b"\x05" + _varint(item.deck) + _varint(item.j) + _varint(item.k) + item.key
    if isinstance(item, InviterShare):
        return b"\x06" + _varint(item.deck) + _varint(item.k) + item.key
    if isinstance(item, Move):
        data = item.move.encode("ascii")
        return b"\x07" + _varint(len(data)) + data
    return b"\x08" + item.secret


def body(game_id: bytes, seq: int, sender: int, prev: bytes, items: tuple[Item, ...]) -> bytes:
    """The signed part of a message."""
    return (
        bytes([VERSION])
        + game_id
        + _varint(seq)
        + bytes([sender])
        + prev
        + _varint(len(items))
        + b"".join(_item(i) for i in items)
    )


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise LinkError("the link is cut short: part of the message is missing")
        out = self.data[self.at : self.at + n]
        self.at += n
        return out

    def varint(self) -> int:
        n = shift = 0
        while True:
            byte = self.take(1)[0]
            n |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return n
            shift += 7
            if shift > 28:
                raise LinkError("the link is damaged: a number in it is too long")

    def points(self) -> tuple[bytes, ...]:
        count = self.varint()
        return tuple(self.take(POINT_BYTES) for _ in range(count))


def _read_item(r: _Reader) -> Item:
    tag = r.take(1)[0]
    if tag == 1:
        first, seat = r.take(2)
        if first > 1 or seat > 1:
            raise LinkError("the link is damaged: a player is 0 or 1")
        return Params(first, seat)
    if tag == 2:
        return Key(r.take(POINT_BYTES))
    if tag == 3:
        return Pass1(r.varint(), r.points())
    if tag == 4:
        return Pass2(r.varint(), r.points())
    if tag == 5:
        return FriendShare(r.varint(), r.varint(), r.varint(), r.take(SCALAR_BYTES))
    if tag == 6:
        return InviterShare(r.varint(), r.varint(), r.take(SCALAR_BYTES))
    if tag == 7:
        data = r.take(r.varint())
        if not data.isascii():
            raise LinkError("the link is damaged: a move is not plain text")
        return Move(data.decode("ascii"))
    if tag == 8:
        return Disclose(r.take(32))
    raise LinkError(f"the link is damaged: unknown part {tag}")


def parse(data: bytes) -> Message:
    """A message from its bytes; LinkError names what is wrong (the signature is not checked
    here: the receiver knows the sender's key)."""
    if len(data) < 1 + GAME_ID_BYTES + 2 + HASH_BYTES + 1 + SIGNATURE_BYTES:
        raise LinkError("the link is too short: it may have been cut off")
    if data[0] != VERSION:
        raise LinkError(f"the link is from another version of the game ({data[0]})")
    r = _Reader(data[:-SIGNATURE_BYTES])
    r.take(1)
    game_id = r.take(GAME_ID_BYTES)
    seq = r.varint()
    sender = r.take(1)[0]
    if sender > 1:
        raise LinkError("the link is damaged: its sender is neither player")
    prev = r.take(HASH_BYTES)
    items = tuple(_read_item(r) for _ in range(r.varint()))
    if r.at != len(r.data):
        raise LinkError("the link is damaged: bytes are left over after its message")
    return Message(game_id, seq, sender, prev, items, data[-SIGNATURE_BYTES:], r.data)


def header(data: bytes) -> tuple[bytes, int, int]:
    """(game id, seq, sender) of a message parsed once already (one of a transcript's), read
    without its items: the invitation carries a whole shuffled deck, and a page asks its game
    id at every link and save."""
    r = _Reader(data)
    r.take(1)
    game_id = r.take(GAME_ID_BYTES)
    seq = r.varint()
    return game_id, seq, r.take(1)[0]


# ---- links ---------------------------------------------------------------------------------
_LINK = re.compile(r"[A-Za-z0-9_-]*")


def encode(message: bytes) -> str:
    """A message's link text (the part after `#`)."""
    return PREFIX + base64.urlsafe_b64encode(message).decode("ascii").rstrip("=")


def decode(text: str) -> bytes:
    """The message bytes of a link's text (a whole URL is accepted: the part after `#`);
    LinkError with a plain sentence for anything else."""
    text = text.strip()
    if "#" in text:
        text = text.split("#", 1)[1]
    if not text.startswith(PREFIX):
        raise LinkError("this is not a link of a game with a friend")
    data = text[len(PREFIX) :]
    if len(data) > MAX_LINK:
        raise LinkError("the link is too long to be a message of this game")
    if not _LINK.fullmatch(data) or len(data) % 4 == 1:
        raise LinkError("the link is damaged: it holds characters a link of this game never has")
    try:
        return base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("the link is damaged and cannot be read") from None


def transcript_hash(prev: bytes, message: bytes) -> bytes:
    """The transcript's hash after `message`."""
    return hashlib.sha256(prev + message).digest()


def items_bytes(items: tuple[Item, ...]) -> bytes:
    """Items alone (a page keeps the moves it has not sent yet this way)."""
    return _varint(len(items)) + b"".join(_item(i) for i in items)


def read_items(data: bytes) -> tuple[Item, ...]:
    """The items of items_bytes()."""
    r = _Reader(data)
    items = tuple(_read_item(r) for _ in range(r.varint()))
    if r.at != len(data):
        raise LinkError("damaged: bytes are left over after the items")
    return items
