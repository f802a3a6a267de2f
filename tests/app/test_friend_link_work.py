"""A friend's link makes the table's view once: the page redraws the table from it and words
the link's news for the live region (#announce) from it, a view with the legal moves and the
placement preview (a clone of the game for each place) made again for nothing."""

from __future__ import annotations

import pytest
from targi.app.text.catalog import Catalog
from targi.friend import FriendGame
from targi.read import ReadGame

from .friends import Pair


def _first(g: ReadGame) -> str:
    return g.legal_moves()[0]


def _views_made(pair: Pair, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many views of the friend game each link makes (FriendGame.view, the protocol's)."""
    made = [0]
    view = FriendGame.view

    def counting(self: FriendGame) -> object:
        made[0] += 1
        return view(self)

    monkeypatch.setattr(FriendGame, "view", counting)
    per_link: list[int] = []
    deliver = pair.deliver

    def delivered(i: int) -> None:
        made[0] = 0
        deliver(i)
        per_link.append(made[0])

    pair.deliver = delivered  # type: ignore[method-assign]
    return per_link


def test_a_friends_link_makes_the_tables_view_once(
    cat: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    pair = Pair(cat)
    pair.start()
    per_link = _views_made(pair, monkeypatch)
    pair.play(_first, limit=60)
    assert len(per_link) > 20
    assert max(per_link) == 1
    announced = [p.text.get("announce", "") for p in pair.ports]
    assert any(announced)  # the news was still worded


def test_the_view_kept_for_a_link_follows_every_move_and_card(cat: Catalog) -> None:
    """The kept view is the one made afresh after every link and every move of a game."""
    pair = Pair(cat)
    pair.start()
    checked = [0]

    def each() -> None:
        for page in pair.pages:
            s = page.session
            if s is not None and s.mode == "friend":
                assert s.view() == s._made_view()  # type: ignore[attr-defined]
                checked[0] += 1

    pair.play(_first, limit=80, each=each)
    assert checked[0] > 100
