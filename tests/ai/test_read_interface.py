"""The AI reads a game only through the engine's read interface (docs/engine.md).

A static scan of py/targi/ai: every attribute read on a game must be a member the "The read
interface" section of docs/engine.md names. A game is a parameter annotated `ReadGame`
(targi.read: the interface as a type) or `Game`, a variable bound to a copy or a sampled world
(`.clone()`, `.sample()`, `.child()`, `play_game()`, ...) or to another game, or an
observation's `.game`.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from targi import Game
from targi.read import ReadGame

ROOT = Path(__file__).resolve().parents[2]
AI = ROOT / "py" / "targi" / "ai"
DOC = ROOT / "docs" / "engine.md"

GAME_MEMBERS = set(Game.__slots__) | {n for n in dir(Game) if not n.startswith("__")}
MAKES_A_GAME = {"clone", "sample", "child", "new", "replay", "undone", "play_game"}


def read_interface() -> set[str]:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## The read interface", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"`g\.(\w+)", section))


def _is_game_annotation(node: ast.expr | None) -> bool:
    return node is not None and ast.unparse(node).strip("'\"") in ("Game", "ReadGame")


def _makes_a_game(value: ast.expr, games: set[str]) -> bool:
    if isinstance(value, ast.Name):
        return value.id in games
    if isinstance(value, ast.Attribute):
        return value.attr == "game"  # an Observation's game
    if isinstance(value, ast.Call):
        func = value.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        return name in MAKES_A_GAME
    return False


def _games_in(function: ast.AST) -> set[str]:
    """The names bound to a game anywhere in a function (nested functions included)."""
    games: set[str] = set()
    changed = True
    while changed:  # assignments can chain: c = g; d = c.clone()
        changed = False
        for node in ast.walk(function):
            found: list[str] = []
            if isinstance(node, ast.arg) and _is_game_annotation(node.annotation):
                found = [node.arg]
            elif isinstance(node, ast.Assign) and _makes_a_game(node.value, games):
                found = [t.id for t in node.targets if isinstance(t, ast.Name)]
            elif (
                isinstance(node, ast.AnnAssign)
                and isinstance(node.target, ast.Name)
                and (
                    _is_game_annotation(node.annotation)
                    or (node.value is not None and _makes_a_game(node.value, games))
                )
            ):
                found = [node.target.id]
            new = set(found) - games
            if new:
                games |= new
                changed = True
    return games


def reads_outside(source: str, allowed: set[str]) -> list[str]:
    """'line: expression' for every read of a game member that is not in `allowed`."""
    tree = ast.parse(source)
    out = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        games = _games_in(function)
        for node in ast.walk(function):
            if not isinstance(node, ast.Attribute) or node.attr not in GAME_MEMBERS:
                continue
            base = node.value
            on_a_game = (isinstance(base, ast.Name) and base.id in games) or (
                isinstance(base, ast.Attribute) and base.attr == "game"
            )
            if on_a_game and node.attr not in allowed:
                out.append(f"{node.lineno}: {ast.unparse(node)}")
    return sorted(set(out))


def test_the_documented_read_interface_names_real_members_of_game():
    interface = read_interface()
    assert len(interface) > 20
    assert interface <= GAME_MEMBERS, interface - GAME_MEMBERS


def test_the_ai_reads_a_game_only_through_the_read_interface():
    interface = read_interface()
    outside = {
        path.name: found
        for path in sorted(AI.glob("*.py"))
        if (found := reads_outside(path.read_text(encoding="utf-8"), interface))
    }
    assert outside == {}, f"reads outside docs/engine.md's read interface: {outside}"


def test_the_scan_finds_reads_outside_the_interface():
    source = """
def peek(g: Game, obs) -> int:
    world = obs.sample(1)
    copy = world
    return len(g.goods_deck) + world.seed + copy.barrier + obs.game.starter + g.vp[0]
"""
    assert set(reads_outside(source, {"vp"})) == {
        "5: g.goods_deck",
        "5: world.seed",
        "5: copy.barrier",
        "5: obs.game.starter",
    }


# The places the AI changes a game: the search's own copy, made by Search.child, and the tree
# search's sampled deal, played on by each iteration.
OWN_COPIES = {"search.py: settle", "tree.py: iterate"}


def test_the_read_protocol_has_exactly_the_documented_members():
    members = {n for n in vars(ReadGame) if not n.startswith("_")}
    assert members == read_interface() - {"play_unchecked"}  # for the AI's own copies only


def test_the_ai_types_every_game_it_is_given_with_the_read_protocol():
    """So that a write to a game the AI was handed is a mypy error (the next test)."""
    typed_game = set()
    for path in sorted(AI.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                args = node.args.args + node.args.kwonlyargs
                if any(
                    a.annotation is not None and ast.unparse(a.annotation) == "Game" for a in args
                ):
                    typed_game.add(f"{path.name}: {node.name}")
    assert typed_game == OWN_COPIES


def test_a_write_through_the_read_protocol_is_a_mypy_error(tmp_path):
    api = pytest.importorskip("mypy.api")
    source = tmp_path / "writes.py"
    source.write_text(
        "from targi.game import Game\n"
        "from targi.read import ReadGame\n"
        "def writes(g: ReadGame) -> None:\n"
        "    g.vp[0] += 1\n"
        "    g.display[0][1].append(3)\n"
        "    g.central = []\n"
        "def reads(g: Game) -> ReadGame:\n"
        "    return g\n",
        encoding="utf-8",
    )
    out, _, status = api.run(
        ["--strict", "--no-incremental", "--follow-imports=silent", str(source)]
    )
    errors = sorted(int(line.split(":")[1]) for line in out.splitlines() if ": error:" in line)
    assert status == 1 and errors == [4, 5, 6], out
