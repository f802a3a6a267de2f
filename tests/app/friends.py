"""Two pages playing a friend game through FakePorts: links pass as the address bar would
carry them (open_fragment), moves are clicks on the table."""

from __future__ import annotations

import copy
from collections.abc import Callable

from targi.app.controller import Controller
from targi.app.friendplay import Outgoing
from targi.app.page import Click
from targi.app.text.catalog import Catalog
from targi.read import ReadGame

from .fakeport import FakePort, open_page


def fragment(url: str) -> str:
    """The `#F…` part of a link's URL, as location.hash gives it."""
    return "#" + url.split("#", 1)[1]


class Pair:
    """Page 0 invites, page 1 is the friend; `sent[i]`: every link page i sent, in order."""

    def __init__(self, cat: Catalog, seat: str = "blue", starter: str = "me") -> None:
        self.pages: list[Controller] = []
        self.ports: list[FakePort] = []
        self.sent: list[list[Outgoing]] = [[], []]
        for i, tag in enumerate(("inviter", "friend")):
            port = FakePort()
            port.random_tag = tag
            page, _ = open_page(cat, port)
            self.pages.append(page)
            self.ports.append(port)
            self.watch(i)
        self.seat, self.starter = seat, starter
        self.delivered = [0, 0]  # how many of sent[i] the other page has opened

    def watch(self, i: int) -> None:
        """Note every link page i sends (its outbox, wrapped as a live channel would)."""
        flow = self.pages[i].friend
        shown = flow.outbox

        def outbox(out: Outgoing) -> None:
            self.sent[i].append(out)
            shown(out)

        flow.outbox = outbox

    def invite(self) -> str:
        a, port = self.pages[0], self.ports[0]
        a.click(Click("new-game", "friend"))
        port.check("friend-seat", self.seat)
        port.check("friend-starter", self.starter)
        a.click(Click("friend-invite"))
        port.run()
        return port.text["friend-link"]

    def open(self, i: int, url: str) -> None:
        """Page i opens a link (a hash change)."""
        self.pages[i].open_fragment(fragment(url))
        self.ports[i].run()

    def start(self) -> None:
        """Invitation, accepted, answered: the game is on both tables."""
        self.open(1, self.invite())
        self.pages[1].click(Click("friend-accept"))
        self.ports[1].run()
        self.delivered = [len(self.sent[0]), 0]
        self.deliver(1)

    def state(self, i: int) -> str | None:
        return self.ports[i].page_state.get("friend")

    def to_move(self) -> int | None:
        """The page whose player decides now, if one does."""
        for i in (0, 1):
            if self.state(i) == "your-turn":
                return i
        return None

    def turn(self, i: int, choose: Callable[[ReadGame], str]) -> None:
        """Page i's player moves (clicks) until a link must go to the friend."""
        page = self.pages[i]
        before = len(self.sent[i])
        while len(self.sent[i]) == before and page.session is not None:
            if not page.session.human_to_move:
                break
            page.click(Click("move", choose(page.session.game)))
            self.ports[i].run()

    def deliver(self, i: int) -> None:
        """Page i's last link to the other page."""
        self.delivered[i] = len(self.sent[i])
        self.open(1 - i, self.sent[i][-1].url)

    def play(
        self,
        choose: Callable[[ReadGame], str],
        limit: int = 2000,
        each: Callable[[], None] | None = None,
    ) -> None:
        """To the end: each link is delivered as soon as it is made; a player whose turn it
        is moves with `choose`; `each` looks at the pages after every link and every turn."""
        for _ in range(limit):
            if each is not None:
                each()
            waiting = [i for i in (0, 1) if len(self.sent[i]) > self.delivered[i]]
            if waiting:
                self.deliver(waiting[0])
                continue
            i = self.to_move()
            if i is None:
                return
            self.turn(i, choose)


def reloaded(cat: Catalog, port: FakePort) -> tuple[Controller, FakePort]:
    """A page reloaded in a copy of `port`'s browser (its storage and tab): the copy can be
    changed without touching the page it was copied from."""
    again = FakePort()
    again.local, again.tab = copy.deepcopy(port.local), copy.deepcopy(port.tab)
    page, _ = open_page(cat, again)
    again.run()
    return page, again


def fail_audit(page: Controller, port: FakePort, culprit: int = 1, code: str = "share") -> None:
    """The game on `page` as if its audit had found a wrong share sent by `culprit` (the
    protocol's tests make real cheaters: here only what the page does with the verdict)."""
    from targi.friend.audit import Audit

    flow = page.friend
    assert flow.game is not None
    flow.game.result = Audit(False, culprit, "a share does not open its card", code)
    flow.save(flow.game)
    flow.show_game(flow.game)
    flow.draw()
    port.run()
