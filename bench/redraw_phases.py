#!/usr/bin/env python3
"""Where a click's redraw goes, phase by phase, in headless Chromium's Pyodide.

Plays seeded two-player games by clicking legal [data-move] elements (as bench/page_click.py)
and, around each click, reads: the Python phases (timers wrapped round the engine's
`Session.view`, the move itself, the autosave, each region's render, `Writes.of`, the port's
`draw`: its DOM writes and the log's forced layout), the click's whole synchronous task, and
Chromium's own counters (CDP `Performance.getMetrics`: script, style, layout, the task) from
before the click to the next frame painted. Prints the median and p90 of each, in ms.

    python bench/redraw_phases.py [--games 2] [--seed 1] [--width 1280 --height 900]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.page_click import new_hotseat_game, percentile  # noqa: E402
from bench.served import served_page  # noqa: E402

# Run in the page's interpreter (through the controller's module globals): timers round the
# redraw path's functions, summed into TIMES until the bench reads and clears them.
PATCH = r"""
import time
from targi.app import controller as C, session as S
from targi.app.html import render as R
from targi.app.table import frame as F, writes as W
TIMES = {}
def _wrap(owner, name, key):
    orig = getattr(owner, name)
    def timed(*a, **k):
        t = time.perf_counter()
        try:
            return orig(*a, **k)
        finally:
            TIMES[key] = TIMES.get(key, 0.0) + (time.perf_counter() - t) * 1000
    setattr(owner, name, timed)
_wrap(S.Session, "view", "view")
_wrap(S.Session, "play", "engine play")
_wrap(C.Controller, "autosave", "autosave")
_wrap(C.Controller, "announce", "announce")
_wrap(C.Controller, "redraw", "redraw (all)")
_wrap(F.TableView, "frame", "frame (view+render)")
for _name in ("status", "board", "choices", "players", "tip", "since", "dock_me", "prompt", "log"):
    _wrap(R.Renderer, _name, "render " + _name)
_wrap(W.Writes, "of", "writes.of")
_wrap(type(PAGE.port), "draw", "port.draw (DOM)")
_wrap(C.Controller, "play", "controller.play (all)")
"""

INSTALL = """(code) => {
  const page = window.targiPage();
  const g = page.play.__func__.__globals__;
  const b = g.get('__builtins__');
  const ns = b.dict();
  ns.set('PAGE', page);
  (b.exec ?? b.get('exec'))(code, ns);
  window.__redrawTimes = ns.get('TIMES');
  // the DOM's own share of the port's draw: each region's parse, the log's forced layout
  const dom = window.__domTimes = {};
  const add = (key, t) => { dom[key] = (dom[key] ?? 0) + performance.now() - t; };
  const inner = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
  Object.defineProperty(Element.prototype, 'innerHTML', {
    get() { return inner.get.call(this); },
    set(v) {
      const t = performance.now(); inner.set.call(this, v); add('dom write ' + this.id, t);
    },
  });
  const adjacent = Element.prototype.insertAdjacentHTML;
  Element.prototype.insertAdjacentHTML = function (...a) {
    const t = performance.now(); adjacent.apply(this, a); add('dom append ' + this.id, t);
  };
  const height = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight');
  Object.defineProperty(Element.prototype, 'scrollHeight', {
    get() {
      const t = performance.now(); const h = height.get.call(this);
      add('dom scrollHeight ' + this.id, t); return h;
    },
  });
}"""

TIMED_CLICK = """async (move) => {
  const table = document.getElementById('table');
  const el = [...document.querySelectorAll('[data-move]')]
      .find(e => e.dataset.move === move && e.offsetParent !== null);
  const seq = table.dataset.seq;
  window.__redrawTimes.clear();
  for (const k in window.__domTimes) delete window.__domTimes[k];
  const t0 = performance.now();
  el.click();
  const t1 = performance.now();
  if (table.dataset.seq === seq) throw new Error('no redraw after ' + move);
  await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  const out = window.__redrawTimes.toJs({dict_converter: Object.fromEntries});
  Object.assign(out, window.__domTimes);
  out['click task'] = t1 - t0;
  out['to next frame'] = performance.now() - t0;
  return out;
}"""
MOVES = """() => [...document.querySelectorAll('[data-move]')]
    .filter(e => !e.disabled && e.offsetParent !== null).map(e => e.dataset.move)"""
METRICS = ("ScriptDuration", "RecalcStyleDuration", "LayoutDuration", "TaskDuration")


TRACED = ["devtools.timeline", "v8", "disabled-by-default-devtools.timeline"]


def print_trace(trace: bytes, clicks: int) -> None:
    """The renderer's main thread's time by trace event, self time (children taken out)."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    main = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("name") == "thread_name" and e["args"]["name"] == "CrRendererMain"
    }
    own: dict[str, float] = {}
    counts: dict[str, int] = {}
    for key in main:
        spans = sorted(
            (
                e
                for e in events
                if (e["pid"], e["tid"]) == key and e.get("ph") == "X" and "tdur" in e
            ),
            key=lambda e: (e["ts"], -e["dur"]),
        )
        stack: list[dict[str, float]] = []
        for e in spans:
            while stack and e["ts"] >= stack[-1]["ts"] + stack[-1]["dur"]:
                stack.pop()
            if stack:
                own[stack[-1]["name"]] -= e["tdur"] / 1000
            if e["name"] in ("Layout", "UpdateLayoutTree", "PaintImage"):
                # forced: inside a script's call (geometry read after a write), else the frame's
                forced = any(s["name"] in ("v8.callFunction", "FunctionCall") for s in stack)
                name = e["name"] + (" (forced in script)" if forced else " (frame)")
                own[name] = own.get(name, 0.0) + e["tdur"] / 1000
                counts[name] = counts.get(name, 0) + 1
            own[e["name"]] = own.get(e["name"], 0.0) + e["tdur"] / 1000
            stack.append(e)
    split = {name: own.pop(name) for name in list(own) if name in counts}
    total = sum(own.values())
    print(f"main thread, traced over {clicks} clicks: {total / clicks:.1f} ms a click (CPU)")
    for name, ms in sorted(own.items(), key=lambda kv: -kv[1])[:18]:
        print(f"  {name:34s} {ms / clicks:7.2f} ms a click")
    for name, ms in sorted(split.items()):
        each = counts[name] / clicks
        print(f"    of which {name:30s} {ms / clicks:7.2f} ms a click, {each:.1f} a click")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("--trace", type=int, default=0, metavar="N",
                        help="also trace clicks 20..20+N (Chromium's devtools.timeline) and print "
                        "the main thread's self time by event")  # fmt: skip
    args = parser.parse_args()
    rnd = random.Random(args.seed)
    rows: dict[str, list[float]] = {}
    clicks = 0
    with served_page(args.width, args.height) as (page, url):
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable", {"timeDomain": "threadTicks"})

        def metrics() -> dict[str, float]:
            got = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
            return {name: got[name] * 1000 for name in METRICS}

        page.goto(url)
        page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=60_000)
        page.evaluate(INSTALL, PATCH)
        for _ in range(args.games):
            new_hotseat_game(page)
            while page.get_attribute("#table", "data-phase") != "over":
                if args.trace and clicks == 20:
                    page.context.browser.start_tracing(page=page, categories=TRACED)
                if args.trace and clicks == 20 + args.trace:
                    trace = page.context.browser.stop_tracing()
                move = rnd.choice(sorted(set(page.evaluate(MOVES))))
                before = metrics()
                got = page.evaluate(TIMED_CLICK, move)
                after = metrics()
                for name in METRICS:
                    got["cdp " + name] = after[name] - before[name]
                for key, value in got.items():
                    rows.setdefault(key, []).append(value)
                clicks += 1
    print(f"a click's redraw, phase by phase, over {clicks} clicks in {args.games} two-player "
          f"games ({args.width}x{args.height}, headless Chromium), ms:")  # fmt: skip
    if args.trace:
        print_trace(trace, args.trace)
    for key, values in rows.items():
        values += [0.0] * (clicks - len(values))  # a phase a click did not reach took nothing
        median, p90, mean = statistics.median(values), percentile(values, 0.9), sum(values) / clicks
        print(f"  {key:26s} median {median:7.2f}   p90 {p90:7.2f}   mean {mean:7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
