"""The friend game's wheels (tools/vendor.py): shipped in site/wheels/friend/ exactly as pinned,
never precached, and pinned at the versions pyproject.toml and requirements-test.txt name."""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
import zipfile
from pathlib import Path
from typing import Any

from tools import vendor
from tools.paths import ROOT


def sw_list(site: Path, name: str) -> list[str]:
    sw = (site / "sw.js").read_text(encoding="utf-8")
    match = re.search(rf"const {name} = (\[.*?\]);", sw, re.S)
    assert match, name
    listing: list[str] = json.loads(match.group(1))
    return listing


def test_the_site_ships_exactly_the_pinned_friend_wheels_with_their_sha256(site: Path) -> None:
    shipped = {p.name: p for p in (site / vendor.FOLDER).iterdir()}
    assert sorted(shipped) == sorted(vendor.PINNED)
    for name, path in shipped.items():
        assert hashlib.sha256(path.read_bytes()).hexdigest() == vendor.PINNED[name], name
        with zipfile.ZipFile(path) as wheel:  # pure Python: Pyodide installs it as it is
            tags = wheel.read(next(n for n in wheel.namelist() if n.endswith(".dist-info/WHEEL")))
        assert b"Root-Is-Purelib: true" in tags, name


def test_build_json_names_the_friend_wheels_micropip_and_packaging_first(
    build_info: dict[str, Any],
) -> None:
    friend = build_info["friend"]
    assert [Path(p).name.split("-")[0] for p in friend["bootstrap"]] == ["micropip", "packaging"]
    assert [Path(p).name.split("-")[0] for p in friend["wheels"]] == ["ecdsa", "six"]
    assert all(p.startswith(vendor.FOLDER + "/") for p in friend["bootstrap"] + friend["wheels"])


def test_the_service_worker_does_not_precache_the_friend_wheels_but_caches_them_on_use(
    site: Path, build_info: dict[str, Any]
) -> None:
    friend = build_info["friend"]["bootstrap"] + build_info["friend"]["wheels"]
    precached = sw_list(site, "FILES")
    assert not any("wheels/friend" in f for f in precached)
    assert not any("wheels/friend" in f for f in build_info["files"])
    assert sorted(sw_list(site, "ON_DEMAND")) == sorted(friend)


def test_the_friend_wheels_are_the_versions_of_the_friend_extra() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    extra = pyproject["project"]["optional-dependencies"]["friend"]
    assert sorted(extra) == sorted(vendor.requirement(n) for n in vendor.FRIEND)
    tests = (ROOT / "requirements-test.txt").read_text(encoding="utf-8").split()
    assert set(extra) <= set(tests)


def test_micropip_and_packaging_are_the_versions_the_pinned_pyodide_names() -> None:
    lock = json.loads((ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())
    for name in vendor.BOOTSTRAP:
        package = name.split("-")[0]
        assert lock["packages"][package]["file_name"] == name


def test_a_cached_wheel_that_differs_from_its_pin_is_downloaded_again(tmp_path: Path) -> None:
    good = vendor.fetch_wheels()
    for name, path in good.items():
        (tmp_path / name).write_bytes(path.read_bytes())
    spoiled = tmp_path / "six-1.17.0-py2.py3-none-any.whl"
    spoiled.write_bytes(b"not a wheel")
    again = vendor.fetch_wheels(tmp_path)
    assert vendor.sha256(again[spoiled.name]) == vendor.PINNED[spoiled.name]
