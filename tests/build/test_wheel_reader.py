"""web/wheel.mjs: the page reads the game's wheel with the browser's own inflate and writes its
files into Pyodide's site-packages, instead of Pyodide's unpackArchive (zipfile and shutil in
the interpreter, on the main thread after the restore). Run in Node with the site's own Pyodide:
what it writes must be exactly what unpackArchive would."""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import zipfile
from pathlib import Path
from typing import Any

# Reads a wheel with web/wheel.mjs and prints what lands in site-packages: every file with its
# sha256, the installed distribution's name and version, and a module of the wheel imported
# from the written files. Pyodide starts as the page's does, from the site's interpreter snapshot
# (its site-packages empty: the snapshot holds memory, not files), not from scratch: 1.1 s of
# Node's CPU, against 4.5-5.7 s. The snapshot was made with the wheel's modules imported, so they
# are dropped from sys.modules first: the import below reads the files written here.
INSTALL = """
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
const [site, wheel] = process.argv.slice(1);
const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", site));
const { readWheel, writeFiles } = await import(new URL("web/wheel.mjs", site));
const { layRuns } = await import(new URL("web/shipped.mjs", site));
const snapshot = layRuns(new Uint8Array(gunzipSync(readFileSync(new URL("snapshot.gz", site)))));
const pyodide = await loadPyodide({
  indexURL: new URL("pyodide/", site).pathname,
  _loadSnapshot: snapshot,
});
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
const before = pyodide.runPython(`import os; len(os.listdir(${JSON.stringify(sitePackages)}))`);
writeFiles(pyodide.FS, sitePackages, await readWheel(readFileSync(new URL(wheel, site))));
console.log(pyodide.runPython(`
import hashlib, importlib, importlib.metadata, json, os, sys, sysconfig
for name in [m for m in sys.modules if m == "targi" or m.startswith("targi.")]:
    del sys.modules[name]
importlib.invalidate_caches()
import targi.cards
root = sysconfig.get_paths()["purelib"]
files = {
    os.path.relpath(os.path.join(folder, name), root):
        hashlib.sha256(open(os.path.join(folder, name), "rb").read()).hexdigest()
    for folder, _, names in os.walk(root) for name in names
}
dist = importlib.metadata.distribution("targi")
json.dumps({"files": files, "dist": [dist.name, dist.version], "cards": targi.cards.__file__,
    "before": ${before}})
`));
"""

# Reads a zip given on stdin; prints the error it refuses it with, or its names.
READ = """
const { readWheel } = await import(new URL("web/wheel.mjs", process.argv[1]));
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
try {
  console.log(JSON.stringify((await readWheel(Buffer.concat(chunks))).map(([name]) => name)));
} catch (e) {
  console.log(JSON.stringify(String(e.message)));
}
"""


def node(script: str, *args: str, stdin: bytes = b"", timeout: int = 300) -> Any:
    """The script's last line of output, read as JSON."""
    result = subprocess.run(
        ["node", "--input-type=module", "-e", script, *args],
        input=stdin,
        capture_output=True,
        check=True,
        timeout=timeout,
    )
    return json.loads(result.stdout.decode().strip().splitlines()[-1])


def read_zip(site: Path, data: bytes) -> Any:
    return node(READ, site.as_uri() + "/", stdin=data, timeout=60)


def test_the_page_s_wheel_reader_installs_exactly_the_files_unpack_archive_would(
    site: Path, build_info: dict[str, Any]
) -> None:
    installed = node(INSTALL, site.as_uri() + "/", build_info["wheel"])
    with zipfile.ZipFile(site / build_info["wheel"]) as wheel:
        expected = {
            name: hashlib.sha256(wheel.read(name)).hexdigest()
            for name in wheel.namelist()
            if not name.endswith("/")
        }
    assert installed["before"] == 0  # site-packages held nothing before the wheel was written
    assert installed["files"] == expected
    assert installed["dist"] == ["targi", "1.0.0"]  # an installed distribution, as before
    assert installed["cards"].endswith("site-packages/targi/cards.py")


def test_the_wheel_reader_refuses_a_file_outside_site_packages(site: Path) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as bad:
        bad.writestr("targi/ok.py", "x = 1\n")
        bad.writestr("../escape.py", "x = 2\n")
    assert "outside" in read_zip(site, buffer.getvalue())


def test_the_wheel_reader_reads_stored_and_deflated_entries(site: Path) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as mixed:
        mixed.writestr("a/stored.txt", "stored\n", compress_type=zipfile.ZIP_STORED)
        mixed.writestr("a/deflated.txt", "deflated\n" * 50, compress_type=zipfile.ZIP_DEFLATED)
        mixed.writestr("a/folder/", "")
    assert read_zip(site, buffer.getvalue()) == ["a/stored.txt", "a/deflated.txt"]
