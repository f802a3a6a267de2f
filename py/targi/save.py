"""Save strings: a game record (seed, first player, moves) in a short, URL-safe text.

Format (docs/save-format.md): "T" + base64url (no padding) of
    version (1 byte) | seed (4 bytes, big-endian) | first player + meta (1 byte)
    | number of moves (varint) | moves (mixed-radix integer, big-endian bytes)
    | CRC-32 of everything before it (4 bytes)
Each move is stored as its index among the legal moves at that point, so the moves together are
one number written in a mixed radix (each digit's base is the number of legal moves): about
log2(choices) bits a move. Decoding replays the game, so every move is checked by the rules.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib

from .errors import IllegalMove
from .errors import SaveError as SaveError  # re-exported: callers catch it from here
from .game import Game

PREFIX = "T"
VERSION = 1
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
    body = bytearray([VERSION])
    body += g.seed.to_bytes(4, "big")
    body.append(g.starter | meta << 1)
    body += _varint(len(g.choices))
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
    if len(raw) < 11:
        raise SaveError("damaged save string: too short, it may have been cut off")
    if raw[0] != VERSION:
        raise SaveError(
            f"save string of an unknown version ({raw[0]}); this game reads version {VERSION}"
        )
    body, crc = raw[:-4], raw[-4:]
    if zlib.crc32(body).to_bytes(4, "big") != crc:
        raise SaveError("damaged save string: the checksum does not match (cut off or altered?)")
    seed = int.from_bytes(body[1:5], "big")
    first, meta = body[5] & 1, body[5] >> 1
    count, pos = _read_varint(body, 6)
    if count > MAX_MOVES:
        raise SaveError("damaged save string: impossible number of moves")
    number = int.from_bytes(body[pos:], "big")
    g = Game.new(seed, first)
    for i in range(count):
        legal = g.legal_moves()
        if not legal:
            raise SaveError(f"invalid save string: move {i + 1} comes after the end of the game")
        number, index = divmod(number, len(legal))
        try:
            g.play(legal[index])
        except IllegalMove as e:  # cannot happen for an index in range; kept for safety
            raise SaveError(f"invalid save string: move {i + 1}: {e}") from None
    if number:
        raise SaveError("invalid save string: it records more than its moves")
    return g, meta


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
