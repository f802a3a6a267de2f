"""What the loading strip costs while a start waits (issue 23, branch load7).

    python bench/loading_strip.py [--site site] [--rounds 4] [--seconds 3] [--variants a,b]

opens the built site in headless Chromium (the browser tests' launch arguments), keeps a
two-player game, then reloads it again and again with pyodide.asm.wasm held back, so each
reload stays a return visit's loading state: the last table under the slim strip
(`html[data-preview]`), nothing else running. With each variant of the strip's style added
in turn (one round: every variant once, the order rotated each round), it counts the CPU
of every thread under this process for `--seconds` and prints it per second of waiting by
thread, then the medians over the rounds. The variants (added as a style element, so one
site serves them all): `today` (the site as built), `none` (no sweep: the determinate bar
alone), `steps` (the sweep at ~10 frames a second), `delayed` (the sweep waiting 60 s to
begin, off the bar by its own style: what an `animation-delay` costs before it runs) and
`filled` (the same wait, off the bar by a backwards fill of its first keyframe).

The service worker is blocked (so a route can hold the wasm back) and the policy bypassed (for
the added style); the last table is kept in
Cache Storage all the same, so the reload shows it as a return visit does.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

from playwright.sync_api import Route, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.wasm_cache import TICK, threads_now  # noqa: E402
from tools.browser import CHROMIUM_ARGS, find_chromium  # noqa: E402
from tools.serve import make_server, url_of  # noqa: E402

VARIANTS = {
    "today": "",
    "none": ".bar .sweep { display: none !important; }",
    "steps": ".bar .sweep { animation-timing-function: steps(13) !important; }",
    "delayed": ".bar .sweep { animation-delay: 60s !important; transform: translateX(-100%); }",
    "filled": ".bar .sweep { animation-delay: 60s !important;"
    " animation-fill-mode: backwards !important; }",
}
# The threads a frame costs (the renderer's compositor, the GPU process's viz), and the rest.
WATCHED = ("renderer / Compositor", "gpu-process / VizCompositorTh", "renderer / chromium")
KEPT = """async () => {
    const cache = await caches.open('targi-start:' + new URL('./', location.href).pathname);
    return (await cache.match('./__last-table__')) !== undefined;
}"""


Threads = dict[tuple[int, str], tuple[str, int]]  # bench.wasm_cache.threads_now


def per_second(before: Threads, after: Threads, seconds: float) -> dict[str, float]:
    """CPU seconds per second between two samples: every thread's, then each WATCHED kind's."""
    summed: defaultdict[str, int] = defaultdict(int)
    for key, (name, ticks) in after.items():
        summed[name] += ticks - before.get(key, (name, 0))[1]
    found = {"all": sum(summed.values()) / TICK / seconds}
    for watched in WATCHED:
        found[watched] = sum(v for k, v in summed.items() if k.endswith(watched)) / TICK / seconds
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    args = parser.parse_args(argv)
    variants = args.variants.split(",")
    server = make_server(port=0, directory=args.site, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = url_of(server)
    results: defaultdict[str, list[dict[str, float]]] = defaultdict(list)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        page = browser.new_context(service_workers="block", bypass_csp=True).new_page()
        page.goto(url)
        page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=120_000)
        page.locator("#welcome [data-action=play-hotseat]").click()
        page.locator("[data-move]:not([disabled])").first.click()
        page.wait_for_function(KEPT, polling=100, timeout=60_000)
        held: list[Route] = []
        page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
        for round_ in range(args.rounds):
            order = variants[round_ % len(variants) :] + variants[: round_ % len(variants)]
            for name in order:
                page.reload(wait_until="domcontentloaded")
                page.wait_for_selector("html[data-preview=table]", state="attached")
                page.wait_for_function("() => document.querySelector('.sweep') !== null")
                if VARIANTS[name]:
                    page.add_style_tag(content=VARIANTS[name])
                # the reload's own work settles first (the page waits on the held wasm)
                page.wait_for_function("() => new Promise((r) => setTimeout(() => r(true), 500))")
                before = threads_now()
                time.sleep(args.seconds)  # a bench: the strip is measured over wall time
                after = threads_now()
                results[name].append(per_second(before, after, args.seconds))
                print(name, {k: round(v, 3) for k, v in results[name][-1].items()}, flush=True)
                for route in held:
                    with contextlib.suppress(Exception):
                        route.abort()
                held.clear()
        browser.close()
    server.shutdown()
    server.server_close()
    print(f"CPU seconds per second of a held return visit, medians of {args.rounds}:")
    for name in variants:
        medians = {
            key: round(statistics.median(r[key] for r in results[name]), 3)
            for key in results[name][0]
        }
        print(f"  {name:8s} {medians}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
