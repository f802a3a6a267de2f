"""A hint is a legal move with a reason from REASONS, in plain words."""

from __future__ import annotations

import re
import string

from targi.ai import REASONS, hint
from targi.ai.hint import explain

from .positions import random_positions

POSITIONS = random_positions(range(6, 8), every=4)


def test_every_reason_is_a_one_line_sentence_with_named_placeholders():
    for key, text in REASONS.items():
        assert re.fullmatch(r"[a-z_]+", key)
        assert "\n" not in text and text.endswith(".")
        for _, name, _, _ in string.Formatter().parse(text):
            assert name is None or re.fullmatch(r"[a-z_]+", name)


def test_the_hint_is_a_legal_move_with_a_known_reason():
    for i, g in enumerate(POSITIONS[::5]):
        h = hint(g, seed=i)
        assert h.move in g.legal_moves()
        assert h.key in REASONS
        assert h.text == REASONS[h.key].format(**h.params)


def test_every_legal_move_of_many_positions_can_be_explained():
    seen = set()
    for g in POSITIONS:
        for move in g.legal_moves():
            key, params = explain(g, move)
            assert key in REASONS
            REASONS[key].format(**params)
            seen.add(key)
    assert {"place_card", "act_done", "tribe_buy", "tribe_discard"} <= seen
