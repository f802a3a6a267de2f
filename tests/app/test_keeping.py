"""The page keeping games, through the controller and a fake port: Recent games, two tabs, a
full or blocked storage, and the way out. (The store's own policies: test_recent.py.)"""

from __future__ import annotations

import json
import re

from targi.app.controller import Click, Controller
from targi.app.store import storage
from targi.app.text.catalog import Catalog

from .fakeport import FakePort, play_first_moves, started_page
from .flaky import FULL


def _recent_ids(page: Controller, port: FakePort) -> list[str]:
    page.click(Click("recent"))
    return re.findall(r'data-game-id="([^"]+)"', port.html["recent"])


def test_new_game_keeps_the_game_before_in_recent_games(cat: Catalog):
    page, port = started_page(cat)
    page.click(Click("new-game", "hotseat"))
    play_first_moves(page, 3)
    first = page.session
    page.click(Click("new-game", "hotseat"))
    ids = _recent_ids(page, port)
    assert len(ids) == 2 and not port.hidden["dlg-recent"]
    page.click(Click("recent-open", ids[1]))
    assert port.hidden["dlg-recent"]
    assert page.session is not None and first is not None
    assert page.session.encode() == first.encode()


def test_recent_games_export_delete_and_undo(cat: Catalog):
    page, port = started_page(cat)
    page.click(Click("new-game", "hotseat"))
    play_first_moves(page, 2)
    code = page.session.encode() if page.session else ""
    page.click(Click("new-game", "hotseat"))
    old = _recent_ids(page, port)[1]
    page.click(Click("recent-export", old))
    assert port.values["recent-export"] == code and not port.hidden["recent-export-row"]
    page.click(Click("recent-delete", old))
    assert f'data-deleted-id="{old}"' in port.html["recent"]
    assert storage.GAME_PREFIX + old not in port.storage
    page.click(Click("recent-undo", old))
    assert f'data-game-id="{old}"' in port.html["recent"]
    assert storage.GAME_PREFIX + old in port.storage


def test_a_game_held_by_another_tab_asks_and_can_be_taken_over(cat: Catalog):
    page, port = started_page(cat)
    page.click(Click("new-game", "hotseat"))
    port.run()
    play_first_moves(page, 2)
    other = FakePort()
    other.local, other.tab_name, other.locks = port.local, "tab-2", port.locks
    second, _ = started_page(cat, other)
    assert not other.hidden["dlg-tabs"]  # held by tab 1
    second.click(Click("tab-take-over"))
    other.run()
    assert other.hidden["dlg-tabs"] and second.session is not None
    assert second.session.seq == 2
    play_first_moves(second, 1)
    play_first_moves(page, 1)  # tab 1 writes from an old revision: refused, and it is told
    assert not port.hidden["dlg-tabs"]
    page.click(Click("tab-copy"))  # its position becomes a game of its own
    assert len(_recent_ids(page, port)) == 2


def test_full_storage_is_said_and_old_games_make_room(cat: Catalog):
    page, port = started_page(cat)
    page.click(Click("new-game", "hotseat"))
    play_first_moves(page, 2)
    page.click(Click("new-game", "hotseat"))
    port.local.fail["set"] = FULL
    play_first_moves(page, 3)
    assert port.text["storage-notice-text"] == cat.t("storage.full")
    assert not port.hidden["free-space"] and port.page_state["storage"] == "full"
    assert page.keeping.has_unsaved()
    page.keeping.retry_save()  # the page is hidden: still full, still waiting
    assert page.keeping.has_unsaved()
    port.local.fail.clear()
    port.local.quota = sum(len(k) + len(v) for k, v in port.storage.items())  # no room
    page.click(Click("free-space"))
    assert port.text["storage-notice-text"] == cat.t("storage.freed.one", n=1)
    assert not page.keeping.has_unsaved() and port.page_state["storage"] == "stored"


def test_without_local_storage_the_page_plays_in_memory_and_says_so_once(cat: Catalog):
    port = FakePort()
    port.no_local = True
    page, _ = started_page(cat, port)
    assert port.text["storage-notice-text"] == cat.t("storage.memory")
    page.click(Click("dismiss-storage"))
    page.click(Click("new-game", "hotseat"))
    play_first_moves(page, 2)
    assert port.hidden["storage-notice"] and page.keeping.has_unsaved()
    assert port.storage == {}


def test_copy_stored_data_shows_everything_under_the_sites_keys(cat: Catalog):
    port = FakePort()
    port.storage.update({"targi.game": "[[[", "other.app": "x"})
    page, _ = started_page(cat, port)
    assert not port.hidden["dlg-storage"]
    page.click(Click("copy-stored"))
    port.run()
    data = json.loads(port.values["stored-data"])
    assert data == {"targi.unreadable.targi.game": "[[["} and not port.hidden["stored-data"]
    assert port.text["stored-data-status"] == cat.t("storage.copy_done")
