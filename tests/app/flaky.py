"""An in-memory localStorage that can be told to misbehave like a hostile browser, and the
helpers the storage tests share."""

from __future__ import annotations

import itertools
import json
import random

from targi.app.session import Session
from targi.app.store.backend import MemoryBackend, StorageBlocked, StorageFailure, StorageFull
from targi.app.store.recent import GameStore


class FlakyBackend(MemoryBackend):
    """`fail["set"] = StorageFull` makes every setItem throw that; `quota` fills it up."""

    def __init__(self, data: dict[str, str] | None = None, quota: int | None = None) -> None:
        super().__init__(data, quota)
        self.fail: dict[str, type[StorageFailure]] = {}
        self.calls: list[str] = []

    def _check(self, method: str, key: str = "") -> None:
        self.calls.append(f"{method} {key}")
        if method in self.fail:
            raise self.fail[method](method)

    def get(self, key: str) -> str | None:
        self._check("get", key)
        return super().get(key)

    def set(self, key: str, value: str) -> None:
        self._check("set", key)
        super().set(key, value)

    def remove(self, key: str) -> None:
        self._check("remove", key)
        super().remove(key)

    def keys(self) -> list[str]:
        self._check("keys")
        return super().keys()

    def fill(self) -> None:
        """Junk keys up to the last character of the quota, as another app on the same origin
        might leave them."""
        assert self.quota is not None
        used = sum(len(k) + len(v) for k, v in self.data.items())
        for n in itertools.count():
            key = f"junk.{n}"
            room = self.quota - used - len(key)
            if room <= 0:
                return
            value = "x" * min(room, 1000)
            self.data[key] = value
            used += len(key) + len(value)


BLOCKED, FULL = StorageBlocked, StorageFull


class Clock:
    """Milliseconds that move on by one second at every reading."""

    def __init__(self, start: int = 1_763_900_000_000) -> None:
        self.now = start

    def __call__(self) -> int:
        self.now += 1000
        return self.now


def store(backend: FlakyBackend | None, tab: str = "tab-a", **kw: object) -> GameStore:
    rnd = random.Random(tab)
    return GameStore(
        backend,
        tab=tab,
        clock=kw.pop("clock", Clock()),  # type: ignore[arg-type]
        rand=lambda: rnd.getrandbits(32),
        tab_backend=kw.pop("tab_backend", None),  # type: ignore[arg-type]
    )


def game(seed: int = 7, moves: int = 0, mode: str = "hotseat") -> Session:
    s = Session.new(seed, 0, mode, "easy")
    for _ in range(moves):
        move(s)
    return s


def move(s: Session) -> None:
    """Play the first legal move, whoever is to move."""
    s.game.play(s.game.legal_moves()[0])


def format_1(s: Session) -> str:
    """A game as the page stored it before Recent games (one key, no id)."""
    return json.dumps({"app": "targi", "format": 1, "save": s.encode()})
