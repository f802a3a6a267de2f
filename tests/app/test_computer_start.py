"""When the computer's worker starts (docs/page.md, web/ai-client.js): the page tells the port
as soon as a game with a computer seat is on the table (`Port.start_computer`), and never for a
game no computer plays: a page of two players, a friend game or the welcome starts no worker."""

from __future__ import annotations

import pytest
from targi.app.controller import Controller
from targi.app.page import Click
from targi.app.session import Session
from targi.app.text.catalog import Catalog

from .fakeport import FakePort, open_page
from .friends import Pair, reloaded
from .games import finished_session


def vs_computer(page: Controller, port: FakePort) -> None:
    """Play against the computer, from the New game dialog (the person moves first)."""
    port.radios.update(starter="me")
    page.click(Click("new-game", "ai"))
    port.run()


def test_a_game_against_the_computer_starts_its_worker_when_it_comes_onto_the_table(
    cat: Catalog,
) -> None:
    page, port = open_page(cat)
    vs_computer(page, port)  # the person moves first: the computer is not asked yet
    assert page.session is not None and page.session.human_to_move
    assert port.asked == []
    assert port.computer_starts == 1


def test_a_stored_game_against_the_computer_starts_its_worker_when_the_page_opens(
    cat: Catalog,
) -> None:
    page, port = open_page(cat)
    vs_computer(page, port)
    _, again = reloaded(cat, port)
    assert again.computer_starts == 1


def test_a_game_against_the_computer_loaded_from_a_save_string_starts_its_worker(
    cat: Catalog,
) -> None:
    page, port = open_page(cat)
    port.values["load-text"] = Session.new(7, 0, "ai").encode()
    page.click(Click("load-string"))
    port.run()
    assert page.session is not None and page.session.mode == "ai"
    assert port.computer_starts == 1


def test_the_welcome_with_no_stored_game_starts_no_computer_until_play(cat: Catalog) -> None:
    page, port = open_page(cat)
    port.run()
    assert page.session is None
    assert port.computer_starts == 0
    vs_computer(page, port)  # Play against the computer, from the welcome
    assert port.computer_starts == 1


@pytest.mark.parametrize("starter", ["me", "other"])
def test_two_players_on_this_device_start_no_computer(cat: Catalog, starter: str) -> None:
    page, port = open_page(cat)
    port.radios.update(starter=starter)
    page.click(Click("new-game", "hotseat"))
    port.run()
    assert page.session is not None
    again_page, again = reloaded(cat, port)  # nor when the stored game is continued
    assert port.computer_starts == again.computer_starts == 0
    vs_computer(again_page, again)  # New game, against the computer: now
    assert again.computer_starts == 1


def test_a_friend_game_starts_no_computer(cat: Catalog) -> None:
    pair = Pair(cat)
    pair.start()
    assert all(page.session is not None for page in pair.pages)
    assert [port.computer_starts for port in pair.ports] == [0, 0]
    vs_computer(pair.pages[1], pair.ports[1])
    assert [port.computer_starts for port in pair.ports] == [0, 1]


def test_a_finished_game_against_the_computer_starts_no_computer(cat: Catalog) -> None:
    over = finished_session(3)
    over.mode = "ai"
    page, port = open_page(cat)
    port.values["load-text"] = over.encode()
    page.click(Click("load-string"))
    port.run()
    assert page.session is not None and page.session.over
    assert port.computer_starts == 0
    vs_computer(page, port)  # a new one: its computer will be asked
    assert port.computer_starts == 1
