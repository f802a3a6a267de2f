"""Two tabs of one browser (issue 14, failure 4: a move in each tab and one game silently
overwrote the other), through the controller and two fake ports sharing localStorage and the
Web Locks, each tab with its own sessionStorage: the orders of moves that
tests/e2e/test_two_tabs.py does not click (there each scenario runs once, with real tabs, locks
and storage events)."""

from __future__ import annotations

import re

from targi.app.controller import Click, Controller
from targi.app.text.catalog import Catalog

from .fakeport import FakePort


def _open(cat: Catalog, port: FakePort) -> Controller:
    """The page opened (or reloaded) in the tab `port` stands for."""
    page = Controller(port, cat)
    page.start("")
    port.run()
    return page


def _second_tab(first: FakePort) -> FakePort:
    other = FakePort(seeds=range(3000, 4000))
    other.local, other.locks, other.tab_name = first.local, first.locks, "tab-2"
    return other


def _moves(page: Controller, port: FakePort, n: int) -> None:
    for _ in range(n):
        assert page.session is not None
        page.click(Click("move", page.session.legal_for_human()[0]))
        port.run()


def _seq(page: Controller) -> int:
    assert page.session is not None
    return page.session.seq


def _kept_ids(page: Controller, port: FakePort) -> list[str]:
    page.click(Click("recent"))
    return re.findall(r'data-game-id="([^"]+)"', port.html["recent"])


def _tabs(cat: Catalog) -> tuple[Controller, FakePort, Controller, FakePort]:
    """Tab A with a game of 6 moves, then tab B opened on the same site: B is told (A holds
    the game), A is not."""
    port_a = FakePort()
    a = _open(cat, port_a)
    a.click(Click("new-game", "hotseat"))
    port_a.run()
    _moves(a, port_a, 6)
    port_b = _second_tab(port_a)
    b = _open(cat, port_b)
    assert not port_b.hidden["dlg-tabs"] and port_a.hidden["dlg-tabs"]
    return a, port_a, b, port_b


def test_another_game_in_the_second_tab_and_a_move_in_each_lose_nothing_b_first(cat: Catalog):
    """B keeps a copy, starts a game of its own and moves first, then A: each reopens its own
    game (tests/e2e/test_two_tabs.py clicks A first)."""
    a, port_a, b, port_b = _tabs(cat)
    b.click(Click("tab-copy"))
    port_b.run()
    b.click(Click("new-game", "hotseat"))
    port_b.run()
    _moves(b, port_b, 3)
    _moves(a, port_a, 3)
    assert (_seq(a), _seq(b)) == (9, 3)
    a = _open(cat, port_a)
    b = _open(cat, port_b)
    assert (_seq(a), _seq(b)) == (9, 3)
    assert port_a.hidden["dlg-tabs"]
    assert len(_kept_ids(a, port_a)) == 3  # A's game, B's copy of it, B's new game


def test_taking_a_game_over_stops_the_other_tab_which_can_keep_a_copy_at_once(cat: Catalog):
    """B takes the game over before A moves on (tests/e2e/test_two_tabs.py: A moves while B is
    still asking). A hears it at once: the browser's Web Lock calls `lost_game`, as here."""
    a, port_a, b, port_b = _tabs(cat)
    b.click(Click("tab-take-over"))
    port_b.run()
    a.tabs.lost()  # web/main.py: window.targiTabs.onLost
    assert port_b.hidden["dlg-tabs"] and not port_a.hidden["dlg-tabs"]
    assert _seq(b) == _seq(a)  # B continues from A's last move
    _moves(b, port_b, 2)
    taken = _seq(b)
    a.click(Click("tab-copy"))  # A's position becomes a game of its own
    port_a.run()
    _moves(a, port_a, 1)
    mine = _seq(a)
    b = _open(cat, port_b)
    assert _seq(b) == taken
    assert _seq(_open(cat, port_a)) == mine
    assert len(_kept_ids(b, port_b)) == 2
