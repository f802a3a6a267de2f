"""Where things are, and the two helpers every step uses: log a line, run a command."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
WEB = ROOT / "web"
PY = ROOT / "py"
TOOLS = ROOT / "tools"
NODE_MODULES = ROOT / "node_modules"
# The sub-path the local server and the tests serve the site under, as GitHub Pages serves a
# project site: it proves every URL of the site is relative.
SUBPATH = "/targi/"


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(command: list[str], echo: bool = True, **kwargs: Any) -> int:
    """Run a command in the repository root, echoing it first (unless told not to); returns
    its exit code."""
    if echo:
        log("$ " + " ".join(command))
    return subprocess.run(command, cwd=ROOT, **kwargs).returncode
