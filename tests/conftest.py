"""Under pytest-xdist (`python build.py test` runs one worker a core): site/ is brought up to
date once, by the controller, before any worker starts, when the run takes in browser tests.
The workers' `site_url` fixtures then find it fresh (tests/e2e/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

E2E = Path(__file__).resolve().parent / "e2e"


def takes_in_browser_tests(config: pytest.Config) -> bool:
    """Whether a path the run was given is tests/e2e, inside it or above it."""
    if "not e2e" in (config.getoption("markexpr", "") or ""):
        return False
    for arg in config.args or [str(config.rootpath)]:
        path = (config.invocation_params.dir / arg.split("::")[0]).resolve()
        if path == E2E or E2E in path.parents or path in E2E.parents:
            return True
    return False


def pytest_configure(config: pytest.Config) -> None:
    distributed = (config.getoption("numprocesses", None) or 0) != 0
    is_worker = hasattr(config, "workerinput")
    if distributed and not is_worker and takes_in_browser_tests(config):
        from tools.site import ensure_site

        ensure_site()
