"""The audit at the end: with both pages' random bytes disclosed, every step is done again.

Each page's random bytes give its signing key, its shuffles and its key for every card, so
the audit recomputes what an honest page would have sent and compares it with what it did
send, message by message: the first difference names the step and who sent it. It also
checks the transcript's hash chain (each signature was checked when its message came in, and
each page's key must be the one its bytes give), and that every card turned up is the card
the two shuffles put at that position.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import NamedTuple

from ecdsa import BadSignatureError, NIST256p, VerifyingKey
from ecdsa.ellipticcurve import PointJacobi

from . import derive, shuffle, wire
from .dealer import Deck
from .group import scalar_bytes

ROLE_NAMES = ("the inviter", "the friend")


class Audit(NamedTuple):
    """The audit's result: ok, who sent what is wrong, and what (or "verified"): `reason` in
    English for the log, `code` the kind of failure for a page to word (CODES)."""

    ok: bool
    culprit: int | None  # the role that sent what is wrong (0 inviter, 1 friend), or None
    reason: str  # "verified", or what was wrong
    code: str = "verified"  # or one of CODES


# The kinds of failure: a message out of the chain, a signing key, the disclosed bytes, a
# shuffle, a share of a card, a card turned up that the shuffles did not put there.
CODES = ("order", "key", "disclosed", "shuffle", "share", "card")


def _fail(role: int | None, code: str, reason: str) -> Audit:
    who = ROLE_NAMES[role] if role is not None else "the deal"
    return Audit(
        False, role, f"{reason} (sent by {who})" if role is not None else f"{who}: {reason}", code
    )


def signature_ok(key: bytes, message: wire.Message) -> bool:
    """The message's signature checks under the sender's verifying key."""
    try:
        return bool(_verifier(key).verify(message.signature, message.body))
    except (BadSignatureError, ValueError, AssertionError):
        return False


@lru_cache(maxsize=4)
def _verifier(key: bytes) -> VerifyingKey:
    """The verifying key of `key` (checked as `VerifyingKey.from_string` checks it), with its
    point's table of doublings made once: every link of a game is signed by one of two keys,
    and the table makes each check about half the work (ecdsa's `precompute`)."""
    checked = VerifyingKey.from_string(key, curve=NIST256p, hashfunc=hashlib.sha256)
    pt = checked.pubkey.point
    # the parsed point does not carry the group's order, which the table needs
    table = PointJacobi(NIST256p.curve, pt.x(), pt.y(), 1, NIST256p.order, generator=True)
    return VerifyingKey.from_public_point(table, curve=NIST256p, hashfunc=hashlib.sha256)


def audit(
    transcript: Sequence[bytes],
    decks: Sequence[Deck],
    faces: Mapping[tuple[int, int], int],
    secrets: Sequence[bytes],
) -> Audit:
    """Check the whole game: "verified", or the first thing wrong and who sent it."""
    keys = [derive.verifying_key(s) for s in secrets]
    passes: dict[int, tuple[bytes, ...]] = {}
    prev = wire.START_HASH
    for seq, raw in enumerate(transcript):
        m = wire.parse(raw)
        who = m.sender
        if m.seq != seq or m.prev != prev:
            return _fail(who, "order", f"message {seq} does not follow the transcript")
        prev = wire.transcript_hash(prev, raw)
        for item in m.items:
            code, wrong = _check(item, who, decks, passes, secrets, keys)
            if wrong:
                return _fail(who, code, f"message {seq}: {wrong}")
    for (d, j), card in sorted(faces.items()):
        if (
            d >= len(decks)
            or shuffle.deal_order(secrets[0], secrets[1], d, decks[d].cards)[j] != card
        ):
            return _fail(
                None, "card", f"card {j + 1} of deck {d} is not the card the shuffles put there"
            )
    return Audit(True, None, "verified")


def _check(
    item: wire.Item,
    who: int,
    decks: Sequence[Deck],
    passes: dict[int, tuple[bytes, ...]],
    secrets: Sequence[bytes],
    keys: Sequence[bytes],
) -> tuple[str, str]:
    """What is wrong with one item (its code in CODES, and in words), or ("", "")."""
    s = secrets[who]
    if isinstance(item, wire.Key) and item.key != keys[who]:
        return "key", "its signing key is not the one the disclosed bytes give"
    if isinstance(item, wire.Disclose) and item.secret != s:
        return "disclosed", "it disclosed other bytes than those checked"
    if isinstance(item, wire.Pass1):
        passes[item.deck] = item.points
        if item.deck >= len(decks) or list(item.points) != shuffle.first_pass(
            s, item.deck, decks[item.deck].cards
        ):
            return "shuffle", f"the shuffle of deck {item.deck} is not the one its bytes give"
    if isinstance(item, wire.Pass2):
        first = passes.get(item.deck, ())
        if list(item.points) != shuffle.second_pass(s, item.deck, first):
            return "shuffle", f"the shuffle of deck {item.deck} is not the one its bytes give"
    if isinstance(item, wire.FriendShare):
        n = len(decks[item.deck].cards) if item.deck < len(decks) else 0
        k, b = shuffle.friend_share(s, item.deck, n, item.j)
        if (item.k, item.key) != (k, scalar_bytes(b)):
            return "share", f"its share for card {item.j + 1} of deck {item.deck} is wrong"
    if isinstance(item, wire.InviterShare) and item.key != scalar_bytes(
        shuffle.inviter_share(s, item.deck, item.k)
    ):
        deck = item.deck
        return "share", f"its share for card {item.k + 1} of its shuffle of deck {deck} is wrong"
    return "", ""
