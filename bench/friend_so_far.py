#!/usr/bin/env python3
"""The analysis of a friend game in progress: CPython, then headless Chromium.

The position: the friend tests' scripted game 0 (`secret("a0")` / `secret("b0")`, `policy(0)`,
tests/friend/scripted.py) on the inviter's page once `--decisions` are recorded (72: round 5,
two central cards face down that no page has opened). Measured:

- CPython: making the game so far from the page's FriendGame (`FriendSession.reviewable()`:
  `known_deal()`, the placeholders, the replay), then the hard level's verdicts on every one of
  the player's decisions, asked as the page asks its worker (`protocol.answer`, 4 a request);
- Chromium: the same position put in a page's storage (as a reload finds it), then the log's
  Replay clicked (until `#review[data-steps]` is the game's), and Analyse (until
  `#analysis[data-state=done]`), the AI worker judging; the longest gap between two animation
  frames meanwhile (the page stays responsive).

    python bench/friend_so_far.py [--decisions 72] [--runs 2] [--no-browser] [--baseline]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))  # the e2e helpers drive the page the same way

from friendpage import put_storage, stored_friend_game, wait_friend  # noqa: E402
from pageutil import open_game  # noqa: E402
from playwright.sync_api import Page  # noqa: E402
from targi.app import protocol  # noqa: E402
from targi.app.friendplay.table import FriendSession  # noqa: E402
from targi.app.review.replay import Replay  # noqa: E402
from targi.chance import script  # noqa: E402
from targi.game import Game  # noqa: E402

from bench.review_analysis import timed_analysis  # noqa: E402
from bench.served import served_page  # noqa: E402
from tests.friend.scripted import Match, secret  # noqa: E402

LEVEL = "hard"
BATCH = 4


def in_cpython(friend: object, real: list[int] | None) -> tuple[float, float, int, float]:
    """(seconds to make the game so far and its replay, seconds for every verdict, decisions,
    seconds for the same verdicts on the game with its real cards instead of placeholders:
    what the analysis of the verified game costs for these decisions; run right after, under
    the same load)."""
    began = time.perf_counter()
    session = FriendSession(friend, lambda *_: None)  # type: ignore[arg-type]
    so_far = session.reviewable()
    assert so_far is not None
    replay = Replay.of(so_far)
    made = time.perf_counter() - began
    g = replay.session.game
    seat = replay.you() or 0
    steps = [k for k, p in enumerate(replay.movers) if p == seat]
    seconds = judge_all(g.starter, replay.record, script(g) or [], steps)
    base = float("nan")
    if real is not None:
        truth = Game.replay(0, g.starter, replay.record, dealt=real)
        base = judge_all(g.starter, replay.record, script(truth) or [], steps)
    return made, seconds, len(steps), base


def judge_all(first: int, moves: list[str], dealt: list[int], steps: list[int]) -> float:
    """Seconds for the verdicts on `steps`, asked as the page asks its worker."""
    began = time.perf_counter()
    for i in range(0, len(steps), BATCH):
        request = protocol.dealt_analysis_request(
            first, moves, dealt, LEVEL, 0, steps[i : i + BATCH]
        )
        json.loads(protocol.answer(request))
    return time.perf_counter() - began


def real_cards() -> list[int]:
    """Every card of the scripted game 0, from its verified end (the two pages in CPython)."""
    match = Match(secret("a0"), secret("b0")).run()
    cards = match.pages[0].dealt()
    assert cards is not None
    return cards


def in_chromium(page: Page, site: str, stored: tuple[dict[str, str], dict[str, str]]) -> tuple:
    """(seconds to open the replay, seconds for the analysis, decisions, longest frame gap)."""
    page.goto(site + "build.json")
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    put_storage(page, *stored)
    open_game(page, site)
    wait_friend(page, "waiting", "your-turn", "answering")
    page.wait_for_selector("#review-from-log:not([hidden])", state="attached")
    began = time.perf_counter()
    page.click("#review-from-log")
    page.wait_for_selector("#app[data-view=review]", state="attached")
    opened = time.perf_counter() - began
    judged, seconds, gap = timed_analysis(page)
    return opened, seconds, judged, gap


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=72)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--baseline", action="store_true", help="also judge with real cards")
    args = parser.parse_args()
    local, tab, friend = stored_friend_game(decisions=args.decisions)
    g = friend.game
    print(f"position: {len(g.record)} decisions, round {g.round}, "
          f"{(friend.known_deal() or []).count(None)} cards face down not opened; "
          f"load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    real = real_cards() if args.baseline else None
    cpu = [in_cpython(friend, real) for _ in range(args.runs)]
    for made, seconds, n, base in cpu:
        print(f"  CPython: the game so far and its replay {1000 * made:.0f} ms; {n} verdicts "
              f"in {seconds:.1f} s ({1000 * seconds / n:.0f} ms each); with the real cards "
              f"{base:.1f} s; load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    if args.no_browser:
        return 0
    with served_page() as (page, url):
        rows = [in_chromium(page, url, (local, tab)) for _ in range(args.runs)]
    for opened, seconds, judged, gap in rows:
        print(f"  Chromium: Replay opened in {1000 * opened:.0f} ms; {judged} verdicts in "
              f"{seconds:.1f} s ({1000 * seconds / max(judged, 1):.0f} ms each), longest frame "
              f"gap {gap:.0f} ms")  # fmt: skip
    print(f"  median analysis {statistics.median(r[1] for r in rows):.1f} s; "
          f"load average now {os.getloadavg()[0]:.1f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
