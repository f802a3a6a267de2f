"""The Content-Security-Policy of index.html: the page, the computer's worker and a whole game
work under it, and a script injected into the page does not run. The whole game under the
policy is test_a11y.py's whole game against the computer, played with Tab and Enter (one whole
game, not two), which records the violations with RECORD_VIOLATIONS from the first script on;
test_review.py records them too while its game is replayed, analysed and exported."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pageutil import RECORD_VIOLATIONS
from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]


def _policy() -> dict[str, set[str]]:
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    meta = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)
    assert meta, "index.html has no Content-Security-Policy <meta>"
    directives = (d.split() for d in meta.group(1).split(";") if d.strip())
    return {name: set(values) for name, *values in directives}


def test_the_policy_allows_only_the_sites_own_files_and_what_pyscript_needs():
    policy = _policy()
    assert policy["default-src"] == {"'self'"}
    assert policy["script-src"] == {"'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"}
    assert policy["style-src"] == policy["img-src"] == policy["connect-src"] == {"'self'"}
    assert policy["object-src"] == policy["base-uri"] == {"'none'"}
    assert not any("'unsafe-inline'" in values for values in policy.values())


def test_an_injected_inline_script_and_style_are_blocked(game_page: Page):
    page = game_page  # the policy is index.html's own: the same on a return visit
    page.evaluate(RECORD_VIOLATIONS)
    ran = page.evaluate(
        """() => {
            const s = document.createElement('script');
            s.textContent = 'window.__injected = true';
            document.body.append(s);
            const div = document.createElement('div');
            div.innerHTML = '<p id="styled" style="color: rgb(255, 0, 0)">x</p>';
            document.body.append(div);
            return [window.__injected === true,
                    getComputedStyle(document.getElementById('styled')).color];
        }"""
    )
    assert ran[0] is False
    assert ran[1] != "rgb(255, 0, 0)"
    page.wait_for_function("() => window.__violations.length >= 2")
    violations = page.evaluate("window.__violations")
    assert any(v.startswith("script-src") for v in violations), violations
    assert any(v.startswith("style-src") for v in violations), violations


def test_an_off_origin_request_is_stopped_by_the_policy_before_the_network(game_page: Page):
    page = game_page  # the policy is index.html's own: the same on a return visit
    page.evaluate(RECORD_VIOLATIONS)
    outcome = page.evaluate(
        "fetch('http://example.invalid/probe').then(() => 'answered', () => 'blocked')"
    )
    assert outcome == "blocked"
    page.wait_for_function("() => window.__violations.length >= 1")
    assert page.evaluate("window.__violations")[0].startswith("connect-src")
