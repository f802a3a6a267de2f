"""Scripted players for friend games: a simple policy, and two pages passing links.

The policy likes Caravan (t13) and Tribal expansion (t14) and takes goods from the centre, so
that games turn cards up mid-turn and run the goods deck out (a reshuffle); otherwise it picks
a move from a seeded generator, so that a game is a function of its seeds.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable

from targi.friend import FriendGame
from targi.friend.dealer import Dealer
from targi.friend.shuffle import deal_order
from targi.read import ReadGame

LIKED = ("t13", "t14", "u13", "u14")


def secret(tag: str) -> bytes:
    """Fixed random bytes for a page (the browser would pass crypto.getRandomValues)."""
    return hashlib.sha256(tag.encode()).digest()


def policy(seed: int) -> Callable[[ReadGame], str]:
    """A player: a liked move when there is one, else a central goods action, else random."""

    def choose(g: ReadGame) -> str:
        moves = g.legal_moves()
        r = random.Random(f"{seed}|{len(g.record)}|{g.round}")
        liked = [m for m in moves if m in LIKED]
        if liked:
            return liked[0]
        goods = [m for m in moves if m[:1] == "u" and m[1:] in "ACEGI"]
        if goods and r.random() < 0.7:
            return r.choice(goods)
        return r.choice(moves)

    return choose


def dry_run(a: bytes, b: bytes, first: int, seed: int) -> Dealer:
    """The game the protocol would deal for these bytes, without the cryptography (to pick
    seeds that show a reshuffle quickly): each position opened with deal_order's card."""
    d = Dealer(first)
    choose = policy(seed)
    while True:
        due = d.due()
        if due:
            for x in due:
                d.opened(x.deck, x.pos, deal_order(a, b, x.deck, d.decks[x.deck].cards)[x.pos])
        elif d.game.is_over:
            return d
        else:
            d.play(choose(d.game))


class Match:
    """Two pages playing by links; `links` counts every link and its length."""

    def __init__(self, a: bytes, b: bytes, first: int = 0, seed: int = 0, seat: int = 0) -> None:
        self.pages = [FriendGame.invite(a, first_player=first, seat=seat)]
        invitation = self.pages[0].link
        assert invitation is not None
        self.links: list[str] = [invitation]
        self.pages.append(FriendGame.accept(invitation, b))
        answer = self.pages[1].link
        assert answer is not None
        self.links.append(answer)
        self.choose = policy(seed)
        self.to = 0  # the page the last link goes to
        self.shown: list[tuple[int, str, bool]] = []  # (role, status, its player moved)

    def step(self) -> bool:
        """Deliver the last link and let its page act; False once no link is left to send."""
        page = self.pages[self.to]
        link = page.receive(self.links[-1]).link
        moved = False
        while link is None and page.status == "your-turn":
            link = page.play(self.choose(page.game))
            moved = True
        self.shown.append((page.role, page.status, moved))
        if link is None:
            return False
        self.links.append(link)
        self.to = 1 - self.to
        return True

    def run(self) -> Match:
        while self.step():
            pass
        return self
