"""Where the keyboard goes when the control it pressed was redrawn away: on into play, never
onto a move that would undo or end what the player just did."""

from __future__ import annotations

from ..port import Port
from ..session import Session

# Where focus goes after a move made from the keyboard (the pressed button was redrawn away).
NEXT_MOVE = ("#choices [data-move]", "#board [data-move]", "#choices button")
MOVE_PLACES = ("#choices", "#board")  # where a move's button is looked for, in this order
# Decisions where "done" gives up what is left (the actions of a turn): after a move made from
# the keyboard, focus goes to another move of the decision, never to "done", so Enter pressed
# twice does not end them (issue 22).
NEVER_TO_DONE = frozenset({"act"})


def next_move(port: Port) -> None:
    """Keep the keyboard in play when the control it pressed was redrawn away."""
    any(port.focus(selector) for selector in NEXT_MOVE)


def move(port: Port, m: str) -> bool:
    """Focus the button of a move: the dock's, else the board's."""
    return any(port.focus(f'{where} [data-move="{m}"]') for where in MOVE_PLACES)


def first_move(port: Port, s: Session | None) -> None:
    """The keyboard on the first legal move of the player to move (the score screen's
    buttons when the game is over)."""
    legal = s.legal_for_human() if s is not None else []
    if not (legal and move(port, legal[0])):
        next_move(port)


def after(port: Port, s: Session | None, m: str, kind: str, player: object, was: list[str]) -> None:
    """After a move made from the keyboard: in a decision that goes on (the Merchant's
    trades), stay on the same move while it is legal, else on "done"; never on a move that
    undoes it (Enter pressed again must not trade back). In the actions of a turn, on the
    action that followed the one used (else the first left), never on "done": ending them
    with actions left takes a deliberate Tab. Otherwise on to the next move."""
    if s is not None and kind and s.human_to_move:
        v = s.view()
        if v["decision"]["kind"] == kind and v["current_player"] == player:
            legal = v["legal"]
            if kind in NEVER_TO_DONE:
                later = was[was.index(m) + 1 :] if m in was else []
                tries = [x for x in later + legal if x in legal and x != "done"][:1]
            else:
                tries = [x for x in (m, "done") if x in legal]
            for again in tries:
                if port.focus(f'#choices [data-move="{again}"]'):
                    return
    next_move(port)
