"""`python build.py test`: pinned installs, runtime, browser, site, then every check in turn;
`python build.py test --quick`: the engine, AI and page-logic tests alone, for the inner loop."""

from __future__ import annotations

import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from typing import IO

from tools import browser, npm
from tools.paths import ROOT, log, run
from tools.site import build_site

# The static checks, each a command of this Python: (name shown on failure, arguments).
# mypy reads what to check, and how strictly, from [tool.mypy] in pyproject.toml.
CHECKS = (
    ("ruff check", ["-m", "ruff", "check", "."]),
    ("ruff format --check", ["-m", "ruff", "format", "--check", "."]),
    ("mypy --strict", ["-m", "mypy"]),
)


# A test whose browser tab crashed (Chromium's renderer died: Playwright says "Target crashed"
# or "Page crashed") runs once more, and pytest's summary counts it as a rerun; a failed
# assertion is never run again.
RERUN_CRASHED = ["--reruns=1", "--only-rerun=Target crashed", "--only-rerun=Page crashed"]

# pytest-xdist: one worker a core, each with its own Chromium and its own server of site/ (built
# once, before the workers start). loadgroup keeps the tests of one xdist_group on one worker
# (tests/build: the site they build in a temporary folder is built once, not once a worker).
PARALLEL = ["--numprocesses=auto", "--dist=loadgroup"]

# --quick: what the inner loop needs, no browser and no build: the rules engine, the AI and the
# page's logic (tests/app, through the FakePort), without the tests marked slow.
QUICK = "--quick"
QUICK_TESTS = ["tests/engine", "tests/ai", "tests/app", "-m", "not slow"]


# pytest and its workers keep compiled bytecode here (git ignores .cache/): each worker otherwise
# compiles every module of py/targi and redoes pytest's assertion rewriting of every test module
# on every run when the environment sets PYTHONDONTWRITEBYTECODE, as this project's machine does
# (collecting the quick tier: 4.4 s a worker without it, 1.65 s with it; docs/build.md, *Tests*).
PYCACHE = ROOT / ".cache" / "pycache"


def pytest_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment pytest runs in: `base` (os.environ) with bytecode written, to PYCACHE
    and not beside the sources, so the tree stays as git has it."""
    env = dict(os.environ if base is None else base)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
    return env


def on_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def install_requirements() -> None:
    pip = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        pip.append("--root-user-action=ignore")
    if run([*pip, "-q", "-r", "requirements-test.txt"]):
        raise SystemExit("build.py: installing the test requirements failed")


def run_quick(pytest_args: list[str]) -> int:
    """The pinned installs (a few seconds when they are there), then pytest on the tests that
    need neither browser nor site; no npm, no build, no lint."""
    install_requirements()
    command = [sys.executable, "-m", "pytest", *PARALLEL, *QUICK_TESTS, *pytest_args]
    return 1 if run(command, env=pytest_env()) else 0


def run_checks(out: IO[str]) -> list[str]:
    """The static checks in turn, each command and its output to `out`: the names of those
    that failed."""
    failed = []
    for name, args in CHECKS:
        command = [sys.executable, *args]
        out.write("[build] $ " + " ".join(command) + "\n")
        out.flush()  # before the command writes to the same file
        if run(command, echo=False, stdout=out, stderr=out):
            failed.append(name)
    return failed


def run_tests(pytest_args: list[str]) -> int:
    """Every check runs even when an earlier one fails; the exit code is 1 if any failed."""
    if QUICK in pytest_args:
        return run_quick([arg for arg in pytest_args if arg != QUICK])
    ci = on_ci()
    install_requirements()
    # ruff and mypy read only the sources, so they run beside npm, the browser check and the
    # build (one core each here: on a clean clone mypy has no cache, ~4.5 s, the build ~8 s);
    # what they print is shown when the build is done, so it is not mixed into the build's lines.
    with tempfile.TemporaryFile("w+", encoding="utf-8") as out, ThreadPoolExecutor(1) as pool:
        checked = pool.submit(run_checks, out)
        npm.ensure_node_modules(force_ci=ci)
        chromium = browser.ensure_chromium()
        browser.ensure_cjk_fonts()
        build_site()
        failures = checked.result()
        out.seek(0)
        print(out.read(), end="", flush=True)
    env = {**pytest_env(), "CHROMIUM_PATH": chromium}
    pytest_cmd = [sys.executable, "-m", "pytest", *RERUN_CRASHED, *PARALLEL]
    if ci:
        pytest_cmd += ["-p", "no:cacheprovider"]
    if run([*pytest_cmd, *pytest_args], env=env):
        failures.append("pytest")
    if failures:
        log("FAILED: " + ", ".join(failures))
        return 1
    # Nothing printed after pytest's summary on success: CI reads it as the closing line.
    return 0
