"""Under pytest-xdist (`python build.py test` runs one worker a core): site/ is brought up to
date once, by the controller, before any worker starts, when the run takes in browser tests.
The workers' `site_url` fixtures then find it fresh (tests/e2e/conftest.py). The workers run
the longest tests first (`pytest_collection_modifyitems`)."""

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


def longest_first(item: pytest.Item) -> int:
    """0 for a test marked slow (whole games in the browser, whole AI games), 1 for another
    browser test or one of an xdist_group (tests/build: ~60 tests that run on one worker, one
    chain of ~15 s), 2 for the rest (unit tests of a second or less)."""
    if item.get_closest_marker("slow") is not None:
        return 0
    grouped = item.get_closest_marker("xdist_group") is not None
    return 1 if grouped or E2E in item.path.parents else 2


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On an xdist worker: the longest tests first. xdist hands the tests out in this order, one
    at a time as a worker frees up, so the run ends on short unit tests that fill the gaps and
    not on one worker playing a whole game while the other has nothing left (the wall time is
    the longest chain of tests on one worker). A run in one process keeps the files' order."""
    if hasattr(config, "workerinput"):
        items.sort(key=longest_first)  # stable: each group keeps the files' order
