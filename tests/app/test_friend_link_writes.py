"""What a friend's link writes into the page besides the table: it closes every dialog (the
game is what the player wants to see), but hides only one that is open; in the browser each
dialog hidden sets the page behind the dialogs inert again (web/main.py, `behind_dialog`)."""

from __future__ import annotations

from targi.app.dialogs import DIALOGS
from targi.app.text.catalog import Catalog
from targi.read import ReadGame

from .fakeport import FakePort
from .friends import Pair


def _first(g: ReadGame) -> str:
    return g.legal_moves()[0]


def _dialogs_hidden(port: FakePort) -> list[str]:
    """Every dialog the port is told to hide from now on, in order."""
    hidden: list[str] = []
    set_hidden = port.set_hidden

    def counted(element_id: str, hide: bool) -> None:
        if element_id in DIALOGS and hide:
            hidden.append(element_id)
        set_hidden(element_id, hide)

    port.set_hidden = counted  # type: ignore[method-assign]
    return hidden


def test_a_friends_link_with_no_dialog_open_hides_no_dialog(cat: Catalog) -> None:
    pair = Pair(cat)
    pair.start()
    mover = pair.to_move()
    assert mover is not None
    hidden = _dialogs_hidden(pair.ports[1 - mover])
    pair.turn(mover, _first)
    pair.deliver(mover)
    assert pair.to_move() == 1 - mover  # the link was applied: its page's player is to move
    assert hidden == []


def test_a_friends_link_closes_the_dialog_that_is_open(cat: Catalog) -> None:
    pair = Pair(cat)
    pair.start()
    mover = pair.to_move()
    assert mover is not None
    other = 1 - mover
    pair.pages[other].dialogs.open("dlg-settings")
    hidden = _dialogs_hidden(pair.ports[other])
    pair.turn(mover, _first)
    pair.deliver(mover)
    assert hidden == ["dlg-settings"]
    assert all(pair.ports[other].is_hidden(d) for d in DIALOGS)
