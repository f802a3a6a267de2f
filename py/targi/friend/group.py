"""The P-256 group the deal runs in: card points, scalars, points as 33 bytes.

Every curve operation is the `ecdsa` package's; this module only names them for the deal.
Each card's point is found by hashing its index onto the curve (try-and-increment), so nobody
knows the discrete logarithm of one card's point to another's: otherwise the ratios of the
encrypted cards would betray them.
"""

from __future__ import annotations

import hashlib
from functools import cache

from ecdsa import NIST256p
from ecdsa.ellipticcurve import PointJacobi
from ecdsa.errors import MalformedPointError

from ..cards import CARDS
from .errors import FriendError

ORDER: int = NIST256p.order
POINT_BYTES = 33  # compressed
SCALAR_BYTES = 32


# k·P by (P's encoding, k): what Point.times made, and P by (k·P's encoding, k⁻¹). A whole
# game makes about 400 products per page, so it is kept whole; the bound only keeps a page
# that plays on and on from growing.
PRODUCTS_KEPT = 4096
_PRODUCTS: dict[tuple[bytes, int], Point] = {}
_POINTS: dict[bytes, Point] = {}  # the points read from their bytes (point())


class Point:
    """A point of the group (never the identity), kept with its compressed encoding."""

    __slots__ = ("_p", "data")

    def __init__(self, p: object, data: bytes) -> None:
        self._p = p
        self.data = data

    def times(self, k: int) -> Point:
        """k·P (k a non-zero scalar). Kept by (P, k): the audit at the end redoes every
        shuffle and share from the disclosed bytes, and a page checking a share again (a
        reload, a link opened twice) redoes it too, the same products a page already made.
        The product of the same point and scalar is the same point, so a kept one is exactly
        what multiplying again would give.

        With Q = k·P, the product k⁻¹·Q is kept too: it is P (every point but the identity
        has the group's prime order, so k⁻¹·(k·P) = (k⁻¹k mod n)·P = P). A card is opened
        with the inverse of the key that hid it: the inviter opens the cards it encrypted
        itself, and the friend's audit redoes the inviter's pass over cards it opened, each
        the undoing of a product the page made already."""
        k %= ORDER
        key = (self.data, k)
        kept = _PRODUCTS.get(key)
        if kept is None:
            q: object = self._p * k  # type: ignore[operator]
            kept = Point(q, bytes(q.to_bytes("compressed")))  # type: ignore[attr-defined]
            if len(_PRODUCTS) >= PRODUCTS_KEPT:
                _PRODUCTS.clear()  # a bound on memory; a whole game makes fewer
            _PRODUCTS[key] = kept
            _PRODUCTS[(kept.data, inverse(k))] = self
        return kept

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Point) and other.data == self.data

    def __hash__(self) -> int:
        return hash(self.data)


def point(data: bytes) -> Point:
    """The point a 33-byte compressed encoding stands for; FriendError if it is none. Kept by
    its bytes (decompressing takes a square root modulo the prime): a page reads the same
    shuffled cards again for each share it checks."""
    data = bytes(data)
    kept = _POINTS.get(data)
    if kept is not None:
        return kept
    if len(data) != POINT_BYTES or data[0] not in (2, 3):
        raise FriendError("a point is 33 bytes, compressed")
    try:
        p = PointJacobi.from_bytes(NIST256p.curve, data, valid_encodings=("compressed",))
    except (MalformedPointError, ValueError, AssertionError):
        raise FriendError("bytes that are not a point of the curve") from None
    kept = Point(p, data)
    if len(_POINTS) >= PRODUCTS_KEPT:
        _POINTS.clear()
    _POINTS[kept.data] = kept
    return kept


def scalar(data: bytes) -> int:
    """A non-zero scalar from 32 big-endian bytes; FriendError otherwise."""
    k = int.from_bytes(data, "big")
    if len(data) != SCALAR_BYTES or not 0 < k < ORDER:
        raise FriendError("a key is a number from 1 to the group's order, in 32 bytes")
    return k


def scalar_bytes(k: int) -> bytes:
    """The 32-byte encoding of a scalar."""
    return k.to_bytes(SCALAR_BYTES, "big")


def inverse(k: int) -> int:
    """The scalar that undoes k (decryption with a released key)."""
    return pow(k, -1, ORDER)


@cache
def card_point(card: int) -> Point:
    """The public point of card `card` (an index into targi.cards.CARDS)."""
    counter = 0
    while True:
        x = hashlib.sha256(b"targi card point|%d|%d" % (card, counter)).digest()
        try:
            return point(b"\x02" + x)
        except FriendError:
            counter += 1


@cache
def card_of_point() -> dict[bytes, int]:
    """Every card's point (its encoding) → the card."""
    return {card_point(c.index).data: c.index for c in CARDS}
