"""The browser runtime from npm, pinned by package-lock.json: Pyodide and PyScript."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

from tools.paths import NODE_MODULES, ROOT, log

PYODIDE_DIR = NODE_MODULES / "pyodide"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
RUNTIME_PACKAGES = ("pyodide", "@pyscript/core")
# Test-only packages (devDependencies): installed by the same `npm ci`, never copied into site/.
# axe-core is injected into the page by the e2e accessibility checks (tests/e2e/axe.py).
TEST_PACKAGES = ("axe-core",)
AXE_SOURCE = NODE_MODULES / "axe-core" / "axe.min.js"

# The Pyodide files the page loads. The npm package also holds Node-only files, a console
# page and source maps, none of which the site needs.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# PyScript's entry points; every chunk they import (statically or lazily) is added by
# following their relative imports, so a new PyScript build cannot silently miss one.
PYSCRIPT_ENTRIES = ("core.js", "core.css")


def _lock_versions() -> dict[str, str]:
    lock = json.loads((ROOT / "package-lock.json").read_text())
    packages = lock.get("packages", {})
    return {
        path.removeprefix("node_modules/"): meta["version"]
        for path, meta in packages.items()
        if path.startswith("node_modules/") and "version" in meta
    }


def node_modules_match_lock() -> bool:
    if not (ROOT / "package-lock.json").exists():
        return False
    for package in RUNTIME_PACKAGES + TEST_PACKAGES:
        manifest = NODE_MODULES / package / "package.json"
        wanted = _lock_versions().get(package)
        if not manifest.exists() or json.loads(manifest.read_text()).get("version") != wanted:
            return False
    return True


def ensure_node_modules(force_ci: bool = False) -> None:
    """Install the pinned Pyodide, PyScript (and axe-core for the tests) from the npm registry
    when they are missing."""
    if node_modules_match_lock() and not force_ci:
        return
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("build.py: npm not found; install Node.js 20 (with npm) and retry")
    lock_exists = (ROOT / "package-lock.json").exists()
    command = [npm, "ci" if lock_exists else "install", "--no-audit", "--no-fund"]
    log("running " + " ".join(command[1:]))
    subprocess.run(command, cwd=ROOT, check=True)


def pyscript_files() -> list[str]:
    """core.js, core.css and every chunk reachable from them through relative imports."""
    seen: set[str] = set()
    pending = list(PYSCRIPT_ENTRIES)
    reference = re.compile(r"""["'`]\./([A-Za-z0-9_.-]+\.(?:js|css))["'`]""")
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        path = PYSCRIPT_DIST / name
        if not path.exists():
            raise SystemExit(f"build.py: PyScript file missing: {path}")
        seen.add(name)
        pending.extend(reference.findall(path.read_text(encoding="utf-8")))
    return sorted(seen)


def runtime_manifests() -> list[bytes]:
    """The installed runtime packages' package.json files (part of the build's inputs)."""
    manifests = (NODE_MODULES / package / "package.json" for package in RUNTIME_PACKAGES)
    return [path.read_bytes() for path in manifests if path.exists()]
