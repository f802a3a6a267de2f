"""Save strings (docs/save-format.md): round trips, and any damage gives one SaveError with one
plain sentence, never another exception."""

from __future__ import annotations

import base64
import random
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from targi import Game, save
from targi.players import RandomPlayer, play_game
from targi.save import SaveError

from .position import play, snapshot


def finished(seed: int = 12, first: int = 1) -> Game:
    return play_game(seed, (RandomPlayer(seed), RandomPlayer(seed + 1)), first)


def forge(payload: bytes) -> str:
    """A save string around arbitrary bytes, with a correct checksum."""
    body = payload + zlib.crc32(payload).to_bytes(4, "big")
    return "T" + base64.urlsafe_b64encode(body).decode().rstrip("=")


def raw_of(text: str) -> bytes:
    payload = text[1:]
    return base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))


def body(seed: int = 9, first: int = 0, count: int = 0, number: bytes = b"", version=1) -> bytes:
    assert count < 128
    return bytes([version]) + seed.to_bytes(4, "big") + bytes([first, count]) + number


def assert_save_error(text: object) -> str:
    with pytest.raises(SaveError) as e:
        save.decode(text)
    message = str(e.value)
    assert message and "\n" not in message and len(message) < 120
    return message


# ---- round trips -----------------------------------------------------------------------------
def test_save_round_trip_of_a_finished_game():
    g = finished()
    text = save.encode(g)
    assert text.startswith("T") and len(text) < 600
    assert all(ch.isalnum() or ch in "-_" for ch in text)  # URL-safe, no padding
    loaded, meta = save.decode(text)
    assert snapshot(loaded) == snapshot(g) and meta == 0


@pytest.mark.parametrize("meta", [0, 1, 77, 127])
def test_save_round_trip_of_a_game_in_progress_with_meta(meta):
    g = play(Game.new(300, 1), "t2", "t3", "t5")
    loaded, got = save.decode(save.encode(g, meta=meta))
    assert got == meta and snapshot(loaded) == snapshot(g)
    assert loaded.starter == 1


def test_save_of_a_new_game_and_surrounding_whitespace():
    g = Game.new(2**32 - 1, 1)
    loaded, _ = save.decode("  " + save.encode(g) + "\n")
    assert snapshot(loaded) == snapshot(g)


def test_save_meta_out_of_range_is_refused():
    with pytest.raises(ValueError, match="meta"):
        save.encode(Game.new(1, 0), meta=128)


# ---- damage ----------------------------------------------------------------------------------
def test_save_wrong_version():
    message = assert_save_error(forge(body(version=2)))
    assert "version (2)" in message and "version 1" in message


def test_save_illegal_move_index_leaves_a_number_over():
    # 11 places to choose from at the start: index 11 is no legal move
    assert "more than its moves" in assert_save_error(forge(body(count=1, number=bytes([11]))))
    assert save.decode(forge(body(count=1, number=bytes([10]))))[0].record == ["t15"]


def test_save_moves_after_the_end_of_the_game():
    g = finished()
    raw = raw_of(save.encode(g))[:-4]
    count = len(g.choices)
    varint = bytes([count & 0x7F | 0x80, count >> 7]) if count >= 128 else bytes([count])
    more = count + 1
    more_varint = bytes([more & 0x7F | 0x80, more >> 7])
    assert raw[6 : 6 + len(varint)] == varint
    text = forge(raw[:6] + more_varint + raw[6 + len(varint) :])
    assert "after the end of the game" in assert_save_error(text)


def test_save_impossible_move_count_and_cut_off_count():
    huge = bytes([1]) + (9).to_bytes(4, "big") + bytes([0, 0xFF, 0xFF, 0x7F])
    assert "impossible number of moves" in assert_save_error(forge(huge))
    cut = bytes([1]) + (9).to_bytes(4, "big") + bytes([0, 0x80, 0x80, 0x80, 0x80, 0x80])
    assert "cut off" in assert_save_error(forge(cut))


NOT_SAVES = {
    "empty": "",
    "prefix only": "T",
    "a word": "hello",
    "lower-case prefix": "t" + "A" * 30,
    "too short": "TAQAAAAUAsgEF",
    "punctuation": "T!!!!!!!!!!!!!!!!",
    "non-ASCII": "T" + "é" * 20,
    "padding": "TAQAAAAUAsgEFJIK==",
    "too long": "T" + "A" * 4000,
    "megabytes of A": "A" * 5_000_000,
    "megabytes of NUL": "T" + "\x00" * 3_000_000,
    "None": None,
    "a number": 12345,
    "bytes": b"TAQAAAAUAsgEF",
    "a list": ["T"],
}


@pytest.mark.parametrize("name", list(NOT_SAVES))
def test_save_not_a_save_string(name):
    assert_save_error(NOT_SAVES[name])


def test_save_megabytes_of_random_garbage():
    rnd = random.Random(5)
    for size in (10_000, 1_000_000, 3_000_000):
        assert_save_error("".join(rnd.choices("ABCDEFGHIJKLMNOPQRSTUVWXYZ-_", k=size)))
    assert_save_error(bytes(rnd.getrandbits(8) for _ in range(100_000)).decode("latin-1"))


def test_save_every_truncation_and_character_change_is_refused():
    g = finished(seed=44)
    text = save.encode(g)
    for n in range(len(text)):
        assert_save_error(text[:n])
    rnd = random.Random(1)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/=.~ %é"
    for _ in range(400):
        i = rnd.randrange(len(text))
        mutated = text[:i] + rnd.choice(alphabet.replace(text[i], "")) + text[i + 1 :]
        assert_save_error(mutated)
        j = rnd.randrange(1, len(text))
        assert_save_error(text[:j] + rnd.choice(alphabet) + text[j:])  # an insertion
        assert_save_error(text[:j] + text[j + 1 :])  # a deletion


def test_save_every_bit_flip_is_refused():
    raw = raw_of(save.encode(finished(seed=45)))
    for i in range(len(raw)):
        for bit in range(8):
            flipped = bytearray(raw)
            flipped[i] ^= 1 << bit
            assert_save_error("T" + base64.urlsafe_b64encode(flipped).decode().rstrip("="))


@settings(max_examples=300, deadline=None, database=None)
@given(st.text(max_size=300))
def test_save_random_strings_never_crash(text):
    assert_save_error(text)


@settings(max_examples=200, deadline=None, database=None)
@given(st.binary(min_size=7, max_size=200))
def test_save_random_bytes_with_a_good_checksum_never_crash(payload):
    try:
        g, meta = save.decode(forge(b"\x01" + payload))
    except SaveError as e:
        assert str(e) and "\n" not in str(e)
    else:  # a few byte strings do encode a short legal game: then it replays cleanly
        assert 0 <= meta < 128 and isinstance(g, Game)
