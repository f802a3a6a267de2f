"""Start-up (issue 12): a loading screen that has its words and keeps moving from the first paint,
a site that ships only what the page loads, and the return visit's fast paths."""

from __future__ import annotations

import json
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from pageutil import make_a_move, open_game, start_game
from playwright.sync_api import BrowserContext, Page, Route, expect

from tools.paths import SITE

pytestmark = pytest.mark.e2e


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
    # The main thread blocked for a second does not stop it.
    before = page.evaluate("document.querySelector('.sweep').getAnimations()[0].currentTime")
    page.evaluate(
        "() => {  const end = performance.now() + 1000; while (performance.now() < end); }"
    )
    after = page.evaluate("document.querySelector('.sweep').getAnimations()[0].currentTime")
    assert after - before >= 900
    assert page.evaluate("document.documentElement.dataset.appState") == "loading"
    for route in stalled:
        route.abort()


def test_a_visit_loads_every_file_the_site_ships(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    # With the service worker blocked (its precache would request everything), a visit and a
    # game against the computer request every file of the build but sw.js, the web app manifest
    # and its icons (read when the game is installed; the build test
    # test_every_icon_is_used_by_the_manifest_or_the_page covers them).
    context = new_context(service_workers="block")
    page = context.new_page()
    requested: set[str] = set()
    context.on("request", lambda request: requested.add(site_path(request.url, site_url)))
    open_game(page, site_url)
    start_game(page, "ai")
    make_a_move(page)
    page.wait_for_function("() => window.targiAI && !window.targiAI.broken", polling=100)
    page.wait_for_timeout(500)
    info = json.loads((SITE / "build.json").read_text())
    installing = {"web/manifest.webmanifest"}
    shipped = {f for f in info["files"] if not f.startswith("web/icons/")} - installing
    requested = {"index.html" if path == "" else path for path in requested}
    assert shipped - requested == set()


# The kept table's board, once the loader has stored it in Cache Storage (else null).
KEPT_BOARD = """async () => {
    const cache = await caches.open('targi-start:' + new URL('./', location.href).pathname);
    const hit = await cache.match('./__last-table__');
    return hit ? (await hit.json()).regions.board : null;
}"""


def test_a_returning_player_sees_the_last_table_read_only_until_python_is_ready(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    # No service worker: the interpreter's download can be held back by a route.
    context = new_context(service_workers="block")
    page = context.new_page()
    open_game(page, site_url)
    start_game(page, "hotseat")
    make_a_move(page)
    board = page.inner_html("#board")
    words = page.inner_text("#board")
    page.wait_for_function(f"async (b) => (await ({KEPT_BOARD})()) === b", arg=board, polling=100)
    held: list[Route] = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("html[data-preview=table]", state="attached")
    assert page.evaluate("document.documentElement.dataset.appState") == "loading"
    assert page.inner_text("#board") == words
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator("#loading")).to_be_visible()
    assert page.evaluate("document.getElementById('app').inert") is True  # read-only
    for route in held:
        route.continue_()
    page.unroute("**/pyodide.asm.wasm")
    page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=60_000)
    assert page.evaluate("document.documentElement.dataset.preview") is None
    assert page.evaluate("document.getElementById('app').inert") is False
    assert page.inner_text("#board") == words  # the same game, now playable
    make_a_move(page)


def test_no_last_table_is_shown_when_a_link_opens_a_game(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context = new_context(service_workers="block")
    page = context.new_page()
    page.add_init_script(
        """new MutationObserver(() => {
            if (document.documentElement.dataset.preview) window.__previewed = true;
        }).observe(document, {attributes: true, subtree: true});"""
    )
    open_game(page, site_url)
    start_game(page, "hotseat")
    make_a_move(page)
    page.wait_for_function(f"async () => (await ({KEPT_BOARD})()) !== null", polling=100)
    page.goto(site_url + "?again#storage=off")
    page.wait_for_selector("html[data-app-state=ready]", state="attached", timeout=60_000)
    assert page.evaluate("window.__previewed") is None
