"""Recent games' friend games (`#recent-friend`): one `li[data-friend-id]` row each, whose
turn it is, and Open (`[data-action=friend-open]`), which puts it on the table with its last
link shown again, to send again; a game whose deal is verified has Replay too
(`[data-action=friend-replay]`: on the table, its replay open). Every game but the one on the
table has Delete (`[data-action=friend-delete]`), which asks first in the row: a game under way
cannot be continued with the friend once this page's keys are gone
(`[data-action=friend-delete-confirm]`, `[data-action=friend-delete-keep]`). Everything
escaped."""

from __future__ import annotations

from collections.abc import Callable

from ...constants import ROUNDS
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


def friend_rows(
    cat: Catalog,
    store: FriendStore,
    date_text: Callable[[int], str],
    shown: str = "",
    asking: str | None = None,
) -> str:
    """`shown`: the friend game on the table (not deleted from here); `asking`: the game whose
    Delete waits for the player's yes."""
    out = []
    for s in store.summaries():
        line = cat.t(
            "recent.friend.row",
            colour=colour(cat, s.seat),
            state=cat.t(STATE[s.status]),
            # a finished game's engine stands past its last round (13 of 12): the last one
            where=cat.t("status.round", n=min(s.round, ROUNDS)),
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
        if s.id == asking:
            out.append(asked(cat, s.id, line, s.status in ("verified", "failed")))
            continue
        delete = (
            f'<button type="button" data-action="friend-delete" data-target="{esc(s.id)}">'
            f"{esc(cat.t('recent.delete'))}</button>"
            if s.id != shown
            else ""
        )
        out.append(
            f'<li data-friend-id="{esc(s.id)}"><span class="what">{esc(line)}{last}</span>'
            f'<span class="acts"><button type="button" class="primary" data-action="friend-open"'
            f' data-target="{esc(s.id)}">{esc(cat.t("recent.friend.open"))}</button>{replay}'
            f"{delete}</span></li>"
        )
    return "".join(out)


def asked(cat: Catalog, game_id: str, line: str, over: bool) -> str:
    """A row whose Delete waits for a yes: what deleting it means, Delete and Keep."""
    ask = cat.t("recent.friend.delete_ask.over" if over else "recent.friend.delete_ask.under_way")
    target = f'data-target="{esc(game_id)}"'
    return (
        f'<li data-friend-id="{esc(game_id)}" data-asking=""><span class="what">{esc(line)}'
        f' <strong class="friend-ask" role="alert">{esc(ask)}</strong></span>'
        f'<span class="acts"><button type="button" data-action="friend-delete-confirm" '
        f"{target}>{esc(cat.t('recent.delete'))}</button>"
        f'<button type="button" class="primary" data-action="friend-delete-keep" {target}>'
        f"{esc(cat.t('recent.friend.keep'))}</button></span></li>"
    )
