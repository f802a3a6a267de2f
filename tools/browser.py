"""The browser Playwright drives: the system's Chromium or Chrome, installed with apt if need be.

`playwright install` is never used: its browsers come from a CDN, and the system browser is
what the tests run on here and on GitHub's runners.
"""

from __future__ import annotations

import os
import shutil
import subprocess
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


def has_cjk_fonts() -> bool:
    """fontconfig knows a font for Japanese and one for Simplified Chinese."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return False

    def has(lang: str) -> bool:
        found = subprocess.run([fc_list, f":lang={lang}", "family"], capture_output=True, text=True)
        return bool(found.stdout.strip())

    return has("ja") and has("zh-cn")


def ensure_cjk_fonts() -> None:
    """The page uses system fonts only (docs/i18n.md); a bare Debian has none for Japanese or
    Chinese, so the browser tests of those languages would measure empty boxes. As root with
    apt-get, install Debian's fonts-noto-cjk (the family the page's stacks name for Linux);
    otherwise say so and go on."""
    if has_cjk_fonts():
        return
    apt = shutil.which("apt-get")
    if hasattr(os, "geteuid") and os.geteuid() == 0 and apt:
        log("no CJK fonts; installing Debian's fonts-noto-cjk for the browser tests")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        install = [apt, "install", "-y", "--no-install-recommends", "fonts-noto-cjk"]
        if run(install, env=env) and (run([apt, "update"], env=env) or run(install, env=env)):
            raise SystemExit("build.py: installing fonts-noto-cjk with apt-get failed")
        return
    log("note: no CJK fonts (install fonts-noto-cjk): ja and zh-Hans render as empty boxes")


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
