#!/usr/bin/env python3
"""Click to redrawn table, in headless Chromium: how long a move takes to show.

Plays whole two-player games by clicking seeded-random legal [data-move] elements and times each
click inside the page: from dispatching the click to the table's data-seq having changed (the
Python handler has applied the move, autosaved and rewritten the DOM), and to the next frame
after it (style, layout and paint included). Prints median, p95 and max over all clicks.

    python bench/page_click.py [--games 3] [--seed 1] [--width 1366 --height 768]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from tools.browser import CHROMIUM_ARGS, find_chromium  # noqa: E402
from tools.serve import start_background_server, url_of  # noqa: E402
from tools.site import ensure_site  # noqa: E402

TIMED_CLICK = """async (move) => {
  const table = document.getElementById('table');
  const el = [...document.querySelectorAll('[data-move]')]
      .find(e => e.dataset.move === move && e.offsetParent !== null);
  const seq = table.dataset.seq;
  const t0 = performance.now();
  el.click();
  const t1 = performance.now();
  if (table.dataset.seq === seq) throw new Error('no redraw after ' + move);
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  return [t1 - t0, performance.now() - t0];
}"""
MOVES = """() => [...document.querySelectorAll('[data-move]')]
    .filter(e => !e.disabled && e.offsetParent !== null).map(e => e.dataset.move)"""


def new_hotseat_game(page: Page) -> None:
    """A two-player game from the welcome (its Two players the first time) or the New game
    form (after), on the table at its first move."""
    if page.locator("#dlg-new").is_hidden():
        page.click("[data-action=open-new]")
    page.click("#welcome [data-action=play-hotseat]:visible, [data-new-game=hotseat]:visible")
    page.wait_for_function("() => document.getElementById('table').dataset.seq==='0'")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--width", type=int, default=1366)
    parser.add_argument("--height", type=int, default=768)
    args = parser.parse_args()

    ensure_site()
    server = start_background_server()
    url = url_of(server)
    dom, frame = [], []
    rnd = random.Random(args.seed)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": args.width, "height": args.height})
            page.goto(url)
            page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=60_000)
            for _ in range(args.games):
                new_hotseat_game(page)
                while page.get_attribute("#table", "data-phase") != "over":
                    move = rnd.choice(sorted(set(page.evaluate(MOVES))))
                    a, b = page.evaluate(TIMED_CLICK, move)
                    dom.append(a)
                    frame.append(b)
            browser.close()
    finally:
        server.shutdown()
    print(f"click -> redrawn table over {len(dom)} clicks in {args.games} two-player games "
          f"({args.width}x{args.height}, headless Chromium):")  # fmt: skip
    for name, values in (("DOM redrawn", dom), ("next frame", frame)):
        print(f"  {name:12s} median {statistics.median(values):6.1f} ms   "
              f"p95 {percentile(values, 0.95):6.1f} ms   max {max(values):6.1f} ms")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
