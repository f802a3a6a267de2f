"""Python in the page's own Pyodide (the one PyScript runs web/main.py in), for the friend
game's runtime test and bench/friend_browser.py.

`run_python` reaches it through web/snapshot.mjs's `startPythonOnce()`, which hands back the
interpreter the page started; the code runs with `runPythonAsync` (top-level await allowed) and
its last expression's value (a str) comes back. `MATCH` is the friend tests' scripted players
(tests/friend/scripted.py) plus `play(links)`, which runs the same in CPython and in the page.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

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


# ---- a friend game through the page (tests/e2e/test_friend_play.py) ---------------------------
LINK = "#friend-link[data-friend-link]"


def friend_state(page: Page) -> str | None:
    return page.get_attribute("html", "data-friend")


def wait_friend(page: Page, *states: str) -> None:
    """Until <html data-friend> is one of `states`."""
    page.wait_for_function(
        "states => states.includes(document.documentElement.dataset.friend)",
        arg=list(states),
        timeout=120_000,
    )


def link_to_send(page: Page) -> str:
    """The link waiting to be sent (a full URL of this site)."""
    page.locator(LINK).wait_for(state="visible", timeout=120_000)
    return page.locator(LINK).inner_text().strip()


def invite(page: Page, seat: str = "blue", starter: str = "me") -> str:
    """New game → Play a friend → options → Invite: the invitation link."""
    if not page.locator("[data-new-game=friend]").is_visible():  # the welcome shows it
        page.locator("[data-action=open-new] >> visible=true").first.click()
    page.locator("[data-new-game=friend]").click()
    page.check(f"input[name=friend-seat][value={seat}]")
    page.check(f"input[name=friend-starter][value={starter}]")
    page.locator("[data-action=friend-invite]").click()
    wait_friend(page, "waiting")
    return link_to_send(page)


def messages(page: Page) -> int:
    """How many messages the friend game shown holds (#friend[data-messages])."""
    return int(page.get_attribute("#friend", "data-messages") or 0)


# Notes, in the page, when a hash change comes and when the friend panel next changes its
# message count or state: the time the page took to apply a link (no test round trip in it);
# gives the message count before.
APPLY_TIMER = """() => {
  const f = document.getElementById('friend');
  window.__friendApplyMs = null;
  let began = null;
  window.addEventListener('hashchange', () => { began = performance.now(); }, { once: true });
  const seen = new MutationObserver(() => {
    if (began !== null) {
      window.__friendApplyMs = performance.now() - began;
      seen.disconnect();
    }
  });
  seen.observe(f, { attributes: true, attributeFilter: ['data-messages'] });
  seen.observe(document.documentElement, { attributes: true, attributeFilter: ['data-friend'] });
  return Number(f.dataset.messages || 0);
}"""


def open_link(page: Page, url: str, reload: bool = False) -> str | None:
    """Open a friend's link as a player does (a navigation: a page load when `reload`, else
    a hash change) and wait until it is applied or refused; gives <html data-friend>."""
    if reload:
        before = messages(page)
        page.goto("about:blank")
    else:
        before = int(page.evaluate(APPLY_TIMER))
    page.goto(url)
    page.wait_for_function(
        """before => {
            const f = document.getElementById('friend');
            const s = document.documentElement.dataset.friend;
            return f && (s === 'refused' || s === 'invited'
                || Number(f.dataset.messages || 0) > before);
        }""",
        arg=before,
        timeout=120_000,
    )
    return friend_state(page)


def fixed_random_bytes(secret: bytes) -> str:
    """An init script: crypto.getRandomValues fills a page's own 32-byte arrays (a friend
    game's secrets, Port.random_bytes) with `secret`; every other call (the interpreter's,
    a view into its memory; game seeds) stays random."""
    return f"""(() => {{
  const fixed = {list(secret)};
  const real = crypto.getRandomValues.bind(crypto);
  crypto.getRandomValues = (array) => {{
    if (array instanceof Uint8Array && array.length === 32 && array.buffer.byteLength === 32) {{
      array.set(fixed);
      return array;
    }}
    return real(array);
  }};
}})();"""


# Clicks a turn's moves in the page, in one go (each click redraws the table synchronously:
# the next move's button is there at once), then reads what the page shows: one round trip a
# step. `missing`: a move with no button; `link`, `what`: the link waiting to be sent and what
# the panel says to do with it; `hash`: the address bar's; `ms`: APPLY_TIMER's measure.
PLAY_MOVES = """(moves) => {
  let missing = null;
  for (const move of moves) {
    const button = [...document.querySelectorAll('[data-move]')]
      .find((b) => b.dataset.move === move && b.offsetParent !== null);
    if (!button) { missing = move; break; }
    button.click();
  }
  const send = document.getElementById('friend-send');
  return {
    missing,
    link: send.hidden ? null : document.getElementById('friend-link').textContent.trim(),
    what: document.getElementById('friend-send-what').textContent,
    hash: location.hash,
    ms: window.__friendApplyMs ?? null,
    state: document.documentElement.dataset.friend ?? null,
  };
}"""


def shoot(page: Page, name: str) -> None:
    """With FRIEND_SHOTS=<prefix> set: the page at 360×640 and 1280×900, for looking at it
    (docs/page.md asks for it when what a player sees changes); else nothing."""
    prefix = os.environ.get("FRIEND_SHOTS")
    if not prefix:
        return
    size = page.viewport_size
    for width, height in ((360, 640), (1280, 900)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=f"{prefix}{name}-{width}x{height}.png")
    if size is not None:
        page.set_viewport_size(size)


# ---- a friend game put in a page's storage (a position reused, not played again) --------------
def stored_friend_game(
    links: int = 0, decisions: int = 0
) -> tuple[dict[str, str], dict[str, str], Any]:
    """The inviter's page of the scripted game 0 (`secret("a0")` / `secret("b0")`, `policy(0)`)
    after its first `links` links (and at least `decisions` recorded), as that page's storage
    keeps it: (localStorage items, sessionStorage items, its FriendGame). A page opened on
    them puts the game on its table, as a reload does."""
    from targi.app.friendplay.store import TAB_KEY, FriendStore
    from targi.app.store.backend import MemoryBackend

    from tests.friend.scripted import Match, secret

    match = Match(secret("a0"), secret("b0"))
    while len(match.links) < links or len(match.pages[0].game.record) < decisions:
        if not match.step():
            break
    game = match.pages[0]
    local, tab = MemoryBackend(), MemoryBackend()
    FriendStore(local, tab, lambda: 0).save(game)
    tab.set(TAB_KEY, game.game_id)
    return dict(local.data), dict(tab.data), game


def put_storage(page: Page, local: dict[str, str], session: dict[str, str]) -> None:
    """These items in the storage of the page's origin (open one of its files first)."""
    page.evaluate(
        """([local, session]) => {
            for (const [k, v] of Object.entries(local)) localStorage.setItem(k, v);
            for (const [k, v] of Object.entries(session)) sessionStorage.setItem(k, v);
        }""",
        [local, session],
    )
