"""The curve work a page does for a link is not done twice: a product k·P already made is
kept (the audit at the end redoes every shuffle and share), and a sender's verifying key is
read and tabled once for all its links."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest
from ecdsa import NIST256p, SigningKey, VerifyingKey
from ecdsa.ellipticcurve import PointJacobi
from targi.friend import FriendError, FriendGame, audit, group, shuffle, wire

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


def test_a_product_undone_by_the_inverse_scalar_is_the_point_again_without_a_multiplication(
    multiplications: list[int],
):
    p = group.card_point(5)
    k = 0x0FED_CBA9_8765_4321 << 180
    hidden = p.times(k)
    assert multiplications == [k]
    assert hidden.times(group.inverse(k)) is p
    assert hidden.times(group.inverse(k) + group.ORDER) is p
    assert multiplications == [k]
    assert hidden.times(group.inverse(k) + 1) != p  # any other scalar is multiplied
    assert len(multiplications) == 2
    fresh = PointJacobi.from_bytes(NIST256p.curve, hidden.data) * group.inverse(k)
    assert bytes(fresh.to_bytes("compressed")) == p.data  # what multiplying would have given


def _own_caches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each page its own curve caches, as two browsers have (one process runs both here);
    the list holds the role of the page at work."""
    caches: list[tuple[dict[object, object], dict[object, object]]] = [({}, {}), ({}, {})]
    at_work = [0]

    def on(role: int) -> None:
        at_work[0] = role
        monkeypatch.setattr(group, "_PRODUCTS", caches[role][0])
        monkeypatch.setattr(group, "_POINTS", caches[role][1])

    init, receive, play = FriendGame.__init__, FriendGame.receive, FriendGame.play

    def made(self: FriendGame, role: int, *args: Any, **kwargs: Any) -> None:
        on(role)
        init(self, role, *args, **kwargs)

    def received(self: FriendGame, link: str) -> Any:
        on(self.role)
        return receive(self, link)

    def played(self: FriendGame, move: str) -> Any:
        on(self.role)
        return play(self, move)

    monkeypatch.setattr(FriendGame, "__init__", made)
    monkeypatch.setattr(FriendGame, "receive", received)
    monkeypatch.setattr(FriendGame, "play", played)
    return at_work


def test_the_inviter_opens_the_cards_it_encrypted_itself_without_a_multiplication(
    multiplications: list[int], monkeypatch: pytest.MonkeyPatch
):
    """The inviter's key a_k hid card c at its position k (a_k·P(c)); opening it is
    a_k⁻¹·(a_k·P(c)), which the inviter's page knows from its own pass. The friend's page
    still multiplies to open each card, and the inviter still checks each friend's share."""
    at_work = _own_caches(monkeypatch)
    match = Match(secret("a1"), secret("b1"), first=1, seed=1)
    by_page: list[list[int]] = [[], []]
    open_card = shuffle.open_card

    def opening(first: group.Point, a: int, cards: tuple[int, ...]) -> int:
        before = len(multiplications)
        card = open_card(first, a, cards)
        by_page[at_work[0]].extend(multiplications[before:])
        return card

    monkeypatch.setattr(shuffle, "open_card", opening)
    match.run()
    opened = len(match.pages[0].dealer.faces)
    assert opened > 40
    assert match.pages[0].result is not None and match.pages[0].result.ok
    assert by_page[0] == []
    assert len(by_page[1]) == opened
