"""The package's layers: the engine below the AI, the AI below OpenSpiel's face, the player
registry and the command line above them all; no module touches another's private members."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "py" / "targi"
ABOVE_THE_ENGINE = {"cli.py", "registry.py", "__main__.py"}
ENGINE = sorted(p for p in PACKAGE.glob("*.py") if p.name not in ABOVE_THE_ENGINE)


def imports(path: Path) -> set[str]:
    """Every module `path` imports, lazy imports included, as absolute names."""
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(p for p in (base, node.module or "") if p)
            out.add(module)
            out |= {f"{module}.{a.name}" for a in node.names}
    return out


def reaches_into(imported: set[str], packages: tuple[str, ...]) -> set[str]:
    return {m for m in imported if m.startswith(packages)}


def test_the_engine_imports_neither_the_ai_nor_openspiel_nor_the_page():
    above = ("targi.ai", "targi.spiel", "targi.app", "targi.cli", "targi.registry")
    found = {p.name: reaches_into(imports(p), above) for p in ENGINE}
    assert {k: v for k, v in found.items() if v} == {}


def test_the_ai_imports_nothing_above_it():
    above = ("targi.spiel", "targi.app", "targi.cli", "targi.registry")
    found = {p.name: reaches_into(imports(p), above) for p in sorted((PACKAGE / "ai").glob("*.py"))}
    assert {k: v for k, v in found.items() if v} == {}


SELF_COPIES = {("game.py", "g"), ("chance.py", "c")}
# A NamedTuple's public methods begin with "_" only so that they cannot clash with a field.
NAMEDTUPLE_API = {"_replace", "_asdict", "_fields", "_make", "_field_defaults"}


def test_no_module_touches_another_objects_private_members():
    """`x._name` only on self or cls, or on the copy a class makes of itself (Game.clone,
    Chance.copy); a NamedTuple's own API (`_replace`, `_asdict`, ...) is public."""
    touched = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and node.attr not in NAMEDTUPLE_API
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
                and (path.name, ast.unparse(node.value)) not in SELF_COPIES
            ):
                touched.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {ast.unparse(node)}")
    assert touched == []


def test_the_command_line_composes_the_layers_without_import_side_effects():
    cli = (PACKAGE / "cli.py").read_text(encoding="utf-8")
    assert "find_spec" not in cli and "EXTRA_COMMANDS" not in cli
    assert reaches_into(imports(PACKAGE / "ai" / "cli.py"), ("targi.cli",)) == set()


def test_no_module_restates_the_number_of_central_spaces_or_ships_without_types():
    """len(CENTRAL) and targi.constants say how many; py.typed tells users of the wheel that
    the package is typed (pyproject's package-data puts it in both wheels)."""
    restated = [
        f"{p.relative_to(PACKAGE)}: {n}"
        for p in sorted(PACKAGE.rglob("*.py"))
        for n in ("range(9)", "* 9\n", "ROW_PLACES = 4")
        if n in p.read_text(encoding="utf-8")
    ]
    assert restated == []
    assert (PACKAGE / "py.typed").is_file()
    pyproject = (PACKAGE.parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    assert '"py.typed"' in pyproject
