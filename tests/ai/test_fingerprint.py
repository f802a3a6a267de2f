"""A small decisions fingerprint (bench/ai_fingerprint.py --decisions in little): every level's
and variant's decisions at a few positions, and every weighting's evaluation, hashed. A change
meant to make the AI faster must leave every float as it was; one that changes play by accident
(a weight, a reordered sum, a cache keyed on too little) changes the hash. A change meant to
alter play updates the hashes here and says so (docs/ai.md, "Speed")."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest
from targi import Game
from targi.ai import evaluate
from targi.ai.evaluate import EXPERT_WEIGHTS
from targi.ai.levels import LEVELS, VARIANTS

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from ai_fingerprint import chosen, decision_lines, digest, evaluation_lines, greedy_games  # noqa: E402

# Budgets small enough for a few seconds; the last round's actions still take the end game's
# exact search over its eight deals.
SPECS = (
    ("easy", None),
    ("medium", None),
    ("hard", 500),
    ("expert", 600),
    *((name, 400) for name in VARIANTS),
)
DECISIONS = "0fbe173f055096a0033ea5bce9f6e3d410f379242ec496f41145b6af9de47dd6"
EVALUATIONS = "b0cf3bee6e5a3517424b8d723cd09863b2c1eb40d2e60f2d112af0f758e77695"


@pytest.fixture(scope="module")
def game() -> list[Game]:
    """Every decision of one seeded greedy game (bench/ai_speed.py's first)."""
    return greedy_games(1)[0]


def decisions(game: list[Game]) -> str:
    spread, final = chosen([game], 25, 8)  # 11 positions, and 3 of the last round's
    return digest(decision_lines(spread, final, SPECS, (), 0))


def test_every_level_decides_as_pinned(game: list[Game]) -> None:
    assert decisions(game) == DECISIONS


def test_every_weighting_evaluates_as_pinned(game: list[Game]) -> None:
    assert digest(evaluation_lines(game[::3])) == EVALUATIONS


def test_the_fingerprint_sees_a_weight_moved(
    game: list[Game], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The pinned hash is worth something only if a small change to one weight moves it.
    w = replace(EXPERT_WEIGHTS, good=EXPERT_WEIGHTS.good + 0.01)
    assert digest(evaluation_lines(game[::3], [w])) != digest(
        evaluation_lines(game[::3], [EXPERT_WEIGHTS])
    )
    monkeypatch.setitem(LEVELS, "expert", replace(LEVELS["expert"], weights=w))
    assert decisions(game) != DECISIONS


def test_the_memos_change_no_value(game: list[Game], monkeypatch: pytest.MonkeyPatch) -> None:
    # The evaluation's memos (evaluate.Memo and the module's dicts) only save time: emptied
    # before every entry they add, the values are the pinned ones.
    for memo in (evaluate.MEMOS, evaluate.COSTS, evaluate.BUYABLE, evaluate.RAID_LOSSES):
        memo.clear()
    monkeypatch.setattr(evaluate, "MEMO_LIMIT", 1)
    assert digest(evaluation_lines(game[::3])) == EVALUATIONS
    assert all(len(m.goods) <= 1 and len(m.displays) <= 1 for m in evaluate.MEMOS.values())
