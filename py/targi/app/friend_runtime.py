"""Play a friend's Python packages, installed in the page's Pyodide on first use.

`targi.friend` needs `ecdsa` and `six`, which the first screen never loads: the build vendors
them, with micropip and its `packaging`, into the site (`tools/vendor.py`, listed under
`friend` in build.json). `install_friend` unpacks micropip, has it install the two wheels from
the page's own origin (`deps=False`: nothing is looked up on an index), then imports
`targi.friend`. It runs once per interpreter; later calls return at once. Nothing here runs in
CPython, where the `friend` extra installs the same packages (`pip install ".[friend]"`).
"""

from __future__ import annotations

import asyncio
import importlib
import io
import json
import sys
import sysconfig
import zipfile
from types import ModuleType
from typing import Any

BUILD_INFO = "build.json"


class FriendRuntimeError(Exception):
    """A friend game's files could not be fetched or installed (typically: offline before a
    friend game was ever opened, so the service worker holds none of them). Nothing is
    installed half: the next call tries again. For the log; the page words it from the
    catalog."""

    def __init__(self, url: str, reason: str) -> None:
        super().__init__(f"could not install a friend game's files from {url}: {reason}")
        self.url = url
        self.reason = reason


_lock = asyncio.Lock()


def installed() -> bool:
    """True once `targi.friend` is importable (installed by install_friend, or already there)."""
    return "targi.friend" in sys.modules


async def install_friend(site_url: str) -> ModuleType:
    """`targi.friend`, installing its wheels from `site_url` (the page's base, ending in /)
    the first time. Calls at the same time wait for the first one."""
    async with _lock:
        if not installed():
            info = json.loads(await _fetch(site_url + BUILD_INFO))
            friend = info["friend"]
            for rel in friend["bootstrap"]:
                _unpack(await _fetch(site_url + rel))
            importlib.invalidate_caches()
            micropip: Any = importlib.import_module("micropip")
            urls = [site_url + rel for rel in friend["wheels"]]
            try:
                await micropip.install(urls, deps=False)
            except Exception as error:  # micropip's own errors name no common base class
                raise FriendRuntimeError(", ".join(urls), str(error)) from error
        return importlib.import_module("targi.friend")


async def _fetch(url: str) -> bytes:
    # pyodide.http exists only in Pyodide; it has no stubs, hence the untyped module.
    http: Any = importlib.import_module("pyodide.http")
    try:
        response = await http.pyfetch(url)
    except Exception as error:  # a network failure is a JS TypeError, wrapped by Pyodide
        raise FriendRuntimeError(url, str(error)) from error
    if not response.ok:
        raise FriendRuntimeError(url, f"HTTP {response.status}")
    return bytes(await response.bytes())


def _unpack(wheel: bytes) -> None:
    """A pure-Python wheel is a zip of site-packages' files: unpacking it installs it (its
    dist-info included, so micropip and importlib.metadata see it)."""
    with zipfile.ZipFile(io.BytesIO(wheel)) as archive:
        archive.extractall(sysconfig.get_paths()["purelib"])
