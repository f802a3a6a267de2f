"""Which sound a redraw makes: read from the engine's log events (targi.events), never from
the rules. One sound per redraw, the weightiest of what happened since the last one, so a
computer's move step by step gives one effect a step and a move that set off a raid and the end
of a round is heard as the raid. web/sound.js synthesises the effects."""

from __future__ import annotations

from collections.abc import Sequence

from ...board import CENTRAL
from ...events import Event
from ..port import Port
from ..session import Session

# Weightiest first: what a redraw plays when several happened at once.
SOUNDS = ("end", "raid", "round", "card", "place")

# Moves that take a card (docs/notation.md): a central card's action (`uA`…`uI`), buying or
# keeping a tribe card. Placing a Targi is `t<n>`.


def move_sound(move: str) -> str | None:
    if move.startswith("t"):
        return "place"
    if move in ("b", "k") or (move.startswith("u") and len(move) == 2 and move[1] in CENTRAL):
        return "card"
    return None


def event_sound(event: Event) -> str | None:
    if event.kind == "move":
        return move_sound(event.move)
    if event.kind == "drawn":
        return "card"
    return {"raid": "raid", "round_end": "round", "game_over": "end"}.get(event.kind)


def sound_for(events: Sequence[Event]) -> str | None:
    """The one sound for these events (the weightiest), or None."""
    heard = {event_sound(e) for e in events}
    return next((name for name in SOUNDS if name in heard), None)


class Sounds:
    def __init__(self, port: Port) -> None:
        self.port = port
        self.heard = 0  # log events already played (or passed over while sound was off)

    def after_draw(self, s: Session, on: bool) -> None:
        """The table was redrawn: the sound of what happened since the last one, if sound is
        on (off, the events are passed over: turning sound on plays nothing of the past)."""
        log = s.game.log
        since, self.heard = self.heard, len(log)
        if on and len(log) > since:
            name = sound_for(log[since:])
            if name is not None:
                self.port.sound(name)

    def quiet(self, s: Session | None) -> None:
        """A game put on the table, or a move undone: nothing of it makes a sound."""
        self.heard = len(s.game.log) if s is not None else 0
