"""Stored data that cannot be read: a clear message, the data kept under a backup key, and a
fresh game offered."""

from __future__ import annotations

import json
import random

import pytest
from gameplay import play, start_game, stored, table, wait_until_ready
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


def _reload_with(page: Page, value: str) -> None:
    page.evaluate("(v) => localStorage.setItem('targi.game', v)", value)
    page.reload()
    wait_until_ready(page)


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda text: text[: len(text) // 2], "damaged"),
        (lambda text: json.dumps({**json.loads(text), "format": 7}), "format"),
        (
            lambda text: json.dumps({**json.loads(text), "save": json.loads(text)["save"] + "x"}),
            "damaged",
        ),
    ],
    ids=["cut-off", "unknown-format", "bad-save-string"],
)
def test_unreadable_stored_game_is_kept_aside_and_a_new_game_offered(
    game_page: Page, damage, reason
):
    page = game_page
    start_game(page, "hotseat")
    play(page, random.Random(2), clicks=6)
    damaged = damage(stored(page, "targi.game"))
    _reload_with(page, damaged)
    dialog = page.locator("#dlg-storage")
    expect(dialog).to_be_visible()
    expect(page.locator("#storage-reason")).to_contain_text(reason)
    expect(page.locator("#storage-kept")).to_contain_text("targi.game.backup")
    assert stored(page, "targi.game.backup") == damaged  # nothing lost
    page.click("[data-action=storage-fresh]")
    start_game(page, "hotseat")
    assert table(page)["seq"] == 0
    assert stored(page, "targi.game.backup") == damaged
    assert stored(page, "targi.game") != damaged
