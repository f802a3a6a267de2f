"""The examples in docs/engine.md and in the engine's docstrings run as doctests."""

from __future__ import annotations

import ast
import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest
import targi

DOCS = Path(__file__).resolve().parents[2] / "docs"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
# The engine, the AI and the command line (the page's modules and the OpenSpiel face have their
# own tests; __main__ runs the command line on import).
ENGINE_MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(targi.__path__, "targi.")
    if not m.name.startswith(("targi.app", "targi.spiel", "targi.__main__"))
)


def test_every_example_in_docs_engine_md_gives_what_it_shows():
    failed, attempted = doctest.testfile(
        str(DOCS / "engine.md"), module_relative=False, optionflags=FLAGS
    )
    assert attempted > 30
    assert failed == 0


@pytest.mark.parametrize("name", ENGINE_MODULES)
def test_the_examples_in_the_engine_docstrings_give_what_they_show(name):
    failed, _ = doctest.testmod(importlib.import_module(name), optionflags=FLAGS)
    assert failed == 0


def _undocumented(tree: ast.Module) -> list[str]:
    out = []

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.name.startswith("_"):
                if ast.get_docstring(node) is None:
                    out.append(prefix + node.name)
                if isinstance(node, ast.ClassDef):
                    visit(node.body, f"{prefix}{node.name}.")

    visit(tree.body, "")
    return out


@pytest.mark.parametrize("name", ENGINE_MODULES)
def test_every_public_definition_of_the_engine_has_a_docstring(name):
    module = importlib.import_module(name)
    assert module.__doc__, f"{name} has no module docstring"
    source = Path(module.__file__).read_text(encoding="utf-8")
    assert _undocumented(ast.parse(source)) == []
