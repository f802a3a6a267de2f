"""The friend game's flow on the page: invitation, joining, links in and out, the panel.

`FriendFlow.receive(text)` is the one way in for a link's text, and `FriendFlow.outbox` the one
way out (docs/page.md, *Play a friend*): a live channel (WebRTC) reuses both.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple

from ..page import Page
from ..session import Session
from ..store.recent import NOTICE, Saved
from ..store.storage import StoredGameError
from .panel import Panel, PanelState
from .recent import friend_rows
from .store import FriendStore
from .table import MODE, FriendSession
from .words import refusal

if TYPE_CHECKING:
    from ...friend import FriendGame

LINK_PREFIX = "F"  # every friend link's text starts so (targi.friend.wire)
RANDOM_BYTES = 32


class Outgoing(NamedTuple):
    """A link this page made, to reach the friend's page."""

    game_id: str
    kind: str  # invitation | answer | turn | request | reply | end
    text: str  # "F…": what receive() on the other page takes
    url: str  # this site's address with "#" + text: what a player sends
    live: bool = False  # sent on the live channel already (the link is shown as a fallback)


def is_friend_fragment(fragment: str) -> bool:
    """A location hash that carries a friend link (`#F…`)."""
    return fragment.lstrip("#").startswith(LINK_PREFIX)


class FriendFlow:
    def __init__(self, page: Page) -> None:
        self.page, self.port, self.cat = page, page.port, page.cat
        self.store = FriendStore(
            page.port.local_storage(), page.port.tab_storage(), page.port.date_ms
        )
        self.panel = Panel(page.port, page.cat)
        self.game: FriendGame | None = None  # the friend game the panel is about
        self.offer: str | None = None  # an invitation opened and not accepted yet
        self.last: Outgoing | None = None  # the link waiting to be sent for `game`
        self.note = ""  # a refused link's message, or why the files could not be loaded
        # what an answer handed over by another tab did to this tab's table, until the next move
        self.told = ""
        self.asking: str | None = None  # Recent games: the game whose Delete awaits a yes
        self.loading = False
        self.module: ModuleType | None = None
        # The one way out: every link this page makes goes here (a live channel wraps it).
        self.outbox: Callable[[Outgoing], None] = self.show_link
        # Every link's text passes here before it is read (live play takes its part off).
        self.inbox: Callable[[str], str] = str.strip

    # ---- the package ---------------------------------------------------------------------
    async def load(self) -> ModuleType | None:
        """targi.friend, installed from the site on first use; None (and the page says why)
        when it cannot be fetched, e.g. offline before the first friend game."""
        if self.module is not None:
            return self.module
        self.loading = True
        self.draw()
        try:
            await self.port.load_friend()
            self.module = importlib.import_module("targi.friend")
        except Exception as error:
            self.port.report(f"friend game files: {type(error).__name__}: {error}")
            self.note = self.cat.t("friend.offline")
            return None
        finally:
            self.loading = False
        return self.module

    # ---- the one way in ------------------------------------------------------------------
    async def receive(self, text: str) -> None:
        """Apply a friend link's text (a whole URL, `#F…` or `F…`): an invitation is offered
        to accept; any other link goes to its game by id. A refused link changes nothing and
        the page says what was wrong."""
        text = text.strip()
        if "#" in text:
            text = text.split("#", 1)[1]
        self.page.close_all()  # a link opened is what the player wants to see now
        friend = await self.load()
        if friend is None:
            self.draw()
            return
        text = self.inbox(text)  # once targi.friend is there: live play reads the link
        self.note = self.told = ""
        try:
            message = friend.wire.parse(friend.wire.decode(text))
        except friend.FriendError as error:
            self.refuse(refusal(self.cat, error, damaged=True))
            return
        game_id = message.game_id.hex()
        if message.seq == 0 and message.sender == 0:
            self.offered(friend, text, game_id)
            return
        game = self.kept(game_id)
        if game is None:
            self.refuse(self.cat.t("friend.refused.unknown_game"))
            return
        try:
            got = game.receive(text)
        except friend.FriendError as error:
            if self.started(game):
                self.show_game(game)
            else:
                self.game = game  # an invitation still waiting for its answer
            self.refused(error)
            return
        self.offer = None
        self.show_game(game)
        self.save(game)
        if got.link is not None:
            self.send(game, got.link)
        elif self.last is not None and self.last.game_id == game_id:
            self.last = None  # the friend answered: nothing is waiting to be sent
        self.page.announce(None)
        self.draw()

    @staticmethod
    def started(game: FriendGame) -> bool:
        """The game can be shown on the table: the friend has answered the invitation."""
        return len(game.transcript) >= 2

    def offered(self, friend: ModuleType, text: str, game_id: str) -> None:
        """An invitation: offer to join, unless this page made it or joined it already."""
        game = self.kept(game_id)
        if game is not None:
            if self.started(game):
                self.show_game(game)
            else:
                self.game = game
            key = "friend.refused.own" if game.role == 0 else "friend.refused.repeated"
            self.refuse(self.cat.t(key))
            return
        self.offer, self.game, self.last = text, None, None
        self.draw()
        self.focus_offer()

    def focus_offer(self) -> None:
        """Accept and join is the one thing to do on an invitation: a keyboard player's focus
        goes there unless they put it somewhere (a link opens a new page: it is on the body)."""
        if self.offer is not None and self.port.focus_dropped():
            self.port.focus("#friend [data-action=friend-accept]")

    def kept(self, game_id: str) -> FriendGame | None:
        """The friend game with this id: the one shown, else the stored one."""
        if self.game is not None and self.game.game_id == game_id:
            return self.game
        friend = self.module
        try:
            found = self.store.read(game_id)
        except StoredGameError:
            return None
        if found is None or friend is None:
            return None
        try:
            game: FriendGame = friend.FriendGame.from_dict(found[1])
        except friend.FriendError:
            return None
        return game

    def refuse(self, message: str) -> None:
        self.note = message
        self.draw()

    def refused(self, error: Exception) -> None:
        """A link the protocol refused, told in the page's language; the protocol's English
        reason goes to the console when it points at a broken or cheating page."""
        if getattr(error, "code", None) in ("move", "deal"):
            self.port.report(f"friend link refused: {error}")
        self.refuse(refusal(self.cat, error))

    # ---- starting and joining ------------------------------------------------------------
    async def invite(self, first_player: int, seat: int) -> bool:
        """A new friend game: the invitation is the first link out. False if the files could
        not be loaded (the page says so; nothing changed)."""
        friend = await self.load()
        if friend is None:
            self.draw()
            return False
        game = friend.FriendGame.invite(self.port.random_bytes(RANDOM_BYTES), first_player, seat)
        self.offer, self.note = None, ""
        self.game = game
        self.save(game)
        self.store.point(game.game_id)
        assert game.link is not None
        self.send(game, game.link)
        return True

    async def accept(self) -> None:
        """Join the invitation on offer; the answer is the first link out."""
        friend, offer = await self.load(), self.offer
        if friend is None or offer is None:
            self.draw()
            return
        try:
            game = friend.FriendGame.accept(offer, self.port.random_bytes(RANDOM_BYTES))
        except friend.FriendError as error:
            self.offer = None
            self.refused(error)
            return
        self.offer, self.note = None, ""
        self.show_game(game)
        self.save(game)
        assert game.link is not None
        self.send(game, game.link)
        self.port.focus("#friend [data-action=friend-copy]")

    # ---- the one way out -----------------------------------------------------------------
    def send(self, game: FriendGame, text: str) -> None:
        """A link this page made: its kind (for the words), then out through `outbox`."""
        base = self.port.page_url().split("#", 1)[0]
        self.outbox(Outgoing(game.game_id, self.kind(game), text, f"{base}#{text}"))

    @staticmethod
    def kind(game: FriendGame) -> str:
        n, status = len(game.transcript), game.status
        if n == 1:
            return "invitation"
        if n == 2 and game.role == 1:
            return "answer"
        if status in ("verified", "failed") or (game.dealer is not None and game.game.is_over):
            return "end"
        if status == "answering":
            return "reply"
        if status == "waiting" and game.game.current_player == game.seat:
            return "request"  # a card to turn up needs the friend's share mid-turn
        return "turn"

    def answer_opened(self, game_id: str) -> None:
        """Live play's channel opened, which the inviter's page does once it opened this page's
        answer: the answer is no longer shown to send."""
        if self.last is not None and self.last.kind == "answer" and self.last.game_id == game_id:
            self.last = None
            self.draw()

    def show_link(self, out: Outgoing) -> None:
        """The default outbox: the link in the panel, to copy or share."""
        self.last = out
        self.draw()

    def moved(self, game: FriendGame, link: str | None) -> None:
        """This player's move was applied (FriendSession.play): a link when one must go."""
        self.note = self.told = ""
        if link is not None:
            self.send(game, link)
        else:
            self.draw()

    # ---- the table -----------------------------------------------------------------------
    def show_game(self, game: FriendGame) -> None:
        """The friend game on the table (once it has started: after the answer)."""
        self.game = game
        self.store.point(game.game_id)
        s = self.page.session
        if isinstance(s, FriendSession) and s.friend.game_id == game.game_id:
            s.friend = game
            self.page.redraw()
            self.page.follow_replay()  # the replay so far, if open, takes the new moves too
        else:
            self.page.close_all()
            self.page.put(FriendSession(game, self.moved))
            self.page.redraw()

    def show(self, game: FriendGame) -> None:
        """The game on the table once started; an invitation waiting for its answer only in
        the panel (there is no table to show before the friend's page has dealt)."""
        if self.started(game):
            self.show_game(game)
        else:
            self.game = game
            self.store.point(game.game_id)

    def table_changed(self, session: Session | None) -> None:
        """Another game went on the table: the panel steps aside (the friend game is kept)."""
        if session is not None and session.mode != MODE:
            self.game, self.last, self.note, self.told = None, None, "", ""
            self.store.point(None)
            self.draw()

    async def restore(self) -> None:
        """At a load: the friend game this tab had on its table comes back."""
        game_id = self.store.pointed()
        if game_id is None or await self.load() is None:
            self.draw()
            return
        game = self.kept(game_id)
        if game is not None:
            self.show(game)
        self.draw()

    async def handed(self, text: str) -> None:
        """The friend's answer, opened in another tab of this browser and handed over: this
        tab holds the live connection it is for (targi.app.live). The connection opens here;
        the game is the one the other tab stored (its last link shown again), or, if that tab
        has not stored it yet, the answer is applied here."""
        friend = await self.load()
        if friend is None:
            return
        link = self.inbox(text.strip())  # the live part: the connection opens
        try:
            game_id = friend.wire.parse(friend.wire.decode(link)).game_id.hex()
        except friend.FriendError:
            return
        self.store.forget_rev(game_id)  # the other tab wrote it since
        s = self.page.session
        replaced = s is not None and not (
            isinstance(s, FriendSession) and s.friend.game_id == game_id
        )
        stored = self.kept_stored(game_id)
        if stored is None or not self.started(stored):
            await self.receive(link)
        else:
            await self.open_kept(game_id)
        if self.game is not None and self.game.game_id == game_id and not self.note:
            # the player was away in the other tab: this one says why its table changed
            self.told = self.cat.t("live.handed_here.kept" if replaced else "live.handed_here")
            self.draw()

    async def open_kept(self, game_id: str) -> None:
        """Recent games' Open on a friend game: on the table, its last link shown again."""
        if await self.load() is None:
            self.draw()
            return
        game = self.kept(game_id)
        if game is None:
            return
        self.note = ""
        self.show(game)
        self.last = None
        if game.link is not None and game.status != "your-turn":
            self.send(game, game.link)
        self.draw()

    def save(self, game: FriendGame) -> None:
        outcome = self.store.save(game)
        if outcome is Saved.STALE:
            # another tab played this game on: its stored messages are the game now
            self.store.forget_rev(game.game_id)
            newer = self.kept_stored(game.game_id)
            if newer is not None:
                self.game = newer
            self.page.notice(self.cat.t("friend.other_tab"))
            return
        if outcome is not Saved.SAVED:
            self.page.notice(self.cat.t(NOTICE[outcome]))

    def kept_stored(self, game_id: str) -> FriendGame | None:
        self.game = None
        return self.kept(game_id)

    # ---- drawing -------------------------------------------------------------------------
    def state(self) -> str:
        """`<html data-friend>`: your-turn | waiting | answering | verified | refused (and
        invited, failed); "" with no friend game."""
        if self.note and (self.game is not None or self.offer is not None):
            return "refused"
        if self.offer is not None:
            return "invited"
        if self.game is None:
            return ""
        return self.game.status

    def draw(self) -> None:
        self.panel.draw(
            PanelState(
                game=self.game,
                offer=self.offer_words(),
                last=self.last,
                note=self.note,
                told=self.told,
                loading=self.loading,
                state=self.state(),
                on_table=self.game is not None and self.started(self.game),
                can_share=self.port.can_share(),
            )
        )

    def offer_words(self) -> str | None:
        if self.offer is None or self.module is None:
            return None
        params = self.module.wire.parse(self.module.wire.decode(self.offer)).items[0]
        return self.panel.offer_text(1 - params.inviter_seat, params.first_player)

    def shown_id(self) -> str:
        return self.game.game_id if self.game is not None else ""

    def draw_recent(self) -> None:
        """Recent games' friend games (#recent-friend), hidden when there are none."""
        rows = friend_rows(self.cat, self.store, self.port.date_text, self.on_table(), self.asking)
        self.port.set_html("recent-friend", rows)
        self.port.set_hidden("recent-friend-box", not rows)

    def on_table(self) -> str:
        """The friend game on the table ("" if another game or none is)."""
        s = self.page.session
        return s.friend.game_id if isinstance(s, FriendSession) else ""

    def ask_delete(self, game_id: str) -> None:
        """Recent games' Delete: the row asks first (a game under way ends for both)."""
        self.asking = game_id if game_id != self.on_table() else None
        self.draw_recent()
        self.port.focus(f'#recent-friend [data-action=friend-delete-keep][data-target="{game_id}"]')

    def keep(self) -> None:
        self.asking = None
        self.draw_recent()

    def delete(self, game_id: str) -> None:
        """The yes: the game is forgotten (never the one on the table)."""
        if self.asking != game_id or game_id == self.on_table():
            return
        self.asking = None
        self.store.delete(game_id)
        if self.game is not None and self.game.game_id == game_id:
            self.game, self.last, self.note = None, None, ""
            self.store.point(None)
            self.draw()
        self.draw_recent()
        self.port.focus("#dlg-recent .primary")

    async def copy(self) -> None:
        ok = self.last is not None and await self.port.copy_text(self.last.url)
        self.port.set_text(
            "friend-copy-status", self.cat.t("button.copied" if ok else "button.copy_failed")
        )

    async def share(self) -> None:
        if self.last is not None:
            await self.port.share_link(self.cat.t("friend.share_title"), self.last.url)
