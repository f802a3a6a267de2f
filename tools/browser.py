"""The browser Playwright drives: the system's Chromium or Chrome, installed with apt if need be.

`playwright install` is never used: its browsers come from a CDN, and the system browser is
what the tests run on here and on GitHub's runners.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from tools.paths import log, run

# Ubuntu's chromium-browser may be a shim for a snap that is not installed, so Chrome (as on
# GitHub's runners) comes before it.
CHROMIUM_CANDIDATES = (
    "/usr/bin/chromium",
    "chromium",
    "google-chrome",
    "google-chrome-stable",
    "chromium-browser",
)

# How Playwright launches it here: as root (no sandbox), headless without a GPU, and without
# the background connections the closed network here would refuse by the dozen.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def find_chromium() -> str | None:
    """The browser for Playwright: $CHROMIUM_PATH, else Debian Chromium, else Google Chrome."""
    configured = os.environ.get("CHROMIUM_PATH")
    if configured:
        return configured if Path(configured).is_file() else None
    for candidate in CHROMIUM_CANDIDATES:
        found = shutil.which(candidate)
        if found:
            return found
    return None


def ensure_chromium() -> str:
    """find_chromium(), else (as root, with apt-get) install Debian's chromium, else stop."""
    found = find_chromium()
    if found:
        log(f"browser: {found}")
        return found
    apt = shutil.which("apt-get")
    if hasattr(os, "geteuid") and os.geteuid() == 0 and apt:
        log("no Chromium found; installing Debian's chromium package")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        if run([apt, "update"], env=env) or run([apt, "install", "-y", "chromium"], env=env):
            raise SystemExit("build.py: installing chromium with apt-get failed")
        found = find_chromium()
        if found:
            return found
    raise SystemExit(
        "build.py: no Chromium or Chrome found for the browser tests.\n"
        "  Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to a\n"
        "  Chromium/Chrome binary, then run `python build.py test` again."
    )
