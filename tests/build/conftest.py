"""The built site the build tests read: site/, rebuilt first when older than its sources (as for
the browser tests), so that a test run builds the site once, not once more for these tests. They
only read it; a test that changes a site works on a copy."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tools.paths import SITE
from tools.site import ensure_site


@pytest.fixture(scope="session")
def site() -> Path:
    # site/ as the browser tests serve it: a second build (about 10 s, the interpreter snapshot
    # made in Node) would prove nothing more, as site_is_stale() checks it against the sources.
    ensure_site()
    return SITE


@pytest.fixture(scope="session")
def build_info(site: Path) -> dict[str, Any]:
    info: dict[str, Any] = json.loads((site / "build.json").read_text())
    return info


@pytest.fixture(scope="session")
def site_wheel(site: Path, build_info: dict[str, Any]) -> Path:
    """The wheel the page loads (tools/wheel.py)."""
    return site / str(build_info["wheel"])


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under pytest-xdist, the build tests run on one worker: `site` is built once a worker."""
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.xdist_group("build"))
