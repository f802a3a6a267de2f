"""Time per move and nodes per second of the AI levels in the page's runtime: Pyodide in Chromium.

    python bench/ai_browser.py [--games 2] [--every 4] [--levels medium,hard] [--site-wheel]

Serves `site/` (built by `python build.py`) on 127.0.0.1, opens a blank page of that origin in
headless Chromium (Debian's, through Playwright), loads Pyodide from ./pyodide/pyodide.mjs,
unpacks the engine + AI (by default a zip of the working tree's py/targi, so the figures are for
this code; --site-wheel unpacks the wheel named in site/build.json instead), and times
`decide()` over positions of seeded greedy-vs-greedy games, as bench/ai_speed.py does in CPython.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import sys
import threading
import zipfile
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from ai_speed import percentile, positions  # noqa: E402
from targi import save  # noqa: E402

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
BLANK = b"<!doctype html><meta charset=utf-8><title>AI bench</title>"


def tree_zip() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted((ROOT / "py" / "targi").rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                z.write(path, path.relative_to(ROOT / "py").as_posix())
    return buf.getvalue()


class Handler(SimpleHTTPRequestHandler):
    extra: dict[str, tuple[bytes, str]] = {}

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        if self.path in self.extra:
            body, kind = self.extra[self.path]
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, *args: object) -> None:
        pass


RUN = """
import json, time
from targi import save
from targi.ai.choose import decide
decide(save.decode(json.loads(SAVES)[0])[0], LEVEL, seed=99)  # warm up: imports, caches
out = []
for i, text in enumerate(json.loads(SAVES)):
    g, _ = save.decode(text)
    start = time.perf_counter()
    d = decide(g, LEVEL, seed=i)
    out.append([time.perf_counter() - start, d.nodes])
json.dumps(out)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--levels", default="medium,hard")
    parser.add_argument("--site-wheel", action="store_true")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"))
    args = parser.parse_args()
    site = ROOT / "site"
    if not (site / "pyodide" / "pyodide.mjs").exists():
        print("site/ is not built: run `python build.py` first", file=sys.stderr)
        return 2
    if args.site_wheel:
        wheel = json.loads((site / "build.json").read_text())["wheel"]
        archive, source = (site / wheel).read_bytes(), wheel
    else:
        archive, source = tree_zip(), "working tree py/targi"
    Handler.extra = {
        "/__bench__/blank.html": (BLANK, "text/html"),
        "/__bench__/targi.zip": (archive, "application/zip"),
    }
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"

    pos = positions(args.games, args.every)
    saves = json.dumps([save.encode(g) for g in pos])
    print(f"{len(pos)} positions from {args.games} greedy-vs-greedy games; code: {source}")

    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.route(
            "**/*",
            lambda route: (
                route.continue_() if route.request.url.startswith(base) else route.abort()
            ),
        )
        page.goto(base + "__bench__/blank.html")
        version = page.evaluate(
            """async (base) => {
                const { loadPyodide } = await import(base + "pyodide/pyodide.mjs");
                const py = await loadPyodide({ indexURL: base + "pyodide/" });
                const buf = await (await fetch(base + "__bench__/targi.zip")).arrayBuffer();
                py.unpackArchive(buf, "zip", { extractDir: "/home/pyodide/bench" });
                py.runPython("import sys; sys.path.insert(0, '/home/pyodide/bench')");
                window.py = py;
                return py.runPython("import sys; sys.version.split()[0]");
            }""",
            base,
        )
        print(f"Pyodide's Python {version} in {browser.version}")
        print(
            f"{'level':7s} {'moves':>5s} {'median':>7s} {'p95':>7s} {'max':>7s}"
            f" | {'searched':>8s} {'median':>7s} {'p95':>7s} {'max':>7s} | {'nodes/s':>8s}"
        )
        for level in args.levels.split(","):
            rows = json.loads(
                page.evaluate(
                    """([code, saves, level]) => {
                        window.py.globals.set("SAVES", saves);
                        window.py.globals.set("LEVEL", level);
                        return window.py.runPython(code);
                    }""",
                    [RUN, saves, level],
                )
            )
            times = [t for t, _ in rows]
            searched = [t for t, n in rows if n]
            nodes = sum(n for _, n in rows)
            rate = nodes / sum(searched) if searched else 0.0
            print(
                f"{level:7s} {len(times):5d} {statistics.median(times):7.3f}"
                f" {percentile(times, 0.95):7.3f} {max(times):7.3f}"
                f" | {len(searched):8d} {statistics.median(searched):7.3f}"
                f" {percentile(searched, 0.95):7.3f} {max(searched):7.3f} | {rate:8,.0f}",
                flush=True,
            )
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
