"""build.py is the front door; `python build.py test` runs every check, mypy --strict among
them, and fails when any fails. Tests and benches import the build as `tools`, never as a
module named `build` (PyPA's `build` could shadow it)."""

from __future__ import annotations

import ast
import fnmatch
import os
import re
import subprocess
import sys
import threading
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tools import testrun
from tools.paths import ROOT


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_no_test_or_bench_imports_a_module_named_build() -> None:
    scripts = [*(ROOT / "tests").rglob("*.py"), *(ROOT / "bench").rglob("*.py")]
    assert len(scripts) > 10
    importers = [
        path.relative_to(ROOT).as_posix()
        for path in scripts
        if any(name == "build" or name.startswith("build.") for name in imported_modules(path))
    ]
    assert importers == []


def test_build_py_offers_the_same_commands() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "--help"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert "{build,serve,test,bench}" in result.stdout


@dataclass
class Commands:
    ran: list[list[str]] = field(default_factory=list)
    failing: set[str] = field(default_factory=set)
    envs: dict[str, dict[str, str] | None] = field(default_factory=dict)

    def run(self, command: list[str], env: dict[str, str] | None = None, **_kwargs: object) -> int:
        """Record `python -m TOOL ...` as [TOOL, ...] and its environment by TOOL (None: the
        caller's); it fails when TOOL is in `failing`."""
        self.ran.append(command[2:])
        self.envs[command[2]] = env
        return 1 if command[2] in self.failing else 0


@pytest.fixture
def commands(monkeypatch: pytest.MonkeyPatch) -> Commands:
    """`build.py test` with the installs, the browser and the build stubbed out."""
    recorder = Commands()
    monkeypatch.setattr(testrun, "install_requirements", lambda: None)
    monkeypatch.setattr(testrun.npm, "ensure_node_modules", lambda force_ci=False: None)
    monkeypatch.setattr(testrun.browser, "ensure_chromium", lambda: "/usr/bin/chromium")
    monkeypatch.setattr(testrun, "build_site", lambda: {})
    monkeypatch.setattr(testrun, "run", recorder.run)
    monkeypatch.delenv("CI", raising=False)
    return recorder


def test_the_test_command_runs_ruff_mypy_and_pytest_with_its_arguments(
    commands: Commands,
) -> None:
    assert testrun.run_tests(["-x", "tests/build"]) == 0
    assert commands.ran == [
        ["ruff", "check", "."],
        ["ruff", "format", "--check", "."],
        ["mypy"],
        ["pytest", *testrun.RERUN_CRASHED, *testrun.PARALLEL, "-x", "tests/build"],
    ]


def test_a_failing_mypy_fails_the_test_command_after_every_other_check_ran(
    commands: Commands, capsys: pytest.CaptureFixture[str]
) -> None:
    commands.failing.add("mypy")
    assert testrun.run_tests([]) == 1
    assert [command[0] for command in commands.ran] == ["ruff", "ruff", "mypy", "pytest"]
    assert capsys.readouterr().out.endswith("FAILED: mypy --strict\n")


def test_failing_pytest_and_ruff_are_both_reported(
    commands: Commands, capsys: pytest.CaptureFixture[str]
) -> None:
    commands.failing |= {"ruff", "pytest"}
    assert testrun.run_tests([]) == 1
    assert "FAILED: ruff check, ruff format --check, pytest" in capsys.readouterr().out


def test_ruff_and_mypy_run_beside_the_build_and_what_they_print_follows_the_build_s_lines(
    commands: Commands, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The static checks read only the sources: they start before npm and the build and run
    beside them (the build here waits until mypy has run), and their lines are printed once the
    build is done, each check's command before what it said."""
    checked = threading.Event()

    def check(command: list[str], env: dict[str, str] | None = None, **kwargs: Any) -> int:
        if command[2] != "pytest":
            kwargs["stdout"].write(f"{command[2]} said\n")
        if command[2] == "mypy":
            checked.set()
        return commands.run(command, env, **kwargs)

    def build() -> dict[str, str]:
        assert checked.wait(60), "the build waited for the checks: they did not run beside it"
        print("[build] built")
        return {}

    monkeypatch.setattr(testrun, "run", check)
    monkeypatch.setattr(testrun, "build_site", build)
    assert testrun.run_tests([]) == 0
    out = capsys.readouterr().out
    assert out.index("[build] built") < out.index("-m ruff check .\nruff said\n")
    assert out.index("ruff said") < out.index("-m mypy\nmypy said\n")
    assert [command[0] for command in commands.ran] == ["ruff", "ruff", "mypy", "pytest"]


def test_under_xdist_the_slow_tests_run_first_and_the_summary_says_when_each_worker_ended() -> None:
    """xdist hands tests out in the workers' collection order: a long test collected last
    would end the run on one worker while the other idles (tests/conftest.py); the summary
    names when each worker finished, so such a tail shows. The three are among the cheapest of
    their kinds: what is checked is their order, not their work (an easy game against random
    and OpenSpiel's docs took 2.6 s of this test's 7.3 s of CPU)."""
    unit = "tests/engine/test_constants.py::test_a_full_display_is_three_rows_of_four"
    build = "tests/build/test_front_door.py::test_the_whole_suite_collects_the_build_tests"
    slow = (
        "tests/ai/test_mid_placements.py::"
        "test_the_summary_counts_the_placements_a_variant_makes_otherwise"
    )
    # xdist and the project's conftest files are what order the tests; the other installed
    # plugins (Playwright's, Hypothesis, …) are not loaded: 1.5-1.6 s -> 0.6-0.7 s of the
    # subprocess's CPU with the bytecode kept as `build.py test` keeps it (load 3.0).
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "xdist.plugin",
            "-n",
            "1",
            "-v",
            "-p",
            "no:cacheprovider",
            unit,
            build,
            slow,
        ],
        cwd=ROOT,
        env={**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"},
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout[-2000:]
    ran = [
        line.split("PASSED ")[1].strip() for line in result.stdout.splitlines() if "PASSED " in line
    ]
    assert ran == [slow, build, unit], result.stdout[-2000:]
    # and the summary says when each worker finished, and how long the last ran on alone
    assert re.search(r"^xdist workers finished: gw0 \d+ s; the tail 0 s$", result.stdout, re.M)


def test_on_ci_pytest_runs_without_its_cache(
    commands: Commands, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CI", "true")
    testrun.run_tests([])
    assert commands.ran[-1] == [
        "pytest",
        *testrun.RERUN_CRASHED,
        *testrun.PARALLEL,
        "-p",
        "no:cacheprovider",
    ]


def test_quick_runs_the_engine_ai_and_page_logic_tests_without_build_browser_or_lint(
    commands: Commands, monkeypatch: pytest.MonkeyPatch
) -> None:
    installed: list[bool] = []
    monkeypatch.setattr(testrun, "install_requirements", lambda: installed.append(True))
    monkeypatch.setattr(testrun.browser, "ensure_chromium", lambda: pytest.fail("a browser"))
    monkeypatch.setattr(testrun, "build_site", lambda: pytest.fail("a build"))
    assert testrun.run_tests(["--quick", "-x"]) == 0
    assert installed == [True]  # the pins (pytest-xdist among them); quick when satisfied
    assert commands.ran == [["pytest", *testrun.PARALLEL, *testrun.QUICK_TESTS, "-x"]]
    assert testrun.QUICK_TESTS == ["tests/engine", "tests/ai", "tests/app", "-m", "not slow"]


@pytest.mark.parametrize("quick", [True, False], ids=["quick", "full"])
def test_pytest_keeps_bytecode_in_the_ignored_cache_even_when_the_machine_says_not_to(
    commands: Commands, monkeypatch: pytest.MonkeyPatch, quick: bool
) -> None:
    """Without it every worker compiles py/targi and rewrites every test module's asserts anew
    on every run (PYTHONDONTWRITEBYTECODE is set on this project's machine)."""
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    testrun.run_tests(["--quick"] if quick else [])
    env = commands.envs["pytest"]
    assert env is not None
    assert "PYTHONDONTWRITEBYTECODE" not in env
    assert env["PYTHONPYCACHEPREFIX"] == str(ROOT / ".cache" / "pycache")
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", ".cache/pycache/x.pyc"], cwd=ROOT, check=False
    )
    assert ignored.returncode == 0, "git would see the bytecode"


def test_pytest_in_that_environment_writes_the_rewritten_tests_and_the_modules_to_the_cache(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """pytest's assertion rewriting honours the prefix (pytest >= 6): the cached test module is
    the rewritten one, and an imported module's bytecode lands there too, not beside it."""
    monkeypatch.setattr(testrun, "PYCACHE", tmp_path / "pycache")
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "helper.py").write_text("ANSWER = 42\n")
    (tests / "test_cached.py").write_text(
        "from helper import ANSWER\n\ndef test_answer():\n    assert ANSWER == 42\n"
    )
    # Without the installed plugins (Playwright's, xdist, Hypothesis, …): the rewriting is
    # pytest's own, and in an empty prefix each plugin's modules were compiled anew (2.8-3.3 s
    # of this subprocess's CPU against 1.1-1.2 s without them, load 3.6).
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", tests, tests],
        cwd=tests,
        env=testrun.pytest_env(env),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout[-2000:]
    cached = sorted(path.name for path in (tmp_path / "pycache").rglob("*.pyc"))
    assert any(name.startswith("test_cached.") and "-pytest-" in name for name in cached), cached
    assert any(name.startswith("helper.") for name in cached), cached
    assert not list(tests.rglob("*.pyc"))


def test_a_failing_quick_run_fails_the_command(commands: Commands) -> None:
    commands.failing.add("pytest")
    assert testrun.run_tests(["--quick"]) == 1


def test_build_py_help_tells_of_the_quick_tier() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "--help"], capture_output=True, text=True
    )
    assert "--quick" in result.stdout


def test_mypy_is_strict_for_python_3_11_on_the_library_the_build_and_the_dom_binding() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert config["strict"] is True
    assert config["python_version"] == "3.11"
    # issue 23: the DOM binding and the tests' FakePort are checked against the same Port
    for path in ("py/targi", "tools", "build.py", "web/main.py", "tests/app/fakeport.py"):
        assert path in config["files"]


def test_the_whole_suite_collects_the_build_tests(request: pytest.FixtureRequest) -> None:
    # pytest's default norecursedirs holds "build", which silently skipped tests/build.
    skipped = [p for p in request.config.getini("norecursedirs") if fnmatch.fnmatch("build", p)]
    assert skipped == []
