"""Start-up (issue 12): a loading screen that has its words and keeps moving from the first paint,
a site that ships only what the page loads, and the return visit's fast paths."""

from __future__ import annotations

import contextlib
import gzip
import json
import threading
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from gameplay import start_game as new_game
from pageutil import (
    make_a_move,
    open_game,
    python_start,
    start_game,
    wait_for_async,
    wait_for_service_worker,
    wait_for_snapshot,
    wait_until_ready,
)
from playwright.sync_api import BrowserContext, Page, Route, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tools.paths import SITE
from tools.serve import SiteHandler, make_server, url_of

pytestmark = pytest.mark.e2e


def wait_until(page: Page, function: str, arg: object = None, timeout_ms: int = 60_000) -> None:
    """Until an async page function returns a truthy value (pageutil.wait_for_async)."""
    wait_for_async(page, function, arg, timeout_ms)


def site_path(url: str, site_url: str) -> str:
    return urlsplit(url).path.removeprefix(urlsplit(site_url).path)


def test_the_loading_screen_has_its_words_before_any_script_runs(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context = new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site_url)
    catalog = json.loads((SITE / "web" / "messages" / "en.json").read_text(encoding="utf-8"))
    for stage in ("download", "interpreter", "game"):
        expect(page.locator(f"#stage-{stage}")).to_have_text(catalog[f"loading.stage.{stage}"])


def test_the_progress_indicator_moves_on_the_compositor_while_the_interpreter_starts(
    page: Page, site_url: str
) -> None:
    # The interpreter's file never arrives: the page stays in its loading state.
    stalled: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: stalled.append(route))
    page.goto(site_url)
    page.wait_for_function("() => document.getAnimations().length > 0", polling=50)
    animations = page.evaluate(
        """() => document.getAnimations().map(a => ({
            name: a.animationName, state: a.playState,
            target: a.effect.target.className,
            props: a.effect.getKeyframes().flatMap(k => Object.keys(k))
        }))"""
    )
    sweep = [a for a in animations if a["target"] == "sweep"]
    assert sweep, animations
    assert sweep[0]["state"] == "running"
    # transform (opacity with reduced motion) animates off the main thread; width would not.
    assert "transform" in sweep[0]["props"] or "opacity" in sweep[0]["props"], sweep
    # It waits a second, so a start that is over by then costs no frames of it; then it runs.
    delay = page.evaluate(
        "document.querySelector('.sweep').getAnimations()[0].effect.getTiming().delay"
    )
    assert delay == 1000
    page.wait_for_function(
        "() => document.querySelector('.sweep').getAnimations()[0]"
        ".effect.getComputedTiming().progress !== null",
        polling=50,
    )
    # The main thread blocked for a second does not stop it.
    before = page.evaluate("document.querySelector('.sweep').getAnimations()[0].currentTime")
    page.evaluate(
        "() => {  const end = performance.now() + 1000; while (performance.now() < end); }"
    )
    after = page.evaluate("document.querySelector('.sweep').getAnimations()[0].currentTime")
    assert after - before >= 900
    assert page.evaluate("document.documentElement.dataset.appState") == "loading"
    # While it waits it is out of sight: its own style puts it off the bar (left of it).
    shift = page.evaluate(
        """() => { const sweep = document.querySelector('.sweep');
            sweep.getAnimations()[0].cancel();
            return new DOMMatrix(getComputedStyle(sweep).transform).m41
                + sweep.getBoundingClientRect().width; }"""
    )
    assert shift <= 0, shift
    for route in stalled:
        route.abort()


# The kept table's board (its text), once the loader has stored it in Cache Storage (else null).
KEPT_BOARD = """async () => {
    const cache = await caches.open('targi-start:' + new URL('./', location.href).pathname);
    const hit = await cache.match('./__last-table__');
    if (!hit) return null;
    const board = document.createElement('div');
    board.innerHTML = (await hit.json()).regions.board;
    return board.textContent;
}"""


def test_a_visit_loads_every_file_the_site_ships_and_the_next_shows_the_last_table_read_only(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    """With the service worker blocked (its precache would request everything, and with it
    a route can hold the interpreter's download back): a visit and a game against the
    computer request every file of the build but sw.js, the web app manifest and its icons
    (read when the game is installed; the build test
    test_every_icon_is_used_by_the_manifest_or_the_page covers them). Then a returning player
    sees the last table read-only until Python is ready, and a link that opens a game shows
    none. (One first visit for what were two tests.)"""
    context = new_context(service_workers="block")
    page = context.new_page()
    page.add_init_script(
        """new MutationObserver(() => {
            if (document.documentElement.dataset.preview) window.__previewed = true;
        }).observe(document, {attributes: true, subtree: true});"""
    )
    requested: set[str] = set()
    context.on("request", lambda request: requested.add(site_path(request.url, site_url)))
    open_game(page, site_url)
    assert page.evaluate("window.__previewed") is None  # nothing kept yet
    start_game(page, "ai")
    make_a_move(page)
    page.wait_for_function("() => window.targiAI && !window.targiAI.broken", polling=100)
    info = json.loads((SITE / "build.json").read_text())
    # The manifests (one per language) are read when installing; the other languages' catalogs
    # when the player switches (docs/i18n.md): this visit is in English.
    installing = {f for f in info["files"] if f.startswith("web/manifest")}
    catalogs = {f for f in info["files"] if f.startswith("web/messages/")}
    switching = catalogs - {"web/messages/en.json"}
    # Icons and card illustrations are painted by the style sheets only where one is on the
    # screen (a deck's back only while a card lies face down); tests/build checks each is used.
    painted = ("web/icons/", "web/art/")
    shipped = {f for f in info["files"] if not f.startswith(painted)} - installing - switching

    def missing() -> set[str]:
        return shipped - {"index.html" if path == "" else path for path in requested}

    # Each request the page and its workers make is an event: wait for the next one while a
    # file is missing (a file never requested fails below, naming it).
    with contextlib.suppress(PlaywrightTimeoutError):
        while missing():
            context.wait_for_event("request", timeout=30_000)
    assert missing() == set()

    # The return: a two-player game on the table, kept, and the reload's interpreter held.
    new_game(page, "hotseat")
    make_a_move(page)
    board = page.text_content("#board")
    wait_until(page, f"async (b) => (await ({KEPT_BOARD})()) === b", board)
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("html[data-preview=table]", state="attached")
    assert page.evaluate("document.documentElement.dataset.appState") == "loading"
    assert page.text_content("#board") == board
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator("#loading")).to_be_visible()
    assert page.evaluate("document.getElementById('app').inert") is True  # read-only
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm")
    page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=60_000)
    assert page.evaluate("document.documentElement.dataset.preview") is None
    assert page.evaluate("document.getElementById('app').inert") is False
    assert page.text_content("#board") == board  # the same game, now playable
    make_a_move(page)

    # A link that opens a game shows no last table, though one is kept.
    wait_until(page, f"async () => (await ({KEPT_BOARD})()) !== null")
    page.goto(site_url + "?again#storage=off")
    page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=60_000)
    assert page.evaluate("window.__previewed") is None


# Rewrites the snapshot: "damaged" flips 4 KiB in its middle, "older" gives it another build's
# version (what a snapshot made before a redeploy carries).
SPOIL_SNAPSHOT = """async (how) => {
    const cache = await caches.open('targi-start:' + new URL('./', location.href).pathname);
    const hit = await cache.match('./__snapshot__');
    const bytes = new Uint8Array(await hit.arrayBuffer());
    const headers = new Headers(hit.headers);
    if (how === 'damaged') {
        const middle = bytes.length >> 1;
        for (let i = middle; i < middle + 4096; i++) bytes[i] ^= 0xff;
    } else {
        headers.set('x-targi-version', 'an-older-build');
    }
    await cache.put('./__snapshot__', new Response(bytes, {headers}));
}"""

# The kept snapshot's form: [its first 8 bytes as text, its length, the u32 after them (the
# memory's size in a header of runs)]. It is kept as the memory's runs that are not zero
# (web/shipped.mjs packRuns), "TGRUNS01" and about 15 MB, not the whole 31 MB memory: half the
# bytes for every start to read and hash.
KEPT_FORM = """async () => {
    const cache = await caches.open('targi-start:' + new URL('./', location.href).pathname);
    const bytes = new Uint8Array(await (await cache.match('./__snapshot__')).arrayBuffer());
    const size = new DataView(bytes.buffer).getUint32(8, true);
    return [String.fromCharCode(...bytes.subarray(0, 8)), bytes.length, size];
}"""


def assert_kept_as_runs(page: Page, share: float = 0.5) -> None:
    """Kept as runs, in at most `share` of the memory's bytes."""
    magic, length, memory = page.evaluate(KEPT_FORM)
    assert magic == "TGRUNS01" and memory > 30_000_000, (magic, memory)
    assert length < memory * share, (length, memory)


AI_WORKER = "web/ai-worker.mjs"


def ai_worker(page: Page) -> str | None:
    """html[data-ai-worker] once the table is up: "idle" (the page starts no AI worker yet) or
    "started" (web/ai-client.js)."""
    page.wait_for_selector("html[data-ai-worker]", state="attached")
    return page.evaluate("document.documentElement.dataset.aiWorker")


# The Response Pyodide compiles pyodide.asm.wasm from (its URL; "" for a Response made anew in
# the page, which carries none of the cache's metadata), recorded by an init script.
RECORD_WASM_SOURCE = """window.__wasmSources = [];
const streaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    window.__wasmSources.push(response.url);
    return streaming.call(WebAssembly, response, imports);
};"""


def wasm_fetches(page: Page) -> list[list[str]]:
    """[the URLs of the Responses Pyodide compiled from, who requested pyodide.asm.wasm: "link"
    for a preload, "fetch" for Pyodide's own fetch] of the page's current visit."""
    return page.evaluate(
        """() => [window.__wasmSources, performance.getEntriesByType('resource')
            .filter((e) => e.name.endsWith('/pyodide.asm.wasm')).map((e) => e.initiatorType)]"""
    )


def wheel_marks(page: Page) -> list[str]:
    return page.evaluate(
        "performance.getEntriesByType('mark').map(m => m.name)"
        ".filter(n => n.startsWith('targi:wheel-'))"
    )


def test_without_the_browsers_inflate_python_unpacks_the_wheel_and_the_game_plays(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context = new_context()
    context.add_init_script("delete globalThis.DecompressionStream")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_game(page, site_url)
    assert python_start(page) == "start"  # no inflate: no shipped snapshot either
    assert wheel_marks(page) == ["targi:wheel-archive"]
    start_game(page, "ai")
    make_a_move(page)
    page.wait_for_function("() => document.documentElement.dataset.aiStart", polling=100)
    assert errors == []


def test_first_and_return_visits_start_python_fast_and_a_spoiled_snapshot_is_dropped(
    page: Page, site_url: str
) -> None:
    """A first visit: the 31 MB inflate of snapshot.gz runs in a worker of the page's
    (web/shipped.mjs), beside the main thread's parsing and PyScript's set-up, not after them
    on the same thread; web/wheel.mjs reads the wheel with the browser's inflate while the
    interpreter is on its way, so after the restore only its files are written (Pyodide's
    unpackArchive ran zipfile and shutil in the interpreter there, on the main thread). That
    worker keeps the unzipped snapshot once the page has restored it, and the welcome starts
    no AI worker. Then a return visit restores Python from the kept snapshot, and so does the
    AI's worker when a game against the computer begins. Then that kept snapshot is spoiled,
    damaged and then of an older build (in turn: each time the page keeps a good one again):
    each falls back to the build's snapshot with the stored game intact. It is kept as the
    memory's runs that are not zero, not the whole memory.
    Pyodide compiles the wasm from the response itself, never one the byte counter made anew,
    preloaded on the first visit, on the return visit the service worker's answer from Cache
    Storage (no preload), which carries Chrome's code cache of the module.
    Two players on this device never ask the computer: no AI worker (its own interpreter,
    ~0.65 s of CPU and its memory) at the first visit nor at the return to their game, which
    still restores Python from the snapshot the page kept; a game against the computer then
    starts it, once.
    (One first visit and one snapshot kept for what were five tests.)"""
    page.add_init_script(RECORD_WASM_SOURCE)
    wasm = f"{site_url}pyodide/pyodide.asm.wasm"
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(site_path(worker.url, site_url)))
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_game(page, site_url)
    assert python_start(page) == "shipped"  # a first visit: the build's snapshot, downloaded
    assert "web/shipped.mjs" in workers
    assert wheel_marks(page) == ["targi:wheel-files"]
    assert wasm_fetches(page) == [[wasm], ["link"]]  # requested with the page: one download
    wait_for_snapshot(page)  # kept by the page's worker
    assert_kept_as_runs(page)
    assert ai_worker(page) == "idle" and AI_WORKER not in workers  # no game: no computer
    start_game(page, "hotseat")
    make_a_move(page)
    board = page.inner_text("#board")
    assert AI_WORKER not in workers  # two players: the page kept the snapshot without it
    # a return visit is one the service worker controls (installing, it precaches the whole
    # site: on a loaded machine that can outlast the snapshot, and a reload before it ends is
    # a first visit again, which downloads snapshot.gz early by design)
    wait_for_service_worker(page)
    downloads: list[str] = []
    page.on("request", lambda r: downloads.append(r.url) if "snapshot.gz" in r.url else None)
    page.reload()
    wait_until_ready(page)
    assert python_start(page) == "snapshot"
    assert downloads == []  # the page's early download is a first visit's only
    assert page.evaluate("performance.getEntriesByName('targi:python-snapshot').length") == 1
    assert wasm_fetches(page) == [[wasm], ["fetch"]]  # the service worker's own response
    assert page.inner_text("#board") == board  # the two players' game, stored
    assert ai_worker(page) == "idle"  # and still no computer
    assert AI_WORKER not in workers
    assert page.evaluate("document.documentElement.dataset.aiStart ?? null") is None
    # The restored interpreter plays, and so does the computer's (restored too), started for
    # the game against the computer, once.
    make_a_move(page)
    new_game(page, "ai")
    make_a_move(page)
    page.wait_for_function("() => document.documentElement.dataset.aiStart === 'snapshot'")
    assert ai_worker(page) == "started" and workers.count(AI_WORKER) == 1
    assert downloads == []  # nor did the AI's worker download snapshot.gz
    assert errors == []
    # the kept snapshot spoiled, with a two-player game stored
    new_game(page, "hotseat")
    make_a_move(page)
    for how in ("damaged", "older"):
        board = page.inner_text("#board")
        wait_for_snapshot(page)
        page.evaluate(SPOIL_SNAPSHOT, how)
        page.reload()
        wait_until_ready(page)
        assert python_start(page) == "shipped", how  # the kept one dropped, the build's one
        assert ai_worker(page) == "idle", how  # the page keeps it again: no AI worker
        expect(page.locator("#load-error")).to_be_hidden()
        assert page.inner_text("#board") == board, how  # the stored game, as it was
        make_a_move(page)
        assert errors == [], how
    # The spoiled snapshot is gone and the page's worker keeps a good one again.
    wait_for_snapshot(page)


# What the page's reader of snapshot.gz (web/shipped.mjs fetchShipped) makes of a bad download,
# on the page's side: a 404 gives no bytes; a body that is no gzip stream is passed on as it
# is, and a gzip stream is unzipped, each to be refused by loadPyodide as no snapshot.
BAD_SNAPSHOTS = {"not gzip": b"no snapshot", "damaged": gzip.compress(b"\x00" * 65536)}
READ_SHIPPED = """async (url) => {
    const {fetchShipped} = await import(new URL('web/shipped.mjs', location.href).href);
    const bytes = await fetchShipped(url);
    return bytes === null ? null : {length: bytes.length, head: Array.from(bytes.subarray(0, 11)),
        zeros: bytes.every((b) => b === 0)};
}"""


def serve_gzip(body: bytes) -> Callable[[Route], None]:
    """A route handler answering `body` as a .gz file. (Its own function: a lambda with a
    default argument is handed the request as that argument by Playwright.)"""
    return lambda route: route.fulfill(status=200, body=body, content_type="application/gzip")


def test_the_snapshot_reader_tells_a_missing_a_raw_and_a_zipped_bad_download_apart(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    """The three bad downloads of snapshot.gz, read in one page with no interpreter: a 404 is
    no snapshot (null, as when the browser has no inflate: the start without one that
    test_without_the_browsers_inflate_python_unpacks_the_wheel_and_the_game_plays plays), a
    body that is not gzip comes as it is, and a gzip stream of junk comes unzipped: both are
    bytes that loadPyodide refuses, the start that the next test plays through."""
    page = new_context(service_workers="block").new_page()  # the routes see every request
    for how, body in BAD_SNAPSHOTS.items():
        page.route(f"**/bad/{how.replace(' ', '-')}.gz", serve_gzip(body))
    page.route("**/bad/missing.gz", lambda route: route.fulfill(status=404))
    page.goto(site_url + "build.json")  # the site's origin, not the app
    assert page.evaluate(READ_SHIPPED, site_url + "bad/missing.gz") is None
    raw = page.evaluate(READ_SHIPPED, site_url + "bad/not-gzip.gz")
    assert raw == {"length": 11, "head": list(b"no snapshot"), "zeros": False}
    unzipped = page.evaluate(READ_SHIPPED, site_url + "bad/damaged.gz")
    assert unzipped == {"length": 65536, "head": [0] * 11, "zeros": True}


def test_without_a_usable_shipped_snapshot_python_starts_normally(
    page: Page, site_url: str
) -> None:
    """A first visit whose snapshot.gz unzips to something that is no snapshot (refused by
    loadPyodide, as a body that is no gzip stream is: the test above): a normal start, no
    error shown, a playable game; the page keeps no snapshot, so the AI's worker starts at
    once, with no game against the computer, and makes and keeps one for the next starts.
    (One first visit for the three bad downloads that each paid one.)"""
    page.route("**/snapshot.gz", serve_gzip(BAD_SNAPSHOTS["damaged"]))
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_game(page, site_url)
    assert python_start(page) == "start"
    expect(page.locator("#load-error")).to_be_hidden()
    assert ai_worker(page) == "started"
    wait_for_snapshot(page)
    # the AI's worker keeps the runs too (its memory's freed blocks are not zeroed, as the build's
    # are: 16.6 of 31.5 MB)
    assert_kept_as_runs(page, share=0.6)
    start_game(page, "ai")
    make_a_move(page)
    assert errors == []


class UnzippingHandler(SiteHandler):
    """A host that serves the .gz file with `Content-Encoding: gzip`: the browser unzips it."""

    def end_headers(self) -> None:
        if self.path.split("?", 1)[0].endswith("/snapshot.gz"):
            self.send_header("Content-Encoding", "gzip")
        super().end_headers()


def test_a_host_that_unzips_the_shipped_snapshot_on_the_way_still_gives_a_fast_start(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    """Some hosts serve a .gz file with `Content-Encoding: gzip`, so the page (and the AI's
    worker) receive the snapshot already unzipped: it is used as it is."""
    # A server of its own that says so (site_url is requested only so that site/ is built); the
    # browser's network stack unzips, as with such a host. (A route fulfilled with the 31 MB
    # unzipped snapshot crossed Playwright's pipe as base64: 30 s a request on a loaded machine.)
    server = make_server(port=0, quiet=True, handler=UnzippingHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    unzipped: list[bool] = []
    context = new_context()
    page = context.new_page()
    context.on(
        "response",
        lambda response: (
            unzipped.append(response.headers.get("content-encoding") == "gzip")
            if response.url.endswith("/snapshot.gz")
            else None
        ),
    )
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        open_game(page, url_of(server))
        assert python_start(page) == "shipped"
        assert unzipped and all(unzipped), unzipped  # the snapshot did come unzipped by the host
        start_game(page, "ai")
        make_a_move(page)
        assert errors == []
    finally:
        server.shutdown()
        server.server_close()
