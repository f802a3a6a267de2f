"""Live play: a friend game's links also travel over a WebRTC data channel while both pages
are open, so moves and reveals arrive without copying links (docs/friend-play.md, *Live*).

No message is added to the protocol. When the inviter chooses live play (Play a friend: moves
travel live too), its page makes an offer for its invitation, and the link carries it as an
extra part (`<link>.<part>`, targi.app.live.sdp); the
friend's page answers it, and its answer link carries the answer. When the inviter opens the
answer, the channel opens. From then on every link this page sends goes out on the channel
too, and every message that comes in on it goes through the same function as an opened link
(`deliver`). The links stay what they were, so when the channel drops (a page closed or
reloaded, the network gone) the game simply goes on by links; the page says which it is.

It plugs into the friend flow's two points (targi.app.friendplay.flow.FriendFlow): every
incoming link text passes `incoming` first (which takes the live part off), and the outbox,
through which every link this page makes goes out, is wrapped by `wrap` (which makes the
offer or the answer and adds it to the invitation or the answer, and sends every later link on
the channel as well).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Literal, Protocol

from ..friendplay.flow import LINK_PREFIX, FriendFlow, Outgoing
from ..port import Port
from ..store.storage import Settings
from ..text.catalog import Catalog
from . import sdp

# A well-known public STUN server (Google's), contacted only when the player switches
# "live across networks" on in Settings. It learns the two players' public IP addresses and
# ports (that is what it is for), nothing of the game: the channel is end to end (DTLS).
STUN_URL = "stun:stun.l.google.com:19302"
SEPARATOR = "."  # between a link and its live part: never in a link's base64url

# elsewhere: an answer's live part reached a tab that holds no offer for it (another tab of
# the browser made the invitation, or this one was reloaded since): by links, and it says
# where the answer must be opened to play live; handed: the tab that made the invitation
# took the answer over (BroadcastChannel) and connects live
Mode = Literal["off", "waiting", "connecting", "live", "links", "elsewhere", "handed"]
# What the page says in each mode (#friend-live; `off`: nothing, no live play tried).
WORDS: dict[Mode, str] = {
    "waiting": "live.waiting",
    "connecting": "live.connecting",
    "live": "live.on",
    "links": "live.links",
    "elsewhere": "live.elsewhere",
    "handed": "live.handed",
}
# ... and in a word (#friend-live-word: on a phone the sentence is one tap away)
SHORT: dict[Mode, str] = {
    "waiting": "live.short.waiting",
    "connecting": "live.short.connecting",
    "live": "live.short.on",
    "links": "live.short.links",
    "elsewhere": "live.short.links",
    "handed": "live.short.handed",
}
INDICATOR = "friend-live"
CHOICE = "friend-live"  # the Play a friend dialog's radios: `links` or `live` (remembered)


class LivePage(Protocol):
    """What live play needs of the page."""

    port: Port
    cat: Catalog
    settings: Settings

    def store_settings(self) -> None: ...


def split(text: str) -> tuple[str, str | None]:
    """A friend link's text (a whole URL, `#F…` or `F…`) without its live part, and the part;
    any other text as it is."""
    head, hash_, fragment = text.strip().rpartition("#")
    if not fragment.startswith(LINK_PREFIX):
        return text.strip(), None
    link, sep, part = fragment.partition(SEPARATOR)
    return head + hash_ + link, (part if sep else None)


def header(link: str) -> tuple[str, int, int] | None:
    """A friend link's game id (hex), sequence number and sender, or None if it is not one."""
    from targi.friend import wire  # installed with the friend game (targi.app.friend_runtime)

    try:
        m = wire.parse(wire.decode(link))
    except Exception:  # LinkError, or any damage the parser meets: not ours to judge here
        return None
    return m.game_id.hex(), m.seq, m.sender


class LivePlay:
    def __init__(self, page: LivePage) -> None:
        self.page = page
        self.port = page.port
        self.mode: Mode = "off"
        self.game_id: str | None = None  # the friend game the channel serves
        self.mine: str | None = None  # this page's part, for its invitation or answer
        self.offering = False  # `mine` is an offer (this page invited)
        self.offer_in: str | None = None  # the offer (SDP) an invitation brought
        # every message that arrives on the channel goes here, as an opened link does
        self.deliver: Callable[[str], None] | None = None
        # an answer another tab handed over (this tab holds its offer): FriendFlow.handed
        self.handed: Callable[[str], None] | None = None
        # the channel opened for this game: the friend's page opened this page's answer
        self.opened: Callable[[str], None] | None = None
        if page.settings.live:  # else index.html's default stands: by links
            self.port.check(CHOICE, "live")

    @property
    def stun(self) -> str | None:
        return STUN_URL if self.page.settings.stun else None

    def plug_into(self, flow: FriendFlow) -> None:
        """Live play on `flow`'s two points; what arrives on the channel (or is handed over by
        another tab) goes into the flow as an opened link does."""
        flow.inbox = self.incoming
        flow.outbox = self.wrap(flow.outbox)
        self.deliver = lambda text: self.port.spawn(flow.receive(text))
        self.handed = lambda text: self.port.spawn(flow.handed(text))
        self.opened = flow.answer_opened

    # ---- the friend flow's two points ------------------------------------------------------
    def incoming(self, text: str) -> str:
        """An incoming link's text without its live part, acting on the part: an invitation's
        offer is kept for the answer, an answer to this page's offer opens the channel."""
        link, part = split(text)
        if part is None:
            return link
        try:
            d = sdp.read_part(part)
        except sdp.SdpError as error:  # the game goes on by links: only live play is lost
            self.port.report(f"live: {error}")
            self.set_mode("links")
            return link
        about = header(link)
        if about is None:
            return link
        game_id, seq, _ = about
        if d.role == "actpass" and seq == 0:
            if game_id == self.game_id and (self.mode == "live" or self.offering):
                return link  # this page's own invitation, or a game live already: kept as is
            self.offer_in, self.game_id, self.mine = sdp.write(d), game_id, None
            self.offering = False
        elif d.role != "actpass" and seq == 1 and game_id == self.game_id and self.mine:
            self.mine = None  # the invitation is answered: its part is spent
            self.port.spawn(self.connect(sdp.write(d)))
        elif d.role != "actpass" and seq == 1 and game_id != self.game_id:
            # the connection the answer is for lives in the tab that made the invitation
            # (as it was then): here the game goes on by links, and the page says so
            self.game_id = game_id
            self.set_mode("elsewhere")
            # the tab that made the invitation, if it is open, takes the answer over
            self.port.tab_post(json.dumps({"answer": text}))
        return link

    def wrap(self, show: Callable[[Outgoing], None]) -> Callable[[Outgoing], None]:
        """The friend flow's outbox with live play: the invitation and the answer are shown
        with this page's part (made first: ICE gathering takes a moment), every other link
        of the channel's game is also sent on it while it is open; each is then shown as
        before, to send by hand should the channel drop."""

        def out(link: Outgoing) -> None:
            if link.kind not in ("invitation", "answer"):
                # shown as sent live (the panel says so) only once the channel took it
                show(link._replace(live=self.send(link.game_id, link.text)))
            elif self.mine and link.game_id == self.game_id:  # shown again: the same part
                show(self.with_part(link))
            else:
                self.port.spawn(self.made_for(link, show))

        return out

    def send(self, game_id: str, text: str) -> bool:
        """On the channel, if it is open and serves this game: True when it took the text."""
        if self.mode != "live" or game_id != self.game_id:
            return False
        if not self.port.live_send(text):
            self.set_mode("links")
            return False
        return True

    async def made_for(self, link: Outgoing, show: Callable[[Outgoing], None]) -> None:
        """This page's offer (for its invitation) or answer (to an invitation that offered
        live play), then the link shown with it, or without it if none could be made."""
        if link.kind == "invitation":
            self.chosen()
            if self.page.settings.live:
                await self.offer()
                self.game_id = link.game_id
        elif link.game_id == self.game_id:
            await self.answer()
        show(self.with_part(link) if self.mine else link)

    def chosen(self) -> None:
        """The Play a friend dialog's choice, kept for the next invitation."""
        live = self.port.checked(CHOICE) == "live"
        if live != self.page.settings.live:
            self.page.settings.live = live
            self.page.store_settings()

    def with_part(self, link: Outgoing) -> Outgoing:
        part = SEPARATOR + (self.mine or "")
        return Outgoing(link.game_id, link.kind, link.text + part, link.url + part)

    async def offer(self) -> None:
        """A connection offered for an invitation (its part rides on the link). Without
        WebRTC, or if the browser refuses, the game is played by links."""
        self.game_id, self.mine, self.offer_in = None, None, None
        if not self.port.live_supported():
            return
        try:
            self.mine = sdp.to_part(await self.port.live_offer(self.stun))
            self.offering = True
        except Exception as error:  # a browser's refusal, or a description we cannot pack
            self.port.report(f"live: the offer failed: {type(error).__name__}: {error}")
            self.set_mode("links")
            return
        self.set_mode("waiting")

    async def answer(self) -> None:
        """The answer to an invitation that offered live play: its part."""
        offer, self.offer_in = self.offer_in, None
        if offer is None or not self.port.live_supported():
            return
        try:
            self.mine = sdp.to_part(await self.port.live_answer(offer, self.stun))
        except Exception as error:
            self.port.report(f"live: the answer failed: {type(error).__name__}: {error}")
            self.set_mode("links")
            return
        self.set_mode("connecting")

    async def connect(self, answer: str) -> None:
        self.set_mode("connecting")
        try:
            await self.port.live_accept(answer)
        except Exception as error:  # this page was reloaded since its offer: by links
            self.port.report(f"live: the answer cannot be used: {type(error).__name__}: {error}")
            self.set_mode("links")

    # ---- web/main.py: the channel ------------------------------------------------------------
    def message(self, text: str) -> None:
        """A message from the friend's page: handled as if its link had been opened."""
        if self.deliver is not None:
            self.deliver(split(text)[0])

    def tab_message(self, text: str) -> None:
        """What another tab of this browser posted: an answer it could not connect (this tab
        takes it over if it holds the offer, and says so), or that one was taken over."""
        try:
            data = json.loads(text)
        except ValueError:
            return
        if not isinstance(data, dict):
            return
        answer, taken = data.get("answer"), data.get("taken")
        if isinstance(answer, str):
            about = header(split(answer)[0])
            if about is None or about[0] != self.game_id or not (self.mine and self.offering):
                return  # not an answer to this tab's offer
            self.port.tab_post(json.dumps({"taken": about[0]}))
            if self.handed is not None:
                self.handed(answer)
        elif isinstance(taken, str) and taken == self.game_id and self.mode == "elsewhere":
            self.set_mode("handed")

    def state(self, state: str) -> None:
        """The channel opened ("open"), is being set up ("connecting") or closed."""
        if state == "open":
            self.set_mode("live")
            if self.opened is not None and self.game_id is not None:
                self.opened(self.game_id)
        elif state == "connecting" and self.mode != "live":
            self.set_mode("connecting")
        elif state == "closed" and self.mode in ("live", "connecting"):
            self.set_mode("links")

    # ---- what the page shows -----------------------------------------------------------------
    def set_mode(self, mode: Mode) -> None:
        self.mode = mode
        self.show()

    def show(self) -> None:
        """`<html data-live>` and the indicator's words (again after a language switch)."""
        self.port.set_page_state("live", self.mode)
        if self.mode == "off":
            self.port.set_hidden(INDICATOR, True)
            return
        cat = self.page.cat
        self.port.set_text(INDICATOR + "-word", cat.t(SHORT[self.mode]))
        self.port.set_text(INDICATOR + "-text", cat.t(WORDS[self.mode]))
        self.port.set_hidden(INDICATOR, False)
