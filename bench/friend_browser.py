#!/usr/bin/env python3
"""A friend game in Chromium's Pyodide: installing its packages, setting up, applying links.

    python bench/friend_browser.py [--runs 3] [--links N]

Opens the built site in headless Chromium; in the page's own interpreter (the one PyScript
runs web/main.py in) times targi.app.friend_runtime.install_friend (first use: micropip and
the vendored wheels fetched from the page's origin and installed), then plays the friend tests'
scripted game 0 between two FriendGame objects in that interpreter (tests/friend/scripted.py;
both pages in one interpreter, each link timed on the page that receives it) and prints the
set-up on each side (the invitation; the answer; the inviter checking the answer), the time to
apply one link (median, p95, max), and the audit at the end on each side. Each run is a new
browser context (a first visit). Prints the load average before and after: the machine is
shared.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "e2e")]

from friendpage import match_source, run_python  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tools.browser import CHROMIUM_ARGS, find_chromium  # noqa: E402
from tools.serve import start_background_server, url_of  # noqa: E402
from tools.site import ensure_site  # noqa: E402

TIMED_INSTALL = """
import time
from targi.app.friend_runtime import install_friend
t = time.perf_counter()
await install_friend({url!r})
(time.perf_counter() - t) * 1000
"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def line(name: str, values: list[float]) -> str:
    return (
        f"  {name:34s} median {statistics.median(values):7.1f} ms   "
        f"p95 {percentile(values, 0.95):7.1f} ms   max {max(values):7.1f} ms   (n={len(values)})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--links", type=int, default=0, help="stop after N links (0: whole game)")
    args = parser.parse_args()
    ensure_site()
    server = start_background_server()
    url = url_of(server)
    limit = args.links or None
    installs, invites, accepts, answers, applies, audits = [], [], [], [], [], []
    links, verdicts = [], set()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
            for _ in range(args.runs):
                context = browser.new_context()
                page = context.new_page()
                page.goto(url)
                page.wait_for_selector("html[data-app-state=ready]", state="attached")
                installs.append(float(run_python(page, TIMED_INSTALL.format(url=url))))
                run_python(page, match_source())
                result = json.loads(run_python(page, f"play({limit!r})"))
                invites.append(result["invite_ms"])
                accepts.append(result["accept_ms"])
                answers.append(result["answer_ms"])
                applies += result["applies"]
                audits += result["audit_ms"]
                links.append(len(result["links"]))
                verdicts.add(str(result["audit"]))
                context.close()
            browser.close()
    finally:
        server.shutdown()
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    print(f"friend game in Chromium (Pyodide, the page's interpreter), {args.runs} first visits, "
          f"{statistics.median(links):.0f} links a game, audit {sorted(verdicts)}:")  # fmt: skip
    print(line("install (micropip, first use)", installs))
    print(line("set-up: invitation (inviter)", invites))
    print(line("set-up: answer (friend)", accepts))
    print(line("set-up: checking the answer (inviter)", answers))
    print(line("applying one link", applies))
    if audits:
        print(line("the last link with the audit", audits))
    return 0


if __name__ == "__main__":
    sys.exit(main())
