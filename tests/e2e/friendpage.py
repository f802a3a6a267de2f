"""Python in the page's own Pyodide (the one PyScript runs web/main.py in), for the friend
game's runtime test and bench/friend_browser.py.

`run_python` reaches it through web/snapshot.mjs's `startPythonOnce()`, which hands back the
interpreter the page started; the code runs with `runPythonAsync` (top-level await allowed) and
its last expression's value (a str) comes back. `MATCH` is the friend tests' scripted players
(tests/friend/scripted.py) plus `play(links)`, which runs the same in CPython and in the page.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from pageutil import start_button
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

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
Step = tuple[int, list[str], str | None]  # the page a link goes to, its moves, its link out


def script() -> tuple[list[str], list[Step]]:
    """The friend tests' scripted game (the pages' random bytes `secret("a0")` and
    `secret("b0")`, the moves `policy(0)`) played in CPython: the invitation and the answer,
    then each step. The same bytes and moves give the same links, byte for byte."""
    scripted = pytest.importorskip("tests.friend.scripted")
    friend = pytest.importorskip("targi.friend")
    a = friend.FriendGame.invite(scripted.secret("a0"), first_player=0, seat=0)
    b = friend.FriendGame.accept(a.link, scripted.secret("b0"))
    pages, links, choose, to = [a, b], [a.link, b.link], scripted.policy(0), 0
    steps: list[Step] = []
    while True:
        page = pages[to]
        out = page.receive(links[-1]).link
        moves: list[str] = []
        while out is None and page.status == "your-turn":
            moves.append(choose(page.game))
            out = page.play(moves[-1])
        steps.append((to, moves, out))
        if out is None:
            assert a.status == b.status == "verified"
            return links[:2], steps
        links.append(out)
        to = 1 - to


# One thread a worker for script(): its cryptography (a few seconds of CPython) runs while the
# browser opens the pages, and once for the tests that play the game (by links and live).
_SCRIPTING = ThreadPoolExecutor(max_workers=1, thread_name_prefix="friend-script")


@functools.cache
def scripted_game() -> Future[tuple[list[str], list[Step]]]:
    """script(), started on the first call and computed once a worker; `.result()` gives it."""
    return _SCRIPTING.submit(script)


SoFar = tuple[int, list[str]]  # the moves played, the stand-ins in face-down central spaces


def so_far(links: int) -> SoFar:
    """The inviter's game of the scripted match once it has sent or received `links` links:
    how many moves it holds, and the cards the engine holds as stand-ins in the central spaces
    still face down (no page has opened them: a page's replay so far must not show them)."""
    from targi.cards import CARDS

    from tests.friend.scripted import Match, secret

    match = Match(secret("a0"), secret("b0"))
    while len(match.links) < links and match.step():
        pass
    g = match.pages[0].game
    down = [i for i, c in enumerate(g.central) if c != -1 and not g.face_up[i]]
    return len(g.record), [CARDS[g.central[i]].id for i in down]


@functools.cache
def scripted_so_far(links: int) -> Future[SoFar]:
    """so_far(links) in the background thread, after script()."""
    return _SCRIPTING.submit(so_far, links)


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


def open_friend_options(page: Page) -> None:
    """Play a friend's options (#dlg-friend): from the welcome, or New game over a table."""
    if not page.locator(start_button("friend")).first.is_visible():
        page.locator("[data-action=open-new] >> visible=true").first.click()
    page.locator(start_button("friend")).first.click()


def invite(
    page: Page,
    seat: str = "blue",
    starter: str = "me",
    on_options: Callable[[Page], object] | None = None,
) -> str:
    """New game → Play a friend → options → Invite: the invitation link. `on_options` looks at
    the options dialog once it is open (an axe check, say)."""
    open_friend_options(page)
    if on_options is not None:
        on_options(page)
    page.check(f"input[name=friend-seat][value={seat}]")
    page.check(f"input[name=friend-starter][value={starter}]")
    page.locator("[data-action=friend-invite]").click()
    wait_friend(page, "waiting")
    return link_to_send(page)


def messages(page: Page) -> int:
    """How many messages the friend game shown holds (#friend[data-messages])."""
    return int(page.get_attribute("#friend", "data-messages") or 0)


# Set from now on each time the page draws its friend panel (it writes <html data-friend> every
# time, the same state again too): a link opened on the same page is read only once the page has
# drawn after it, never the state an earlier link left.
WATCH_DRAWS = """() => { window.__friendDrawn = false;
    window.__friendDraws ??= new MutationObserver(() => { window.__friendDrawn = true; });
    window.__friendDraws.observe(document.documentElement,
        {attributes: true, attributeFilter: ['data-friend']}); }"""

# A link applied or refused: a new document (a reload) has no stale state to read; on the same
# page, the panel has been drawn since the link was opened.
LINK_TAKEN = """before => {
    const f = document.getElementById('friend');
    const s = document.documentElement.dataset.friend;
    return (window.__friendDrawn ?? true) && f !== null
        && (s === 'refused' || s === 'invited' || Number(f.dataset.messages || 0) > before);
}"""


def open_link(page: Page, url: str, reload: bool = False) -> str | None:
    """Open a friend's link as a player does (a navigation: a page load when `reload`, else
    a hash change) and wait until it is applied or refused; gives <html data-friend>.

    The state an earlier link left ("refused") answers the wait at once: without waiting for a
    draw since the link, a good link opened after a refused one could be read as refused, had
    the hash change not yet reached the page (the page applies a link in a task of its own)."""
    before = messages(page)
    if reload:
        page.goto("about:blank")
    elif page.url.startswith("http"):
        page.evaluate(WATCH_DRAWS)
    page.goto(url)
    link_taken(page, before)
    return friend_state(page)


def link_taken(page: Page, before: int) -> None:
    """Until the link opened is applied or refused (`before`: the messages before it)."""
    page.wait_for_function(LINK_TAKEN, arg=before, timeout=120_000)


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
# the next move's button is there at once), then reads what the page shows. `missing`: a move
# with no button; `link`, `what`: the link waiting to be sent and what the panel says to do
# with it; `hash`: the address bar's.
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
    state: document.documentElement.dataset.friend ?? null,
  };
}"""

# A turn of a game by links in one round trip to the page: the friend's link opened in this
# tab as a player opens it (a navigation to the site's address with the link after "#": a
# hash change, no page load), until the page applied or refused it (its message count or
# <html data-friend> changed: both are written after the table is redrawn, in the same task),
# then PLAY_MOVES. `applied`: false if neither came within `ms_limit`; `ms`: from the
# navigation to the link applied, the page's own time (no round trip in it).
OPEN_AND_PLAY = f"""async ({{url, moves, ms_limit}}) => {{
  const friend = document.getElementById('friend');
  const count = () => Number(friend.dataset.messages || 0);
  const before = count();
  const settled = () => {{
    const s = document.documentElement.dataset.friend;
    return s === 'refused' || s === 'invited' || count() > before;
  }};
  const began = performance.now();
  const applied = await new Promise((resolve) => {{
    const seen = new MutationObserver(() => {{
      if (settled()) {{ seen.disconnect(); resolve(true); }}
    }});
    const watch = (node, name) => seen.observe(node, {{ attributeFilter: [name] }});
    watch(friend, 'data-messages');
    watch(document.documentElement, 'data-friend');
    setTimeout(() => {{ seen.disconnect(); resolve(settled()); }}, ms_limit);
    location.assign(url);
  }});
  const ms = performance.now() - began;
  return {{ ...({PLAY_MOVES})(applied ? moves : []), applied, ms }};
}}"""


def open_and_play(page: Page, url: str, moves: list[str]) -> dict[str, Any]:
    """OPEN_AND_PLAY: `url` opened by a hash change in `page`, then `moves` clicked."""
    shown: dict[str, Any] = page.evaluate(
        OPEN_AND_PLAY, {"url": url, "moves": moves, "ms_limit": 120_000}
    )
    return shown


# Live play without a round trip a link: each page is given its turns, [(n, moves), ...], and
# clicks `moves` once the link of step n has arrived on the channel (n + 2 messages: the
# invitation and the answer came first), as its player would; both pages run at once.
# window.__liveRun says how far it got: `step`, `missing` (a move with no button), `done`.
LIVE_TURNS = f"""(turns) => {{
  const friend = document.getElementById('friend');
  const count = () => Number(friend.dataset.messages || 0);
  const run = (window.__liveRun = {{ step: null, missing: null, done: false }});
  let next = 0;
  const play = () => {{
    while (!run.done && next < turns.length && count() >= turns[next][0] + 2) {{
      const [n, moves] = turns[next++];
      run.step = n;
      run.missing = ({PLAY_MOVES})(moves).missing;
      run.done = run.missing !== null;
    }}
    if (next === turns.length) run.done = true;
    if (run.done) seen.disconnect();
  }};
  const seen = new MutationObserver(play);
  seen.observe(friend, {{ attributes: true, attributeFilter: ['data-messages'] }});
  play();
}}"""


def play_live(pages: list[Page], steps: list[Step]) -> None:
    """Both pages play their turns of `steps` as the links arrive (LIVE_TURNS); returns once
    both clicked their last moves, failing with the step a page stopped at."""
    for i, page in enumerate(pages):
        page.evaluate(LIVE_TURNS, [[n, moves] for n, (to, moves, _) in enumerate(steps) if to == i])
    for page in pages:
        try:
            page.wait_for_function("window.__liveRun.done", timeout=180_000)
        except PlaywrightTimeoutError:
            stopped = page.evaluate("window.__liveRun")
            raise AssertionError(f"live play stopped: {stopped}") from None
        run = page.evaluate("window.__liveRun")
        assert run["missing"] is None, f"step {run['step']}: no button for {run['missing']!r}"


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
