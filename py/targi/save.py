"""Save strings: a game record (seed, first player, moves) in a short, URL-safe text.

Format (docs/save-format.md): "T" + base64url (no padding) of
    version (1 byte) | seed (4 bytes, big-endian) | first player + meta (1 byte)
    | number of moves (varint) | moves (mixed-radix integer, big-endian bytes)
    | CRC-32 of everything before it (4 bytes)
Each move is stored as its index among the legal moves at that point, so the moves together are
one number written in a mixed radix (each digit's base is the number of legal moves): about
log2(choices) bits a move. Decoding replays the game, so every move is checked by the rules.

Version 2 records a game whose deal no seed made (a finished friend game: its cards were dealt
by the two pages' shuffle): instead of the seed it carries every card drawn, in order
    version 2 | first player + meta | number of moves (varint) | number of cards (varint)
    | the cards (a byte each) | moves | CRC-32
and is read only as a finished game (its cards end where the game does).
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib

from .chance import NeedCard, script
from .errors import IllegalMove
from .errors import SaveError as SaveError  # re-exported: callers catch it from here
from .game import Game

PREFIX = "T"
VERSION = 1
DEALT = 2  # the version that carries the dealt cards instead of a seed
MAX_LENGTH = 4000  # a whole game is a few hundred characters
MAX_MOVES = 5000
_ALPHABET = re.compile(r"[A-Za-z0-9_-]*")  # base64url without padding


def encode(g: Game, meta: int = 0) -> str:
    """`meta` (0-127) is kept for the app: e.g. who plays the computer and at what level."""
    if not 0 <= meta < 128:
        raise ValueError("meta must be between 0 and 127")
    number = 0
    for index, n in reversed(g.choices):
        number = number * n + index
    cards = script(g)
    if cards is None:
        body = bytearray([VERSION])
        body += g.seed.to_bytes(4, "big")
        body.append(g.starter | meta << 1)
        body += _varint(len(g.choices))
    else:
        body = bytearray([DEALT, g.starter | meta << 1])
        body += _varint(len(g.choices))
        body += _varint(len(cards)) + bytes(cards)
    body += number.to_bytes((number.bit_length() + 7) // 8, "big")
    body += zlib.crc32(bytes(body)).to_bytes(4, "big")
    return PREFIX + base64.urlsafe_b64encode(bytes(body)).decode("ascii").rstrip("=")


def decode(text: object) -> tuple[Game, int]:
    """The game a save string records, replayed and checked, and its meta value."""
    if not isinstance(text, str):
        raise SaveError("not a save string (expected text)")
    text = text.strip()
    if len(text) > MAX_LENGTH:
        raise SaveError(f"not a save string: too long ({len(text)} characters)")
    if not text.startswith(PREFIX):
        raise SaveError("not a Targi save string (it should start with 'T')")
    payload = text[len(PREFIX) :]
    if not _ALPHABET.fullmatch(payload):  # b64decode would silently skip stray characters
        raise SaveError("damaged save string: it contains characters a save string never has")
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):  # a length no base64 text can have
        raise SaveError("damaged save string: it has been cut off or altered") from None
    if len(raw) < (11 if raw[:1] != bytes([DEALT]) else 8):
        raise SaveError("damaged save string: too short, it may have been cut off")
    if raw[0] not in (VERSION, DEALT):
        raise SaveError(
            f"save string of an unknown version ({raw[0]}); "
            f"this game reads versions {VERSION} and {DEALT}"
        )
    body, crc = raw[:-4], raw[-4:]
    if zlib.crc32(body).to_bytes(4, "big") != crc:
        raise SaveError("damaged save string: the checksum does not match (cut off or altered?)")
    if body[0] == DEALT:
        return _dealt(body)
    seed = int.from_bytes(body[1:5], "big")
    first, meta = body[5] & 1, body[5] >> 1
    count, pos = _read_varint(body, 6)
    number = int.from_bytes(body[pos:], "big")
    return _replayed(Game.new(seed, first), count, number), meta


def _dealt(body: bytes) -> tuple[Game, int]:
    """Version 2: the dealt cards instead of a seed; only a finished game reads."""
    first, meta = body[1] & 1, body[1] >> 1
    count, pos = _read_varint(body, 2)
    n, pos = _read_varint(body, pos)
    cards = list(body[pos : pos + n])
    if len(cards) < n:
        raise SaveError("damaged save string: its dealt cards are cut off")
    number = int.from_bytes(body[pos + n :], "big")
    try:
        start = Game.new(0, first, dealt=cards)
    except (NeedCard, IllegalMove):
        raise SaveError("invalid save string: its dealt cards are not a deal") from None
    try:
        g = _replayed(start, count, number)
    except NeedCard:
        raise SaveError("invalid save string: its moves draw more cards than it deals") from None
    if not g.is_over:
        raise SaveError("invalid save string: a record of dealt cards ends before its game does")
    if len(script(g) or []) != n:
        raise SaveError("invalid save string: it deals more cards than its game draws")
    return g, meta


def _replayed(g: Game, count: int, number: int) -> Game:
    """`g` with the `count` moves of the mixed-radix `number` played, each checked."""
    if count > MAX_MOVES:
        raise SaveError("damaged save string: impossible number of moves")
    for i in range(count):
        legal = g.legal_moves()
        if not legal:
            raise SaveError(f"invalid save string: move {i + 1} comes after the end of the game")
        number, index = divmod(number, len(legal))
        try:
            g.play(legal[index])
        except IllegalMove as e:  # a dealt card not in its deck (v2); else kept for safety
            raise SaveError(f"invalid save string: move {i + 1}: {e}") from None
    if number:
        raise SaveError("invalid save string: it records more than its moves")
    return g


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _read_varint(data: bytes, pos: int) -> tuple[int, int]:
    n = shift = 0
    while True:
        if pos >= len(data) or shift > 28:
            raise SaveError("damaged save string: the move count is cut off")
        byte = data[pos]
        pos += 1
        n |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return n, pos
