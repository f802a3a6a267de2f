"""Save strings (docs/save-format.md): round trips, and any damage gives one SaveError with one
plain sentence, never another exception."""

from __future__ import annotations

import base64
import random
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from targi import Game, chance, save
from targi.players import RandomPlayer, play_game
from targi.save import SaveError

from .position import play, snapshot


def finished(seed: int = 12, first: int = 1) -> Game:
    return play_game(seed, (RandomPlayer(seed), RandomPlayer(seed + 1)), first)


def dealt_game(seed: int = 7, first: int = 0) -> tuple[Game, list[int]]:
    """A finished game whose cards no seed dealt (as a friend game's: explicit chance, each
    card picked at random), replayed from its dealt record; and that record."""
    rnd = random.Random(seed)
    g = Game.new(0, first, explicit_chance=True)
    cards: list[int] = []
    while not g.is_over:
        if chance.pending(g):
            cards.append(rnd.choice(chance.outcomes(g)))
            chance.deal(g, cards[-1])
        else:
            g.play(rnd.choice(g.legal_moves()))
    replayed = Game.replay(0, first, g.record, dealt=cards)
    assert snapshot(replayed)[2:] == snapshot(g)[2:]  # rng aside, the same game
    return replayed, cards


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
    message = assert_save_error(forge(body(version=3)))
    assert "version (3)" in message and "versions 1 and 2" in message


# ---- version 2: the dealt cards instead of a seed (a finished friend game) -------------------
def test_save_version_2_carries_the_dealt_cards_and_replays_the_same_game():
    g, cards = dealt_game(first=1)
    text = save.encode(g, meta=5)
    assert raw_of(text)[0] == 2 and len(text) < 1000
    loaded, meta = save.decode(text)
    assert meta == 5 and loaded.starter == 1 and loaded.is_over
    assert snapshot(loaded) == snapshot(g)
    assert chance.script(loaded) == cards
    assert save.encode(loaded, meta=5) == text


def test_save_version_1_strings_still_load_beside_version_2():
    g = finished()
    assert raw_of(save.encode(g))[0] == 1
    assert snapshot(save.decode(save.encode(g))[0]) == snapshot(g)


def test_save_version_2_of_a_game_not_over_is_refused():
    g, cards = dealt_game(seed=8)
    short = Game.replay(0, g.starter, g.record[:30], dealt=cards)
    text = save.encode(short)
    assert "ends before its game does" in assert_save_error(text)


def test_save_version_2_with_cards_cut_changed_or_left_over_is_refused():
    g, cards = dealt_game(seed=9)
    raw = raw_of(save.encode(g))[:-4]
    head = raw[:2] + save._varint(len(g.choices))
    moves = raw[len(head) + len(save._varint(len(cards))) + len(cards) :]
    assert raw == head + save._varint(len(cards)) + bytes(cards) + moves

    def with_cards(dealt: list[int], count: int | None = None) -> str:
        n = len(dealt) if count is None else count
        return forge(head + save._varint(n) + bytes(dealt) + moves)

    assert "draw more cards" in assert_save_error(with_cards(cards[:-1]))
    assert "more cards than its game draws" in assert_save_error(with_cards([*cards, cards[0]]))
    assert "cut off" in assert_save_error(forge(head + save._varint(200) + bytes(cards[:5])))
    assert "not a deal" in assert_save_error(with_cards([cards[0]] * len(cards)))
    assert "not a deal" in assert_save_error(with_cards([99, *cards[1:]]))  # no such card
    swapped = [cards[1], cards[0], *cards[2:]]  # a goods card where a tribe card is drawn
    assert_save_error(with_cards(swapped))


def test_save_version_2_every_truncation_and_bit_flip_is_refused():
    g, _ = dealt_game(seed=10)
    text = save.encode(g)
    for n in range(len(text)):
        assert_save_error(text[:n])
    assert_every_bit_flip_refused(text)


@settings(max_examples=200, deadline=None, database=None)
@given(st.binary(min_size=3, max_size=200))
def test_save_version_2_random_bytes_with_a_good_checksum_never_crash(payload):
    try:
        save.decode(forge(b"\x02" + payload))
    except SaveError as e:
        assert str(e) and "\n" not in str(e)


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


def assert_every_bit_flip_refused(text: str) -> None:
    raw = raw_of(text)
    for i in range(len(raw)):
        for bit in range(8):
            flipped = bytearray(raw)
            flipped[i] ^= 1 << bit
            assert_save_error("T" + base64.urlsafe_b64encode(flipped).decode().rstrip("="))


def test_save_every_bit_flip_is_refused():
    assert_every_bit_flip_refused(save.encode(finished(seed=45)))


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
