"""Game.key(): the transposition key the search trusts. Every slot of a Game is in the key or
named in NOT_IN_KEY with the reason, and positions with equal keys are the same position."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from targi import Game
from targi.chance import Chance
from targi.game import NOT_IN_KEY

SLOTS = set(Game.__slots__)
LEFT_OUT_AS_HISTORY = {
    s for s, why in NOT_IN_KEY.items() if why.startswith(("history", "transient"))
}


def mid_game(seed: int, moves: int) -> Game:
    g = Game.new(seed, seed % 2)
    rnd = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.play(rnd.choice(g.legal_moves()))
    return g


def perturbed(value: Any, end: int) -> Any:
    """`value` with one leaf changed: the first (end 0) or the last (end -1) one."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "?"
    if value is None:  # no explicit chance: some
        return Chance()
    if isinstance(value, dict):
        return {**value, "?": 1}
    if isinstance(value, tuple):  # a Decision
        return (*value, "?")
    if isinstance(value, list):
        if not value:
            return [0]
        out = list(value)
        out[end] = perturbed(value[end], end)
        return out
    raise TypeError(type(value))


def frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted(value.items()))
    return value


def whole_position(g: Game) -> tuple[Any, ...]:
    """Every slot but history, the decks in full; as sets: the tribe discard, each player's
    Targis (placed in either order, they stand on the same cards) and so the legal moves."""
    out = []
    for slot in sorted(SLOTS - LEFT_OUT_AS_HISTORY):
        value = getattr(g, slot)
        if slot == "targis":
            value = [sorted(t) for t in value]
        elif slot in ("tribe_discard", "_legal"):
            value = sorted(value)
        out.append(frozen(value))
    return tuple(out)


def test_every_slot_of_a_game_is_in_the_key_or_named_in_not_in_key():
    assert set(NOT_IN_KEY) <= SLOTS, set(NOT_IN_KEY) - SLOTS
    g = mid_game(7, 30)
    g.stack.append(g.stack[-1])  # the last decision changed too, not only the first
    missing = set()
    for slot in SLOTS - set(NOT_IN_KEY):
        for end in (0, -1):
            c = g.clone()
            setattr(c, slot, perturbed(getattr(g, slot), end))
            if c.key() == g.key():
                missing.add(slot)
    assert missing == set(), f"in neither the key nor NOT_IN_KEY: {missing}"


def test_key_tells_apart_the_tribe_card_in_play_and_the_deck_an_empty_space_waits_for():
    g = mid_game(3, 20)
    for slot, value in (("in_play", 5), ("waiting", ["tribe"] + [""] * 8)):
        c = g.clone()
        setattr(c, slot, value)
        assert c.key() != g.key(), slot


def _lines(seed: int) -> Iterator[Game]:
    """The positions of 80 random lines from seed's mid-game root, in order (one game object a
    line, played on between yields)."""
    root = mid_game(seed, 25 + 15 * seed)
    rnd = random.Random(seed)
    for _ in range(80):
        g = root.clone()
        while not g.is_over:
            yield g
            g.play_unchecked(rnd.choice(g.legal_moves()))


def test_positions_searched_from_one_position_with_equal_keys_are_the_same_position():
    """Random lines from mid-game roots (as the search walks them, on copies): a key never
    stands for two different positions, the derived slots and the decks included. The lines
    are walked twice: the keys first, then the whole position (most of the time) only where
    a key came twice; every pair of positions under one key is compared, as when each
    position's whole was kept."""
    transpositions = 0
    for seed in range(4):
        counts = Counter(g.key() for g in _lines(seed))
        twice = {key for key, n in counts.items() if n > 1}
        transpositions += sum(counts[key] - 1 for key in twice)
        seen: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        for g in _lines(seed):
            key = g.key()
            if key not in twice:
                continue
            whole = whole_position(g)
            if seen.setdefault(key, whole) != whole:
                raise AssertionError(f"one key, two positions (seed {seed}, {g.record})")
    assert transpositions > 0
