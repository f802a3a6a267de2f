"""docs/openspiel.md: its examples run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

DOC = Path(__file__).resolve().parents[2] / "docs" / "openspiel.md"


def test_the_examples_of_docs_openspiel_md_run() -> None:
    failures, tried = doctest.testfile(str(DOC), module_relative=False, verbose=False)
    assert tried > 10
    assert failures == 0
