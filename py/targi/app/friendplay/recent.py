"""Recent games' friend games (`#recent-friend`): one `li[data-friend-id]` row each, whose
turn it is, and Open (`[data-action=friend-open]`), which puts it on the table with its last
link shown again, to send again; a game whose deal is verified has Replay too
(`[data-action=friend-replay]`: on the table, its replay open). Everything escaped."""

from __future__ import annotations

from collections.abc import Callable

from ..html.markup import esc
from ..text.catalog import Catalog
from .store import FriendStore
from .words import colour

STATE = {
    "your-turn": "recent.friend.your_turn",
    "waiting": "recent.friend.waiting",
    "answering": "recent.friend.waiting",
    "verified": "recent.friend.over",
    "failed": "recent.friend.over",
}


def friend_rows(cat: Catalog, store: FriendStore, date_text: Callable[[int], str]) -> str:
    out = []
    for s in store.summaries():
        line = cat.t(
            "recent.friend.row",
            colour=colour(cat, s.seat),
            state=cat.t(STATE[s.status]),
            where=cat.t("status.round", n=s.round),
            date=date_text(s.date),
        )
        last = (
            f'<span class="friend-last">{esc(cat.t("recent.friend.last"))} '
            f"<code>{esc(s.link[:48])}…</code></span>"
            if s.link
            else ""
        )
        replay = (
            f'<button type="button" data-action="friend-replay" data-target="{esc(s.id)}">'
            f"{esc(cat.t('review.open'))}</button>"
            if s.status == "verified"
            else ""
        )
        out.append(
            f'<li data-friend-id="{esc(s.id)}"><span class="what">{esc(line)}{last}</span>'
            f'<span class="acts"><button type="button" class="primary" data-action="friend-open"'
            f' data-target="{esc(s.id)}">{esc(cat.t("recent.friend.open"))}</button>{replay}'
            f"</span></li>"
        )
    return "".join(out)
