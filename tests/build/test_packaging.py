"""Two wheels of one project: the library (`pip install .`: engine, AI, command line, no page)
and the site's wheel (tools/wheel.py: the same plus the page's package `targi.app`). Also: the
test requirements pin everything they pull in."""

from __future__ import annotations

import importlib.metadata
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from tools.paths import PY, ROOT

PAGE_PACKAGE = "targi/app/"


def wheel_names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def wheel_text(wheel: Path, suffix: str) -> str:
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/" + suffix))
        return archive.read(name).decode()


def package_names(wheel: Path) -> set[str]:
    return {name for name in wheel_names(wheel) if ".dist-info/" not in name}


def install(wheel: Path, target: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet"]
        + ["--disable-pip-version-check", "--target", str(target), str(wheel)],
        check=True,
    )
    return target


def run_python(target: Path, code: str) -> subprocess.CompletedProcess[str]:
    """This Python in isolated mode (no repository, no user site) with only `target` added."""
    code = f"import sys; sys.path.insert(0, {str(target)!r})\n{code}"
    return subprocess.run(
        [sys.executable, "-I", "-c", code], capture_output=True, text=True, cwd=target.parent
    )


def run_targi(target: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`python -m targi ARGS` from the installed wheel."""
    code = f"import runpy; sys.argv = {['targi', *args]!r}\n"
    return run_python(target, code + "runpy.run_module('targi', run_name='__main__')")


@pytest.fixture(scope="module")
def library_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`pip wheel .` with the backend pyproject pins, on a copy (setuptools writes build/ and
    an egg-info next to the sources)."""
    work = tmp_path_factory.mktemp("library")
    source = work / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(PY, source / "py", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet"]
        + ["--disable-pip-version-check", "-w", str(work / "dist"), str(source)],
        check=True,
    )
    (wheel,) = (work / "dist").glob("targi-*.whl")
    return wheel


def test_library_wheel_holds_the_engine_the_ai_and_the_command_line(library_wheel: Path) -> None:
    names = wheel_names(library_wheel)
    for module in ("game", "decisions", "view", "save", "cli", "__main__", "ai/search"):
        assert f"targi/{module}.py" in names
    assert "targi/data/cards.csv" in names
    assert "[console_scripts]\ntargi = targi.cli:main" in wheel_text(
        library_wheel, "entry_points.txt"
    )


def test_library_wheel_leaves_the_page_package_out(library_wheel: Path) -> None:
    assert (PY / PAGE_PACKAGE / "__init__.py").is_file()
    assert not [name for name in wheel_names(library_wheel) if name.startswith(PAGE_PACKAGE)]


def test_site_wheel_is_the_library_plus_the_page_package(
    library_wheel: Path, site_wheel: Path
) -> None:
    site_names = package_names(site_wheel)
    page = {name for name in site_names if name.startswith(PAGE_PACKAGE)}
    sources = {
        p.relative_to(PY).as_posix()
        for p in (PY / PAGE_PACKAGE).rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert sources and page == sources
    assert site_names - page == package_names(library_wheel)


def test_both_wheels_declare_the_same_requirements_and_the_spiel_extra(
    library_wheel: Path, site_wheel: Path
) -> None:
    def requirements(wheel: Path) -> list[str]:
        lines = wheel_text(wheel, "METADATA").splitlines()
        return sorted(line for line in lines if line.startswith(("Requires-", "Provides-Extra")))

    assert requirements(library_wheel) == requirements(site_wheel)
    metadata = wheel_text(library_wheel, "METADATA")
    assert "Provides-Extra: spiel" in metadata
    assert re.search(r'^Requires-Dist: open-spiel==2\.0\.2; extra == "spiel"$', metadata, re.M)
    assert not re.search(r"^Requires-Dist: (?!.*extra ==)", metadata, re.M)


def test_installed_library_plays_from_the_command_line_without_the_page(
    library_wheel: Path, tmp_path: Path
) -> None:
    target = install(library_wheel, tmp_path / "installed")
    game = run_targi(target, "selfplay", "--games", "1", "--players", "random,easy")
    assert game.returncode == 0, game.stderr
    assert re.match(r"seed \d+: \d+-\d+ ", game.stdout)
    cards = run_targi(target, "cards")
    assert cards.returncode == 0 and "B01 border" in cards.stdout
    page = run_python(target, "import targi.app")
    assert "No module named 'targi.app'" in page.stderr
    script = (target / "bin" / "targi").read_text()
    assert "from targi.cli import main" in script


def test_site_wheel_installs_with_the_page_package_and_the_card_table(
    site_wheel: Path, tmp_path: Path
) -> None:
    target = install(site_wheel, tmp_path / "installed")
    result = run_python(
        target,
        "import importlib.resources, targi, targi.app.session\n"
        "print(targi.__file__)\n"
        "print(importlib.resources.files('targi').joinpath('data/cards.csv').read_text()[:3])",
    )
    assert result.returncode == 0, result.stderr
    module_file, first_cells = result.stdout.splitlines()[:2]
    assert Path(module_file).is_relative_to(target)
    assert first_cells.strip()


def pins() -> dict[str, str]:
    """requirements-test.txt as {canonical name: version}."""
    found: dict[str, str] = {}
    for line in (ROOT / "requirements-test.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            requirement = Requirement(line)
            (specifier,) = requirement.specifier
            assert specifier.operator == "==", line
            found[canonical(requirement.name)] = specifier.version
    return found


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_test_requirements_pin_every_package_they_pull_in() -> None:
    pinned = pins()
    assert {"mypy", "open-spiel", "pytest", "ruff", "playwright"} <= set(pinned)
    unpinned = []
    for name in pinned:
        for line in importlib.metadata.requires(name) or []:
            requirement = Requirement(line)
            if requirement.marker and not requirement.marker.evaluate({"extra": ""}):
                continue
            if canonical(requirement.name) not in pinned:
                unpinned.append(f"{name} needs {line}")
    assert unpinned == []


def test_the_spiel_extra_and_the_test_requirements_pin_the_same_open_spiel() -> None:
    assert "open-spiel==" + pins()["open-spiel"] in (ROOT / "pyproject.toml").read_text()
