"""The friend panel (`#friend`, above the table): whose turn it is, the link waiting to be sent
with Copy and Share, an invitation to accept, a refused link's message, the audit's result.
Text only (set_text): nothing here writes HTML."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..port import Port
from ..text.catalog import Catalog
from .table import opens_replay, replay_withheld
from .words import colour, verdict

if TYPE_CHECKING:
    from ...friend import FriendGame

# What the panel says above a link waiting to be sent, by its kind (flow.Outgoing.kind).
SEND = {
    "invitation": "friend.send.invitation",
    "answer": "friend.send.answer",
    "turn": "friend.send.turn",
    "request": "friend.send.request",
    "reply": "friend.send.reply",
    "end": "friend.send.end",
}
SENT_LIVE = "friend.send.live"  # any link the live channel took: it reached the friend's page
STATUS = {
    "your-turn": "friend.status.your_turn",
    "waiting": "friend.status.waiting",
    "answering": "friend.status.waiting",
    "verified": "friend.status.over",
    "failed": "friend.status.over",
}


@dataclass(frozen=True)
class PanelState:
    game: FriendGame | None
    offer: str | None  # the invitation's words, while one waits to be accepted
    last: Any  # flow.Outgoing | None: the link waiting to be sent
    note: str  # a refused link's message, or why the files could not be loaded
    told: str  # what an answer handed over by another tab did to this tab's table
    loading: bool
    state: str  # <html data-friend>
    on_table: bool  # the game is on the table (answered): the dock's prompt says the turn
    can_share: bool


class Panel:
    def __init__(self, port: Port, cat: Catalog) -> None:
        self.port, self.cat = port, cat

    def offer_text(self, seat: int, first_player: int) -> str:
        """An invitation in words: the colour this player would play and who starts."""
        cat = self.cat
        return cat.t("friend.offer", colour=colour(cat, seat), starter=colour(cat, first_player))

    def draw(self, s: PanelState) -> None:
        port, cat = self.port, self.cat
        shown = s.game is not None or s.offer is not None or bool(s.note) or s.loading
        port.set_page_state("friend", s.state)
        port.set_hidden("friend", not shown)
        # the game so far from this player's view, or the whole game once verified
        port.set_hidden("review-from-log", s.game is not None and not opens_replay(s.game))
        # where it would be, why it is not (the end's links and the check are awaited)
        why = replay_withheld(s.game) if s.game is not None else ""
        port.set_text("review-why", cat.t(why) if why else "")
        port.set_hidden("review-why", not why)
        if not shown:
            return
        g = s.game
        # how many messages the game shown holds (sent and applied): a link applied adds one
        port.set_attrs(
            "friend",
            {
                "data-messages": str(len(g.transcript)) if g else "0",
                "data-on-table": "true" if s.on_table else "false",
            },
        )
        port.set_text(
            "friend-seat", cat.t("friend.you_play", colour=colour(cat, g.seat)) if g else ""
        )
        port.set_text("friend-status", self.status(s))
        port.set_text("friend-note", s.note)
        port.set_hidden("friend-note", not s.note)
        port.set_text("friend-told", s.told)
        port.set_hidden("friend-told", not s.told)
        port.set_hidden("friend-offer", s.offer is None)
        port.set_text("friend-offer-text", s.offer or "")
        sending = s.last is not None and g is not None and s.last.game_id == g.game_id
        port.set_hidden("friend-send", not sending)
        if sending:
            # what the phone layout keys on: the link's kind, and whether it went live already
            sent = "live" if s.last.live else "hand"
            port.set_attrs("friend-send", {"data-kind": s.last.kind, "data-sent": sent})
            port.set_text(
                "friend-send-what", cat.t(SENT_LIVE if s.last.live else SEND[s.last.kind])
            )
            port.set_text("friend-link", s.last.url)
            port.set_hidden("friend-share", not s.can_share)
            port.set_text("friend-copy-status", "")
        audit = g.audit if g is not None else None
        port.set_hidden("friend-verdict", audit is None)
        if audit is not None and g is not None:
            port.set_text(
                "friend-verdict", verdict(cat, audit.ok, audit.culprit, g.role, audit.code)
            )

    def status(self, s: PanelState) -> str:
        cat = self.cat
        if s.loading:
            return cat.t("friend.loading")
        if s.offer is not None:
            return cat.t("friend.status.invited")
        if s.game is None:
            return ""
        if s.game.dealer is None or len(s.game.transcript) < 2:
            return cat.t("friend.status.invitation")
        return cat.t(STATUS[s.game.status])
