"""The site's wheel: every package under py/ (the library and the page's `targi.app`).

Written directly with zipfile, which keeps the build offline, fast and byte-reproducible. The
library wheel (`pip install .`) is setuptools' job and leaves the page's package out
(pyproject's `exclude`); the page needs it, so this wheel takes every package. The build tests
install it with pip to prove it is a valid wheel.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import re
import tomllib
import zipfile
from pathlib import Path
from typing import Any

from tools.paths import ROOT

# Fixed zip timestamps: the same sources always give a byte-identical wheel, hence the same
# site version.
ZIP_DATE = (2012, 1, 1, 0, 0, 0)


def project_metadata() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as fh:
        return tomllib.load(fh)


def record_hash(data: bytes) -> str:
    """The hash as a wheel's RECORD writes it (PEP 376: urlsafe base64 without padding)."""
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def package_files(pyproject: dict[str, Any]) -> list[tuple[str, Path]]:
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


def metadata_text(project: dict[str, Any]) -> str:
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
    extras: dict[str, list[str]] = project.get("optional-dependencies", {})
    for extra, requirements in sorted(extras.items()):
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {req}; extra == "{extra}"' for req in requirements]
    return "\n".join(lines) + "\n"


def build_wheel(dest_dir: Path) -> Path:
    """Write the site's wheel (pure Python, no dependencies) into dest_dir; returns its path."""
    pyproject = project_metadata()
    project = pyproject["project"]
    if project.get("dependencies"):
        # A dependency would make the page ask PyPI for it at start-up and hang offline.
        raise SystemExit("build.py: the engine wheel must have no dependencies")
    name = re.sub(r"[-_.]+", "_", project["name"]).lower()
    version = project["version"]
    dist_info = f"{name}-{version}.dist-info"
    entries: list[tuple[str, bytes]] = [
        (arcname, source.read_bytes()) for arcname, source in package_files(pyproject)
    ]
    if not entries:
        raise SystemExit("build.py: no Python package found for the wheel")
    entries.append((f"{dist_info}/METADATA", metadata_text(project).encode()))
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
        writer.writerow([arcname, record_hash(data), len(data)])
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
