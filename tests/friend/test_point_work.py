"""The curve work a page does for a link is not done twice: a product k·P already made is
kept (the audit at the end redoes every shuffle and share), and a sender's verifying key is
read and tabled once for all its links."""

from __future__ import annotations

import hashlib

import pytest
from ecdsa import NIST256p, SigningKey, VerifyingKey
from ecdsa.ellipticcurve import PointJacobi
from targi.friend import FriendError, audit, group, wire

from .scripted import Match, secret


@pytest.fixture
def multiplications(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The scalars of every curve point multiplication made while the test runs."""
    made: list[int] = []
    mul = PointJacobi.__mul__

    def counting(self: PointJacobi, k: int) -> PointJacobi:
        made.append(k)
        return mul(self, k)

    monkeypatch.setattr(PointJacobi, "__mul__", counting)
    monkeypatch.setattr(group, "_PRODUCTS", {}, raising=False)
    return made


def test_a_product_of_the_same_point_and_scalar_is_made_once(multiplications: list[int]):
    p = group.card_point(7)
    k = 0x1234_5678_9ABC_DEF0 << 160
    multiplications.clear()
    first, again = p.times(k), p.times(k + group.ORDER)  # the same scalar of the group
    assert multiplications == [k]
    other = p.times(k + 1)
    assert len(multiplications) == 2
    fresh = PointJacobi.from_bytes(NIST256p.curve, p.data) * k
    assert first.data == again.data == bytes(fresh.to_bytes("compressed")) != other.data


def test_a_full_store_of_products_starts_over_and_stays_right(
    multiplications: list[int], monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(group, "PRODUCTS_KEPT", 3)
    p = group.card_point(2)
    made = [p.times(k).data for k in range(1, 8)]
    assert len(group._PRODUCTS) <= 3
    assert [p.times(k).data for k in range(1, 8)] == made


def _signed(sk: SigningKey, body: bytes) -> wire.Message:
    signature = sk.sign_deterministic(body, hashfunc=hashlib.sha256)
    return wire.parse(body + signature)


def test_a_senders_key_is_read_once_for_all_its_links(monkeypatch: pytest.MonkeyPatch):
    sk = SigningKey.generate(curve=NIST256p, hashfunc=hashlib.sha256)  # a key not seen before
    key = bytes(sk.get_verifying_key().to_string("compressed"))
    move = (wire.Move("t5"),)
    messages = [_signed(sk, wire.body(b"g" * 8, n, 0, b"h" * 32, move)) for n in range(1, 6)]
    read: list[bytes] = []
    from_string = VerifyingKey.from_string

    def counting(data: bytes, **kwargs: object) -> VerifyingKey:
        read.append(data)
        return from_string(data, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(VerifyingKey, "from_string", counting)
    assert all(audit.signature_ok(key, m) for m in messages)
    assert read == [key]
    swapped = wire.parse(messages[1].body + messages[0].signature)
    assert not audit.signature_ok(key, swapped)  # a kept key still refuses another body
    other = bytes(SigningKey.generate(curve=NIST256p).get_verifying_key().to_string("compressed"))
    assert not audit.signature_ok(other, messages[0])
    assert not audit.signature_ok(b"\x02" + b"\xff" * 32, messages[0])  # not a point


def test_a_point_is_read_from_its_bytes_once(monkeypatch: pytest.MonkeyPatch):
    read: list[bytes] = []
    from_bytes = PointJacobi.from_bytes

    def counting(curve: object, data: bytes, **kwargs: object) -> PointJacobi:
        read.append(data)
        return from_bytes(curve, data, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(PointJacobi, "from_bytes", counting)
    monkeypatch.setattr(group, "_POINTS", {}, raising=False)
    data = group.card_point(11).times(0xABCDEF).data
    read.clear()
    assert group.point(data) == group.point(data) == group.point(bytearray(data))
    assert read == [data]
    for bad in (b"\x02" + b"\xff" * 32, b"\x04" + data[1:], data[:-1]):
        with pytest.raises(FriendError):
            group.point(bad)
        with pytest.raises(FriendError):
            group.point(bad)  # a refused point is refused again, never kept


def test_a_transcripts_game_id_and_senders_are_read_from_the_headers_alone(
    monkeypatch: pytest.MonkeyPatch,
):
    """The invitation carries a whole shuffled deck: the game id asked at every link and save,
    and the last link sent, read the messages' headers, not their items again."""
    match = Match(secret("a0"), secret("b0"), first=0, seed=0)
    for _ in range(6):
        match.step()
    page = match.pages[0]
    assert len(page.transcript) >= 4
    for raw in page.transcript:
        m = wire.parse(raw)
        assert wire.header(raw) == (m.game_id, m.seq, m.sender)
    expected = (wire.parse(page.transcript[0]).game_id.hex(), page.link)
    items_read: list[int] = []
    read_item = wire._read_item

    def counting(r: object) -> wire.Item:
        items_read.append(1)
        return read_item(r)  # type: ignore[arg-type]

    monkeypatch.setattr(wire, "_read_item", counting)
    assert (page.game_id, page.link) == expected
    assert items_read == []
