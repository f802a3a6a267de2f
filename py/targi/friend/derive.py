"""Everything a page's secrets are, derived from the random bytes it was started with.

A page is given 32 random bytes once (the browser's crypto.getRandomValues; tests pass fixed
bytes). Its signing key, its permutation and its key for every card of every deck follow from
them through SHA-256, so the whole deal replays from those bytes, and disclosing them at the
end lets the other page check every step (the audit).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

from ecdsa import NIST256p, SigningKey

from .group import ORDER

RANDOM_BYTES = 32


def _stream(secret: bytes, label: str) -> Iterator[int]:
    """An endless stream of 64-bit numbers from SHA-256 in counter mode."""
    counter = 0
    while True:
        block = hashlib.sha256(b"%s|%s|%d" % (secret, label.encode(), counter)).digest()
        for i in range(0, 32, 8):
            yield int.from_bytes(block[i : i + 8], "big")
        counter += 1


def _below(stream: Iterator[int], n: int) -> int:
    """A number 0 … n-1, uniform (rejection sampling: no modulo bias)."""
    limit = (1 << 64) - (1 << 64) % n
    while True:
        x = next(stream)
        if x < limit:
            return x % n


def permutation(secret: bytes, deck: int, n: int) -> list[int]:
    """The page's shuffle of deck `deck` (n cards): Fisher–Yates from the secret."""
    stream = _stream(secret, f"perm|{deck}")
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        j = _below(stream, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def card_key(secret: bytes, deck: int, position: int) -> int:
    """The page's key for one position of its pass over deck `deck` (non-zero scalar)."""
    digest = hashlib.sha256(b"%s|key|%d|%d" % (secret, deck, position)).digest()
    return int.from_bytes(digest + hashlib.sha256(digest).digest(), "big") % (ORDER - 1) + 1


def signing_key(secret: bytes) -> SigningKey:
    """The page's key for signing this game's messages."""
    digest = hashlib.sha256(secret + b"|sign").digest()
    exponent = int.from_bytes(digest + hashlib.sha256(digest).digest(), "big") % (ORDER - 1) + 1
    return SigningKey.from_secret_exponent(exponent, curve=NIST256p, hashfunc=hashlib.sha256)


def verifying_key(secret: bytes) -> bytes:
    """The compressed public key matching signing_key(secret)."""
    return bytes(signing_key(secret).get_verifying_key().to_string("compressed"))
