#!/usr/bin/env python3
"""A whole game's analysis in headless Chromium: from the Analyse click to the turning points.

Plays seeded games in CPython (greedy as Blue, the person, against the computer at medium), loads
each into the page through Load, opens the replay and clicks Analyse: the AI worker judges every
one of Blue's decisions at the hard level, a few per request (targi.app.protocol "analyse").
Prints, per game, the decisions judged, the wall-clock time until `#analysis[data-state=done]`,
the time per decision, and the longest gap between two animation frames on the page meanwhile
(the page stays responsive while the worker thinks). The target is a whole game in under 60 s.

    python bench/review_analysis.py [--games 2] [--seed 100]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))  # the e2e helpers drive the page the same way

from gameplay import load_string  # noqa: E402
from pageutil import start_button  # noqa: E402
from playwright.sync_api import Page  # noqa: E402
from targi import save  # noqa: E402
from targi.players import play_game  # noqa: E402
from targi.registry import make_player  # noqa: E402

from bench.served import served_page  # noqa: E402

AGAINST_MEDIUM = 1 | 1 << 1  # save meta: against the computer, level medium (docs/page.md)
WATCH_FRAMES = """() => { window.__gaps = []; let last = performance.now();
  const tick = (t) => { window.__gaps.push(t - last); last = t;
    if (window.__watching) requestAnimationFrame(tick); };
  window.__watching = true; requestAnimationFrame(tick); }"""


def a_game(seed: int) -> str:
    players = (make_player("greedy", seed), make_player("medium", seed + 1))
    return save.encode(play_game(seed, players, seed % 2), AGAINST_MEDIUM)


def analyse(page: Page, code: str) -> tuple[int, float, float]:
    """(decisions judged, seconds to done, longest frame gap in ms) for one loaded game."""
    if page.locator("#review").is_visible():
        page.click("[data-action=review-close]")
    load_string(page, code)
    page.wait_for_function("() => document.getElementById('table').dataset.phase === 'over'")
    page.click("#score [data-action=review]")
    return timed_analysis(page)


def timed_analysis(page: Page) -> tuple[int, float, float]:
    """Analyse clicked in the open replay: (decisions judged, seconds until done, the longest
    gap between two animation frames meanwhile, in ms)."""
    page.evaluate(WATCH_FRAMES)
    began = time.perf_counter()
    page.click("[data-action=analysis-start]")
    page.wait_for_selector("#analysis[data-state=done]", state="attached", timeout=900_000)
    seconds = time.perf_counter() - began
    gap = page.evaluate("() => { window.__watching = false; return Math.max(...window.__gaps); }")
    judged = int(page.get_attribute("#analysis-progress", "value") or "0")
    return judged, seconds, gap


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args()
    codes = [a_game(args.seed + i) for i in range(args.games)]

    rows = []
    with served_page() as (page, url):
        page.goto(url)
        page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=60_000)
        page.click(start_button("hotseat"))  # a table to load over
        for i, code in enumerate(codes):
            judged, seconds, gap = analyse(page, code)
            rows.append((args.seed + i, judged, seconds, gap))
    print("whole-game analysis at the hard level in headless Chromium (AI worker, Pyodide):")
    for seed, judged, seconds, gap in rows:
        print(f"  game seed {seed}: {judged} decisions in {seconds:5.1f} s "
              f"({1000 * seconds / max(judged, 1):4.0f} ms each), "
              f"longest frame gap {gap:5.0f} ms")  # fmt: skip
    total = [seconds for _, _, seconds, _ in rows]
    print(f"  median {statistics.median(total):.1f} s, max {max(total):.1f} s (target < 60 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
