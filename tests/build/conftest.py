"""A site built once into a temporary folder for the build tests (site/ itself is not touched)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tools.site import build_site


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("build") / "site"
    build_site(target, quiet=True)
    return target


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
