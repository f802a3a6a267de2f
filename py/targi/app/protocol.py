"""The computer player's protocol: what the page asks and what it is told, as JSON text.

One module speaks it on both sides: the page builds a request with `request()` and reads the
reply with `read_answer()`; the Web Worker (web/ai-worker.mjs) and the page's own fallback, when
the worker fails, both answer with `answer()`. The AI is imported only when a question is
answered, so the page can import this module at start without loading the search.

    request:  {"op": "move" | "hint", "save": <save string>, "level": <level>, "seed": <int>}
    answer:   {"move": <move>}                                  for "move"
              {"move": <move>, "key": <reason>, "params": {…}}  for "hint"

Any other field of a request (the worker's client adds an "id") is ignored. A request that
cannot be answered raises ProtocolError with a sentence saying why.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .. import save
from .session import LEVELS

OPS = ("move", "hint")


class ProtocolError(ValueError):
    """A request or an answer that does not follow the protocol; the message says why."""


@dataclass(frozen=True)
class Answer:
    move: str
    key: str = ""  # a hint's reason (targi.ai.hint.REASONS); empty for "move"
    params: dict[str, Any] = field(default_factory=dict)


def request(op: str, save_string: str, level: str, seed: int) -> str:
    """The question for the player to move in the game `save_string` records."""
    return json.dumps(_checked({"op": op, "save": save_string, "level": level, "seed": seed}))


def answer(request_json: str) -> str:
    """The AI's reply to a request: a legal move, and for a hint its reason."""
    from ..ai import choose_move, hint  # here: only the side that answers needs the search

    try:
        data = json.loads(request_json)
    except (TypeError, ValueError) as e:
        raise ProtocolError(f"the request is not JSON ({e})") from None
    checked = _checked(data)
    try:
        game, _meta = save.decode(checked["save"])
    except save.SaveError as e:
        raise ProtocolError(f"the request's save string cannot be read: {e}") from None
    if game.is_over:
        raise ProtocolError("the game in the request is over: there is no move to make")
    if checked["op"] == "move":
        return json.dumps({"move": choose_move(game, checked["level"], checked["seed"])})
    h = hint(game, checked["seed"])
    return json.dumps({"move": h.move, "key": h.key, "params": h.params})


def read_answer(op: str, answer_json: str) -> Answer:
    """The reply to a request of kind `op`, checked for the fields the page uses."""
    try:
        data = json.loads(answer_json)
    except (TypeError, ValueError) as e:
        raise ProtocolError(f"the answer is not JSON ({e})") from None
    if not isinstance(data, dict) or not isinstance(data.get("move"), str):
        raise ProtocolError("the answer names no move")
    if op == "move":
        return Answer(data["move"])
    key, params = data.get("key"), data.get("params", {})
    if not isinstance(key, str) or not isinstance(params, dict):
        raise ProtocolError("the hint's answer gives no reason")
    return Answer(data["move"], key, params)


def _checked(data: object) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ProtocolError("a request is a JSON object")
    op = data.get("op")
    if op not in OPS:
        raise ProtocolError(f"unknown request {op!r}: the operations are {', '.join(OPS)}")
    if not isinstance(data.get("save"), str):
        raise ProtocolError("the request has no save string")
    level = data.get("level")
    if level not in LEVELS:
        raise ProtocolError(f"unknown level {level!r}: the levels are {', '.join(LEVELS)}")
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ProtocolError(f"the request's seed is not a whole number ({seed!r})")
    return {"op": op, "save": data["save"], "level": level, "seed": seed}
