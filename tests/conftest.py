"""Under pytest-xdist (`python build.py test` runs one worker a core): site/ is brought up to
date once, by the controller, before any worker starts, when the run takes in browser tests.
The workers' `site_url` fixtures then find it fresh (tests/e2e/conftest.py). The workers run
the longest tests first (`pytest_collection_modifyitems`), and the summary says when each
worker finished (`WorkerTimes`): the tail, where one worker runs on alone, is time lost."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

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


class WorkerTimes:
    """xdist's controller notes when each worker finished, from the start of the run; the
    terminal summary gives them and the tail: how long the last worker ran on alone."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.finished: dict[str, float] = {}

    def pytest_testnodedown(self, node: Any, error: object) -> None:
        self.finished[str(node.gateway.id)] = time.monotonic() - self.started

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not self.finished:
            return
        ends = sorted(self.finished.items(), key=lambda item: item[1])
        line = ", ".join(f"{worker} {at:.0f} s" for worker, at in ends)
        tail = ends[-1][1] - ends[0][1]
        terminalreporter.write_line(f"xdist workers finished: {line}; the tail {tail:.0f} s")


def pytest_configure(config: pytest.Config) -> None:
    distributed = (config.getoption("numprocesses", None) or 0) != 0
    is_worker = hasattr(config, "workerinput")
    if distributed and not is_worker:
        config.pluginmanager.register(WorkerTimes(), "worker-times")
        if takes_in_browser_tests(config):
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
