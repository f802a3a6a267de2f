"""Save strings of games against the computer that stand at a given decision for you (Blue), found
by the engine in CPython: seeded random play that prefers buying and the Merchant, so every
decision kind the page must show is reached in a few games. Loaded through `#g=` links."""

from __future__ import annotations

import random
from functools import cache

from targi.app.session import Session


def _prefer(moves: list[str]) -> list[str]:
    liked = [m for m in moves if m[0] in "mb$"]  # trade, buy, pay
    return liked or moves


@cache
def position(kind: str, seeds: int = 400) -> tuple[str, list[str]]:
    """(save string, your legal moves) of the first position found where you decide `kind`."""
    for seed in range(1, seeds):
        rnd = random.Random(seed)
        s = Session.new(seed, 0, "ai", "easy")
        while not s.over:
            v = s.view()
            if s.human_to_move and v["decision"]["kind"] == kind:
                return s.encode(), list(v["legal"])
            moves = s.game.legal_moves()
            s.play(rnd.choice(_prefer(moves)), by_computer=s.computer_to_move)
    raise LookupError(f"no game reached a {kind!r} decision")


@cache
def finished(seed: int = 7) -> str:
    """The save string of a whole game against the computer, played to its end."""
    rnd = random.Random(seed)
    s = Session.new(seed, 0, "ai", "easy")
    while not s.over:
        s.play(rnd.choice(_prefer(s.game.legal_moves())), by_computer=s.computer_to_move)
    return s.encode()


@cache
def near_the_end(seed: int = 7) -> str:
    """The save string of a game against the computer at your last decision before its end."""
    rnd = random.Random(seed)
    s = Session.new(seed, 0, "ai", "easy")
    last = s.encode()
    while not s.over:
        if s.human_to_move:
            last = s.encode()
        s.play(rnd.choice(_prefer(s.game.legal_moves())), by_computer=s.computer_to_move)
    return last


@cache
def action_with_more_to_do(seeds: int = 400) -> tuple[str, str]:
    """(save string, action) of a game against the computer at your actions where carrying
    out `action` leaves more actions in the same decision (Use Dates, Use Salt)."""
    for seed in range(1, seeds):
        rnd = random.Random(seed)
        s = Session.new(seed, 0, "ai", "easy")
        while not s.over:
            v = s.view()
            if s.human_to_move and v["decision"]["kind"] == "act":
                for action in v["legal"][:-1]:  # the last is "done"
                    after = Session.decode(s.encode())
                    after.play(action)
                    w = after.view()
                    more = [m for m in w["legal"] if m != "done"]
                    if w["decision"]["kind"] == "act" and after.human_to_move and more:
                        return s.encode(), action
            s.play(rnd.choice(_prefer(s.game.legal_moves())), by_computer=s.computer_to_move)
    raise LookupError("no action leaves more actions to do")


@cache
def face_down(seeds: int = 50) -> str:
    """The save string of a game against the computer where you act and the centre holds a
    face-down goods card and a face-down tribe card (their labels are the longest words there)."""
    for seed in range(1, seeds):
        rnd = random.Random(seed)
        s = Session.new(seed, 0, "ai", "easy")
        while not s.over:
            v = s.view()
            down = {c["kind"] for c in v["central"] if not c["face_up"] and not c["empty"]}
            if s.human_to_move and down == {"goods", "tribe"}:
                return s.encode()
            s.play(rnd.choice(s.game.legal_moves()), by_computer=s.computer_to_move)
    raise LookupError("no game showed both kinds of face-down central card")


@cache
def mid_game(seed: int = 3, rounds: int = 3) -> str:
    """The save string of a game against the computer at your actions in round `rounds` or
    later: Targis, tribe markers and the robber on the board, moves in the log."""
    rnd = random.Random(seed)
    s = Session.new(seed, 0, "ai", "easy")
    while not s.over:
        v = s.view()
        if s.human_to_move and v["decision"]["kind"] == "act" and v["round"] >= rounds:
            return s.encode()
        s.play(rnd.choice(_prefer(s.game.legal_moves())), by_computer=s.computer_to_move)
    raise LookupError(f"game {seed} ended before round {rounds}")


@cache
def hotseat(seed: int, moves: int) -> str:
    """The save string of a two-player game of `moves` random legal moves drawn with `seed`
    (its deal's seed too), made by the engine: a link's position, not clicked there."""
    session = Session.new(seed, 0, "hotseat")
    rnd = random.Random(seed)
    for _ in range(moves):
        session.play(rnd.choice(sorted(session.legal_for_human())))
    return session.encode()
