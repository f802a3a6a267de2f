#!/usr/bin/env python3
"""Build, serve, test and benchmark the Targi static site.

    python build.py           build site/ (engine wheel, page, Pyodide, PyScript, service worker)
    python build.py serve [--port N] [--no-build]
                              build, then serve site/ on 127.0.0.1 under /targi/
    python build.py test      install what the tests need, build, ruff, mypy, pytest (unit + e2e)
                              on every core (pytest-xdist)
    python build.py test --quick
                              pytest on the engine, AI and page-logic tests only (no browser,
                              no build, no lint; under a minute): the inner loop
    python build.py bench     build, then run bench/page_load.py

The work is done by the package tools/ (one job a module); this file only reads the command.
Standard library only, so a fresh machine needs nothing but Python, Node/npm and (for the tests)
Chromium. See docs/build.md.
"""

from __future__ import annotations

import argparse
import sys

from tools.bench import run_bench
from tools.serve import serve
from tools.site import build_site
from tools.testrun import run_tests


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build site/ (the default)")
    serve_cmd = sub.add_parser("serve", help="build and serve site/ on 127.0.0.1")
    serve_cmd.add_argument("--port", type=int, default=8000, help="0 = any free port")
    serve_cmd.add_argument("--no-build", action="store_true", help="serve site/ as it is")
    sub.add_parser(
        "test",
        help="install test needs, build, ruff, mypy, pytest [pytest args...]; "
        "--quick: only the engine, AI and page-logic tests (no browser, build or lint)",
    )
    sub.add_parser("bench", help="build and run the page-load benchmark [--runs N]")
    argv = sys.argv[1:] if argv is None else argv
    # Everything after `test`/`bench` (e.g. `test -x -k offline`) is passed through as it is.
    if argv and argv[0] == "test":
        return run_tests(argv[1:])
    if argv and argv[0] == "bench":
        return run_bench(argv[1:])
    args = parser.parse_args(argv)
    if args.command == "serve":
        serve(args.port, build=not args.no_build)
    else:
        build_site()
    return 0


if __name__ == "__main__":
    sys.exit(main())
