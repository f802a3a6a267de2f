#!/usr/bin/env python3
"""Build, serve, test and benchmark the Targi static site.

    python build.py           build site/ (engine wheel, page, Pyodide, PyScript, service worker)
    python build.py serve [--port N] [--no-build]
                              build, then serve site/ on 127.0.0.1 under /targi/
    python build.py test      install what the tests need, build, ruff, pytest (unit + e2e)
    python build.py bench     build, then run bench/page_load.py

Standard library only, so a fresh machine needs nothing but Python, Node/npm and (for the tests)
Chromium. See docs/build.md.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import csv
import fcntl
import hashlib
import http.server
import io
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tomllib
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "site"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_DIR = NODE_MODULES / "pyodide"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"

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
PY_FILES_LIST = "web/py-files.txt"
# Zip timestamps are fixed so the same sources always give a byte-identical wheel and hence
# the same site version.
ZIP_DATE = (2012, 1, 1, 0, 0, 0)
SUBPATH = "/targi/"

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".css": "text/css",
    ".html": "text/html",
    ".png": "image/png",
    ".txt": "text/plain",
    ".py": "text/plain",
    ".csv": "text/csv",
}


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


# --------------------------------------------------------------------------- the wheel


def project_metadata() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as fh:
        return tomllib.load(fh)


def _record_hash(data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def _package_files(pyproject: dict[str, Any]) -> list[tuple[str, Path]]:
    """(path inside the wheel, source file) for every module and package-data file."""
    setuptools_cfg = pyproject.get("tool", {}).get("setuptools", {})
    package_root = ROOT / setuptools_cfg.get("package-dir", {}).get("", ".")
    package_data: dict[str, list[str]] = setuptools_cfg.get("package-data", {})
    files: list[tuple[str, Path]] = []
    for init in sorted(package_root.rglob("__init__.py")):
        package_dir = init.parent
        if "__pycache__" in package_dir.parts:
            continue
        package = package_dir.relative_to(package_root).as_posix().replace("/", ".")
        for module in sorted(package_dir.glob("*.py")):
            files.append((module.relative_to(package_root).as_posix(), module))
        for pattern in package_data.get(package, []):
            for data_file in sorted(package_dir.glob(pattern)):
                if data_file.is_file():
                    files.append((data_file.relative_to(package_root).as_posix(), data_file))
    return files


def _metadata_text(project: dict[str, Any]) -> str:
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
    ]
    if "description" in project:
        lines.append(f"Summary: {project['description']}")
    if "requires-python" in project:
        lines.append(f"Requires-Python: {project['requires-python']}")
    for requirement in project.get("dependencies", []):
        lines.append(f"Requires-Dist: {requirement}")
    return "\n".join(lines) + "\n"


def build_wheel(dest_dir: Path) -> Path:
    """Write the engine wheel (pure Python, no dependencies) with zipfile.

    Writing it directly keeps the build offline, fast and byte-reproducible; the build tests
    install it with pip to prove it is a valid wheel.
    """
    pyproject = project_metadata()
    project = pyproject["project"]
    if project.get("dependencies"):
        # A dependency would make the page ask PyPI for it at start-up and hang offline.
        raise SystemExit("build.py: the engine wheel must have no dependencies")
    name = re.sub(r"[-_.]+", "_", project["name"]).lower()
    version = project["version"]
    dist_info = f"{name}-{version}.dist-info"
    entries: list[tuple[str, bytes]] = [
        (arcname, source.read_bytes()) for arcname, source in _package_files(pyproject)
    ]
    if not entries:
        raise SystemExit("build.py: no Python package found for the wheel")
    entries.append((f"{dist_info}/METADATA", _metadata_text(project).encode()))
    wheel_text = (
        "Wheel-Version: 1.0\nGenerator: targi-build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    entries.append((f"{dist_info}/WHEEL", wheel_text.encode()))
    scripts: dict[str, str] = project.get("scripts", {})
    if scripts:
        body = "[console_scripts]\n" + "".join(f"{k} = {v}\n" for k, v in sorted(scripts.items()))
        entries.append((f"{dist_info}/entry_points.txt", body.encode()))
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for arcname, data in entries:
        writer.writerow([arcname, _record_hash(data), len(data)])
    writer.writerow([f"{dist_info}/RECORD", "", ""])
    entries.append((f"{dist_info}/RECORD", record.getvalue().encode()))

    dest_dir.mkdir(parents=True, exist_ok=True)
    wheel_path = dest_dir / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel_path, "w", compression=zipfile.ZIP_DEFLATED) as wheel:
        for arcname, data in entries:
            info = zipfile.ZipInfo(arcname, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            wheel.writestr(info, data)
    return wheel_path


# --------------------------------------------------------------------------- npm runtime


def _lock_versions() -> dict[str, str]:
    lock = json.loads((ROOT / "package-lock.json").read_text())
    packages = lock.get("packages", {})
    return {
        path.removeprefix("node_modules/"): meta["version"]
        for path, meta in packages.items()
        if path.startswith("node_modules/") and "version" in meta
    }


def node_modules_match_lock() -> bool:
    lock_file = ROOT / "package-lock.json"
    if not lock_file.exists():
        return False
    for package in ("pyodide", "@pyscript/core"):
        manifest = NODE_MODULES / package / "package.json"
        wanted = _lock_versions().get(package)
        if not manifest.exists() or json.loads(manifest.read_text()).get("version") != wanted:
            return False
    return True


def ensure_node_modules(force_ci: bool = False) -> None:
    """Install the pinned Pyodide and PyScript from the npm registry when they are missing."""
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


# --------------------------------------------------------------------------- the site


def _files_under(root: Path) -> Iterator[Path]:
    """Files below root, without caches and hidden files (editor swap files, .DS_Store)."""
    for path in sorted(root.rglob("*")):
        parts = path.relative_to(root).parts
        if (
            path.is_file()
            and "__pycache__" not in parts
            and path.suffix != ".pyc"
            and not any(part.startswith(".") for part in parts)
        ):
            yield path


def py_files(web_root: Path) -> list[str]:
    """Site-relative paths of PAGE's Python modules listed in web/py-files.txt."""
    listing = web_root / "py-files.txt"
    if not listing.exists():
        return []
    paths = []
    for line in listing.read_text(encoding="utf-8").splitlines():
        entry = line.strip()
        if not entry or entry.startswith("#"):
            continue
        entry = entry.removeprefix("./")
        if not (web_root.parent / entry).is_file():
            raise SystemExit(f"build.py: {PY_FILES_LIST} lists a missing file: {entry}")
        paths.append(entry)
    return paths


def pyscript_config(wheel_rel: str, modules: Iterable[str]) -> dict[str, Any]:
    files = {f"./{wheel_rel}": "./*"}
    for module in modules:
        # web/foo.py becomes ./foo.py in the interpreter's working directory (on sys.path);
        # sub-folders of web/ keep their shape so packages stay importable.
        files[f"./{module}"] = "./" + module.removeprefix("web/")
    return {"interpreter": "./pyodide/pyodide.mjs", "files": files}


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def content_version(site: Path, files: list[str]) -> str:
    digest = hashlib.sha256()
    for rel in sorted(files):
        digest.update(rel.encode() + b"\0" + _sha256(site / rel).encode() + b"\n")
    return digest.hexdigest()[:16]


SW_TEMPLATE = """\
// Generated by build.py: precaches every file of this site build, so that after one visit the
// game loads and plays with no network. Paths are relative to the worker's scope, so the site
// works under any sub-path (GitHub Pages project sites).
const VERSION = "__VERSION__";
const FILES = __FILES__;
// Sites on one origin (user.github.io/a/, user.github.io/b/) share CacheStorage: cache names
// carry the scope so each site only ever deletes its own old versions.
const PREFIX = "targi:" + self.registration.scope + ":";
const CACHE = PREFIX + VERSION;
const scoped = (path) => new URL(path, self.registration.scope).href;
const REVALIDATE = { cache: "no-cache" };

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // cache: "no-cache" revalidates every file with the server (never a stale copy in a new
      // version) while files the page has just downloaded come back as cheap 304s.
      .then((cache) => cache.addAll(FILES.map((f) => new Request(scoped(f), REVALIDATE))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  const navigate = request.mode === "navigate";
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(request, { ignoreSearch: navigate });
      if (hit) {
        return hit;
      }
      try {
        return await fetch(request);
      } catch (error) {
        // Offline navigation to any URL of the site (e.g. index.html?x) gets the page.
        const page = navigate ? await cache.match(scoped("./")) : undefined;
        if (page) {
          return page;
        }
        throw error;
      }
    }),
  );
});
"""


def service_worker(version: str, files: list[str]) -> str:
    # "./" is the URL people open; it is cached as its own entry next to index.html.
    listing = json.dumps(["./", *files], indent=2)
    return SW_TEMPLATE.replace("__VERSION__", version).replace("__FILES__", listing)


def source_fingerprint() -> str:
    """A hash of everything the build reads, to tell whether site/ is stale."""
    digest = hashlib.sha256()
    inputs: list[Path] = [ROOT / "build.py", ROOT / "pyproject.toml", ROOT / "index.html"]
    inputs += [ROOT / "package-lock.json"]
    inputs += list(_files_under(ROOT / "web")) if (ROOT / "web").is_dir() else []
    inputs += list(_files_under(ROOT / "py"))
    for path in inputs:
        if path.is_file():
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
            digest.update(_sha256(path).encode())
    for package in ("pyodide", "@pyscript/core"):
        manifest = NODE_MODULES / package / "package.json"
        if manifest.exists():
            digest.update(manifest.read_bytes())
    return digest.hexdigest()[:16]


def site_is_stale(site: Path = SITE) -> bool:
    info = site / "build.json"
    if not info.exists() or not (site / "sw.js").exists():
        return True
    try:
        recorded = json.loads(info.read_text()).get("source")
    except ValueError:
        return True
    return recorded != source_fingerprint()


@contextlib.contextmanager
def _build_lock(site: Path) -> Iterator[None]:
    """One build of `site` at a time (several test sessions may start together)."""
    site.parent.mkdir(parents=True, exist_ok=True)
    with site.with_name(site.name + ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def build_site(site: Path = SITE, *, quiet: bool = False) -> dict[str, Any]:
    """Assemble the static site in a scratch folder, then swap it in place of `site`."""
    with _build_lock(site):
        return _build_site(site, quiet)


def _build_site(site: Path, quiet: bool) -> dict[str, Any]:
    ensure_node_modules()
    say = (lambda _m: None) if quiet else log
    if not (ROOT / "index.html").exists():
        raise SystemExit("build.py: index.html is missing")
    scratch = site.with_name(f"{site.name}.tmp-{os.getpid()}")
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)

    shutil.copy2(ROOT / "index.html", scratch / "index.html")
    web = ROOT / "web"
    if web.is_dir():
        for path in _files_under(web):
            target = scratch / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
    (scratch / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_DIR / name, scratch / "pyodide" / name)
    (scratch / "pyscript").mkdir()
    for name in pyscript_files():
        shutil.copy2(PYSCRIPT_DIST / name, scratch / "pyscript" / name)
    wheel = build_wheel(scratch / "wheels")
    wheel_rel = wheel.relative_to(scratch).as_posix()
    say(f"wheel {wheel_rel}")

    modules = py_files(web) if web.is_dir() else []
    config = pyscript_config(wheel_rel, modules)
    (scratch / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n")

    files = sorted(p.relative_to(scratch).as_posix() for p in _files_under(scratch))
    version = content_version(scratch, files)
    # build.json is listed (and precached) too: the AI worker reads the wheel name from it.
    files = sorted([*files, "build.json"])
    info = {
        "version": version,
        "wheel": wheel_rel,
        "files": files,
        "source": source_fingerprint(),
    }
    (scratch / "build.json").write_text(json.dumps(info, indent=2) + "\n")
    (scratch / "sw.js").write_text(service_worker(version, files))

    old = site.with_name(f"{site.name}.old-{os.getpid()}")
    shutil.rmtree(old, ignore_errors=True)
    if site.exists():
        site.rename(old)
    scratch.rename(site)
    shutil.rmtree(old, ignore_errors=True)
    total = sum(p.stat().st_size for p in _files_under(site))
    say(f"built {site} version {version}: {len(files) + 1} files, {total / 1e6:.1f} MB")
    return info


def ensure_site() -> None:
    """Build site/ when it is missing or older than its sources (used by the test fixtures)."""
    with _build_lock(SITE):
        if site_is_stale():
            _build_site(SITE, quiet=False)


# --------------------------------------------------------------------------- icons

ICON_DIR = ROOT / "web" / "icons"
SKY_TOP, SKY_LOW = (0xC9, 0x4F, 0x2C), (0xF4, 0xB8, 0x62)
SUN = (0xFD, 0xE9, 0xB0)
BACK_DUNE, FRONT_DUNE = (0xDB, 0x98, 0x4C), (0xB3, 0x66, 0x2B)
TENT, TENT_DOOR = (0x4A, 0x22, 0x18), (0xF6, 0xCF, 0x86)


def _in_triangle(x: float, y: float, apex: tuple[float, float], half: float, base: float) -> bool:
    if not apex[1] <= y <= base:
        return False
    spread = half * (y - apex[1]) / (base - apex[1])
    return abs(x - apex[0]) <= spread


def _scene(x: float, y: float) -> tuple[int, int, int]:
    """The icon: a Tuareg tent on the dunes under a low sun (unit square, y downwards)."""
    t = min(y / 0.75, 1.0)
    colour = (
        round(SKY_TOP[0] + (SKY_LOW[0] - SKY_TOP[0]) * t),
        round(SKY_TOP[1] + (SKY_LOW[1] - SKY_TOP[1]) * t),
        round(SKY_TOP[2] + (SKY_LOW[2] - SKY_TOP[2]) * t),
    )
    if (x - 0.69) ** 2 + (y - 0.33) ** 2 <= 0.12**2:
        colour = SUN
    if y >= 0.63 + 0.045 * math.sin(2 * math.pi * (1.1 * x + 0.15)):
        colour = BACK_DUNE
    if _in_triangle(x, y, (0.40, 0.38), 0.23, 0.74):
        colour = TENT
    if _in_triangle(x, y, (0.40, 0.53), 0.065, 0.74):
        colour = TENT_DOOR
    if y >= 0.76 + 0.06 * math.sin(2 * math.pi * (0.8 * x + 0.55)):
        colour = FRONT_DUNE
    return colour


def _png(width: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, len(rows), 8, 6, 0, 0, 0)  # 8-bit RGBA
    raw = b"".join(b"\0" + row for row in rows)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def draw_icon(size: int, maskable: bool) -> bytes:
    """RGBA PNG of the scene, 3x3 supersampled. The plain icon has rounded corners; the
    maskable one is full-bleed with the tent and sun inside the central safe circle."""
    samples = [(i + 0.5) / 3 for i in range(3)]
    corner = 0.2
    rows = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            r = g = b = a = 0
            for sy in samples:
                for sx in samples:
                    x, y = (px + sx) / size, (py + sy) / size
                    if not maskable:
                        cx = min(max(x, corner), 1 - corner)
                        cy = min(max(y, corner), 1 - corner)
                        if (x - cx) ** 2 + (y - cy) ** 2 > corner**2:
                            continue
                    cr, cg, cb = _scene(x, y)
                    r, g, b, a = r + cr, g + cg, b + cb, a + 1
            if a:
                row += bytes((round(r / a), round(g / a), round(b / a), round(255 * a / 9)))
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return _png(size, rows)


FAVICON_SVG = """\
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#c94f2c"/><stop offset="0.75" stop-color="#f4b862"/>
    </linearGradient>
  </defs>
  <rect width="100" height="100" rx="20" fill="url(#sky)"/>
  <circle cx="69" cy="33" r="12" fill="#fde9b0"/>
  <path d="M0 64 C20 58 40 60 60 67 S90 66 100 62 V100 H0Z" fill="#db984c"/>
  <path d="M17 74 L40 38 L63 74Z" fill="#4a2218"/>
  <path d="M33.5 74 L40 53 L46.5 74Z" fill="#f6cf86"/>
  <path d="M0 80 C25 70 50 74 70 80 S95 84 100 80 V100 H0Z" fill="#b3662b"/>
</svg>
"""


def write_icons() -> None:
    """Regenerate web/icons/ (committed; run after changing the drawing)."""
    ICON_DIR.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (ICON_DIR / f"icon-{size}.png").write_bytes(draw_icon(size, maskable=False))
        (ICON_DIR / f"icon-maskable-{size}.png").write_bytes(draw_icon(size, maskable=True))
    (ICON_DIR / "favicon.svg").write_text(FAVICON_SVG)
    log(f"wrote icons to {ICON_DIR}")


# --------------------------------------------------------------------------- serving


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder under a URL prefix, as GitHub Pages serves a project site."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    prefix = SUBPATH
    quiet = False

    def send_head(self) -> Any:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path + "/" == self.prefix or (path == "/" and self.prefix != "/"):
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if not path.startswith(self.prefix):
            self.send_error(404, "Not under " + self.prefix)
            return None
        return super().send_head()

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0].split("#", 1)[0]
        return super().translate_path("/" + path.removeprefix(self.prefix))

    def end_headers(self) -> None:
        # Revalidate every time, like a fresh deploy: the service worker does the caching.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - base signature
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that stops reading (navigation, closed page) is normal, not an error.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(
    port: int = 0, directory: Path = SITE, prefix: str = SUBPATH, quiet: bool = False
) -> SiteServer:
    handler = type(
        "BoundSiteHandler",
        (SiteHandler,),
        {"prefix": prefix, "quiet": quiet},
    )

    def factory(*args: Any, **kwargs: Any) -> SiteHandler:
        return handler(*args, directory=str(directory), **kwargs)

    return SiteServer(("127.0.0.1", port), factory)


def serve(port: int, build: bool) -> None:
    if build:
        build_site()
    try:
        server = make_server(port)
    except OSError as error:
        raise SystemExit(
            f"build.py: cannot listen on 127.0.0.1:{port} ({error.strerror}); "
            "pick another with --port N (0 = any free port)"
        ) from None
    url = f"http://127.0.0.1:{server.server_address[1]}{SUBPATH}"
    print(f"Serving {SITE} at {url}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()


# --------------------------------------------------------------------------- tests


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


def _run(command: list[str], **kwargs: Any) -> int:
    log("$ " + " ".join(command))
    return subprocess.run(command, cwd=ROOT, **kwargs).returncode


def ensure_chromium() -> str:
    found = find_chromium()
    if found:
        log(f"browser: {found}")
        return found
    apt = shutil.which("apt-get")
    if hasattr(os, "geteuid") and os.geteuid() == 0 and apt:
        log("no Chromium found; installing Debian's chromium package")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        if _run([apt, "update"], env=env) or _run([apt, "install", "-y", "chromium"], env=env):
            raise SystemExit("build.py: installing chromium with apt-get failed")
        found = find_chromium()
        if found:
            return found
    raise SystemExit(
        "build.py: no Chromium or Chrome found for the browser tests.\n"
        "  Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to a\n"
        "  Chromium/Chrome binary, then run `python build.py test` again."
    )


def run_tests(pytest_args: list[str]) -> int:
    ci = os.environ.get("CI", "").lower() in ("1", "true", "yes")
    python = sys.executable
    pip = [python, "-m", "pip", "install", "--disable-pip-version-check"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        pip.append("--root-user-action=ignore")
    if _run([*pip, "-q", "-r", "requirements-test.txt"]):
        raise SystemExit("build.py: installing the test requirements failed")
    ensure_node_modules(force_ci=ci)
    browser = ensure_chromium()
    build_site()

    failures: list[str] = []
    if _run([python, "-m", "ruff", "check", "."]):
        failures.append("ruff check")
    if _run([python, "-m", "ruff", "format", "--check", "."]):
        failures.append("ruff format --check")
    env = {**os.environ, "CHROMIUM_PATH": browser}
    pytest_cmd = [python, "-m", "pytest"]
    if ci:
        pytest_cmd += ["-p", "no:cacheprovider"]
    if _run([*pytest_cmd, *pytest_args], env=env):
        failures.append("pytest")
    if failures:
        log("FAILED: " + ", ".join(failures))
        return 1
    # Nothing printed after pytest's summary on success: CI reads it as the closing line.
    return 0


def run_bench(args: list[str]) -> int:
    build_site()
    env = {**os.environ}
    browser = find_chromium()
    if browser:
        env["CHROMIUM_PATH"] = browser
    return _run([sys.executable, str(ROOT / "bench" / "page_load.py"), *args], env=env)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build site/ (the default)")
    serve_cmd = sub.add_parser("serve", help="build and serve site/ on 127.0.0.1")
    serve_cmd.add_argument("--port", type=int, default=8000, help="0 = any free port")
    serve_cmd.add_argument("--no-build", action="store_true", help="serve site/ as it is")
    sub.add_parser("test", help="install test needs, build, ruff, pytest [pytest args...]")
    sub.add_parser("bench", help="build and run the page-load benchmark [--runs N]")
    sub.add_parser("icons", help="regenerate the app icons in web/icons/")
    argv = sys.argv[1:] if argv is None else argv
    # Everything after `test`/`bench` (e.g. `test -x -k offline`) is passed through as it is.
    if argv and argv[0] == "test":
        return run_tests(argv[1:])
    if argv and argv[0] == "bench":
        return run_bench(argv[1:])
    args = parser.parse_args(argv)

    if args.command == "serve":
        serve(args.port, build=not args.no_build)
        return 0
    if args.command == "icons":
        write_icons()
        return 0
    build_site()
    return 0


if __name__ == "__main__":
    sys.exit(main())
