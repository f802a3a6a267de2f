"""Recent games (issue 14, failure 5: New game discarded the current game without asking, and a
second Load pushed the first game out of `targi.game.previous`). Every game is kept under its
own id; `[data-action=recent]` opens `#recent`, one `[data-game-id]` row per kept game."""

from __future__ import annotations

import random

import pytest
from gameplay import load_string, menu_item, open_game, play, start_game, table, wait_until_ready
from pageutil import at_origin
from playwright.sync_api import Page, expect
from targi.app.session import Session

pytestmark = pytest.mark.e2e


def _code(page: Page) -> str:
    menu_item(page, "open-share")
    code = page.input_value("#share-string")
    page.keyboard.press("Escape")
    return code


def _load(page: Page, code: str) -> None:
    load_string(page, code)
    page.wait_for_function("() => document.getElementById('dlg-load').hidden")


def _rows(page: Page) -> list[str]:
    return page.eval_on_selector_all("#recent [data-game-id]", "r => r.map(e => e.dataset.gameId)")


def _open_recent(page: Page) -> None:
    menu_item(page, "recent")
    expect(page.locator("#recent")).to_be_visible()


def _shared_game(seed: int, moves: int) -> str:
    """A game played elsewhere, as its save string."""
    s = Session.new(seed, 0, "hotseat")
    rnd = random.Random(seed)
    for _ in range(moves):
        s.play(rnd.choice(s.legal_for_human()))
    return s.encode()


def test_new_game_and_two_loads_lose_nothing_and_each_comes_back_from_recent_games(
    game_page: Page,
):
    page = game_page
    first, second = _shared_game(31, 7), _shared_game(32, 11)
    start_game(page, "hotseat")
    play(page, random.Random(33), clicks=5)
    mine = _code(page)
    start_game(page, "hotseat")  # New game: the one before is kept
    play(page, random.Random(34), clicks=2)
    _load(page, first)
    _load(page, second)  # the second Load does not push the first one out
    assert table(page)["seq"] == 11
    _open_recent(page)
    rows = _rows(page)
    assert len(rows) == 4  # 5 moves, the new game of 2 moves, and both loads
    by_code = {_export(page, game_id): game_id for game_id in rows}
    assert {first, second, mine} <= set(by_code)
    for code, seq in ((first, 7), (mine, 5)):
        page.click(f"#recent [data-game-id={by_code[code]}] [data-action=recent-open]")
        page.wait_for_function(f"() => document.getElementById('table').dataset.seq === '{seq}'")
        _open_recent(page)
    page.keyboard.press("Escape")
    page.reload()
    wait_until_ready(page)
    assert table(page)["seq"] == 5  # this tab's last game
    _open_recent(page)
    assert len(_rows(page)) == 4


def _export(page: Page, game_id: str) -> str:
    page.click(f"#recent [data-game-id={game_id}] [data-action=recent-export]")
    expect(page.locator("#recent-export")).to_be_visible()
    return page.input_value("#recent-export")


def test_a_deleted_game_can_be_brought_back_until_the_page_closes(game_page: Page):
    page = game_page
    start_game(page, "hotseat")
    play(page, random.Random(41), clicks=3)
    start_game(page, "hotseat")
    _open_recent(page)
    old = _rows(page)[1]
    assert page.locator(f"#recent [data-game-id={old}] [data-action=recent-delete]").count() == 1
    current = page.locator(f"#recent [data-game-id={_rows(page)[0]}]")
    assert current.locator("[data-action=recent-delete]").count() == 0  # not the one in play
    page.click(f"#recent [data-game-id={old}] [data-action=recent-delete]")
    expect(page.locator(f"#recent [data-deleted-id={old}]")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem('targi.saved.{old}')") is None
    page.click(f"#recent [data-deleted-id={old}] [data-action=recent-undo]")
    expect(page.locator(f"#recent [data-game-id={old}]")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem('targi.saved.{old}')") is not None


def test_a_game_stored_by_the_page_before_recent_games_is_kept(reused_page: Page, site_url: str):
    """The old key written on the site's origin before the app starts (a game played, shared
    and stored by hand, then a reload, until 2026-11-27: one start of the app fewer)."""
    page = at_origin(reused_page, site_url)
    code = _shared_game(42, 4)
    page.evaluate(
        """(code) => localStorage.setItem('targi.game',
            JSON.stringify({app: 'targi', format: 1, save: code}))""",
        code,
    )
    open_game(page, site_url)
    assert table(page)["seq"] == 4
    assert page.evaluate("localStorage.getItem('targi.game')") is None  # moved under an id
