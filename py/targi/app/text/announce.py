"""What the polite live region `#announce` says: one message per step group (a computer's turn,
or what a player's own move set off), never one per redraw.

Read from the engine's log (the view's `log`) and worded by targi.app.text.words, like the move log:
the moves of the other side, raids, round ends, and the result when the game is over. The moves
the player who just acted chose are left out (they made them), as are round headings (the round's
end says it); the moves the engine made for them (the only choice) are read, as the move log
shows them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...events import Event
from ..session import PageView
from .catalog import Catalog
from .words import log_lines, player_names


def news(log: Sequence[Event], since: int, mover: int | None) -> list[Event]:
    """The log's events from index `since` on, but the moves `mover` chose (not those the
    engine made for them: a `Move` with `forced` set)."""
    return [e for e in log[since:] if not (e.kind == "move" and e.player == mover and not e.forced)]


def announcement(cat: Catalog, v: PageView, since: int, mover: int | None) -> str:
    """The message for the log's events from index `since` on; `mover`: the player whose own
    moves are not read back (None: read every move). Empty when there is nothing to say."""
    events = news(v["log"], since, mover)
    names = player_names(cat, v["mode"])
    texts = [text for cls, text in log_lines(cat, events, names, v["you"]) if cls != "round"]
    if v["over"]:
        texts.append(result(cat, v))
    return " ".join(texts)


def result(cat: Catalog, v: PageView) -> str:
    """Who won and why, as the score screen's heading says it."""
    names = player_names(cat, v["mode"])
    winner = v["winner"]
    if winner is None:
        return cat.t("result.draw")
    return cat.t(f"result.win.{v['decided_by']}", player=names[winner])
