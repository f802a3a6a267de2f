"""Page-load benchmark: the game beside the bare-Pyodide floor, first and return visits.

    python build.py bench [--runs N] [--memory]      (builds site/ first)
    python bench/page_load.py [--runs N] [--memory]

Both pages are served from one local server, the floor (bench/floor/: `loadPyodide` + `1+1`
from the site's own pyodide/ folder) under the site's URL at `bench-floor/`, but never copied
into site/. Times are from navigation start (performance.now() inside the page) to
`html[data-app-state=ready]` (for the game also an enabled `[data-new-game]` button, i.e. a
playable table), measured by a MutationObserver.

- first visit: a new browser context each run (empty HTTP cache, no service worker, no
  snapshot); the game and the floor alternate (game, floor, game, floor ...), so both see the
  same load, and each round's pair gives a ratio of its own: the median of those ratios and
  their spread are the figure to judge (the ratio of two medians moves with the floor, which
  spreads by a second on a busy machine). Each game run's `targi:*` performance marks (where a
  first visit's time goes: `shipped-bytes` when the snapshot was in, `shipped-restored` when
  Pyodide had restored it, `python-shipped` when PyScript got the interpreter, ...) are
  printed beside it, with `wasm-in`, when pyodide.asm.wasm had arrived. With --old SITE, a
  copy of another build (an older tree's site/) is a third page of every round, served under
  `old/`; the order within a round rotates, so no page always runs after the same one;
- return visit: one context per page, visited once (the game: until its service worker controls
  the page and the interpreter snapshot is kept; then a game against the computer is begun,
  so that every reload continues it and starts the AI's worker, which a page with no computer
  seat does not start), then reloaded N times, each reload 4 s after the previous load (the
  game's AI worker starts just after ready). The game comes from its service worker and its
  snapshot, the floor from the HTTP cache (304s).

Also, for the game's return visits: how the interpreter started (`snapshot`/`start`), and when
the AI's worker could first answer, after the table was playable (--first-only skips the
return visits). With --memory: after a whole
game against the computer, the WebAssembly memory of both interpreters, the page's JS heap and
the resident memory of the browser's renderer processes. Prints medians, ratios to the floor,
all runs, and the machine's load average (the figures mean little on a busy machine).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from tools.browser import CHROMIUM_ARGS, find_chromium  # noqa: E402
from tools.paths import SITE  # noqa: E402
from tools.serve import make_server, url_of  # noqa: E402
from tools.site import ensure_site  # noqa: E402

TIMEOUT_MS = 120_000
SETTLE_MS = 4_000
FLOOR_DIR = "bench-floor"
OLD_DIR = "old"
TARGET_RETURN_S, TARGET_FIRST_RATIO, TARGET_AI_S = 1.0, 1.1, 1.5

# Records the first moment the page is ready (the game: playable), from navigation start.
READY_PROBE = """
(() => {
  const mark = () => {
    if (window.__playableAt) return;
    const root = document.documentElement;
    const game = document.getElementById("app");
    const start = document.querySelector("[data-new-game]:not([disabled])");
    if (root && root.dataset.appState === "ready" && (!game || start)) {
      window.__playableAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {
    attributes: true, childList: true, subtree: true,
  });
})();
"""

SNAPSHOT_MADE = """async () => {
    const cache = await caches.open('targi-start:' + new URL('./', location.href).pathname);
    return !!(await cache.match('./__snapshot__'));
}"""


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} ({os.cpu_count()} CPUs)"


def time_to_ready(page: Page, navigate: str) -> float:
    if navigate == "reload":
        page.reload(wait_until="commit")
    else:
        page.goto(navigate, wait_until="commit")
    page.wait_for_function("() => window.__playableAt", polling=20, timeout=TIMEOUT_MS)
    return float(page.evaluate("window.__playableAt")) / 1000


def new_context(browser: Browser) -> BrowserContext:
    context = browser.new_context()
    context.add_init_script(READY_PROBE)
    return context


def poll(page: Page, function: str, timeout_ms: int = TIMEOUT_MS) -> None:
    waited = 0
    while not page.evaluate(function):
        if waited > timeout_ms:
            raise TimeoutError(function)
        page.wait_for_timeout(250)
        waited += 250


def fmt(values: list[float]) -> str:
    return " ".join(f"{v:.2f}" for v in values)


# The page's own marks (web/snapshot.mjs, web/interpreter.mjs, web/main.py), from navigation
# start, and when the wasm had arrived (`wasm-in`), in time order.
TARGI_MARKS = """() => [
    ...performance.getEntriesByType('mark')
      .filter((m) => m.name.startsWith('targi:'))
      .map((m) => [m.name.slice(6), m.startTime / 1000]),
    ...performance.getEntriesByType('resource')
      .filter((r) => r.name.endsWith('/pyodide.asm.wasm'))
      .map((r) => ['wasm-in', r.responseEnd / 1000]),
  ].sort((a, b) => a[1] - b[1])"""


def first_visit(browser: Browser, target: str) -> tuple[float, list[tuple[str, float]]]:
    """One first visit in a new context: the time to a playable table, and the page's marks."""
    context = new_context(browser)
    page = context.new_page()
    ready = time_to_ready(page, target)
    marks = [(str(name), float(at)) for name, at in page.evaluate(TARGI_MARKS)]
    context.close()
    return ready, marks


def spread(values: list[float]) -> str:
    """Median, quartiles and range, e.g. for the rounds' ratios."""
    ordered = sorted(values)
    if len(ordered) < 2:
        return f"median {ordered[0]:.3f}"
    q1, _, q3 = statistics.quantiles(ordered, n=4, method="inclusive")
    return (
        f"median {statistics.median(ordered):.3f}, quartiles {q1:.3f}-{q3:.3f}, "
        f"range {ordered[0]:.3f}-{ordered[-1]:.3f}"
    )


def rounds_report(
    first: dict[str, list[float]], marks: dict[str, list[list[tuple[str, float]]]]
) -> None:
    """Each round's times, its ratios to the floor, and the game's marks; then the ratios'
    median and spread."""
    games = [name for name in first if name != "floor"]
    print("first visits, round by round (s; ratio = page / floor of the same round):")
    for i, floor_s in enumerate(first["floor"]):
        cells = "   ".join(
            f"{name} {first[name][i]:.2f} ratio {first[name][i] / floor_s:.3f}" for name in games
        )
        print(f"  round {i + 1}: floor {floor_s:.2f}   {cells}")
        for name in games:
            shown = " ".join(f"{mark} {at:.2f}" for mark, at in marks[name][i])
            print(f"      {name} marks: {shown}")
    for name in games:
        ratios = [g / f for g, f in zip(first[name], first["floor"], strict=True)]
        print(f"first-visit ratio {name}/floor by round: {spread(ratios)}")
    if "old" in first:
        pairs = list(zip(first["game"], first["old"], strict=True))
        faster = sum(g < o for g, o in pairs)
        print(
            f"first-visit ratio game/old by round: {spread([g / o for g, o in pairs])}; "
            f"the game faster in {faster} of {len(pairs)} rounds"
        )


def serve_with_floor(
    scratch: Path, site: Path = SITE, old: Path | None = None
) -> tuple[object, str]:
    """site/ (or a copy of another build) and the floor page under one URL, and another build
    under `old/` if given, through symbolic links (nothing copied)."""
    root = scratch / "root"
    root.mkdir()
    for entry in site.iterdir():
        (root / entry.name).symlink_to(entry)
    (root / FLOOR_DIR).symlink_to(ROOT / "bench" / "floor")
    if old is not None:
        (root / OLD_DIR).symlink_to(old.resolve())
    server = make_server(port=0, directory=root, quiet=True)
    import threading

    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, url_of(server)


def renderer_rss_mb() -> float:
    """Resident memory of this benchmark's browser renderer processes (page and workers)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                parent = int(stat.rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    total, pending = 0, list(children.get(os.getpid(), []))
    while pending:
        pid = pending.pop()
        pending += children.get(pid, [])
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            if b"--type=renderer" not in cmdline:
                continue
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            continue
    return total / 1e6


def whole_game_memory(browser: Browser, url: str) -> None:
    from gameplay import play, start_game

    context = new_context(browser)
    page = context.new_page()
    time_to_ready(page, url)
    start_game(page, "ai")
    clicks = play(page, random.Random(12))
    page.wait_for_timeout(1_000)
    main_wasm = page.evaluate("window.targiLoader.wasmBytes()") / 1e6
    ai_wasm = page.evaluate("window.targiAI.memory()") / 1e6
    heap = page.evaluate("performance.memory ? performance.memory.usedJSHeapSize : 0") / 1e6
    rss = renderer_rss_mb()
    print(f"memory after a whole game against the computer ({clicks} clicks):")
    print(f"  WebAssembly memory: page {main_wasm:.1f} MB + AI worker {ai_wasm:.1f} MB")
    print(f"  page JS heap (used) {heap:.1f} MB; renderer processes resident {rss:.1f} MB")
    print(f"  total WebAssembly + page JS heap {main_wasm + ai_wasm + heap:.1f} MB (target < 250)")
    context.close()


def return_visits(
    browser: Browser,
    url: str,
    floor: str,
    runs: int,
    back: dict[str, list[float]],
    starts: list[str],
    ai_after: list[float],
) -> None:
    """Each page visited once, then reloaded `runs` times (see the module's doc)."""
    pages = {}
    for name, target in (("game", url), ("floor", floor)):
        context = new_context(browser)
        pages[name] = context.new_page()
        time_to_ready(pages[name], target)
    game = pages["game"]
    game.wait_for_function(
        "() => navigator.serviceWorker.controller !== null", polling=100, timeout=60_000
    )
    poll(game, SNAPSHOT_MADE)
    from gameplay import start_game

    start_game(game, "ai")  # the AI's worker starts for a game with a computer seat
    for _ in range(runs):
        for name, page in pages.items():
            page.wait_for_timeout(SETTLE_MS)
            back[name].append(time_to_ready(page, "reload"))
        starts.append(str(game.evaluate("document.documentElement.dataset.pythonStart")))
        game.wait_for_function(
            "() => performance.getEntriesByName('targi:ai-ready').length", timeout=TIMEOUT_MS
        )
        ai_after.append(
            float(
                game.evaluate(
                    "performance.getEntriesByName('targi:ai-ready')[0].startTime"
                    " - window.__playableAt"
                )
            )
            / 1000
        )
    for page in pages.values():
        page.context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement (default 5)")
    parser.add_argument("--memory", action="store_true", help="also a whole game's memory")
    parser.add_argument(
        "--site", type=Path, default=None, help="a copy of another build, as it is (before/after)"
    )
    parser.add_argument(
        "--old",
        type=Path,
        default=None,
        help="another build's site/ as a third page of every first-visit round (before/after)",
    )
    parser.add_argument("--first-only", action="store_true", help="first visits only")
    args = parser.parse_args()

    if args.site is None:
        ensure_site()
    scratch = tempfile.TemporaryDirectory(prefix="targi-bench-")
    server, url = serve_with_floor(Path(scratch.name), args.site or SITE, args.old)
    floor = url + FLOOR_DIR + "/"
    targets = {"game": url, "floor": floor}
    if args.old:
        targets["old"] = url + OLD_DIR + "/"
    executable = find_chromium()
    print(f"{url} beside {floor} in {executable or 'Playwright Chromium'}, {args.runs} runs each")
    print(f"before: {load_average()}")

    first: dict[str, list[float]] = {name: [] for name in targets}
    marks: dict[str, list[list[tuple[str, float]]]] = {name: [] for name in targets}
    back: dict[str, list[float]] = {"game": [], "floor": []}
    starts: list[str] = []
    ai_after: list[float] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        order = list(targets)
        for i in range(args.runs):
            # with three pages the order rotates; with two, game and floor alternate
            turn = order[i % len(order) :] + order[: i % len(order)] if args.old else order
            for name in turn:
                ready, page_marks = first_visit(browser, targets[name])
                first[name].append(ready)
                marks[name].append(page_marks)
        if not args.first_only:
            return_visits(browser, url, floor, args.runs, back, starts, ai_after)
        if args.memory:
            whole_game_memory(browser, url)
        browser.close()
    server.shutdown()  # type: ignore[attr-defined]
    scratch.cleanup()

    print(f"after:  {load_average()}")
    rounds_report(first, marks)
    print("                 game    floor   ratio   (medians, s)")
    for label, runs, target in (
        ("first visit ", first, f"target ratio <= {TARGET_FIRST_RATIO}"),
        ("return visit", back, f"target game <= {TARGET_RETURN_S} s"),
    ):
        if not runs["game"]:
            continue
        g, f = statistics.median(runs["game"]), statistics.median(runs["floor"])
        print(f"{label}     {g:5.2f}   {f:5.2f}   {g / f:5.2f}   {target}")
        print(f"    game runs: {fmt(runs['game'])}   floor runs: {fmt(runs['floor'])}")
    if "old" in first:
        g = statistics.median(first["old"])
        print(f"first visit, old build: {g:.2f} s   runs: {fmt(first['old'])}")
    if starts:
        print(f"return visits started from: {', '.join(starts)}")
        print(
            f"AI worker ready after the table: median {statistics.median(ai_after):.2f} s "
            f"(target <= {TARGET_AI_S} s)   runs: {fmt(ai_after)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
