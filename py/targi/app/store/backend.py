"""Where the page's data lives: a key-value store that may refuse any operation.

Browsers make localStorage fail in three ways, and the page must survive each: the storage is
missing or blocked (a SecurityError, even from the `window.localStorage` getter), it is full
(QuotaExceededError on a write), or one call throws for a reason of its own. The game store
(`targi.app.store.recent`) talks to a `Backend` and sees only the two failures that call for
different answers: `StorageBlocked` (play in memory) and `StorageFull` (play on, retry, offer
space).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Protocol

SITE_PREFIX = "targi."  # every key the page writes; project sites may share an origin


class StorageFailure(Exception):
    """A storage operation did not happen; the stored data is as it was before the call."""


class StorageBlocked(StorageFailure):
    """The browser does not let the page read or write (blocked, missing, broken)."""


class StorageFull(StorageFailure):
    """A write did not fit in the site's quota."""


class Backend(Protocol):
    """localStorage's shape. Every method may raise StorageFailure."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


class MemoryBackend:
    """A backend that lives as long as the page: the fallback when storage is unusable.

    `quota` (characters of keys and values, as browsers count them) makes it fill up like a
    real storage, for tests.
    """

    def __init__(self, data: dict[str, str] | None = None, quota: int | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})
        self.quota = quota

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None:
            others = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if others + len(key) + len(value) > self.quota:
                raise StorageFull(key)
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


# Names browsers give a full quota (Firefox used its own for years).
FULL_NAMES = ("QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED")


def classify(error: BaseException) -> StorageFailure:
    """A JavaScript exception from localStorage as one of the two failures that matter."""
    name = str(getattr(error, "name", "") or "")
    text = f"{name} {error}"
    if any(full in text for full in FULL_NAMES):
        return StorageFull(text.strip())
    return StorageBlocked(text.strip())


class WebStorage:
    """A `Backend` over a browser Storage object (duck-typed: getItem, setItem, removeItem,
    key, length), with every exception turned into a StorageFailure."""

    def __init__(self, storage: object) -> None:
        self.storage: object = storage

    @classmethod
    def open(cls, getter: Callable[[], object]) -> WebStorage | None:
        """The storage the getter returns, or None if even asking for it throws (a browser
        blocking site data throws from the `window.localStorage` getter itself)."""
        try:
            storage = getter()
        except Exception:
            return None
        return None if storage is None or not hasattr(storage, "getItem") else cls(storage)

    def _call(self, method: str, *args: object) -> object:
        try:
            return getattr(self.storage, method)(*args)
        except Exception as error:
            raise classify(error) from None

    def get(self, key: str) -> str | None:
        value = self._call("getItem", key)
        return value if isinstance(value, str) else None  # JS null is not None in Pyodide

    def set(self, key: str, value: str) -> None:
        self._call("setItem", key, value)

    def remove(self, key: str) -> None:
        self._call("removeItem", key)

    def keys(self) -> list[str]:
        try:
            count = int(getattr(self.storage, "length"))  # noqa: B009 - a JS property
        except Exception as error:
            raise classify(error) from None
        found = (self._call("key", i) for i in range(count))
        return [k for k in found if isinstance(k, str)]


def dump(backend: Backend) -> str:
    """Everything under the site's keys as JSON text ("copy stored data"): what a player can
    keep or send when the page cannot use it. Raises StorageFailure if nothing can be read."""
    data: dict[str, str | None] = {}
    for key in sorted(backend.keys()):
        if key.startswith(SITE_PREFIX):
            try:
                data[key] = backend.get(key)
            except StorageFailure:
                data[key] = None  # listed but unreadable: still worth knowing it is there
    return json.dumps(data, indent=1, ensure_ascii=False)
