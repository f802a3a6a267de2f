#!/usr/bin/env python3
"""What a friend's link costs the page in Chromium, split by the renderer's main thread:
the friend tests' scripted game by links between two pages (as tests/e2e/test_friend_play.py
plays it), each link opened by a hash change, its cost read from CDP `Performance.getMetrics`
in thread time (the main thread's CPU, not the wall a loaded machine stretches) before and
after it is applied: the task time in all, and in it script (Pyodide's Python and the port's
JS), layout and style. The moves clicked after a link are not counted.

    python bench/friend_link_browser.py [--links N]

Prints the median, p95 and mean per link of each, and the load average before and after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "tests" / "e2e")]

from friendpage import (  # noqa: E402
    OPEN_AND_PLAY,
    PLAY_MOVES,
    fixed_random_bytes,
    invite,
    link_to_send,
    open_link,
    script,
    wait_friend,
)
from pageutil import open_games  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tests.friend.scripted import secret  # noqa: E402
from tools.browser import CHROMIUM_ARGS, find_chromium  # noqa: E402
from tools.serve import start_background_server, url_of  # noqa: E402
from tools.site import ensure_site  # noqa: E402

METRICS = ("TaskDuration", "ScriptDuration", "LayoutDuration", "RecalcStyleDuration")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--links", type=int, default=0, help="stop after N links (0: all)")
    args = parser.parse_args()
    ensure_site()
    first, steps = script()
    if args.links:
        steps = steps[: args.links]
    server = start_background_server()
    url = url_of(server)
    load_before = os.getloadavg()
    per_link: dict[str, list[float]] = {m: [] for m in (*METRICS, "wall")}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
            pages = [browser.new_context(reduced_motion="reduce").new_page() for _ in range(2)]
            cdp = []
            for page in pages:
                session = page.context.new_cdp_session(page)
                session.send("Performance.enable", {"timeDomain": "threadTicks"})
                cdp.append(session)
            open_games(url, *pages)
            a, b = pages
            a.evaluate(fixed_random_bytes(secret("a0")))
            b.evaluate(fixed_random_bytes(secret("b0")))
            invitation = invite(a)
            assert open_link(b, invitation) == "invited"
            b.locator("[data-action=friend-accept]").click()
            wait_friend(b, "waiting")
            sent = link_to_send(b)
            assert [invitation.split("#", 1)[1], sent.split("#", 1)[1]] == first

            def metrics(i: int) -> dict[str, float]:
                got = cdp[i].send("Performance.getMetrics")["metrics"]
                return {m["name"]: m["value"] for m in got if m["name"] in METRICS}

            for n, (to, moves, out) in enumerate(steps):
                page = pages[to]
                before = metrics(to)
                shown = page.evaluate(
                    OPEN_AND_PLAY, {"url": sent, "moves": [], "ms_limit": 120_000}
                )
                after = metrics(to)
                assert shown["applied"] and shown["state"] != "refused", f"step {n}"
                for m in METRICS:
                    per_link[m].append((after[m] - before[m]) * 1000)
                per_link["wall"].append(shown["ms"])
                shown = page.evaluate(PLAY_MOVES, moves)
                assert shown["missing"] is None, f"step {n}: no button for {shown['missing']}"
                if out is None:
                    break
                sent = shown["link"]
            browser.close()
    finally:
        server.shutdown()
    load_after = os.getloadavg()
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f}")
    n = len(per_link["wall"])
    print(f"{n} links applied, per link (ms):")
    for name, values in per_link.items():
        print(
            f"  {name:20s} median {statistics.median(values):7.1f}  p95"
            f" {percentile(values, 0.95):7.1f}  max {max(values):7.1f}  mean"
            f" {statistics.fmean(values):7.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
