"""The computer's hint works on a friend game, from the player's own knowledge."""

from __future__ import annotations

from targi.ai.hint import hint
from targi.friend import FriendGame
from targi.view import observe

from .scripted import policy, secret

HINTS = 6


def test_the_hint_gives_a_legal_move_from_what_the_player_knows() -> None:
    a = FriendGame.invite(secret("ha"))
    assert a.link is not None
    b = FriendGame.accept(a.link, secret("hb"))
    pages, link, to, choose, hinted = [a, b], b.link, 0, policy(2), 0
    while hinted < HINTS and link is not None:
        page = pages[to]
        link = page.receive(link).link
        while link is None and page.status == "your-turn":
            g = page.game_for_hints()
            assert observe(g).key() == observe(page.game).key()
            if g.decision in ("place", "act"):
                h = hint(g, seed=1, level="easy")
                assert h.move in page.game.legal_moves()
                hinted += 1
            link = page.play(choose(page.game))
        to = 1 - to
    assert hinted == HINTS
