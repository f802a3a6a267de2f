"""The shape checker the view and log tests use (shapes.py): its quick yes/no (`fits`) and its
worded list (`mismatches`) agree, and each catches what it is there to catch."""

from __future__ import annotations

from typing import Literal, NamedTuple, NotRequired, TypedDict

import pytest

from .shapes import fits, mismatches


class Move(NamedTuple):
    kind: Literal["move", "raid"]
    player: int


class Shape(TypedDict):
    round: int
    card: int | None
    cards: list[int]
    scores: dict[str, int]
    log: list[Move]
    winner: NotRequired[int]


GOOD: Shape = {
    "round": 3,
    "card": None,
    "cards": [1, 2],
    "scores": {"a": 1},
    "log": [Move("move", 0)],
}


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"extra": 1}, "unexpected key 'extra'"),
        ({"round": True}, "True is not an int"),
        ({"round": "3"}, "'3' is not an int"),
        ({"card": "x"}, "is none of"),
        ({"cards": [1, None]}, "view['cards'][1]: None is not an int"),
        ({"scores": {1: 1}}, "view['scores'] key: 1 is not a str"),
        ({"log": [Move("swim", 0)]}, "'swim' not in"),  # type: ignore[arg-type]
        ({"log": [("move", 0)]}, "is not a Move"),
        ({"winner": None}, "view['winner']: None is not an int"),
    ],
)
def test_a_wrong_value_is_found_by_both_and_said_where(change: dict[str, object], why: str) -> None:
    value = {**GOOD, **change}
    found = mismatches(value, Shape)
    assert not fits(value, Shape)
    assert len(found) == 1 and why in found[0], found


def test_a_missing_key_is_found_unless_not_required() -> None:
    value = {k: v for k, v in GOOD.items() if k != "round"}
    assert not fits(value, Shape) and mismatches(value, Shape) == ["view: missing key 'round'"]
    assert fits(GOOD, Shape) and mismatches(GOOD, Shape) == []
    assert fits({**GOOD, "winner": 1}, Shape) and mismatches({**GOOD, "winner": 1}, Shape) == []
