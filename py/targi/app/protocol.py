"""The computer player's protocol: what the page asks and what it is told, as JSON text.

One module speaks it on both sides: the page builds a request with `request()` and reads the
reply with `read_answer()`; the Web Worker (web/ai-worker.mjs) and the page's own fallback, when
the worker fails, both answer with `answer()`. The AI is imported only when a question is
answered, so the page can import this module at start without loading the search.

    request:  {"op": "move" | "hint", "save": <save string>, "level": <level>, "seed": <int>}
    answer:   {"move": <move>}                                  for "move"
              {"move": <move>, "key": <reason>, "params": {…}}  for "hint"

    request:  {"op": "analyse", "save", "level", "seed", "steps": [<int>, …]}  (1-64 steps)
    answer:   {"verdicts": [{"step", "played", "best", "loss", "key", "params"}, …]}

A friend game still being played has no save string (a dealt record's save string is a finished
game's): its "analyse" request carries, instead of "save", "first" (0 or 1), "moves" (the
recorded moves) and "dealt" (the cards drawn so far, in order: targi.app.review.so_far, whose
placeholders for face-down cards the search never reads: it sees only `observe()`).

"analyse" judges decisions already made (targi.ai.verdict.judge): step k is the position after
the first k recorded decisions of the game, and `played` its recorded decision. The page sends a
game's decisions a few at a time, so it can show progress and stop between requests.

Any other field of a request (the worker's client adds an "id") is ignored. A request that
cannot be answered raises ProtocolError with a sentence saying why.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .. import save
from ..cards import CARDS
from ..chance import NeedCard, script
from ..errors import IllegalMove
from ..game import Game
from .session import LEVELS

OPS = ("move", "hint", "analyse")
MAX_STEPS = 64  # decisions judged in one request

# A reason's parameters (targi.ai.hint.Params, named here so the page need not import the AI):
# each a word (card id, letters) or a whole number.
Params = dict[str, str | int]


class ProtocolError(ValueError):
    """A request or an answer that does not follow the protocol; the message says why."""


@dataclass(frozen=True)
class Answer:
    move: str
    key: str = ""  # a hint's reason (targi.ai.hint.REASONS); empty for "move"
    params: Params = field(default_factory=dict)


@dataclass(frozen=True)
class Judged:
    """The verdict on one recorded decision (targi.ai.verdict.Verdict, with its step)."""

    step: int
    played: str
    best: str
    loss: float | None  # VP the played move gave up in the search (None: not measured)
    key: str
    params: Params


def request(op: str, save_string: str, level: str, seed: int) -> str:
    """The question for the player to move in the game `save_string` records."""
    return json.dumps(_checked({"op": op, "save": save_string, "level": level, "seed": seed}))


def analysis_request(save_string: str, level: str, seed: int, steps: list[int]) -> str:
    """Judge the decisions made at `steps` of the game `save_string` records."""
    data = {"op": "analyse", "save": save_string, "level": level, "seed": seed, "steps": steps}
    return json.dumps(_checked(data))


def dealt_analysis_request(
    first: int, moves: list[str], dealt: list[int], level: str, seed: int, steps: list[int]
) -> str:
    """Judge the decisions at `steps` of a game under way dealt `dealt` (a friend game so far)."""
    data = {"op": "analyse", "first": first, "moves": moves, "dealt": dealt, "level": level,
            "seed": seed, "steps": steps}  # fmt: skip
    return json.dumps(_checked(data))


def answer(request_json: str) -> str:
    """The AI's reply to a request: a legal move, and for a hint its reason."""
    from ..ai import choose_move, hint  # here: only the side that answers needs the search

    try:
        data = json.loads(request_json)
    except (TypeError, ValueError) as e:
        raise ProtocolError(f"the request is not JSON ({e})") from None
    checked = _checked(data)
    game = _game(checked)
    if checked["op"] == "analyse":
        return json.dumps({"verdicts": _analyse(game, checked)})
    if game.is_over:
        raise ProtocolError("the game in the request is over: there is no move to make")
    if checked["op"] == "move":
        return json.dumps({"move": choose_move(game, checked["level"], checked["seed"])})
    h = hint(game, checked["seed"], checked["level"])  # the level the player chose for hints
    return json.dumps({"move": h.move, "key": h.key, "params": h.params})


def hint_answer(game: Game, seed: int, level: str) -> Answer:
    """A hint searched on the page (a friend game: no save string holds its deal)."""
    from ..ai import hint

    h = hint(game, seed, level)
    params: dict[object, object] = dict(h.params.items())
    return Answer(h.move, h.key, _params(params))


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
    return Answer(data["move"], key, _params(params))


def _params(params: dict[object, object]) -> Params:
    """A reason's parameters as the words need them: names to words or whole numbers."""
    out: Params = {}
    for name, value in params.items():
        if not isinstance(name, str) or isinstance(value, bool) or not isinstance(value, str | int):
            raise ProtocolError(f"a reason's parameter is not a word or a number ({value!r})")
        out[name] = value
    return out


def _game(checked: dict[str, Any]) -> Game:
    """The game a checked request names: its save string, or a game under way's dealt cards."""
    if "dealt" in checked:
        try:
            return Game.replay(0, checked["first"], checked["moves"], dealt=checked["dealt"])
        except (IllegalMove, NeedCard) as e:
            raise ProtocolError(f"the request's moves and cards are not a game: {e}") from None
    try:
        return save.decode(checked["save"])[0]
    except save.SaveError as e:
        raise ProtocolError(f"the request's save string cannot be read: {e}") from None


def _analyse(game: Game, checked: dict[str, Any]) -> list[dict[str, Any]]:
    from ..ai.verdict import judge

    record = game.record
    if max(checked["steps"]) >= len(record):
        raise ProtocolError(
            f"the game has {len(record)} decisions: no step {max(checked['steps'])}"
        )
    out = []
    wanted = sorted(set(checked["steps"]))
    g = Game.new(game.seed, game.starter, dealt=script(game))  # a friend game: its dealt cards
    for k, move in enumerate(record[: wanted[-1] + 1]):
        if k in wanted:
            v = judge(g, move, analysis_seed(checked["seed"], k), checked["level"])
            out.append({"step": k, "played": move, "best": v.best, "loss": v.loss,
                        "key": v.key, "params": v.params})  # fmt: skip
        g.play(move)
    return out


def analysis_seed(seed: int, step: int) -> int:
    """The search's seed for one decision: reproducible, different from step to step."""
    return (seed * 1_000_003 + step) % (1 << 32)


def read_verdicts(answer_json: str) -> list[Judged]:
    """The reply to an "analyse" request, checked field by field."""
    try:
        data = json.loads(answer_json)
    except (TypeError, ValueError) as e:
        raise ProtocolError(f"the answer is not JSON ({e})") from None
    items = data.get("verdicts") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise ProtocolError("the answer has no verdicts")
    out = []
    for item in items:
        ok = isinstance(item, dict) and isinstance(item.get("step"), int)
        ok = ok and all(isinstance(item.get(k), str) for k in ("played", "best", "key"))
        loss = item.get("loss") if ok else None
        if not ok or not isinstance(item.get("params"), dict) or isinstance(loss, bool):
            raise ProtocolError("a verdict in the answer is incomplete")
        if loss is not None and not isinstance(loss, int | float):
            raise ProtocolError("a verdict's loss is not a number")
        loss = None if loss is None else float(loss)
        out.append(Judged(item["step"], item["played"], item["best"], loss, item["key"],
                          _params(item["params"])))  # fmt: skip
    return out


def _checked(data: object) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ProtocolError("a request is a JSON object")
    op = data.get("op")
    if op not in OPS:
        raise ProtocolError(f"unknown request {op!r}: the operations are {', '.join(OPS)}")
    dealt = op == "analyse" and "save" not in data
    if not dealt and not isinstance(data.get("save"), str):
        raise ProtocolError("the request has no save string")
    level = data.get("level")
    if level not in LEVELS:
        raise ProtocolError(f"unknown level {level!r}: the levels are {', '.join(LEVELS)}")
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ProtocolError(f"the request's seed is not a whole number ({seed!r})")
    checked = {"op": op, "level": level, "seed": seed}
    if dealt:
        checked.update(_dealt_fields(data))
    else:
        checked["save"] = data["save"]
    if op == "analyse":
        steps = data.get("steps")
        if (
            not isinstance(steps, list)
            or not 0 < len(steps) <= MAX_STEPS
            or not all(type(k) is int and k >= 0 for k in steps)
        ):
            raise ProtocolError(f"an analysis names 1 to {MAX_STEPS} steps (whole numbers, 0 up)")
        checked["steps"] = steps
    return checked


def _dealt_fields(data: dict[str, Any]) -> dict[str, Any]:
    """A game under way's fields (instead of a save string), checked."""
    first, moves, dealt = data.get("first"), data.get("moves"), data.get("dealt")
    if type(first) is not int or first not in (0, 1):
        raise ProtocolError("the request names no first player (0 or 1)")
    if not isinstance(moves, list) or len(moves) > save.MAX_MOVES:
        raise ProtocolError("the request's moves are not a list of moves")
    if not all(isinstance(m, str) for m in moves):
        raise ProtocolError("the request's moves are not a list of moves")
    if not isinstance(dealt, list) or not all(
        type(c) is int and 0 <= c < len(CARDS) for c in dealt
    ):
        raise ProtocolError("the request's dealt cards are not a list of cards")
    return {"first": first, "moves": moves, "dealt": dealt}
