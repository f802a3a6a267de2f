"""`python build.py test`: pinned installs, runtime, browser, site, then every check in turn."""

from __future__ import annotations

import os
import sys

from tools import browser, npm
from tools.paths import log, run
from tools.site import build_site

# The static checks, each a command of this Python: (name shown on failure, arguments).
# mypy reads what to check, and how strictly, from [tool.mypy] in pyproject.toml.
CHECKS = (
    ("ruff check", ["-m", "ruff", "check", "."]),
    ("ruff format --check", ["-m", "ruff", "format", "--check", "."]),
    ("mypy --strict", ["-m", "mypy"]),
)


# A test whose browser tab crashed (Chromium's renderer died: "Target crashed") runs once more,
# and pytest's summary counts it as a rerun; a failed assertion is never run again.
RERUN_CRASHED = ["--reruns=1", "--only-rerun=Target crashed"]


def on_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def install_requirements() -> None:
    pip = [sys.executable, "-m", "pip", "install", "--disable-pip-version-check"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        pip.append("--root-user-action=ignore")
    if run([*pip, "-q", "-r", "requirements-test.txt"]):
        raise SystemExit("build.py: installing the test requirements failed")


def run_tests(pytest_args: list[str]) -> int:
    """Every check runs even when an earlier one fails; the exit code is 1 if any failed."""
    ci = on_ci()
    install_requirements()
    npm.ensure_node_modules(force_ci=ci)
    chromium = browser.ensure_chromium()
    browser.ensure_cjk_fonts()
    build_site()

    failures = [name for name, args in CHECKS if run([sys.executable, *args])]
    env = {**os.environ, "CHROMIUM_PATH": chromium}
    pytest_cmd = [sys.executable, "-m", "pytest", *RERUN_CRASHED]
    if ci:
        pytest_cmd += ["-p", "no:cacheprovider"]
    if run([*pytest_cmd, *pytest_args], env=env):
        failures.append("pytest")
    if failures:
        log("FAILED: " + ", ".join(failures))
        return 1
    # Nothing printed after pytest's summary on success: CI reads it as the closing line.
    return 0
