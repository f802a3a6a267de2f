"""targi.app.port.Port on dictionaries: the page's controller without a browser.

Spawned work is kept in a queue and run by `run()`; sleeping moves a fake clock. `while_asked`
runs inside ask_ai, as if the person clicked while the worker was thinking.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Iterable
from typing import Any

from targi.app import protocol
from targi.app.controller import DIALOGS
from targi.app.port import StorageFailure, TableFrame


class FakePort:
    def __init__(self, seeds: Iterable[int] = range(1000, 2000)) -> None:
        self.storage: dict[str, str] = {}
        self.storage_blocked = False
        self.text: dict[str, str] = {}
        self.html: dict[str, str] = {}
        self.values: dict[str, str] = {}
        self.hidden: dict[str, bool] = {d: True for d in DIALOGS} | {"notice": True}
        self.radios: dict[str, str] = {}
        self.frame: TableFrame | None = None
        self.draws = 0
        self.focused: list[str] = []
        self.copy_works = True
        self.url = "https://example.org/targi/"
        self.fragment_forgotten = False
        self.seeds = iter(seeds)
        self.now = 0.0
        self.slept: list[float] = []
        self.queue: list[Coroutine[Any, Any, None]] = []
        self.worker_broken = False
        self.asked: list[dict[str, Any]] = []
        self.while_asked: Callable[[], None] | None = None
        self.think_s = 0.0  # how long the worker takes
        self.reports: list[str] = []

    # ---- storage -------------------------------------------------------------------------------
    def storage_get(self, key: str) -> str | None:
        return None if self.storage_blocked else self.storage.get(key)

    def storage_set(self, key: str, value: str) -> None:
        if self.storage_blocked:
            raise StorageFailure("SecurityError: storage is blocked")
        self.storage[key] = value

    def storage_remove(self, key: str) -> None:
        if self.storage_blocked:
            raise StorageFailure("SecurityError: storage is blocked")
        self.storage.pop(key, None)

    # ---- the document --------------------------------------------------------------------------
    def draw(self, frame: TableFrame | None) -> None:
        self.frame = frame
        self.draws += 1

    def set_text(self, element_id: str, text: str) -> None:
        self.text[element_id] = text

    def set_html(self, element_id: str, html: str) -> None:
        self.html[element_id] = html

    def set_hidden(self, element_id: str, hidden: bool) -> None:
        self.hidden[element_id] = hidden

    def is_hidden(self, element_id: str) -> bool:
        return self.hidden.get(element_id, False)

    def get_value(self, element_id: str) -> str:
        return self.values.get(element_id, "")

    def set_value(self, element_id: str, value: str) -> None:
        self.values[element_id] = value

    def checked(self, name: str) -> str | None:
        return self.radios.get(name)

    def check(self, name: str, value: str) -> None:
        self.radios[name] = value

    def focus(self, selector: str) -> bool:
        self.focused.append(selector)
        return True

    async def copy(self, element_id: str) -> bool:
        return self.copy_works

    def page_url(self) -> str:
        return self.url

    def forget_fragment(self) -> None:
        self.fragment_forgotten = True

    # ---- time, chance, the computer ------------------------------------------------------------
    def random_seed(self) -> int:
        return next(self.seeds)

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        self.queue.append(work)

    async def ask_ai(self, request_json: str) -> str:
        self.asked.append(protocol.json.loads(request_json))
        self.now += self.think_s
        if self.while_asked is not None:
            act, self.while_asked = self.while_asked, None
            act()
        if self.worker_broken:
            raise RuntimeError("the worker could not be started")
        return protocol.answer(request_json)

    def report(self, message: str) -> None:
        self.reports.append(message)

    # ---- for the tests -------------------------------------------------------------------------
    def run(self, limit: int = 500) -> int:
        """Run spawned work (and whatever it spawns) to the end; how many pieces ran."""
        ran = 0
        while self.queue:
            assert ran < limit, "spawned work does not end"
            asyncio.run(self.queue.pop(0))
            ran += 1
        return ran
