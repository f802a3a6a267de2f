"""Links: a message in base64url after "F"; every kind of damage gets a plain sentence."""

from __future__ import annotations

import pytest
from targi.friend import LinkError, wire

ITEMS: tuple[wire.Item, ...] = (
    wire.Params(1, 0),
    wire.Key(b"\x02" + b"k" * 32),
    wire.Pass1(1, (b"\x03" + b"p" * 32, b"\x02" + b"q" * 32)),
    wire.Pass2(300, ()),
    wire.FriendShare(2, 17, 5, b"s" * 32),
    wire.InviterShare(2, 5, b"t" * 32),
    wire.Move("u13"),
    wire.Disclose(b"r" * 32),
)


def _message() -> bytes:
    body = wire.body(b"g" * 8, 130, 1, b"h" * 32, ITEMS)
    return body + b"x" * 64


def test_a_message_survives_its_link() -> None:
    text = wire.encode(_message())
    assert text.startswith("F") and "=" not in text
    m = wire.parse(wire.decode("https://example.org/targi/#" + text))
    assert (m.game_id, m.seq, m.sender, m.prev) == (b"g" * 8, 130, 1, b"h" * 32)
    assert m.items == ITEMS
    assert m.raw == _message()


def test_items_alone_survive_storage() -> None:
    assert wire.read_items(wire.items_bytes(ITEMS)) == ITEMS


@pytest.mark.parametrize(
    "damage, words",
    [
        (lambda raw: raw[:-70], "cut short|too short|left over|unknown part"),
        (lambda raw: raw + b"\x00", "left over|unknown|damaged"),
        (lambda raw: b"\x09" + raw[1:], "another version"),
        (lambda raw: raw[:9] + b"\x80\x80\x80\x80\x80\x01" + raw[10:], "damaged|cut short"),
    ],
)
def test_damaged_messages_are_named(damage: object, words: str) -> None:
    assert callable(damage)
    with pytest.raises(LinkError, match=words):
        wire.parse(wire.decode(wire.encode(damage(_message()))))
