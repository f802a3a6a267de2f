"""Where a friend's link goes in the page: a whole game by links between two pages (the page
logic through FakePorts, tests/app/friends.Pair), each link's apply split by what it does.

Runs in CPython (`python bench/friend_link_phases.py`) and in Pyodide (bench/friend_link_phases.mjs,
which runs this file there). Each phase is the *own* time of the functions named for it (a
phase's time excludes the phases it calls), so the phases add up to the link's whole apply.
"point multiplications" are the curve's k·P (`PointJacobi.__mul__`, by doubling and adding);
"tabled" the ones over a point with a table of its doublings (the generator's, a verifying
key's: signing and signature checks).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from ecdsa.ellipticcurve import PointJacobi  # noqa: E402
from targi.app.friendplay.flow import FriendFlow  # noqa: E402
from targi.app.friendplay.panel import Panel  # noqa: E402
from targi.app.friendplay.store import FriendStore  # noqa: E402
from targi.app.friendplay.table import FriendSession  # noqa: E402
from targi.app.table.frame import TableView  # noqa: E402
from targi.app.text.catalog import Catalog  # noqa: E402
from targi.friend import group, session, wire  # noqa: E402
from targi.friend.dealer import Dealer  # noqa: E402
from targi.game import Game  # noqa: E402

from tests.app.fakeport import FakePort  # noqa: E402
from tests.app.friends import Pair  # noqa: E402
from tests.friend.scripted import policy  # noqa: E402


def _node_cpu() -> Callable[[], float]:
    """The Node process's CPU time (user + system): Pyodide's own clocks are the wall's, which
    a loaded machine stretches."""
    from js import process  # type: ignore[import-not-found]

    def cpu() -> float:
        used = process.cpuUsage()
        return float(used.user + used.system) / 1e6

    return cpu


# CPU time, not the wall's: the machine is shared
CLOCK = time.process_time if sys.platform != "emscripten" else _node_cpu()

PHASES: dict[str, list[tuple[object, str]]] = {
    "decode, parse": [(wire, "decode"), (wire, "parse")],
    "point multiplications, tabled": [(PointJacobi, "_mul_precompute")],
    "point multiplications": [(PointJacobi, "__mul__")],
    "point encoding": [(PointJacobi, "to_bytes"), (PointJacobi, "from_bytes")],
    "signature check (rest)": [(session, "signature_ok")],
    "signing": [(session.FriendGame, "_send")],
    "engine moves": [(Game, "play"), (Game, "clone")],
    "dealer": [(Dealer, "play"), (Dealer, "opened")],
    "view": [(FriendSession, "view")],
    "table frame": [(TableView, "frame")],
    "port draw": [(FakePort, "draw")],
    "panel": [(Panel, "draw")],
    "save": [(FriendStore, "save")],
    "audit": [(session, "audit")],
    "protocol (rest)": [(session.FriendGame, "receive")],
    "page (rest)": [(FriendFlow, "receive")],
}

# what a curve multiplication is for: the innermost of these it is made under
PURPOSES: dict[str, tuple[object, str]] = {
    "share checked": (session.shuffle, "check_friend_share"),
    "card opened": (session.shuffle, "open_card"),
    "shuffle pass": (session.shuffle, "first_pass"),
    "shuffle pass ": (session.shuffle, "second_pass"),
    "signature checked": (session, "signature_ok"),
    "link signed": (session.FriendGame, "_send"),
    "key derived": (session.derive, "signing_key"),
    "audit": (session, "audit"),
}
purpose: list[str] = []
mults: dict[str, list[float]] = {}  # purpose -> [count, seconds]

spent: dict[str, float] = {}
calls: dict[str, int] = {}
stack: list[list[float]] = []  # [start, time of phases called inside]


def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        frame = [CLOCK(), 0.0]
        stack.append(frame)
        try:
            return fn(*args, **kwargs)
        finally:
            stack.pop()
            whole = CLOCK() - frame[0]
            spent[name] = spent.get(name, 0.0) + whole - frame[1]
            calls[name] = calls.get(name, 0) + 1
            if stack:
                stack[-1][1] += whole

    return wrapper


def run_inline(self: FakePort, limit: int = 500) -> int:
    """FakePort.run without its thread (Pyodide has none): the fake port's coroutines never
    wait on anything, so each runs to its end on the first send."""
    ran = 0
    while self.queue:
        coro = self.queue.pop(0)
        try:
            coro.send(None)
        except StopIteration:
            pass
        else:
            raise RuntimeError("a fake port's coroutine waited")
        ran += 1
    return ran


def tagged(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        purpose.append(name.strip())
        try:
            return fn(*args, **kwargs)
        finally:
            purpose.pop()

    return wrapper


def counted(fn: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(self: Any, k: Any) -> Any:
        t = CLOCK()
        try:
            return fn(self, k)
        finally:
            row = mults.setdefault(purpose[-1] if purpose else "other", [0, 0.0])
            row[0] += 1
            row[1] += CLOCK() - t

    return wrapper


def install() -> None:
    FakePort.run = run_inline  # type: ignore[method-assign]
    for name, (owner, attr) in PURPOSES.items():
        setattr(owner, attr, tagged(name, getattr(owner, attr)))
    PointJacobi.__mul__ = counted(PointJacobi.__mul__)  # type: ignore[method-assign]
    for name, targets in PHASES.items():
        for owner, attr in targets:
            setattr(owner, attr, timed(name, getattr(owner, attr)))


def own_caches(pair_class: type[Pair]) -> None:
    """Each page its own curve caches, as two browsers have (one process holds both here)."""
    caches: list[tuple[dict[Any, Any], dict[Any, Any]]] = [({}, {}), ({}, {})]

    for name, page_of in (
        ("open", lambda a: a[0]),
        ("turn", lambda a: a[0]),
        ("invite", lambda a: 0),
    ):
        original = getattr(pair_class, name)

        def switching(self: Pair, *args: Any, _o: Any = original, _p: Any = page_of) -> Any:
            group._PRODUCTS, group._POINTS = caches[_p(args)]  # type: ignore[attr-defined]
            return _o(self, *args)

        setattr(pair_class, name, switching)
    start = pair_class.start

    def started(self: Pair) -> None:
        accept = self.pages[1].click

        def click(c: Any) -> None:
            group._PRODUCTS, group._POINTS = caches[1]  # type: ignore[attr-defined]
            accept(c)

        self.pages[1].click = click  # type: ignore[method-assign]
        start(self)
        del self.pages[1].click

    pair_class.start = started  # type: ignore[method-assign]


def main(seed: int = 0) -> dict[str, Any]:
    install()
    cat = Catalog.from_json((ROOT / "web/messages/en.json").read_text(encoding="utf-8"))
    per_link: list[dict[str, Any]] = []
    opened = Pair.open

    def measured(self: Pair, i: int, url: str) -> None:
        spent.clear()
        calls.clear()
        t = CLOCK()
        opened(self, i, url)
        whole = CLOCK() - t
        per_link.append({"ms": whole * 1000, "spent": dict(spent), "calls": dict(calls)})

    Pair.open = measured  # type: ignore[method-assign]
    own_caches(Pair)
    pair = Pair(cat)
    pair.start()
    t = CLOCK()
    pair.play(policy(seed))
    game_s = CLOCK() - t
    assert all(p.friend.game is not None and p.friend.game.status == "verified" for p in pair.pages)
    return summary(per_link, game_s)


def summary(per_link: list[dict[str, Any]], game_s: float) -> dict[str, Any]:
    n = len(per_link)
    ms = sorted(x["ms"] for x in per_link)
    total: dict[str, float] = {}
    count: dict[str, int] = {}
    for x in per_link:
        for k, v in x["spent"].items():
            total[k] = total.get(k, 0.0) + v * 1000
        for k, v in x["calls"].items():
            count[k] = count.get(k, 0) + v
    whole = sum(ms)
    total["other"] = whole - sum(total.values())
    return {
        "links": n,
        "game_s": round(game_s, 2),
        "link_ms": {
            "median": round(ms[n // 2], 1),
            "p95": round(ms[int(n * 0.95)], 1),
            "max": round(ms[-1], 1),
            "mean": round(whole / n, 1),
        },
        "phase_ms_per_link": {
            k: round(v / n, 2) for k, v in sorted(total.items(), key=lambda kv: -kv[1])
        },
        "calls_per_link": {k: round(v / n, 2) for k, v in sorted(count.items())},
        "multiplications_by_purpose": {
            k: {"count": c, "ms": round(t * 1000)} for k, (c, t) in sorted(mults.items())
        },
        "worst": [
            {
                "ms": round(x["ms"], 1),
                "calls": x["calls"],
                "spent": {k: round(v * 1000, 1) for k, v in x["spent"].items() if v > 0.001},
            }
            for x in sorted(per_link, key=lambda x: -x["ms"])[:4]
        ],
    }


if __name__ == "__main__":
    out = main(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
    print(json.dumps(out, indent=1))
