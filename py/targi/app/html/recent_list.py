"""The Recent games list as HTML: one `<li data-game-id>` row per kept game, with its buttons.

Rows come from `recent.GameStore.recent()` (and its `trash`, for the undo of a delete). Every
text is escaped; buttons carry `data-action` and the game id in `data-target`, as every other
control of the page does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..store.recent import Kept
from ..store.storage import Summary
from ..text.catalog import Catalog
from .markup import esc


def _button(cat: Catalog, action: str, game_id: str, key: str, primary: bool = False) -> str:
    cls = ' class="primary"' if primary else ""
    return (
        f'<button type="button"{cls} data-action="{action}" data-target="{esc(game_id)}">'
        f"{esc(cat.t(key))}</button>"
    )


def describe(cat: Catalog, s: Summary, date_text: str) -> str:
    """One line about a kept game: who plays, how far, the score, when."""
    if s.mode == "ai":
        mode = cat.t("mode.ai", level=cat.t("level." + s.level))
        names = (cat.t("player.you"), cat.t("player.computer"))
    else:
        mode = cat.t("mode.hotseat")
        names = (cat.t("player.blue"), cat.t("player.red"))
    where = cat.t("recent.over") if s.over else cat.t("status.round", n=s.round)
    score = cat.t("recent.score", a=names[0], p0=s.score[0], b=names[1], p1=s.score[1])
    line = cat.t("recent.row", mode=mode, where=where, score=score, date=date_text)
    return line[:1].upper() + line[1:]


def rows(
    cat: Catalog,
    kept: Iterable[Kept],
    deleted: Iterable[Summary],
    date_text: Callable[[int], str],
    on_table: bool = True,
) -> str:
    """The list's inner HTML; `deleted` (this page's deletions) get an undo instead.
    `on_table`: the current game is on the table (not while a friend game is: then it can be
    reopened, but still not deleted, as the game the next one replaces)."""
    out = []
    for k in kept:
        s = k.summary
        shown = k.current and on_table
        tags = []
        if shown:
            tags.append(cat.t("recent.current"))
        if not k.stored:
            tags.append(cat.t("recent.unsaved"))
        buttons = [_button(cat, "recent-export", s.id, "recent.export")]
        if not shown:
            buttons.insert(0, _button(cat, "recent-open", s.id, "recent.open", primary=True))
        if not k.current:
            buttons.append(_button(cat, "recent-delete", s.id, "recent.delete"))
        classes = " ".join(c for c, on in (("current", shown), ("unsaved", not k.stored)) if on)
        tag_html = "".join(f'<span class="tag">{esc(t)}</span>' for t in tags)
        out.append(
            f'<li data-game-id="{esc(s.id)}" class="{classes}">'
            f'<span class="what">{esc(describe(cat, s, date_text(s.date)))}{tag_html}</span>'
            f'<span class="acts">{"".join(buttons)}</span></li>'
        )
    for s in deleted:
        line = cat.t("recent.deleted", what=describe(cat, s, date_text(s.date)))
        out.append(
            f'<li data-deleted-id="{esc(s.id)}" class="deleted">'
            f'<span class="what">{esc(line)}</span>'
            f'<span class="acts">{_button(cat, "recent-undo", s.id, "recent.undo")}</span></li>'
        )
    if not out:
        out.append(f'<li class="empty">{esc(cat.t("recent.empty"))}</li>')
    return "".join(out)
