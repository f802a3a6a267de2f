"""A hint is a legal move with a reason: a key of REASONS and parameters that are data."""

from __future__ import annotations

import re

from targi.ai import REASONS, hint
from targi.ai.hint import PARAMS, explain
from targi.board import CENTRAL
from targi.cards import BORDER, BY_ID, GOODS

from .positions import random_positions

POSITIONS = random_positions(range(6, 8), every=4)


def _param_is_data(kind: str, value: object) -> bool:
    """Ids, letters and numbers only: the page puts them into words."""
    if kind == "border":
        return value in BORDER
    if kind == "card":
        return value in BY_ID
    if kind == "spaces":
        return isinstance(value, str) and value != "" and set(value) <= set(CENTRAL)
    if kind == "goods":
        return isinstance(value, str) and value != "" and set(value) <= set(GOODS + "G")
    return isinstance(value, int) and value >= 0


def test_every_reason_names_its_parameters_and_each_parameter_has_a_kind():
    for key, params in REASONS.items():
        assert re.fullmatch(r"[a-z_]+", key)
        assert set(params) <= set(PARAMS), key


def test_the_hint_is_a_legal_move_with_a_known_reason():
    for i, g in enumerate(POSITIONS[::5]):
        h = hint(g, seed=i)
        assert h.move in g.legal_moves()
        assert set(h.params) == set(REASONS[h.key])


def test_every_legal_move_of_many_positions_can_be_explained_with_data_not_words():
    seen = set()
    for g in POSITIONS:
        for move in g.legal_moves():
            key, params = explain(g, move)
            assert set(params) == set(REASONS[key]), (key, params)
            for name, value in params.items():
                assert _param_is_data(PARAMS[name], value), (key, name, value)
            seen.add(key)
    assert {"place_card", "act_done", "tribe_buy", "tribe_discard"} <= seen
