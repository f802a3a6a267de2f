"""The page never asks anything of the internet: every request stays on 127.0.0.1."""

from __future__ import annotations

import pytest
from pageutil import (
    RECORD_VIOLATIONS,
    ExternalRequests,
    make_a_move,
    open_game,
    start_game,
    wait_until_network_settled,
)
from playwright.sync_api import Page

pytestmark = pytest.mark.e2e


@pytest.fixture
def unguarded_page(fresh_context, site_url: str) -> Page:
    """A page of the site's origin in a guarded context, the Content-Security-Policy switched
    off: the policy alone would stop the probes below before they reach the network, and these
    tests are about the guard. The probes need the origin, not the game: `build.json`, not a
    first visit (Pyodide twice and the service worker precaching the site, for nothing)."""
    page = fresh_context(bypass_csp=True).new_page()
    page.goto(site_url + "build.json")
    return page


def test_loading_and_playing_both_kinds_of_game_requests_nothing_off_origin(
    page: Page, site_url: str, external_requests: ExternalRequests
) -> None:
    """One first visit for both games: the load's requests (the precache, the fonts) are the
    same whichever game follows, and the second game starts in the same page. It records the
    Content-Security-Policy's violations from the first script on, too: the suite's one first
    visit that does (test_review.py's game against the computer did, as a first visit of its
    own, until 2026-11-27; it is a tab of the worker's context now, as test_a11y.py's is)."""
    page.add_init_script(RECORD_VIOLATIONS)
    first_visit = open_game(page, site_url)
    start_game(first_visit, "hotseat")
    moves = [make_a_move(first_visit) for _ in range(4)]
    assert all(moves)
    # The computer runs in a Web Worker with its own Pyodide: its requests are checked too.
    first_visit.click("[data-action=open-new]")  # the New game form
    start_game(first_visit, "ai")
    for _ in range(3):
        assert make_a_move(first_visit)
    first_visit.wait_for_selector("html[data-ai-start]", state="attached")  # its worker is up
    wait_until_network_settled(first_visit)  # late requests (fonts, precaching) included
    assert list(external_requests) == []
    assert first_visit.evaluate("window.__violations") == []


def test_the_guard_blocks_and_records_an_off_origin_fetch(
    unguarded_page: Page, external_requests: ExternalRequests
) -> None:
    outcome = unguarded_page.evaluate(
        "fetch('http://example.invalid/probe').then(() => 'answered', () => 'blocked')"
    )
    assert outcome == "blocked"
    assert list(external_requests) == ["http://example.invalid/probe"]
    external_requests.clear()  # recorded on purpose: the test must not fail at teardown


def test_the_guard_also_sees_requests_from_a_web_worker(
    unguarded_page: Page, external_requests: ExternalRequests
) -> None:
    outcome = unguarded_page.evaluate(
        """() => new Promise((resolve) => {
            const source = "fetch('https://cdn.example.invalid/w.js')" +
                ".then(() => postMessage('answered'), () => postMessage('blocked'))";
            const worker = new Worker(URL.createObjectURL(new Blob([source])));
            worker.onmessage = (event) => resolve(event.data);
        })"""
    )
    assert outcome == "blocked"
    assert "https://cdn.example.invalid/w.js" in list(external_requests)
    external_requests.clear()
