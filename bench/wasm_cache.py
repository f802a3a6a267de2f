"""Does a return visit compile Pyodide's wasm again? (issue 23, branch wasmc)

    python bench/wasm_cache.py [--site site] [--returns 6] [--mode context|profile|relaunch]
                               [--linger S] [--no-trace] [--keep-traces DIR] [--threads N]

opens the built site in headless Chromium (the browser tests' launch arguments): a first visit
that starts a game against the computer, then `--returns` return visits (the site opened again
with that game on the table, each to a playable table with the AI's worker started). For each
visit it prints the wall time to `html[data-app-state=ready]` and to the AI's worker ready
(`html[data-ai-start]`), the CPU to there of every process under this one (Chromium's browser,
renderers, GPU; Playwright's driver: /proc, a process's figure counts its ended threads too)
and of the `ThreadPoolForeground` threads (V8's compilers, among others), and, from a Chrome
trace of the visit, V8's wasm events by thread: `v8.wasm.moduleCacheHit` (Chrome's code cache
of a module taken: then `wasm.Deserialize`), `v8.wasm.compiledModule` and
`v8.wasm.cachedModule` (a code cache written: only for a Response that carries the cache's
metadata, after 2 s without new top-tier code), and the compile work in milliseconds of thread
time: the lazy compiles on first call (`wasm.CompileLazy`), the background compiles
(`wasm.ExecuteCompilationUnits`), the deserialization.

`--threads N` adds each visit's N costliest threads (by process kind and thread name, from
/proc) and, at the end, their medians over the return visits.

`--mode`: `context` (Playwright's usual off-the-record context, one renderer for every visit,
as the tests), `profile` (a profile on disk, one browser) or `relaunch` (a profile on disk, the
browser closed and launched again before each visit: new processes, as a player's visit on
another day). `--linger S` stays S seconds on the page after each visit (a player does; V8
writes its code cache only after 2 s without new optimised code); the CPU is counted before.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.proc_cpu import kind_of, read_stat, thread_stats, tree  # noqa: E402
from tools.browser import CHROMIUM_ARGS, find_chromium  # noqa: E402
from tools.serve import make_server, url_of  # noqa: E402

EXTRA_ARGS: list[str] = []  # --chromium-arg
THREADS: list[int] = []  # --threads N: the N threads that took most of a visit's CPU
KEEP_TRACES: list[Path] = []  # --keep-traces
TICK = os.sysconf("SC_CLK_TCK")
TRACE_CATEGORIES = [
    "v8.wasm",
    "disabled-by-default-v8.wasm.detailed",
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
]
WASM_EVENTS = (
    "v8.wasm.compiledModule",
    "v8.wasm.cachedModule",
    "v8.wasm.moduleCacheHit",
    "v8.wasm.moduleCacheInvalid",
    "v8.wasm.moduleCacheInvalidDigest",
)
# Summed as thread time (ms) by thread: the compile work a code cache saves or costs.
WASM_WORK = ("wasm.CompileLazy", "wasm.ExecuteCompilationUnits", "wasm.Deserialize")


def cpu_now() -> tuple[int, int]:
    """(ticks of every process under this one, ticks of Chromium's ThreadPoolForeground threads
    that are alive now)."""
    total = 0
    pool = 0
    for pid in tree(os.getpid()) - {os.getpid()}:
        stat = read_stat(f"/proc/{pid}/stat")
        if stat is None:
            continue
        total += stat[2]
        pool += sum(t[2] for _, t in thread_stats(pid) if t[0].startswith("ThreadPoolForeg"))
    return total, pool


def threads_now() -> dict[tuple[int, str], tuple[str, int]]:
    """{(pid, tid): ("process kind / thread name", ticks)} of every live thread under this
    process: a visit's CPU by thread is the difference of two of these (threads that ended
    meanwhile are left out, and so is a thread's time before it began)."""
    found: dict[tuple[int, str], tuple[str, int]] = {}
    for pid in tree(os.getpid()) - {os.getpid()}:
        stat = read_stat(f"/proc/{pid}/stat")
        if stat is None:
            continue
        kind = kind_of(pid, stat[0])
        for tid, tstat in thread_stats(pid):
            name = tstat[0].rstrip("0123456789")
            found[(pid, tid)] = (f"{kind} / {name}", tstat[2])
    return found


def by_thread(
    before: dict[tuple[int, str], tuple[str, int]], after: dict[tuple[int, str], tuple[str, int]]
) -> dict[str, float]:
    """The CPU seconds of each thread name between two `threads_now`, the largest first."""
    summed: Counter[str] = Counter()
    for key, (name, ticks) in after.items():
        summed[name] += ticks - before.get(key, (name, 0))[1]
    return {name: round(ticks / TICK, 2) for name, ticks in summed.most_common(THREADS[0])}


def wasm_events(trace_file: Path) -> dict[str, float]:
    """V8's wasm events of a trace by name and thread: the code cache's events counted, the
    compile work summed in milliseconds of thread time."""
    events = json.loads(trace_file.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    threads: dict[tuple[int, int], str] = {}
    for event in events:
        if event.get("ph") == "M" and event.get("name") == "thread_name":
            threads[(event["pid"], event["tid"])] = event["args"]["name"]
    found: Counter[str] = Counter()
    for event in events:
        name = event.get("name", "")
        thread = threads.get((event.get("pid", 0), event.get("tid", 0)), "?")
        if name in WASM_EVENTS:
            found[f"{name}@{thread}"] += 1
        elif name in WASM_WORK and event.get("ph") == "X":
            found[f"{name} ms@{thread}"] += event.get("tdur", event.get("dur", 0)) / 1000
    return {key: round(value, 1) for key, value in sorted(found.items())}


class Tracer:
    """A Chrome trace through CDP (a persistent context has no Browser to trace with)."""

    def __init__(self, page: Page) -> None:
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send(
            "Tracing.start",
            {
                "transferMode": "ReturnAsStream",
                "traceConfig": {"includedCategories": TRACE_CATEGORIES},
            },
        )

    def stop(self) -> bytes:
        done: list[str] = []
        self.cdp.on("Tracing.tracingComplete", lambda event: done.append(event["stream"]))
        self.cdp.send("Tracing.end")
        while not done:
            self.cdp.send("Runtime.evaluate", {"expression": "0"})  # lets the event arrive
        chunks: list[str] = []
        while True:
            part = self.cdp.send("IO.read", {"handle": done[0]})
            chunks.append(part["data"])
            if part.get("eof"):
                break
        self.cdp.send("IO.close", {"handle": done[0]})
        self.cdp.detach()
        return "".join(chunks).encode()


def visit(
    page: Page, url: str, first: bool, trace: Path | None, linger: float
) -> dict[str, object]:
    tracer = Tracer(page) if trace is not None else None
    cpu0, pool0 = cpu_now()
    threads0 = threads_now() if THREADS else {}
    began = time.monotonic()
    page.goto(url)
    page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=120_000)
    ready = time.monotonic() - began
    if first:
        page.locator(
            "#welcome [data-action=play]:visible, [data-new-game=ai]:visible"
        ).first.click()
    page.wait_for_selector("html[data-ai-start]", state="attached", timeout=120_000)
    ai = time.monotonic() - began
    # the AI's worker waits for the page's keeping of the snapshot: both are done here
    cpu1, pool1 = cpu_now()
    threads1 = threads_now() if THREADS else {}
    if linger:
        # a player stays on the page: V8 writes its code cache after 2 s without new top-tier
        # code (wasm_caching_timeout_ms), which a visit that ends at once never reaches
        time.sleep(linger)
    result: dict[str, object] = {
        "ready_s": round(ready, 3),
        "ai_ready_s": round(ai, 3),
        "cpu_s": round((cpu1 - cpu0) / TICK, 2),
        "pool_s": round((pool1 - pool0) / TICK, 2),
        # when the page requested pyodide.asm.wasm and had it whole, from the navigation's start
        "wasm_request_response_end_s": page.evaluate(
            """() => performance.getEntriesByType('resource')
                .filter((e) => e.name.endsWith('/pyodide.asm.wasm'))
                .map((e) => [+(e.startTime / 1000).toFixed(3), +(e.responseEnd / 1000).toFixed(3)])
                .flat()"""
        ),
        "python_start": page.evaluate("document.documentElement.dataset.pythonStart"),
        "ai_start": page.evaluate("document.documentElement.dataset.aiStart"),
    }
    if THREADS:
        result["threads"] = by_thread(threads0, threads1)
    if tracer is not None and trace is not None:
        trace.write_bytes(tracer.stop())
        if KEEP_TRACES:
            Path(KEEP_TRACES[0], trace.name).write_bytes(trace.read_bytes())
        result["wasm"] = dict(sorted(wasm_events(trace).items()))
    return result


def run(
    site: Path, returns: int, mode: str, traced: bool, linger: float
) -> list[dict[str, object]]:
    """`mode`: "context" (Playwright's off-the-record context, one renderer for every visit:
    the tests'), "profile" (a profile on disk, one browser) or "relaunch" (a profile on disk,
    the browser closed and launched again before each visit: new processes, as a player's
    visit on another day; the CPU counted from after the launch)."""
    server = make_server(port=0, directory=site, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = url_of(server)
    executable = find_chromium()
    chromium_args = CHROMIUM_ARGS + EXTRA_ARGS
    results: list[dict[str, object]] = []
    with (
        tempfile.TemporaryDirectory() as scratch,
        tempfile.TemporaryDirectory() as profile,
        sync_playwright() as pw,
    ):

        def open_page() -> tuple[BrowserContext, Page]:
            if mode == "context":
                context = pw.chromium.launch(
                    executable_path=executable, args=chromium_args
                ).new_context()
            else:
                context = pw.chromium.launch_persistent_context(
                    profile, executable_path=executable, args=chromium_args
                )
            return context, context.pages[0] if context.pages else context.new_page()

        context, page = open_page()
        for i in range(returns + 1):
            if i and mode == "relaunch":
                context.close()
                context, page = open_page()
            trace = Path(scratch) / f"trace{i}.json" if traced else None
            result = visit(page, url, i == 0, trace, linger)
            result["visit"] = "first" if i == 0 else f"return {i}"
            print(json.dumps(result), flush=True)
            results.append(result)
        context.close()
    server.shutdown()
    server.server_close()
    return results


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--returns", type=int, default=6)
    parser.add_argument("--mode", choices=("context", "profile", "relaunch"), default="context")
    parser.add_argument("--no-trace", action="store_true")
    parser.add_argument("--linger", type=float, default=0.0, help="seconds on the page after")
    parser.add_argument(
        "--chromium-arg",
        action="append",
        default=[],
        help="one more Chromium argument, e.g. --js-flags=--wasm-caching-timeout-ms=0",
    )
    parser.add_argument("--keep-traces", type=Path, help="a folder for each visit's trace")
    parser.add_argument(
        "--threads", type=int, default=0, help="print each visit's N costliest threads"
    )
    args = parser.parse_args(argv)
    if args.threads:
        THREADS.append(args.threads)
    EXTRA_ARGS.extend(args.chromium_arg)
    if args.keep_traces:
        args.keep_traces.mkdir(parents=True, exist_ok=True)
        KEEP_TRACES.append(args.keep_traces)
    print(f"load average before: {os.getloadavg()}", flush=True)
    results = run(args.site.resolve(), args.returns, args.mode, not args.no_trace, args.linger)
    back = results[1:]
    for key in ("ready_s", "ai_ready_s", "cpu_s", "pool_s"):
        values = [float(str(r[key])) for r in back]
        print(f"return visits, median {key}: {statistics.median(values)}")
    if args.threads:
        names = {name for r in back for name in r["threads"]}  # type: ignore[attr-defined]
        medians = {
            name: statistics.median(r["threads"].get(name, 0.0) for r in back)  # type: ignore[attr-defined]
            for name in names
        }
        print("return visits, median CPU by thread:")
        for name, cpu in sorted(medians.items(), key=lambda item: -item[1]):
            print(f"  {name:60s} {cpu:.2f} s")
    print(f"load average after: {os.getloadavg()}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
