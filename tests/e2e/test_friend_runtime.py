"""A friend game's packages in the page: micropip installs the vendored wheels from the page's
own origin on first use (targi.app.friend_runtime), and targi.friend then plays as in CPython."""

from __future__ import annotations

import json
import shutil
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from friendpage import (
    install_code,
    link_to_send,
    match_source,
    open_friend_options,
    run_python,
    wait_friend,
)
from pageutil import ExternalRequests, open_game, wait_for_service_worker, wait_until_ready
from playwright.sync_api import BrowserContext, Error, Page, Request
from test_offline import cache_state, update_worker

from tools.paths import SITE
from tools.serve import make_server, url_of

pytestmark = pytest.mark.e2e

FRIEND_WHEELS = "wheels/friend/"
LINKS = 8  # invitation, answer, and six links of moves and shares


@pytest.mark.slow  # two builds cached, like test_offline's redeploy
def test_friend_runtime_offline_then_installed_plays_as_cpython_kept_by_a_new_build(
    new_context: Callable[..., BrowserContext], tmp_path: Path, external_requests: ExternalRequests
) -> None:
    """One first visit for the runtime's life in a page: offline before first use the install
    fails clearly, and Play a friend's dialog says so and keeps nothing; online it installs
    the vendored wheels from the page's origin (once), the dialog invites, it plays as
    CPython, and once used works offline: the service worker does not precache the wheels but
    keeps them once fetched, and a new build's worker keeps them too. The site is a copy of
    site/ on a server of its own, so that its sw.js can be changed (a new build). (The
    dialog's part was a test of its own in test_friend_play.py with a first visit of its own,
    2026-11-26; the new build's part another, 2026-11-27.)"""
    copy = tmp_path / "site"
    shutil.copytree(SITE, copy)
    info = json.loads((copy / "build.json").read_text())
    wheels_used = info["friend"]["bootstrap"] + info["friend"]["wheels"]
    server = make_server(port=0, directory=copy, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site_url = url_of(server)
    try:
        context = new_context()
        page = open_game(context.new_page(), site_url)
        wait_for_service_worker(page)  # the page is offline-capable: the wheels are not cached
        precached = next(iter(cache_state(page, info["version"]).values()))
        assert not {site_url + w for w in wheels_used} & set(precached)
        installs_offline_only_once_used(context, page, site_url, external_requests)
        cached = next(iter(cache_state(page, info["version"]).values()))
        assert {site_url + w for w in wheels_used} <= set(cached)

        # A new build (a new version in sw.js): its worker keeps the wheels used before.
        context.set_offline(False)
        sw = (copy / "sw.js").read_text().replace(info["version"], "0123456789abcdef")
        (copy / "sw.js").write_text(sw)
        update_worker(page)
        cached = next(iter(cache_state(page, "0123456789abcdef").values()))
        assert {site_url + w for w in wheels_used} <= set(cached)
    finally:
        server.shutdown()
        server.server_close()


def installs_offline_only_once_used(
    context: BrowserContext, page: Page, site_url: str, external_requests: ExternalRequests
) -> None:
    """Offline before first use the install fails and the dialog says so; online it installs
    from the origin, once, invites and plays as CPython; then offline, after a reload, it
    installs from the cache."""
    context.route(f"**/{FRIEND_WHEELS}**", lambda route: route.abort("internetdisconnected"))
    with pytest.raises(Error, match="FriendRuntimeError: could not install a friend game's"):
        run_python(page, install_code(site_url))
    open_friend_options(page)
    page.locator("[data-action=friend-invite]").click()
    status = page.locator("#friend-dialog-status")
    status.filter(has_text="could not be loaded").wait_for(timeout=120_000)
    assert page.locator("#dlg-friend").is_visible()
    kept = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('targi.friend.'))")
    assert kept == []
    context.unroute(f"**/{FRIEND_WHEELS}**")

    requests: list[Request] = []
    context.on("request", lambda request: requests.append(request))
    path = run_python(page, install_code(site_url))
    assert path.endswith("targi/friend/__init__.py")
    urls = [r.url for r in requests]
    wheels = sorted(u.removeprefix(site_url) for u in urls if FRIEND_WHEELS in u)
    info = json.loads(page.evaluate("fetch('./build.json').then(r => r.text())"))
    assert sorted(set(wheels)) == sorted(info["friend"]["bootstrap"] + info["friend"]["wheels"])
    assert all(u.startswith(site_url) for u in urls), urls
    assert list(external_requests) == []

    # Idempotent: a second call fetches nothing and gives the same module.
    requests.clear()
    assert run_python(page, install_code(site_url)) == path
    assert [r.url for r in requests if FRIEND_WHEELS in r.url] == []
    page.locator("[data-action=friend-invite]").click()  # the dialog, still open, invites
    wait_friend(page, "waiting")
    assert link_to_send(page).startswith(site_url + "#F")

    # The same random bytes give the same links as CPython's, moves applied on both sides.
    namespace: dict[str, object] = {}
    exec(compile(match_source(), "scripted", "exec"), namespace)
    play = namespace["play"]
    assert callable(play)
    expected = json.loads(play(LINKS))
    run_python(page, match_source())
    got = json.loads(run_python(page, f"play({LINKS})"))
    assert got["links"] == expected["links"]
    assert got["status"] == expected["status"]
    assert list(external_requests) == []

    # Used once: it installs offline.
    context.set_offline(True)
    page.reload()
    wait_until_ready(page)
    assert run_python(page, install_code(site_url)) == path
