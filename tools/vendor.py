"""The wheels a friend game installs on first use, vendored into site/wheels/friend/.

`targi.friend` needs `ecdsa` and `six` (pinned in pyproject.toml's `friend` extra); the page
installs them with micropip, which the npm `pyodide` package does not ship (its lock file names
micropip and packaging, but their wheels live only on Pyodide's CDN). So all four come from PyPI
at build time through pip, into a cache outside the repository, and each is checked against the
sha256 pinned here before it is copied: a changed or swapped file stops the build.

None of them is precached by the service worker: a player who never plays a friend downloads
nothing more (the worker caches them when the page first fetches them: docs/build.md).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

from tools.paths import log

FOLDER = "wheels/friend"
# micropip and packaging first: the page unpacks them itself, then micropip installs the rest.
# micropip 0.11.1 and packaging 26.1 are the versions pyodide-lock.json names for Pyodide 314.0.7.
BOOTSTRAP = {
    "micropip-0.11.1-py3-none-any.whl": (
        "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
    ),
    "packaging-26.1-py3-none-any.whl": (
        "5d9c0669c6285e491e0ced2eee587eaf67b670d94a19e94e3984a481aba6802f"
    ),
}
# The friend extra's wheels (the same versions as pyproject.toml and requirements-test.txt).
FRIEND = {
    "ecdsa-0.19.2-py2.py3-none-any.whl": (
        "840f5dc5e375c68f36c1a7a5b9caad28f95daa65185c9253c0c08dd952bb7399"
    ),
    "six-1.17.0-py2.py3-none-any.whl": (
        "4721f391ed90541fddacab5acf947aa0d3dc7d27b2e1e8eda2be8970586c3274"
    ),
}
PINNED = {**BOOTSTRAP, **FRIEND}
# The Python the wheels are fetched for: Pyodide 314's, not the build's (micropip 0.11 asks
# for Python ≥ 3.13).
TARGET_PYTHON = "3.14"


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "targi" / "wheels"


def requirement(filename: str) -> str:
    """ecdsa-0.19.2-py2.py3-none-any.whl -> ecdsa==0.19.2"""
    name, version = filename.split("-")[:2]
    return f"{name}=={version}"


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _download(missing: list[str], cache: Path) -> None:
    cache.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:"]
    command += ["--python-version", TARGET_PYTHON, "--dest", str(cache)]
    command += [requirement(name) for name in missing]
    log("downloading " + ", ".join(missing))
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"build.py: pip could not download {missing}:\n{done.stderr[-2000:]}")


def fetch_wheels(cache: Path | None = None) -> dict[str, Path]:
    """Every pinned wheel, in the cache and checked: {filename: path}."""
    cache = cache or cache_dir()
    missing = [name for name, digest in PINNED.items() if not _good(cache / name, digest)]
    if missing:
        _download(missing, cache)
    for name, digest in PINNED.items():
        path = cache / name
        if not path.is_file():
            raise SystemExit(f"build.py: pip did not give {name}")
        if sha256(path) != digest:
            raise SystemExit(f"build.py: {name} has sha256 {sha256(path)}, pinned {digest}")
    return {name: cache / name for name in PINNED}


def _good(path: Path, digest: str) -> bool:
    return path.is_file() and sha256(path) == digest


def vendor(scratch: Path) -> dict[str, list[str]]:
    """Copy the wheels into scratch/wheels/friend/; their site paths, as build.json lists them."""
    target = scratch / FOLDER
    target.mkdir(parents=True, exist_ok=True)
    for name, path in fetch_wheels().items():
        shutil.copyfile(path, target / name)
    return {
        "bootstrap": [f"{FOLDER}/{name}" for name in BOOTSTRAP],
        "wheels": [f"{FOLDER}/{name}" for name in FRIEND],
    }
