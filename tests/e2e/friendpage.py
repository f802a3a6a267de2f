"""Python in the page's own Pyodide (the one PyScript runs web/main.py in), for the friend
game's runtime test and bench/friend_browser.py.

`run_python` reaches it through web/snapshot.mjs's `startPythonOnce()`, which hands back the
interpreter the page started; the code runs with `runPythonAsync` (top-level await allowed) and
its last expression's value (a str) comes back. `MATCH` is the friend tests' scripted players
(tests/friend/scripted.py) plus `play(links)`, which runs the same in CPython and in the page.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]

RUN_PYTHON = """async (code) => {
  const url = new URL('web/snapshot.mjs', document.baseURI).href;
  const { pyodide } = await (await import(url)).startPythonOnce();
  return await pyodide.runPythonAsync(code);
}"""

# Links passed between two scripted pages; times in ms (time.perf_counter, in Pyodide too).
PLAY = '''
import json
import time


def play(limit=None):
    """The first `limit` links of scripted game 0 (all of it when None), with timings."""
    t = time.perf_counter()
    inviter = FriendGame.invite(secret("friend-a"), first_player=0, seat=0)
    invite_ms = (time.perf_counter() - t) * 1000
    t = time.perf_counter()
    friend = FriendGame.accept(inviter.link, secret("friend-b"))
    accept_ms = (time.perf_counter() - t) * 1000
    pages, choose, to = [inviter, friend], policy(0), 0
    links, applies, audits, answer_ms = [inviter.link, friend.link], [], [], None
    while limit is None or len(links) < limit:
        page = pages[to]
        audited = page.audit is not None
        t = time.perf_counter()
        out = page.receive(links[-1]).link
        spent = (time.perf_counter() - t) * 1000
        if page.audit is not None and not audited:
            audits.append(spent)  # the receive that ends the game runs the audit
        elif answer_ms is None:
            answer_ms = spent  # the inviter's side of the set-up: it checks the answer
        else:
            applies.append(spent)
        while out is None and page.status == "your-turn":
            out = page.play(choose(page.game))
        if out is None:
            break
        links.append(out)
        to = 1 - to
    audit = inviter.audit
    return json.dumps({
        "links": links, "invite_ms": invite_ms, "accept_ms": accept_ms, "answer_ms": answer_ms,
        "applies": applies, "audit_ms": audits,
        "audit": None if audit is None else [audit.ok, audit.reason],
        "status": [p.status for p in pages],
    })
'''


def match_source() -> str:
    """The scripted players' module with play() added, as source to run in either Python."""
    scripted = (ROOT / "tests" / "friend" / "scripted.py").read_text(encoding="utf-8")
    return scripted + PLAY


def run_python(page: Page, code: str) -> str:
    return str(page.evaluate(RUN_PYTHON, code))


def install_code(site_url: str) -> str:
    """Installs the friend runtime in the page; gives targi.friend's file."""
    return (
        "from targi.app.friend_runtime import install_friend\n"
        f"(await install_friend({site_url!r})).__file__"
    )
