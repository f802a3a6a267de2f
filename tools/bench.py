"""`python build.py bench`: build site/, then time page loads with bench/page_load.py."""

from __future__ import annotations

import os
import sys

from tools.browser import find_chromium
from tools.paths import ROOT, run
from tools.site import build_site


def run_bench(args: list[str]) -> int:
    build_site()
    env = {**os.environ}
    chromium = find_chromium()
    if chromium:
        env["CHROMIUM_PATH"] = chromium
    return run([sys.executable, str(ROOT / "bench" / "page_load.py"), *args], env=env)
