"""The engine's golden games, replayed by the engine inside the browser, end identically."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gameplay import open_game, table
from playwright.sync_api import Page

# slow: whole games; started first under xdist (tests/conftest.py)
pytestmark = [pytest.mark.e2e, pytest.mark.slow]

GOLDEN = sorted((Path(__file__).resolve().parents[1] / "engine" / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_game_replays_in_the_browser_to_the_same_scores(
    reused_page: Page, site_url: str, path: Path
):
    page = reused_page
    golden = json.loads(path.read_text(encoding="utf-8"))
    open_game(page, site_url + "#g=" + golden["save"])
    state = table(page)
    assert state["phase"] == "over"
    assert state["seq"] == len(golden["moves"])
    for key in ("tokens", "cards", "total", "gold", "goods"):
        cells = page.locator(f'#score tr[data-score="{key}"] td').all_inner_texts()
        assert [int(c) for c in cells] == [s[key] for s in golden["scores"]], key
    for r in range(3):
        cells = page.locator(f'#score tr[data-score="row{r + 1}"] td').all_inner_texts()
        assert [int(c) for c in cells] == [s["rows"][r] for s in golden["scores"]]
    for p, final in enumerate(golden["final"]):
        for r, row in enumerate(final["display"]):
            cards = page.locator(
                f"#players .player.p{p} .display .row:nth-child({r + 1}) [data-card]"
            )
            assert cards.evaluate_all("els => els.map(e => e.dataset.card)") == row
    winner = page.get_attribute("#score .verdict", "data-winner")
    assert winner == ("" if golden["winner"] is None else str(golden["winner"]))
    assert page.get_attribute("#score .verdict", "data-decided-by") == golden["decided_by"]
