"""Assembling site/: the page, the runtime, the wheel, pyscript.json, build.json and sw.js."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterable, Iterator
from html import escape
from pathlib import Path
from typing import Any

from tools import npm, sw, vendor, wheel
from tools.paths import PY, ROOT, SITE, TOOLS, WEB, log

PY_FILES_LIST = "web/py-files.txt"
# Build inputs in web/ that the browser never loads, so never shipped.
NOT_SHIPPED = {PY_FILES_LIST}
# The loading screen's words, inlined into site/index.html for every language so that they are
# there at the first paint, before any catalog is fetched: the `loading.*` keys and the keys of
# the error screen's "Copy stored data" button.
LOADING_PREFIXES = ("loading.", "storage.copy_")
LOADING_MARKER = "<!-- build: LOADING_WORDS -->"
PRELOAD_MARKER = "<!-- build: PRELOADS -->"
# The page's own style sheets (web/*.css, one per part of the page) are linked one by one from
# the source index.html, in their cascade order; the site ships them as this one file, linked
# where the first was (one request instead of six on a first visit; their url()s stay relative
# to web/, where the bundle lies too).
STYLE_BUNDLE = "web/page.css"
STYLE_LINK = re.compile(r'[ \t]*<link rel="stylesheet" href="\./(web/[\w.-]+\.css)">\n')
# What the start needs, requested with the page instead of one after another down the chain
# index.html > loader.js > PyScript > pyscript.json > web/interpreter.mjs > Pyodide > its files.
# Fetched files are preloaded in the mode fetch() uses (cors, same-origin credentials) so the
# later fetch() takes the preloaded response instead of downloading it again. Not
# pyodide.asm.wasm: a return visit's fetch of it must reach the service worker, whose answer
# from Cache Storage carries Chrome's WebAssembly code cache and a preloaded one does not;
# web/early.js preloads it on a first visit only.
PRELOAD_MODULES = (
    "web/interpreter.mjs",
    "web/snapshot.mjs",
    "web/shipped.mjs",
    "web/wheel.mjs",
    "pyodide/pyodide.mjs",
)
PRELOAD_FETCHES = (
    "pyscript.json",
    "build.json",
    "web/main.py",
    "pyodide/pyodide-lock.json",
    "pyodide/python_stdlib.zip",
)


def files_under(root: Path) -> Iterator[Path]:
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
    """Site-relative paths of the page's Python modules listed in web/py-files.txt."""
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


def pyscript_config(modules: Iterable[str]) -> dict[str, Any]:
    files = {}
    for module in modules:
        # web/foo.py becomes ./foo.py in the interpreter's working directory (on sys.path);
        # sub-folders of web/ keep their shape so packages stay importable.
        files[f"./{module}"] = "./" + module.removeprefix("web/")
    # Every optional PyScript plugin off: the page uses none, and their chunks are not shipped.
    plugins = [f"!{name}" for name in npm.PYSCRIPT_PLUGINS_OFF]
    # web/interpreter.mjs wraps Pyodide's loadPyodide: a snapshot-restored interpreter when
    # there is one, and the game's wheel unpacked into site-packages either way.
    config: dict[str, Any] = {"interpreter": "./web/interpreter.mjs", "plugins": plugins}
    if files:
        config["files"] = files
    return config


def loading_words(web_root: Path) -> dict[str, dict[str, str]]:
    """{lang: {key: text}} of the loading screen's keys in every web/messages/<lang>.json."""
    words = {}
    for catalog in sorted((web_root / "messages").glob("*.json")):
        messages = json.loads(catalog.read_text(encoding="utf-8"))
        words[catalog.stem] = {
            key: text
            for key, text in messages.items()
            if key.startswith(LOADING_PREFIXES) and isinstance(text, str)
        }
    return words


def inline_loading_words(html: str, words: dict[str, dict[str, str]]) -> str:
    """index.html with the words as a JSON data block (not a script: the CSP has nothing to
    allow) in place of LOADING_MARKER, and the empty loading elements already in English, so the
    first paint has words even before any script runs; the loader switches language at once."""
    if html.count(LOADING_MARKER) != 1:
        raise SystemExit(f"build.py: index.html must hold {LOADING_MARKER} exactly once")
    # "</" cannot end the data block early once written "<\/" (still valid JSON).
    data = json.dumps(words, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    block = f'<script type="application/json" id="loading-words">{data}</script>'
    html = html.replace(LOADING_MARKER, block)
    english = words.get("en", {})

    def fill(match: re.Match[str]) -> str:
        text = english.get(match["key"])
        return match[0] if text is None else f"{match['open']}{escape(text)}{match['close']}"

    empty = re.compile(
        r'(?P<open><(?P<tag>[a-z0-9]+)\b[^>]*\bdata-msg="(?P<key>[^"]+)"[^>]*>)(?P<close></(?P=tag)>)'
    )
    return empty.sub(fill, html)


def bundle_styles(html: str, root: Path) -> tuple[str, str, list[str]]:
    """(index.html linking STYLE_BUNDLE in place of the page's own style sheets, the bundle's
    text in their order, their site-relative paths)."""
    links = STYLE_LINK.findall(html)
    if not links:
        raise SystemExit("build.py: index.html links none of the page's style sheets (web/*.css)")
    if STYLE_BUNDLE in links or (root / STYLE_BUNDLE).exists():
        raise SystemExit(f"build.py: {STYLE_BUNDLE} is the build's bundle, not a source file")
    parts = [f"/* {rel} */\n{(root / rel).read_text(encoding='utf-8')}" for rel in links]
    first = STYLE_LINK.search(html)
    assert first is not None
    indent = first.group(0)[: len(first.group(0)) - len(first.group(0).lstrip())]
    bundle_link = f'{indent}<link rel="stylesheet" href="./{STYLE_BUNDLE}">\n'
    html = html[: first.start()] + bundle_link + STYLE_LINK.sub("", html[first.start() :])
    return html, "\n".join(parts), links


def preload_links(pyscript_modules: Iterable[str]) -> str:
    """<link> elements for the start's modules (PyScript's own JS files among them) and files."""
    modules = [f"pyscript/{name}" for name in pyscript_modules if name.endswith(".js")]
    modules += [*PRELOAD_MODULES, "pyodide/pyodide.asm.mjs"]
    links = [f'<link rel="modulepreload" href="./{path}">' for path in modules]
    links += [f'<link rel="preload" href="./{p}" as="fetch" crossorigin>' for p in PRELOAD_FETCHES]
    return "\n  ".join(links)


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def content_version(site: Path, files: list[str]) -> str:
    digest = hashlib.sha256()
    for rel in sorted(files):
        digest.update(rel.encode() + b"\0" + _sha256(site / rel).encode() + b"\n")
    return digest.hexdigest()[:16]


def source_fingerprint() -> str:
    """A hash of everything the build reads, to tell whether site/ is stale."""
    digest = hashlib.sha256()
    inputs = [ROOT / "build.py", ROOT / "pyproject.toml", ROOT / "index.html"]
    inputs += [ROOT / "package-lock.json"]
    for folder in (TOOLS, WEB, PY):
        inputs += list(files_under(folder)) if folder.is_dir() else []
    for path in inputs:
        if path.is_file():
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
            digest.update(_sha256(path).encode())
    for manifest in npm.runtime_manifests():
        digest.update(manifest)
    return digest.hexdigest()[:16]


def site_is_stale(site: Path = SITE) -> bool:
    info = site / "build.json"
    if not info.exists() or not (site / "sw.js").exists():
        return True
    try:
        recorded = json.loads(info.read_text()).get("source")
    except ValueError:
        return True
    return bool(recorded != source_fingerprint())


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


def ensure_site() -> None:
    """Build site/ when it is missing or older than its sources (used by the test fixtures)."""
    with _build_lock(SITE):
        if site_is_stale():
            _build_site(SITE, quiet=False)


def _copy_sources(scratch: Path) -> None:
    """index.html (with the loading words, and one style sheet), web/ as it is (icons included:
    they are source files) but for build inputs and the style sheets bundled, and the runtime."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    if html.count(PRELOAD_MARKER) != 1:
        raise SystemExit(f"build.py: index.html must hold {PRELOAD_MARKER} exactly once")
    # PyScript's chunks that core.js imports, error plugin aside (loaded only on a failure).
    core = [n for n in npm.pyscript_files() if not n.startswith("error-")]
    html = html.replace(PRELOAD_MARKER, preload_links(core))
    html, styles, bundled = bundle_styles(html, ROOT)
    words = loading_words(WEB) if WEB.is_dir() else {}
    (scratch / "index.html").write_text(inline_loading_words(html, words), encoding="utf-8")
    (scratch / STYLE_BUNDLE).parent.mkdir(parents=True, exist_ok=True)
    (scratch / STYLE_BUNDLE).write_text(styles, encoding="utf-8")
    for path in files_under(WEB) if WEB.is_dir() else []:
        if path.relative_to(ROOT).as_posix() in {*NOT_SHIPPED, *bundled}:
            continue
        target = scratch / path.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    (scratch / "pyodide").mkdir()
    for name in npm.PYODIDE_FILES:
        shutil.copy2(npm.PYODIDE_DIR / name, scratch / "pyodide" / name)
    (scratch / "pyscript").mkdir()
    for name in npm.pyscript_files():
        shutil.copy2(npm.PYSCRIPT_DIST / name, scratch / "pyscript" / name)


SNAPSHOT = "snapshot.gz"  # web/snapshot.mjs: the shipped snapshot


def make_snapshot(scratch: Path, version: str, wheel_rel: str) -> None:
    """The build's interpreter snapshot (tools/snapshot.mjs, in Node, from the site itself)."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("build.py: Node.js is needed to make the interpreter snapshot")
    command = [node, str(TOOLS / "snapshot.mjs"), str(scratch), version, wheel_rel]
    done = subprocess.run([*command, str(scratch / SNAPSHOT)], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"build.py: the interpreter snapshot failed:\n{done.stderr[-2000:]}")


def _build_site(site: Path, quiet: bool) -> dict[str, Any]:
    npm.ensure_node_modules()
    say = (lambda _m: None) if quiet else log
    if not (ROOT / "index.html").exists():
        raise SystemExit("build.py: index.html is missing")
    scratch = site.with_name(f"{site.name}.tmp-{os.getpid()}")
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    _copy_sources(scratch)
    wheel_rel = wheel.build_wheel(scratch / "wheels").relative_to(scratch).as_posix()
    say(f"wheel {wheel_rel}")
    friend = vendor.vendor(scratch)
    on_demand = [*friend["bootstrap"], *friend["wheels"]]

    modules = py_files(WEB) if WEB.is_dir() else []
    config = pyscript_config(modules)
    (scratch / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n")

    files = sorted(p.relative_to(scratch).as_posix() for p in files_under(scratch))
    version = content_version(scratch, files)
    # The friend game's wheels count in the version (a new pin is a new build) but are not
    # precached: players who never play a friend never download them (tools/vendor.py).
    files = [f for f in files if f not in on_demand]
    # The interpreter snapshot holds the version (so it is made after it, and is not part of
    # it: it is made from the files the version covers).
    make_snapshot(scratch, version, wheel_rel)
    say(f"interpreter snapshot {SNAPSHOT}: {(scratch / SNAPSHOT).stat().st_size / 1e6:.1f} MB")
    # build.json is listed (and precached) too: the AI worker reads the wheel name from it.
    files = sorted([*files, "build.json", SNAPSHOT])
    info = {
        "version": version,
        "wheel": wheel_rel,
        "files": files,
        "friend": friend,
        "source": source_fingerprint(),
    }
    (scratch / "build.json").write_text(json.dumps(info, indent=2) + "\n")
    (scratch / "sw.js").write_text(sw.service_worker(version, files, on_demand))

    old = site.with_name(f"{site.name}.old-{os.getpid()}")
    shutil.rmtree(old, ignore_errors=True)
    if site.exists():
        site.rename(old)
    scratch.rename(site)
    shutil.rmtree(old, ignore_errors=True)
    total = sum(p.stat().st_size for p in files_under(site))
    extra = f"(+{len(on_demand)} on demand)"
    say(f"built {site} version {version}: {len(files) + 1} files {extra}, {total / 1e6:.1f} MB")
    return info
