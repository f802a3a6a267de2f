"""The rulebook's numbers live in targi.constants, and the engine and the AI do not restate them."""

from __future__ import annotations

import ast
from pathlib import Path

from targi import constants
from targi.board import CORNERS

PY = Path(__file__).resolve().parents[2] / "py" / "targi"
ENGINE_AND_AI = sorted(
    p for p in [*PY.glob("*.py"), *(PY / "ai").glob("*.py")] if p.name != "constants.py"
)


def test_the_rounds_are_the_robbers_stops_that_are_not_corners():
    assert constants.ROUNDS == constants.LAST_CORNER - len(CORNERS) == 12


def test_a_full_display_is_three_rows_of_four():
    assert constants.DISPLAY_LIMIT == constants.DISPLAY_ROWS * constants.ROW_LENGTH == 12


def test_the_goods_alphabet_is_written_only_in_targi_constants():
    spelled = {constants.GOODS, constants.STOCK}
    found = [
        f"{path.name}:{node.lineno}"
        for path in ENGINE_AND_AI
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and node.value in spelled
    ]
    assert found == []
