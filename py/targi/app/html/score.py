"""The score screen (`#score`): the winner, both final displays, where the points came from as
bars, then the tables and the explanation.

Every number is the engine's (`v["scores"]`, targi.scoring.score's parts); the bars only add
up the score rows of one source, so a bar always equals the table rows it stands for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...constants import ROW_LENGTH
from ..session import PageView
from ..text.explain import explain
from ..text.words import player_names
from .markup import esc

if TYPE_CHECKING:
    from .render import Renderer

# The bars, one per source of points, in the order the table lists them, and their labels.
# Bonuses and rows are summed: one bar a card or a row would be a second table.
SOURCES = ("tokens", "cards", "bonus", "rows")
LABELS = {
    "tokens": "score.tokens",
    "cards": "score.cards",
    "bonus": "score.source.bonus",
    "rows": "score.source.rows",
}


def source_points(v: PageView, p: int) -> dict[str, int]:
    """Player p's points per source: each the sum of the score rows of that source."""
    s = v["scores"][p]
    return {
        "tokens": s["tokens"],
        "cards": s["cards"],
        "bonus": sum(b["vp"] for b in s["card_bonuses"]),
        "rows": sum(s["rows"]),
    }


def bars(r: Renderer, v: PageView, names: tuple[str, str]) -> str:
    """One bar a player per source, its value as text beside it (never colour alone: the
    player's name and pawn shape are there too); the bar's length is an SVG attribute, as the
    Content-Security-Policy allows no inline style."""
    cat = r.cat
    points = [source_points(v, p) for p in (0, 1)]
    most = max(1, *(pts[k] for pts in points for k in SOURCES))
    items = []
    for key in SOURCES:
        lines = []
        for p in (0, 1):
            n = points[p][key]
            lines.append(
                f'<span class="bar-line p{p}" data-player="{p}" data-value="{n}">'
                f'<span class="who">{esc(names[p])}</span>'
                f'<svg class="score-bar" viewBox="0 0 {most} 10" preserveAspectRatio="none" '
                f'aria-hidden="true" focusable="false"><rect class="track" width="{most}" '
                f'height="10"/><rect class="fill p{p}" width="{n}" height="10"/></svg>'
                f'<span class="n">{n}</span></span>'
            )
        items.append(
            f'<li data-bar="{key}"><span class="src">{esc(cat.t(LABELS[key]))}</span>'
            f"{''.join(lines)}</li>"
        )
    return (
        f'<section class="bars" aria-labelledby="bars-title"><h3 id="bars-title">'
        f"{esc(cat.t('score.sources'))}</h3><ul>{''.join(items)}</ul></section>"
    )


def finals(r: Renderer, v: PageView, names: tuple[str, str]) -> str:
    """Both players' displays as they ended, side by side, drawn with the table's own cards."""
    cat = r.cat
    out = []
    for p in (0, 1):
        rows = []
        for n, row in enumerate(v["players"][p]["display"]):
            slots = "".join(r.card(cid) for cid in row)
            slots += '<div class="slot"></div>' * (ROW_LENGTH - len(row))
            rows.append(
                f'<div class="row"><span class="rl">{esc(cat.t("panel.row", n=n + 1))}</span>'
                f'<div class="slots">{slots}</div></div>'
            )
        won = " winner" if v["winner"] == p else ""
        total = cat.plural("score.points", v["scores"][p]["total"])
        out.append(
            f'<section class="final p{p}{won}" data-final="{p}">'
            f'<h3>{r.piece("targi", p)}<span class="who">{esc(names[p])}</span>'
            f'<span class="pts">{esc(total)}</span></h3>'
            f'<div class="display">{"".join(rows)}</div></section>'
        )
    return f'<div class="finals">{"".join(out)}</div>'


def tables(r: Renderer, v: PageView, names: tuple[str, str]) -> str:
    """The score rows (`tr[data-score]`) and the explanation of each (`li[data-why]`)."""
    cat = r.cat
    sc = v["scores"]

    def line(key: str, label: str, cells: Sequence[object], cls: str = "") -> str:
        tds = "".join(f"<td>{esc(c)}</td>" for c in cells)
        extra = f' class="{cls}"' if cls else ""
        return f'<tr data-score="{esc(key)}"{extra}><th>{esc(label)}</th>{tds}</tr>'

    head = "".join(f'<th class="p{p}">{esc(names[p])}</th>' for p in (0, 1))
    body = line("tokens", cat.t("score.tokens"), [x["tokens"] for x in sc])
    body += line("cards", cat.t("score.cards"), [x["cards"] for x in sc])
    for p in (0, 1):
        for bonus in sc[p]["card_bonuses"]:
            cells: list[object] = ["", ""]
            cells[p] = bonus["vp"]
            label = cat.t("score.bonus", card=cat.card_name(bonus["card"]))
            body += line(f"bonus-{bonus['card']}", label, cells)
    for n in range(3):
        body += line(f"row{n + 1}", cat.t("score.row", n=n + 1), [x["rows"][n] for x in sc])
    body += line("total", cat.t("score.total"), [x["total"] for x in sc], "total")
    body += line("gold", cat.t("score.gold"), [x["gold"] for x in sc])
    body += line("goods", cat.t("score.goods"), [x["goods"] for x in sc])
    why = "".join(
        f'<section class="why p{p}"><h3>{esc(names[p])}</h3><ul>'
        + "".join(f'<li data-why="{k}">{esc(text)}</li>' for k, text in explain(cat, v, p))
        + "</ul></section>"
        for p in (0, 1)
    )
    return (
        # A data table may scroll sideways in its own box (the one thing WCAG's reflow allows to)
        # when large text on a phone makes its three columns wider than the screen; the box
        # takes focus so a keyboard can scroll it too.
        f'<div class="scores-box" role="region" tabindex="0" '
        f'aria-label="{esc(cat.t("score.title"))}">'
        f'<table class="scores"><thead><tr>'
        f'<th><span class="sr-only">{esc(cat.t("score.what"))}</span></th>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
        f'<h3 class="why-title">{esc(cat.t("why.title"))}</h3><div class="whys">{why}</div>'
    )


def score(r: Renderer, v: PageView) -> str:
    """The whole score screen: the verdict first (in the winner's colour; its words say what
    decided when a tie-break did), the displays, the bars, what next, then the tables."""
    cat = r.cat
    names = player_names(cat, v["mode"])
    winner = v["winner"]
    winner_attr = "" if winner is None else str(winner)
    if winner is None:
        verdict = cat.t("result.draw")
        pawn = ""
    else:
        verdict = cat.t(f"result.win.{v['decided_by']}", player=names[winner])
        pawn = f'<span aria-hidden="true">{r.piece("targi", winner)}</span>'
    new = f'<button type="button" data-action="new">{esc(cat.t("score.new_game"))}</button>'
    review = (
        f'<button type="button" data-action="review" class="primary">'
        f"{esc(cat.t('review.open'))}</button>"
    )
    if v["mode"] == "friend":  # a rematch is a new invitation; the replay needs the deal
        why = v["no_replay"]
        after = new + (
            f'<p class="no-replay" data-no-replay="{esc(why)}">{esc(cat.t(why))}</p>'
            if why
            else review
        )
    else:
        after = (
            f'<button type="button" data-action="rematch">{esc(cat.t("button.rematch"))}'
            f"</button>{new}{review}"
        )
    return (
        f'<div class="score" id="score"><h2 class="verdict" data-winner="{winner_attr}" '
        f'data-decided-by="{esc(v["decided_by"])}">{pawn}<span>{esc(verdict)}</span></h2>'
        f'{finals(r, v, names)}{bars(r, v, names)}<div class="after">{after}</div>'
        f"{tables(r, v, names)}</div>"
    )
