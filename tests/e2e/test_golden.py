"""The engine's golden games, replayed by the engine inside the browser, end identically."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gameplay import load_position, open_game, table
from playwright.sync_api import Page

# slow: whole games; started first under xdist (tests/conftest.py)
pytestmark = [pytest.mark.e2e, pytest.mark.slow]

GOLDEN = sorted((Path(__file__).resolve().parents[1] / "engine" / "golden").glob("*.json"))


def test_golden_games_replay_in_the_browser_to_the_same_scores(reused_page: Page, site_url: str):
    """The first game opened from its link, each one after it through the Load dialog on the
    same page (a test a game paid a page's start each, Pyodide's included). Each game's length
    differs from the one before, so the wait for its last move cannot see the one before."""
    page = reused_page
    games = [json.loads(path.read_text(encoding="utf-8")) for path in GOLDEN]
    assert len(games) >= 5
    for n, (path, golden) in enumerate(zip(GOLDEN, games, strict=True)):
        if n == 0:
            open_game(page, site_url + "#g=" + golden["save"])
        else:
            assert len(golden["moves"]) != len(games[n - 1]["moves"]), path.stem
            load_position(page, golden["save"], len(golden["moves"]))
        _ends_as_in_the_engine(page, golden, path.stem)


def _ends_as_in_the_engine(page: Page, golden: dict, name: str) -> None:
    state = table(page)
    assert state["phase"] == "over", name
    assert state["seq"] == len(golden["moves"]), name
    for key in ("tokens", "cards", "total", "gold", "goods"):
        cells = page.locator(f'#score tr[data-score="{key}"] td').all_inner_texts()
        assert [int(c) for c in cells] == [s[key] for s in golden["scores"]], (name, key)
    for r in range(3):
        cells = page.locator(f'#score tr[data-score="row{r + 1}"] td').all_inner_texts()
        assert [int(c) for c in cells] == [s["rows"][r] for s in golden["scores"]], name
    for p, final in enumerate(golden["final"]):
        for r, row in enumerate(final["display"]):
            cards = page.locator(
                f"#players .player.p{p} .display .row:nth-child({r + 1}) [data-card]"
            )
            assert cards.evaluate_all("els => els.map(e => e.dataset.card)") == row, name
    winner = page.get_attribute("#score .verdict", "data-winner")
    assert winner == ("" if golden["winner"] is None else str(golden["winner"])), name
    assert page.get_attribute("#score .verdict", "data-decided-by") == golden["decided_by"], name
