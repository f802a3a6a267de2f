"""The site build (tools/site.py, wheel.py, sw.py): the wheel, the generated files, the
service worker, the icons, and that nothing of ours points off the origin."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import re
import shutil
import struct
import subprocess
import zipfile
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest
from snapshot_runs import snapshot_memory

from tools import npm
from tools.paths import ROOT, SITE, WEB
from tools.site import (
    SNAPSHOT,
    STYLE_BUNDLE,
    build_site,
    content_version,
    inline_loading_words,
    pyscript_config,
    site_is_stale,
)
from tools.sw import TEMPLATE, render
from tools.wheel import build_wheel

# Folders copied verbatim from npm: their bundles mention CDNs as defaults that the local
# config overrides; the browser tests prove none of them is ever requested.
VENDOR_DIRS = ("pyodide/", "pyscript/")
TEXT_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".py", ".txt"}
# XML namespaces are identifiers, never fetched.
NON_REQUEST_URLS = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}


def site_files(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())


def test_wheel_holds_every_module_the_page_can_import_and_the_card_table(
    site_wheel: Path,
) -> None:
    with zipfile.ZipFile(site_wheel) as wheel:
        names = set(wheel.namelist())
    assert "targi/data/cards.csv" in names
    assert "targi/__init__.py" in names
    sources = {
        p.relative_to(ROOT / "py").as_posix()
        for p in (ROOT / "py" / "targi").rglob("*.py")
        if "__pycache__" not in p.parts and "spiel" not in p.parts  # OpenSpiel: not in Pyodide
    }
    assert sources <= names
    assert not any(n.startswith("targi/spiel/") for n in names)
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)


def test_wheel_holds_every_data_file_of_the_package(site_wheel: Path) -> None:
    # A data file that pyproject's package-data does not cover would be missing in the browser.
    with zipfile.ZipFile(site_wheel) as wheel:
        names = set(wheel.namelist())
    data_files = {
        p.relative_to(ROOT / "py").as_posix()
        for p in (ROOT / "py" / "targi").rglob("*")
        if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts
    }
    assert data_files
    assert data_files <= names


def test_wheel_record_lists_every_file_with_its_hash(site_wheel: Path) -> None:
    with zipfile.ZipFile(site_wheel) as wheel:
        record_name = next(n for n in wheel.namelist() if n.endswith(".dist-info/RECORD"))
        rows = list(csv.reader(io.StringIO(wheel.read(record_name).decode())))
        listed = {row[0] for row in rows}
        assert listed == set(wheel.namelist())
        for name, digest, size in rows:
            if name == record_name:
                continue
            data = wheel.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert digest == "sha256=" + expected.decode()
            assert int(size) == len(data)


def test_wheel_is_byte_reproducible(tmp_path: Path) -> None:
    first = build_wheel(tmp_path / "a").read_bytes()
    second = build_wheel(tmp_path / "b").read_bytes()
    assert first == second


def test_pyscript_config_uses_the_sites_interpreter_module_which_brings_the_wheel(
    site: Path, build_info: dict
) -> None:
    config = json.loads((site / "pyscript.json").read_text())
    assert config["interpreter"] == "./web/interpreter.mjs"
    # The module wraps the local Pyodide (no CDN) and unpacks the wheel build.json names.
    wrapper = (site / "web" / "interpreter.mjs").read_text(encoding="utf-8")
    assert 'from "./snapshot.mjs"' in wrapper
    starter = (site / "web" / "snapshot.mjs").read_text(encoding="utf-8")
    assert 'from "../pyodide/pyodide.mjs"' in starter
    assert (site / "pyodide" / "pyodide.mjs").is_file()
    assert (site / build_info["wheel"]).is_file()
    # No micropip: a "packages" entry would make PyScript load it (and ask PyPI).
    assert "packages" not in config
    assert "files" not in config  # no page modules besides the wheel today


def test_page_modules_from_py_files_txt_land_in_the_working_directory() -> None:
    config = pyscript_config(["web/ui.py", "web/app/view.py"])
    assert config["files"] == {"./web/ui.py": "./ui.py", "./web/app/view.py": "./app/view.py"}


def test_every_pyscript_chunk_that_core_imports_statically_is_shipped(site: Path) -> None:
    shipped = {p.name for p in (site / "pyscript").iterdir()}
    assert {"core.js", "core.css"} <= shipped
    for name in shipped:
        text = (site / "pyscript" / name).read_text(encoding="utf-8")
        for ref in re.findall(
            r"""(?:\bfrom\s*|\bimport\s*)["']\./([\w.-]+\.(?:js|css))["']""", text
        ):
            assert ref in shipped, f"{name} imports missing {ref}"
    assert not any(name.endswith(".map") for name in shipped)


def test_no_pyscript_plugin_chunk_the_page_never_loads_is_shipped(site: Path) -> None:
    # The e2e test test_start.py::test_a_visit_loads_every_file_the_site_ships proves the page
    # loads the rest; here: none of the editor, terminal, game, TOML, zip or package-graph code.
    shipped = sorted(p.name for p in (site / "pyscript").iterdir())
    unused = ("codemirror", "xterm", "py-editor", "py-terminal", "py-game", "toml", "zip", "graph")
    assert [n for n in shipped if any(u in n for u in unused)] == []
    assert len(shipped) == 4, shipped  # core.js, its core chunk, core.css, the error chunk


def test_pyscript_plugins_are_off_for_python_and_micropython_alike(site: Path) -> None:
    # PyScript loads every optional plugin for a script type without a config: MicroPython's
    # config in index.html must turn off the same plugins as pyscript.json.
    config = json.loads((site / "pyscript.json").read_text())
    assert config["plugins"] == [f"!{name}" for name in npm.PYSCRIPT_PLUGINS_OFF]
    html = (site / "index.html").read_text(encoding="utf-8")
    mpy = re.search(r"<mpy-config hidden>(.*?)</mpy-config>", html, re.S)
    assert mpy is not None
    assert json.loads(mpy.group(1)) == {"plugins": config["plugins"]}


def test_build_inputs_in_web_are_not_shipped(site: Path) -> None:
    assert (WEB / "py-files.txt").is_file()
    assert not (site / "web" / "py-files.txt").exists()


def test_the_loading_words_of_every_catalog_are_in_the_page(site: Path) -> None:
    html = (site / "index.html").read_text(encoding="utf-8")
    block = re.search(
        r'<script type="application/json" id="loading-words">(.*?)</script>', html, re.S
    )
    assert block is not None
    words = json.loads(block.group(1))
    catalogs = sorted(p.stem for p in (WEB / "messages").glob("*.json"))
    assert sorted(words) == catalogs
    for lang, texts in words.items():
        catalog = json.loads((WEB / "messages" / f"{lang}.json").read_text(encoding="utf-8"))
        loading = {k: v for k, v in catalog.items() if k.startswith("loading.")}
        assert loading and loading.items() <= texts.items(), lang
    # The stage names are in the HTML itself (English), before any script runs.
    english = words["en"]
    for key in ("loading.stage.download", "loading.stage.interpreter", "loading.stage.game"):
        assert f'data-msg="{key}">{english[key]}<' in html


def test_a_catalog_text_cannot_end_the_inline_words_early() -> None:
    html = inline_loading_words(
        '<head><!-- build: LOADING_WORDS --></head><li data-msg="loading.x"></li>',
        {"en": {"loading.x": "a </script><script>alert(1)</script> & b"}},
    )
    assert html.count("</script>") == 1
    assert '<li data-msg="loading.x">a &lt;/script&gt;' in html


def test_pyodide_runtime_files_are_shipped_with_micropip_only_for_friend_games(
    site: Path, build_info: dict
) -> None:
    shipped = {p.name for p in (site / "pyodide").iterdir()}
    assert shipped == set(npm.PYODIDE_FILES)
    # The start unpacks the game's wheel itself; micropip is a friend game's, on demand.
    micropip = [p.relative_to(site).as_posix() for p in site.rglob("micropip*")]
    assert micropip == [p for p in build_info["friend"]["bootstrap"] if "micropip" in p]
    assert not [f for f in build_info["files"] if "micropip" in f]


def test_axe_core_is_installed_for_the_tests_but_never_shipped(site: Path) -> None:
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/axe-core"]["version"] == "4.14.1"
    assert lock["packages"]["node_modules/axe-core"].get("dev") is True
    assert "axe-core" in npm.TEST_PACKAGES and npm.AXE_SOURCE.exists()
    shipped = "\n".join(site_files(site))
    assert "axe" not in shipped.lower()
    for path in site.rglob("*"):
        if path.is_file() and path.suffix in (".js", ".mjs", ".html"):
            assert "axe.run" not in path.read_text(encoding="utf-8", errors="ignore"), path


def test_service_worker_precaches_every_file_of_the_site(site: Path, build_info: dict) -> None:
    sw = (site / "sw.js").read_text()
    listing = json.loads(re.search(r"const FILES = (\[.*?\]);", sw, re.S).group(1))
    # The friend game's wheels are cached on use instead (tests/build/test_friend_wheels.py).
    on_demand = build_info["friend"]["bootstrap"] + build_info["friend"]["wheels"]
    expected = [f for f in site_files(site) if f != "sw.js" and f not in on_demand]
    assert sorted(f for f in listing if f != "./") == expected
    assert "./" in listing
    assert build_info["files"] == expected
    assert f'const VERSION = "{build_info["version"]}";' in sw


def test_service_worker_uses_only_scope_relative_urls(site: Path) -> None:
    sw = (site / "sw.js").read_text()
    assert "skipWaiting" in sw and "clients.claim" in sw
    assert "self.registration.scope" in sw
    listing = json.loads(re.search(r"const FILES = (\[.*?\]);", sw, re.S).group(1))
    assert all(not f.startswith("/") and "://" not in f for f in listing)


def test_the_build_ships_an_interpreter_snapshot_marked_with_its_version(
    site: Path, build_info: dict
) -> None:
    """snapshot.gz (tools/snapshot.mjs) is a Pyodide memory snapshot (its runs that are not
    zero, gzipped: tests/build/test_snapshot_runs.py) holding the build's
    version (sys._targi_snapshot, which web/snapshot.mjs checks before using it), and it is
    precached like every other file."""
    memory = snapshot_memory(site / SNAPSHOT)
    assert len(memory) > 10_000_000  # Python's whole heap, the game's modules imported
    assert build_info["version"].encode() in memory
    assert SNAPSHOT in build_info["files"]
    assert f'"{SNAPSHOT}"' in (site / "sw.js").read_text(encoding="utf-8")


# A first visit downloads snapshot.gz and inflates it on the critical path (docs/build.md,
# "Start-up"). While every block the interpreter had freed kept its old bytes, 10.3 MB of the
# 31 MB memory were not zero and snapshot.gz was 6.9 MB; with them zeroed (tools/snapshot.mjs
# zeroFreeMemory) 9.3 MB and 6.3 MB. More imports in the snapshot (web/snapshot.mjs PRELOAD)
# must fit these budgets, or move them on purpose.
SNAPSHOT_GZ_BUDGET = 6_500_000
SNAPSHOT_NOT_ZERO_BUDGET = 9_700_000


def test_the_shipped_snapshot_keeps_no_freed_bytes_and_fits_its_download_budget(
    site: Path,
) -> None:
    memory = snapshot_memory(site / SNAPSHOT)
    assert len(memory) - memory.count(0) < SNAPSHOT_NOT_ZERO_BUDGET
    assert (site / SNAPSHOT).stat().st_size < SNAPSHOT_GZ_BUDGET


def test_the_snapshot_holds_the_standard_library_modules_pyscripts_set_up_imports(
    site: Path,
) -> None:
    """PyScript's own package imports the standard library's html at its set-up, after the
    interpreter is restored; html.entities alone takes ~70 ms to import in Pyodide. The build
    imports it before taking the snapshot (web/snapshot.mjs PRELOAD), so no start pays for it:
    its table of entity names is in the snapshot's memory (the library's files are not)."""
    memory = snapshot_memory(site / SNAPSHOT)
    assert b"CounterClockwiseContourIntegral;" in memory


def test_version_is_the_content_hash_and_changes_when_a_file_changes(
    site: Path, build_info: dict, tmp_path: Path
) -> None:
    hashed = [f for f in build_info["files"] if f not in ("build.json", SNAPSHOT)]
    hashed += build_info["friend"]["bootstrap"] + build_info["friend"]["wheels"]
    assert content_version(site, hashed) == build_info["version"]
    copy = tmp_path / "copy"
    for rel in hashed:
        (copy / rel).parent.mkdir(parents=True, exist_ok=True)
        (copy / rel).write_bytes((site / rel).read_bytes())
    assert content_version(copy, hashed) == build_info["version"]
    (copy / "index.html").write_bytes((site / "index.html").read_bytes() + b"\n")
    assert content_version(copy, hashed) != build_info["version"]


def test_rebuilding_unchanged_sources_gives_the_same_version(
    site: Path, build_info: dict, tmp_path: Path
) -> None:
    # site/, when it is built from these sources (`python build.py test` builds it before
    # pytest starts), is a second build made apart from the fixture's: compare with it instead
    # of paying for a third.
    if site_is_stale(SITE):
        again = build_site(tmp_path / "site", quiet=True)
    else:
        again = json.loads((SITE / "build.json").read_text())
    assert again["version"] == build_info["version"]


def test_no_site_file_of_ours_points_off_origin(site: Path) -> None:
    offenders = []
    for rel in site_files(site):
        if rel.startswith(VENDOR_DIRS) or Path(rel).suffix not in TEXT_SUFFIXES:
            continue
        text = (site / rel).read_text(encoding="utf-8", errors="replace")
        urls = re.findall(r"""https?://[^\s"'<>)`]+""", text)
        urls += re.findall(r"""(?:src|href|url)\s*[=(]\s*["']?(//[^\s"'<>)]+)""", text)
        offenders += [f"{rel}: {url}" for url in urls if url not in NON_REQUEST_URLS]
    assert offenders == []


def test_manifest_icons_exist_with_their_declared_sizes(site: Path) -> None:
    manifest_path = site / "web" / "manifest.webmanifest"
    manifest = json.loads(manifest_path.read_text())
    purposes = set()
    for icon in manifest["icons"]:
        path = manifest_path.parent / icon["src"]
        assert path.is_file(), icon["src"]
        purposes.add(icon.get("purpose", "any"))
        if icon["type"] == "image/png":
            data = path.read_bytes()
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width = int.from_bytes(data[16:20], "big")
            height = int.from_bytes(data[20:24], "big")
            assert icon["sizes"] == f"{width}x{height}"
    assert {"any", "maskable"} <= purposes
    assert {"192x192", "512x512"} <= {i["sizes"] for i in manifest["icons"]}
    assert manifest["start_url"] == "../" and manifest["scope"] == "../"


class _References(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.urls += [v for k, v in attrs if k in ("href", "src", "config") and v]


def test_every_file_index_html_refers_to_is_in_the_site(site: Path) -> None:
    parser = _References()
    parser.feed((site / "index.html").read_text(encoding="utf-8"))
    local = [u for u in parser.urls if not u.startswith(("#", "data:", "blob:", "mailto:"))]
    assert "./web/manifest.webmanifest" in local
    paths = [site / u.split("#")[0].split("?")[0] for u in local]
    missing = [p for p in paths if not (p.is_file() or (p / "index.html").is_file())]
    assert missing == []


def test_the_page_links_one_style_sheet_of_ours_the_sources_in_their_order(site: Path) -> None:
    """The source index.html links each web/*.css (the cascade order); the site's links one
    bundle of them all in that order (one request on a first visit), precached, and ships
    no source style sheet of ours beside it."""
    source = (ROOT / "index.html").read_text(encoding="utf-8")
    order = re.findall(r'href="\./(web/[\w.-]+\.css)"', source)
    assert len(order) >= 2 and order[0] == "web/style.css"
    html = (site / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'rel="stylesheet" href="\./([^"]+)"', html) == [
        "pyscript/core.css",
        STYLE_BUNDLE,
    ]
    bundle = (site / STYLE_BUNDLE).read_text(encoding="utf-8")
    at = [bundle.index((ROOT / rel).read_text(encoding="utf-8")) for rel in order]
    assert at == sorted(at)
    assert sorted(p.name for p in (site / "web").glob("*.css")) == [Path(STYLE_BUNDLE).name]
    assert f'"{STYLE_BUNDLE}"' in (site / "sw.js").read_text(encoding="utf-8")


def node_check(path: Path) -> subprocess.CompletedProcess[str]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    return subprocess.run([node, "--check", str(path)], capture_output=True, text=True)


def test_service_worker_template_and_the_built_worker_are_valid_javascript(site: Path) -> None:
    for script in (TEMPLATE, site / "sw.js"):
        result = node_check(script)
        assert result.returncode == 0, result.stderr


def test_service_worker_template_marks_the_version_and_the_file_lists_once_each() -> None:
    template = TEMPLATE.read_text()
    assert template.count("/* build: VERSION */") == 1
    assert template.count("/* build: FILES */") == 1
    assert template.count("/* build: ON_DEMAND */") == 1
    values = {"VERSION": '"v1"', "FILES": '["./", "index.html"]', "ON_DEMAND": '["w.whl"]'}
    filled = render(template, values)
    assert "/* build:" not in filled
    assert 'const VERSION = "v1";' in filled
    assert 'const FILES = ["./", "index.html"];' in filled
    assert 'const ON_DEMAND = ["w.whl"];' in filled


MISSING_ONE = {"VERSION": '"v1"', "FILES": "[]"}
ONE_TOO_MANY = {"VERSION": '"v1"', "FILES": "[]", "ON_DEMAND": "[]", "HASH": '"x"'}


@pytest.mark.parametrize("values", [MISSING_ONE, ONE_TOO_MANY])
def test_service_worker_template_and_the_build_must_agree_on_the_placeholders(
    values: dict[str, str],
) -> None:
    with pytest.raises(SystemExit, match="placeholders"):
        render(TEMPLATE.read_text(), values)


ICONS = WEB / "icons"


def test_site_icons_are_the_committed_source_files(site: Path) -> None:
    sources = sorted(p.name for p in ICONS.iterdir())
    assert sources == sorted(p.name for p in (site / "web" / "icons").iterdir())
    for name in sources:
        assert (site / "web" / "icons" / name).read_bytes() == (ICONS / name).read_bytes()


def test_every_icon_is_used_by_the_manifest_or_the_page() -> None:
    manifest = json.loads((WEB / "manifest.webmanifest").read_text())
    declared = {icon["src"].removeprefix("icons/") for icon in manifest["icons"]}
    # the page: its document and its stylesheets (which paint the game's icons)
    page = (ROOT / "index.html").read_text()
    page += "".join(css.read_text() for css in sorted(WEB.glob("*.css")))
    unused = [p.name for p in ICONS.iterdir() if p.name not in declared and p.name not in page]
    assert unused == []


def top_left_alpha(png: bytes) -> int:
    """Alpha of the first pixel of an 8-bit RGBA PNG. Whatever a row's filter, the first pixel
    of the first row is stored as it is (its left and upper neighbours count as zero)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert png[24:26] == bytes((8, 6)), "8-bit RGBA"
    idat, pos = b"", 8
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        if png[pos + 4 : pos + 8] == b"IDAT":
            idat += png[pos + 8 : pos + 8 + length]
        pos += 12 + length
    return zlib.decompress(idat)[4]


def test_plain_icons_have_rounded_corners_and_maskable_icons_fill_the_square() -> None:
    manifest = json.loads((WEB / "manifest.webmanifest").read_text())
    for icon in manifest["icons"]:
        if icon["type"] == "image/png":
            alpha = top_left_alpha((ICONS / icon["src"].removeprefix("icons/")).read_bytes())
            assert alpha == (255 if icon["purpose"] == "maskable" else 0), icon["src"]


def test_the_start_s_modules_and_files_are_preloaded_with_the_page(site: Path) -> None:
    # The chain index.html > loader.js > PyScript > pyscript.json > interpreter.mjs > Pyodide
    # would otherwise request them one after another.
    html = (site / "index.html").read_text(encoding="utf-8")
    modules = re.findall(r'<link rel="modulepreload" href="\./([^"]+)">', html)
    fetched = re.findall(r'<link rel="preload" href="\./([^"]+)" as="fetch" crossorigin>', html)
    core_chunk = [n for n in npm.pyscript_files() if n.startswith("core-")]
    assert {"pyscript/core.js", f"pyscript/{core_chunk[0]}", "web/interpreter.mjs"} <= set(modules)
    assert {"web/snapshot.mjs", "web/shipped.mjs", "web/wheel.mjs"} <= set(modules)
    assert {"pyodide/python_stdlib.zip", "build.json"} <= set(fetched)
    # Not the wasm: a return visit takes it from the service worker, whose response carries
    # Chrome's code cache of the module (web/early.js preloads it on a first visit only).
    assert "pyodide/pyodide.asm.wasm" not in fetched
    # PyScript fetches the page's Python only once the interpreter is up: with the page instead
    assert "web/main.py" in fetched
    for path in modules + fetched:
        assert (site / path).is_file(), path
    assert "<!-- build:" not in html


def _static_imports(module: Path) -> set[Path]:
    """`module` and every module of web/ it imports statically, transitively."""
    found: set[Path] = set()
    todo = [module]
    while todo:
        path = todo.pop()
        if path in found:
            continue
        found.add(path)
        text = path.read_text(encoding="utf-8")
        imports = re.findall(r'^import\s+(?:[^"\']*\sfrom\s+)?["\']\./([\w.-]+)["\']', text, re.M)
        todo += [path.parent / name for name in imports]
    return found


def test_every_global_web_main_py_binds_is_set_before_python_can_start() -> None:
    """web/main.py binds `window.targi*` objects as it starts; the loader starts Python, so each
    object's module must run before the loader's body: imported by it, or a module script
    before it in index.html (deferred module scripts run in document order). A module after it
    may run late: under load a page stopped at start with `AttributeError: targiLive`."""
    read = set(re.findall(r"window\.(targi\w+)", (WEB / "main.py").read_text(encoding="utf-8")))
    setters: dict[str, Path] = {}
    for path in sorted(WEB.glob("*.*js")):
        for name in re.findall(r"window\.(targi\w+)\s*=[^=]", path.read_text(encoding="utf-8")):
            setters[name] = path
    read.discard("targiPage")  # main.py sets it itself, for the console
    assert read and read <= setters.keys(), read - setters.keys()
    index = (ROOT / "index.html").read_text(encoding="utf-8")
    # in order; an async one runs whenever it arrives, so it counts as none
    scripts = re.findall(r'<script type="module" src="\./web/([\w.-]+)"', index)
    loader = scripts.index("loader.js")
    before = {WEB / name for name in scripts[:loader]} | _static_imports(WEB / "loader.js")
    late = sorted(f"{name} ({setters[name].name})" for name in read if setters[name] not in before)
    assert late == []
