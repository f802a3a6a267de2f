"""Page-load benchmark: time from navigation to a playable table, cold and from the SW cache.

    python build.py bench [--runs N]          (builds site/ first)
    python bench/page_load.py [--runs N] [--url URL]

"Playable" = `html[data-app-state=ready]` and an enabled `[data-new-game]` button, timed inside
the page (performance.now(), i.e. from the start of navigation) by a MutationObserver.
- cold: a new browser context each run (empty HTTP cache, no service worker);
- cached: one context, after its service worker controls the page, reloaded N times (every file
  comes from the service worker's precache), each reload 4 s after the previous load so that
  the AI worker's start-up (just after ready) is not counted against the next load.
Targets (headless Chromium, this machine): <= 4 s cold, <= 2.5 s cached. Prints medians, all
runs, and the size of site/ with its biggest files.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.browser import CHROMIUM_ARGS, find_chromium  # noqa: E402
from tools.paths import SITE  # noqa: E402
from tools.serve import start_background_server, url_of  # noqa: E402
from tools.site import ensure_site  # noqa: E402

TIMEOUT_MS = 120_000
TARGET_COLD_S, TARGET_CACHED_S = 4.0, 2.5
SETTLE_MS = 4_000

# Records the first moment the table is playable, measured from navigation start.
READY_PROBE = """
(() => {
  const mark = () => {
    if (window.__playableAt) return;
    const root = document.documentElement;
    const start = document.querySelector("[data-new-game]:not([disabled])");
    if (root && root.dataset.appState === "ready" && start) {
      window.__playableAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {
    attributes: true, childList: true, subtree: true,
  });
})();
"""


def time_to_playable(page: Page, navigate: str) -> float:
    if navigate == "reload":
        page.reload(wait_until="commit")
    else:
        page.goto(navigate, wait_until="commit")
    page.wait_for_function("() => window.__playableAt", polling=20, timeout=TIMEOUT_MS)
    return page.evaluate("window.__playableAt") / 1000


def new_context(browser: Browser) -> BrowserContext:
    context = browser.new_context()
    context.add_init_script(READY_PROBE)
    return context


def fmt(values: list[float]) -> str:
    return " ".join(f"{v:.2f}" for v in values)


def site_sizes() -> None:
    files = [p for p in SITE.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    print(f"site/: {len(files)} files, {total / 1e6:.2f} MB ({total} bytes)")
    for path in sorted(files, key=lambda p: p.stat().st_size, reverse=True)[:8]:
        print(f"  {path.stat().st_size / 1e6:7.2f} MB  {path.relative_to(SITE)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement (default 5)")
    parser.add_argument("--url", help="bench this URL instead of serving site/ locally")
    args = parser.parse_args()

    server = None
    if args.url:
        url = args.url
    else:
        ensure_site()
        server = start_background_server()
        url = url_of(server)
    executable = find_chromium()
    print(f"page load of {url} in {executable or 'Playwright Chromium'}, {args.runs} runs each")

    cold: list[float] = []
    cached: list[float] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        for _ in range(args.runs):
            context = new_context(browser)
            cold.append(time_to_playable(context.new_page(), url))
            context.close()

        context = new_context(browser)
        page = context.new_page()
        time_to_playable(page, url)
        try:
            page.wait_for_function(
                "() => navigator.serviceWorker.controller !== null", polling=100, timeout=30_000
            )
        except PlaywrightTimeoutError:
            print("no service worker took control within 30 s: no cached figures")
        else:
            for _ in range(args.runs):
                # Let the previous load settle first, as a returning player's would: the
                # computer's worker boots its own Pyodide just after the table is ready.
                page.wait_for_timeout(SETTLE_MS)
                cached.append(time_to_playable(page, "reload"))
        context.close()
        browser.close()
    if server is not None:
        server.shutdown()
        server.server_close()

    cold_median = statistics.median(cold)
    print(f"cold    median {cold_median:.2f} s (target <= {TARGET_COLD_S} s)   runs: {fmt(cold)}")
    if cached:
        cached_median = statistics.median(cached)
        print(
            f"cached  median {cached_median:.2f} s (target <= {TARGET_CACHED_S} s)   "
            f"runs: {fmt(cached)}"
        )
    if not args.url:
        site_sizes()
    return 0


if __name__ == "__main__":
    sys.exit(main())
