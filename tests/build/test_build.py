"""build.py: the wheel, the generated site files, the service worker and the local server."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import re
import subprocess
import sys
import threading
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402 - the repo root is put on sys.path just above

# Folders copied verbatim from npm: their bundles mention CDNs as defaults that the local
# config overrides; the browser tests prove none of them is ever requested.
VENDOR_DIRS = ("pyodide/", "pyscript/")
TEXT_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".py", ".txt"}
# XML namespaces are identifiers, never fetched.
NON_REQUEST_URLS = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("build") / "site"
    build.build_site(target, quiet=True)
    return target


@pytest.fixture(scope="module")
def build_info(site: Path) -> dict[str, object]:
    return json.loads((site / "build.json").read_text())


def site_files(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())


def wheel_path(site: Path, info: dict[str, object]) -> Path:
    return site / str(info["wheel"])


def test_wheel_holds_every_engine_module_and_the_card_table(site: Path, build_info: dict) -> None:
    with zipfile.ZipFile(wheel_path(site, build_info)) as wheel:
        names = set(wheel.namelist())
    assert "targi/data/cards.csv" in names
    assert "targi/__init__.py" in names
    sources = {
        p.relative_to(ROOT / "py").as_posix()
        for p in (ROOT / "py" / "targi").rglob("*.py")
        if "__pycache__" not in p.parts
    }
    assert sources <= names
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)


def test_wheel_holds_every_data_file_of_the_package(site: Path, build_info: dict) -> None:
    # A data file that pyproject's package-data does not cover would be missing in the browser.
    with zipfile.ZipFile(wheel_path(site, build_info)) as wheel:
        names = set(wheel.namelist())
    data_files = {
        p.relative_to(ROOT / "py").as_posix()
        for p in (ROOT / "py" / "targi").rglob("*")
        if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts
    }
    assert data_files
    assert data_files <= names


def test_wheel_record_lists_every_file_with_its_hash(site: Path, build_info: dict) -> None:
    with zipfile.ZipFile(wheel_path(site, build_info)) as wheel:
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


def test_wheel_installs_with_pip_and_the_engine_reads_its_cards(
    site: Path, build_info: dict, tmp_path: Path
) -> None:
    target = tmp_path / "installed"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet"]
        + ["--disable-pip-version-check", "--target", str(target)]
        + [str(wheel_path(site, build_info))],
        check=True,
    )
    probe = (
        "import importlib.resources, targi;"
        "print(targi.__file__);"
        "print(importlib.resources.files('targi').joinpath('data/cards.csv').read_text()[:40])"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(target)!r}); {probe}"],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    module_file, first_line = result.stdout.splitlines()[:2]
    assert Path(module_file).is_relative_to(target)
    assert first_line.strip()
    assert any(p.name.endswith(".dist-info") for p in target.iterdir())


def test_wheel_is_byte_reproducible(tmp_path: Path) -> None:
    first = build.build_wheel(tmp_path / "a").read_bytes()
    second = build.build_wheel(tmp_path / "b").read_bytes()
    assert first == second


def test_pyscript_config_uses_the_local_interpreter_and_the_wheel_through_files(
    site: Path, build_info: dict
) -> None:
    config = json.loads((site / "pyscript.json").read_text())
    assert config["interpreter"] == "./pyodide/pyodide.mjs"
    assert (site / "pyodide" / "pyodide.mjs").is_file()
    assert config["files"][f"./{build_info['wheel']}"] == "./*"
    # No micropip: a "packages" entry would make PyScript load it (and ask PyPI).
    assert "packages" not in config
    for source in config["files"]:
        assert (site / source).is_file(), source


def test_page_modules_from_py_files_txt_land_in_the_working_directory() -> None:
    config = build.pyscript_config("wheels/t.whl", ["web/ui.py", "web/app/view.py"])
    assert config["files"] == {
        "./wheels/t.whl": "./*",
        "./web/ui.py": "./ui.py",
        "./web/app/view.py": "./app/view.py",
    }


def test_every_pyscript_chunk_that_core_imports_is_shipped(site: Path) -> None:
    shipped = {p.name for p in (site / "pyscript").iterdir()}
    assert {"core.js", "core.css"} <= shipped
    for name in shipped:
        text = (site / "pyscript" / name).read_text(encoding="utf-8")
        for ref in re.findall(r"""["']\./([\w.-]+\.(?:js|css))["']""", text):
            assert ref in shipped, f"{name} imports missing {ref}"
    assert not any(name.endswith(".map") for name in shipped)


def test_pyodide_runtime_files_are_shipped_without_micropip(site: Path) -> None:
    shipped = {p.name for p in (site / "pyodide").iterdir()}
    assert shipped == set(build.PYODIDE_FILES)
    assert not list(site.rglob("micropip*"))


def test_service_worker_precaches_every_file_of_the_site(site: Path, build_info: dict) -> None:
    sw = (site / "sw.js").read_text()
    listing = json.loads(re.search(r"const FILES = (\[.*?\]);", sw, re.S).group(1))
    expected = [f for f in site_files(site) if f != "sw.js"]
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


def test_version_is_the_content_hash_and_changes_when_a_file_changes(
    site: Path, build_info: dict, tmp_path: Path
) -> None:
    hashed = [f for f in build_info["files"] if f != "build.json"]
    assert build.content_version(site, hashed) == build_info["version"]
    copy = tmp_path / "copy"
    for rel in hashed:
        (copy / rel).parent.mkdir(parents=True, exist_ok=True)
        (copy / rel).write_bytes((site / rel).read_bytes())
    assert build.content_version(copy, hashed) == build_info["version"]
    (copy / "index.html").write_bytes((site / "index.html").read_bytes() + b"\n")
    assert build.content_version(copy, hashed) != build_info["version"]


def test_rebuilding_unchanged_sources_gives_the_same_version(
    site: Path, build_info: dict, tmp_path: Path
) -> None:
    again = build.build_site(tmp_path / "site", quiet=True)
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


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    server = build.make_server(port=0, directory=site, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(
    ("path", "mime"),
    [
        ("pyodide/pyodide.mjs", "text/javascript"),
        ("pyodide/pyodide.asm.wasm", "application/wasm"),
        ("web/manifest.webmanifest", "application/manifest+json"),
        ("sw.js", "text/javascript"),
        ("index.html", "text/html"),
    ],
)
def test_server_sends_the_right_mime_type_under_the_sub_path(
    served: str, path: str, mime: str
) -> None:
    with urllib.request.urlopen(f"{served}/targi/{path}") as response:
        assert response.headers.get_content_type() == mime
        assert "no-store" not in response.headers.get("Cache-Control", "")


def test_server_answers_only_under_the_sub_path(served: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as error:
        urllib.request.urlopen(f"{served}/index.html")
    assert error.value.code == 404
    with urllib.request.urlopen(f"{served}/targi") as response:
        assert response.url.endswith("/targi/")


def _no_browser_on_a_root_debian_machine(monkeypatch: pytest.MonkeyPatch, apt_fails: bool):
    """A machine as the brief describes it: root, apt-get, no Chromium until apt installs it."""
    installed: list[str] = []
    commands: list[list[str]] = []

    def run(command: list[str], **kwargs) -> int:
        commands.append(command)
        assert kwargs["env"]["DEBIAN_FRONTEND"] == "noninteractive"
        if command[1:] == ["install", "-y", "chromium"] and not apt_fails:
            installed.append("/usr/bin/chromium")
        return 100 if apt_fails and command[1] == "install" else 0

    monkeypatch.delenv("CHROMIUM_PATH", raising=False)
    monkeypatch.setattr(build.os, "geteuid", lambda: 0, raising=False)
    monkeypatch.setattr(build, "_run", run)

    def which(name: str) -> str | None:
        if name == "apt-get":
            return "/usr/bin/apt-get"
        return installed[0] if installed and name in build.CHROMIUM_CANDIDATES else None

    monkeypatch.setattr(build.shutil, "which", which)
    return commands


def test_tests_install_debian_chromium_with_apt_when_no_browser_is_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    commands = _no_browser_on_a_root_debian_machine(monkeypatch, apt_fails=False)
    assert build.ensure_chromium() == "/usr/bin/chromium"
    assert commands == [
        ["/usr/bin/apt-get", "update"],
        ["/usr/bin/apt-get", "install", "-y", "chromium"],
    ]


def test_a_failed_chromium_install_stops_the_tests_with_a_clear_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _no_browser_on_a_root_debian_machine(monkeypatch, apt_fails=True)
    with pytest.raises(SystemExit, match="installing chromium with apt-get failed"):
        build.ensure_chromium()
