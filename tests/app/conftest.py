from __future__ import annotations

from pathlib import Path

import pytest
from targi.app.text.catalog import Catalog

ROOT = Path(__file__).resolve().parents[2]
CATALOG_PATH = ROOT / "web" / "messages" / "en.json"


@pytest.fixture(scope="session")
def cat() -> Catalog:
    return Catalog.from_json(CATALOG_PATH.read_text(encoding="utf-8"))
