"""Time per move and nodes per second of the AI levels in the page's runtime: Pyodide in Chromium.

    python bench/ai_browser.py [--games 2] [--every 4] [--levels medium,hard] [--site-wheel]
        [--last-placements 12]

Serves `site/` (built by `python build.py`) on 127.0.0.1, opens a blank page of that origin in
headless Chromium (Debian's, through Playwright), loads Pyodide from ./pyodide/pyodide.mjs,
unpacks the engine + AI (by default a zip of the working tree's py/targi, so the figures are for
this code; --site-wheel unpacks the wheel named in site/build.json instead), and times
`decide()` over positions of seeded greedy-vs-greedy games, as bench/ai_speed.py does in CPython.
Each move chosen in the page is checked against the one CPython chooses for the same position and
seed (`--no-check` skips that): a level is deterministic for a seed in both runtimes, or this
bench says where it is not (a search that read floats through a libm that differs by an ulp).

Each move is timed twice: by the wall clock inside Pyodide, and by the CPU time the browser's
renderer processes used meanwhile (read from /proc; Linux only) — what the move costs on an
idle core when the machine is shared, as this one is. `--last-placements N` times the game's
last placement of greedy games 1000 on instead (bench/last_placement.py's positions: where the
expert's end game begins).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import threading
import zipfile
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT))

from ai_speed import positions, print_rows  # noqa: E402
from last_placement import last_placement  # noqa: E402
from targi import Game, save  # noqa: E402

from tools.browser import CHROMIUM_ARGS, find_chromium  # noqa: E402

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


SETUP = """
import json, time
from targi import save
from targi.ai.choose import decide
POSITIONS = [save.decode(text)[0] for text in json.loads(SAVES)]
decide(POSITIONS[0], "easy", seed=99)  # warm up: imports, caches


def one(i, level):
    start = time.perf_counter()
    d = decide(POSITIONS[i], level, seed=i)
    return json.dumps([time.perf_counter() - start, d.nodes, d.move])
"""
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def renderer_cpu(marker: str) -> float:
    """CPU seconds used so far by the renderer processes of the browser started with `marker`."""
    procs: dict[int, tuple[int, str, float]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmd = (entry / "cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        cpu = (int(fields[11]) + int(fields[12])) / TICKS
        procs[int(entry.name)] = (int(fields[1]), cmd, cpu)
    roots = {pid for pid, (_, cmd, _) in procs.items() if marker in cmd}
    total = 0.0
    for ppid, cmd, cpu in procs.values():
        if "--type=renderer" not in cmd:
            continue
        up = ppid
        while up > 1 and up not in roots and up in procs:
            up = procs[up][0]
        if up in roots:
            total += cpu
    return total


def print_check(level: str, pos: list[Game], moves: list[str]) -> None:
    """Whether CPython chooses each move the page chose (the same position, level and seed)."""
    from targi.ai.choose import decide

    differ = [i for i, g in enumerate(pos) if decide(g, level, seed=i).move != moves[i]]
    where = f": positions {differ}" if differ else ""
    print(f"{level}: {len(pos) - len(differ)} of {len(pos)} moves as in CPython{where}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--levels", default="medium,hard")
    parser.add_argument("--site-wheel", action="store_true")
    parser.add_argument("--last-placements", type=int, default=0, metavar="N")
    parser.add_argument("--no-check", action="store_true", help="skip the CPython cross-check")
    parser.add_argument("--chromium", default=find_chromium() or "/usr/bin/chromium")
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

    if args.last_placements:
        found = (last_placement(seed) for seed in range(1000, 1000 + args.last_placements))
        pos = [g for g in found if g is not None]
        print(f"{len(pos)} last placements of greedy games 1000 on; code: {source}")
    else:
        pos = positions(args.games, args.every)
        print(f"{len(pos)} positions from {args.games} greedy-vs-greedy games; code: {source}")
    saves = json.dumps([save.encode(g) for g in pos])

    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        marker = f"--ai-bench-{os.getpid()}"  # an unknown switch: finds this browser in /proc
        browser = pw.chromium.launch(executable_path=args.chromium, args=[*CHROMIUM_ARGS, marker])
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
            f"{'level':11s} {'moves':>5s} {'median':>7s} {'p95':>7s} {'max':>7s}"
            f" | {'searched':>8s} {'median':>7s} {'p95':>7s} {'max':>7s} | {'nodes/s':>8s}"
        )
        page.evaluate(
            """([code, saves]) => {
                window.py.globals.set("SAVES", saves);
                window.py.runPython(code);
            }""",
            [SETUP, saves],
        )
        for level in args.levels.split(","):
            wall: list[float] = []
            cpu: list[float] = []
            nodes: list[int] = []
            moves: list[str] = []
            for i in range(len(pos)):
                before = renderer_cpu(marker)
                seconds, n, move = json.loads(
                    page.evaluate(
                        "([i, level]) => window.py.globals.get('one')(i, level)", [i, level]
                    )
                )
                cpu.append(renderer_cpu(marker) - before)
                wall.append(seconds)
                nodes.append(n)
                moves.append(move)
            print_rows(level, wall, cpu, nodes)
            if not args.no_check:
                print_check(level, pos, moves)
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
