"""A game as plain text: who played, the result, the save string and a link, then every move by
round in the words of the page's log (targi.app.text.words.log_lines)."""

from __future__ import annotations

from ..session import PageView, Session
from ..store.share import link
from .catalog import SOFT_HYPHEN, Catalog
from .words import log_lines, player_names


def game_text(cat: Catalog, session: Session, page_url: str, you: int | None) -> str:
    v = session.view()
    names = player_names(cat, session.mode)
    code = session.encode()
    mode = (
        cat.t("mode.ai", level=cat.t("level." + session.level))
        if session.mode == "ai"
        else cat.t("mode.hotseat")
    )
    lines = [cat.t("export.heading", a=names[0], b=names[1], mode=mode), _result(cat, v, names)]
    lines += ["", cat.t("export.save", code=code), cat.t("export.link", link=link(page_url, code))]
    for cls, text in log_lines(cat, v["log"], names, you):
        lines += ["", text] if cls == "round" else [f"  {text}"]
    # Card names carry soft hyphens for narrow cells on the table; plain text has no use for them.
    return ("\n".join(lines) + "\n").replace(SOFT_HYPHEN, "")


def _result(cat: Catalog, v: PageView, names: tuple[str, str]) -> str:
    if not v["over"]:
        return cat.t("export.unfinished", round=v["round"])
    x, y = (s["total"] for s in v["scores"])
    if v["winner"] is None:
        verdict = cat.t("result.draw")
    else:
        verdict = cat.t(f"result.win.{v['decided_by']}", player=names[v["winner"]])
    return cat.t("export.result", verdict=verdict, a=names[0], x=x, b=names[1], y=y)


def file_name(session: Session) -> str:
    return f"targi-{session.game.seed}-{len(session.game.record)}.txt"
