"""After one visit the game reloads and plays with the server gone (service worker precache),
and a new build replaces the cached one."""

from __future__ import annotations

import json
import shutil
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from pageutil import (
    SW_TIMEOUT_MS,
    make_a_move,
    open_game,
    python_start,
    start_game,
    wait_for_async,
    wait_for_service_worker,
    wait_for_snapshot,
    wait_until_ready,
)
from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tools.paths import SITE
from tools.serve import make_server, url_of

pytestmark = pytest.mark.e2e


# The service worker's caches (`targi:<scope>:<version>`); the start-up's own cache
# (`targi-start:<path>`: the last table and the interpreter snapshot) is not one of them.
CACHE_STATE = """async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('targi:'));
    const entries = {};
    for (const name of names) {
        const keys = await (await caches.open(name)).keys();
        entries[name] = keys.map((request) => request.url);
    }
    return entries;
}"""


# The caches of CACHE_STATE once the only one is that of `version`, else null.
SETTLED_ON = f"""async (version) => {{
    const state = await ({CACHE_STATE})();
    const names = Object.keys(state);
    return names.length === 1 && names[0].endsWith(':' + version) ? state : null;
}}"""


# A new build's worker installed and activated: checks for it until one activates. An install
# whose fetches fail (the context's network just switched back on may still be off for the
# service worker a moment) ends "redundant" and the browser would only try again at its next
# update check; the test asks again at once, as that check would, rather than wait for it.
UPDATE_WORKER = """async () => {
  const r = await navigator.serviceWorker.getRegistration();
  for (let tries = 1; tries <= 5; tries++) {
    await r.update();
    const w = r.installing || r.waiting;
    if (!w) return tries;  // already active (or nothing new: cache_state then says so)
    const end = await new Promise((done) => {
      const seen = () => ["activated", "redundant"].includes(w.state) && done(w.state);
      w.addEventListener("statechange", seen);
      seen();
    });
    if (end === "activated") return tries;
  }
  return 0;
}"""


def update_worker(page: Page) -> None:
    """Check for a new build's service worker and wait until it is the active one."""
    assert page.evaluate(UPDATE_WORKER) > 0, "no new service worker activated in 5 checks"


def cache_state(page: Page, version: str, timeout_ms: float = 60_000) -> dict[str, list[str]]:
    """Wait until the only cache is the one of `version`; its entries."""
    try:
        state: dict[str, list[str]] = wait_for_async(page, SETTLED_ON, version, timeout_ms)
    except PlaywrightTimeoutError:
        raise AssertionError(
            f"caches never settled on {version}: {list(page.evaluate(CACHE_STATE))}"
        ) from None
    return state


@pytest.mark.slow  # two builds precached, then a game offline: started first under xdist
def test_service_worker_precaches_every_file_a_new_build_replaces_it_and_the_game_plays_offline(
    new_context: Callable[..., BrowserContext], site_url: str, tmp_path: Path
) -> None:
    """The service worker precaches every file of the build; a new build replaces it, and the
    open page says so and offers a reload. Then, with the server gone and the network off: a
    reload starts Python from the snapshot the page kept and plays a game against the
    computer (the page's moves and the computer's Web Worker, its own Pyodide, restored from
    that snapshot too, and the wheel: all a two-player game needs too), and a new tab opens
    the build the service worker cached. (One first visit, with a server of its own that can
    really be stopped, for what were three tests: the offline reload, test_start.py's offline
    start from the snapshot and this one.)"""
    # A copy of the site that can be "redeployed" without touching site/.
    copy = tmp_path / "site"
    shutil.copytree(SITE, copy)
    info = json.loads((copy / "build.json").read_text())
    server = make_server(port=0, directory=copy, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = url_of(server)
    context = new_context()
    try:
        page = open_game(context.new_page(), url)
        wait_for_service_worker(page)
        state = cache_state(page, info["version"])
        cached = next(iter(state.values()))
        expect(page.locator("#update")).to_be_hidden()  # the first worker is no update
        assert sorted(cached) == sorted([url, *(url + f for f in info["files"])])

        # Deploy a new build: same files, one changed, new version in sw.js.
        (copy / "index.html").write_text((copy / "index.html").read_text() + "\n")
        sw = (copy / "sw.js").read_text().replace(info["version"], "0123456789abcdef")
        (copy / "sw.js").write_text(sw)
        page.reload()
        wait_until_ready(page)
        update_worker(page)
        state = cache_state(page, "0123456789abcdef")
        assert len(next(iter(state.values()))) == len(cached)
        # The open page now runs on the old build's files: it says so and offers a reload.
        expect(page.locator("#update")).to_be_visible()
        page.click("#update-reload")
        wait_until_ready(page)
        expect(page.locator("#update")).to_be_hidden()
        wait_for_service_worker(page)
        wait_for_snapshot(page)
    finally:
        server.shutdown()
        server.server_close()

    context.set_offline(True)
    page.reload()
    wait_until_ready(page)
    assert python_start(page) == "snapshot"
    start_game(page, "ai")
    for _ in range(3):
        assert make_a_move(page)
    # Three moves of ours and at least one answer from the computer.
    page.wait_for_function(
        "() => Number(document.querySelector('#table').dataset.seq) >= 4",
        polling=100,
        timeout=SW_TIMEOUT_MS,
    )
    assert page.get_attribute("#table", "data-phase") != "over"
    page.wait_for_selector("html[data-ai-start]", state="attached")
    assert page.evaluate("document.documentElement.dataset.aiStart") == "snapshot"

    other = open_game(context.new_page(), url)
    cached_build = other.evaluate("fetch('./build.json').then(r => r.json())")
    assert cached_build["version"] == info["version"]
    assert other.evaluate("navigator.serviceWorker.controller !== null")
