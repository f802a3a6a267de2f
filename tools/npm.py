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
# PyScript's entry points. The site ships what they import statically, plus the dynamic chunks
# the page's config makes PyScript load (PYSCRIPT_PLUGINS_OFF turns its optional plugins off,
# and a turned-off "error" plugin still loads its chunk); an editor, terminal, game canvas,
# TOML parser, zip reader or package graph is never loaded by this page, so never shipped.
PYSCRIPT_ENTRIES = ("core.js", "core.css")
PYSCRIPT_PLUGINS_OFF = (
    "codemirror",
    "deprecations-manager",
    "donkey",
    "error",
    "py-editor",
    "py-game",
    "py-terminal",
)
PYSCRIPT_DYNAMIC = ("error",)  # plugin names whose chunk the page still loads


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
    """core.js, core.css, the chunks they import statically, and the plugin chunks in
    PYSCRIPT_DYNAMIC (found in core's plugin table: `error:()=>import("./error-<hash>.js")`)."""
    seen: set[str] = set()
    pending = list(PYSCRIPT_ENTRIES)
    static = re.compile(r"""(?:\bfrom\s*|\bimport\s*)["'`]\./([A-Za-z0-9_.-]+\.(?:js|css))["'`]""")
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        path = PYSCRIPT_DIST / name
        if not path.exists():
            raise SystemExit(f"build.py: PyScript file missing: {path}")
        seen.add(name)
        text = path.read_text(encoding="utf-8")
        pending.extend(static.findall(text))
        for plugin in PYSCRIPT_DYNAMIC:
            chunk = re.compile(
                rf"""["']?{re.escape(plugin)}["']?:\(\)=>import\(["']\./([A-Za-z0-9_.-]+\.js)["']\)"""
            )
            pending.extend(chunk.findall(text))
    missing = [p for p in PYSCRIPT_DYNAMIC if not any(n.startswith(p + "-") for n in seen)]
    if missing:
        raise SystemExit(f"build.py: PyScript's plugin table no longer names {missing}")
    return sorted(seen)


def runtime_manifests() -> list[bytes]:
    """The installed runtime packages' package.json files (part of the build's inputs)."""
    manifests = (NODE_MODULES / package / "package.json" for package in RUNTIME_PACKAGES)
    return [path.read_bytes() for path in manifests if path.exists()]
