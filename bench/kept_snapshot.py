"""What checking the kept interpreter snapshot costs a start (issue 23, branch boot6)

    python bench/kept_snapshot.py [--site site] [--rounds 8]

A start that finds this build's snapshot in Cache Storage reads it, hashes it with SHA-256
against the entry's header and hands Pyodide the memory (web/snapshot.mjs checkSnapshot): on
the page, and again in the AI's worker when it starts. This opens the built site once (a first
visit, whose page keeps the snapshot as the memory's runs that are not zero), puts beside that
entry the whole memory it lays out (the form kept before branch boot6), then, in rounds, times
both checks in the page with the site's own code: "whole" (read 31 MB, SHA-256 of it) and
"runs" (read ~15 MB, SHA-256 of it, laid out into the memory: web/shipped.mjs layRuns), the
order alternating from round to round. For each it prints the wall time in the page and the
CPU of every process under this one (Chromium's browser, renderer, GPU, network; /proc), and
at the end their medians and the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.proc_cpu import read_stat, tree  # noqa: E402
from tools.browser import CHROMIUM_ARGS, find_chromium  # noqa: E402
from tools.serve import make_server, url_of  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")
CACHE = "caches.open('targi-start:' + new URL('./', location.href).pathname)"

# The page's kept entry (runs) laid out and put beside it, with its own SHA-256, as "whole".
PUT_WHOLE = f"""async () => {{
    const {{ layRuns, sha256 }} = await import(new URL('web/shipped.mjs', location.href).href);
    const cache = await {CACHE};
    const hit = await cache.match('./__snapshot__');
    if (!hit) return null;
    const packed = new Uint8Array(await hit.arrayBuffer());
    const memory = layRuns(packed);
    const headers = {{'x-targi-sha256': await sha256(memory)}};
    await cache.put('./__whole__', new Response(memory, {{headers}}));
    return [packed.length, memory.length];
}}"""

# One start's check of the entry `name`, as web/snapshot.mjs makes it; its wall time in ms.
CHECK = f"""async (name) => {{
    const {{ layRuns, sha256 }} = await import(new URL('web/shipped.mjs', location.href).href);
    const began = performance.now();
    const hit = await (await {CACHE}).match(name);
    const bytes = new Uint8Array(await hit.arrayBuffer());
    if ((await sha256(bytes)) !== hit.headers.get('x-targi-sha256')) throw new Error('hash');
    const memory = layRuns(bytes);
    if (memory.length < 30e6) throw new Error('not the memory');
    return performance.now() - began;
}}"""

ENTRIES = {"whole": "./__whole__", "runs": "./__snapshot__"}


def cpu_ticks() -> int:
    total = 0
    for pid in tree(os.getpid()) - {os.getpid()}:
        stat = read_stat(f"/proc/{pid}/stat")
        if stat is not None:
            total += stat[2]
    return total


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args(argv)
    print(f"load average before: {os.getloadavg()}", flush=True)
    server = make_server(port=0, directory=args.site.resolve(), quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in ENTRIES}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        page = browser.new_context().new_page()
        page.goto(url_of(server))
        page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=120_000)
        sizes = None
        while sizes is None:  # the page's worker keeps the snapshot once the table is up
            time.sleep(0.2)
            sizes = page.evaluate(PUT_WHOLE)
        print(f"kept entry (runs) {sizes[0]} bytes, the memory {sizes[1]} bytes", flush=True)
        for round_ in range(args.rounds):
            order = list(ENTRIES) if round_ % 2 == 0 else list(reversed(ENTRIES))
            for name in order:
                before = cpu_ticks()
                wall = float(page.evaluate(CHECK, ENTRIES[name]))
                cpu = (cpu_ticks() - before) / TICK
                results[name].append((wall, cpu))
                print(json.dumps({"round": round_, name: [round(wall), round(cpu, 2)]}))
        browser.close()
    server.shutdown()
    server.server_close()
    for name, pairs in results.items():
        wall = statistics.median(w for w, _ in pairs)
        cpu = statistics.median(c for _, c in pairs)
        print(f"{name}: median wall {wall:.0f} ms, CPU of all processes {cpu:.3f} s")
    print(f"load average after: {os.getloadavg()}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
