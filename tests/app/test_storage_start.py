"""A page that starts on storage a hostile browser kept (issue 14), through the controller and a
fake port: each damaged game, each value of any shape, a copy that cannot be written. These are
the cases of tests/e2e/test_storage_errors.py that differ only in what is stored; the browser
keeps one of each kind, for the DOM's wiring and for what only the browser does (its quota,
the loader's own read of the settings)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from targi.app.controller import Click, Controller
from targi.app.store import storage
from targi.app.text.catalog import Catalog

from .fakeport import FakePort, play_first_moves, started_page
from .flaky import FULL


def _seq(page: Controller) -> int:
    assert page.session is not None
    return page.session.seq


def _current_key(port: FakePort) -> str:
    game_id = port.tab.data.get(storage.TAB_CURRENT_KEY) or port.storage[storage.CURRENT_KEY]
    return storage.GAME_PREFIX + game_id


DAMAGE: dict[str, tuple[Callable[[str], str], str]] = {
    "cut-off": (lambda text: text[: len(text) // 2], "damaged"),
    "unknown-format": (lambda text: json.dumps({**json.loads(text), "format": 7}), "format"),
    "bad-save-string": (
        lambda text: json.dumps({**json.loads(text), "save": json.loads(text)["save"] + "x"}),
        "damaged",
    ),
    "wrong-type": (lambda text: json.dumps({**json.loads(text), "round": []}), "round"),
}


@pytest.mark.parametrize("how", DAMAGE)
def test_unreadable_stored_game_is_moved_aside_once_copied_and_a_new_game_offered(
    cat: Catalog, how: str
):
    """Each way a stored game can be damaged: the reason named, the game copied aside and
    checked, then removed from its place, and a fresh game offered (the browser: cut-off)."""
    damage, reason = DAMAGE[how]
    page, port = started_page(cat)
    page.click(Click("new-game", "hotseat"))
    play_first_moves(page, 6)
    key = _current_key(port)
    damaged = damage(port.storage[key])
    port.storage[key] = damaged
    again, _ = started_page(cat, port)  # the reload
    assert not port.hidden["dlg-storage"]
    assert reason in port.text["storage-reason"]
    aside = storage.UNREADABLE_PREFIX + key
    assert aside in port.text["storage-kept"]
    assert port.storage[aside] == damaged and key not in port.storage  # copied, then moved
    again.click(Click("storage-fresh"))
    assert port.hidden["dlg-storage"] and not port.hidden["dlg-new"]
    again.click(Click("new-game", "hotseat"))
    assert _seq(again) == 0
    assert port.storage[aside] == damaged


ANY_VALUE = {
    "pace-list": ("targi.settings", '{"pace": []}'),
    "settings-deep": ("targi.settings", "[" * 8000),
    "old-game-deep": ("targi.game", "[" * 8000),
    "pointer-deep": ("targi.current", "[" * 8000),
    "game-deep": ("targi.saved.abc", "[" * 8000),
    "game-nest": ("targi.saved.abc", '{"app": "targi", "format": 2' + ', "x": [' * 3000),
}


@pytest.mark.parametrize("case", ANY_VALUE)
def test_any_stored_value_still_starts_the_page_and_loses_nothing(cat: Catalog, case: str):
    """Failure 2: one bad key stopped the page for good ("Try again" failed the same way).
    Started twice, as "Try again" would; a game is kept aside, untouched. (The browser keeps
    settings-deep, which its loader reads too, and game-nest.)"""
    key, value = ANY_VALUE[case]
    port = FakePort()
    port.storage.update(
        {key: value, "targi.current": "abc"} if key.startswith("targi.saved") else {key: value}
    )
    for _ in range(2):
        page, _ = started_page(cat, port)
        if not port.hidden["dlg-storage"]:
            assert "nothing" in port.text["storage-kept"]
            page.click(Click("storage-fresh"))
        page.click(Click("new-game", "hotseat"))
        play_first_moves(page, 2)
        assert _seq(page) == 2
    if key in ("targi.game", "targi.saved.abc"):
        assert port.storage[storage.UNREADABLE_PREFIX + key] == value


def test_an_unreadable_game_that_cannot_be_copied_stays_where_it_was_when_writes_throw(
    cat: Catalog,
):
    """Failure 1 with every write refused as over the quota (the browser checks a storage
    really filled to its quota): the page said "kept under targi.game.backup" and both keys were
    gone."""
    port = FakePort()
    port.storage["targi.game"] = "{broken"
    port.local.fail["set"] = FULL
    page, _ = started_page(cat, port)
    assert not port.hidden["dlg-storage"]
    kept = port.text["storage-kept"]
    assert kept == cat.t("storage.kept.left", key="targi.game") and "backup" not in kept
    assert port.storage["targi.game"] == "{broken"  # nothing deleted
    page.click(Click("copy-stored"))
    port.run()
    assert json.loads(port.values["stored-data"])["targi.game"] == "{broken"
    page.click(Click("storage-fresh"))
    page.click(Click("new-game", "hotseat"))
    play_first_moves(page, 3)
    assert port.text["storage-notice-text"] == cat.t("storage.full")
    assert port.storage["targi.game"] == "{broken"
