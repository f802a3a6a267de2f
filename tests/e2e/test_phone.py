"""Phones first (issue 9): at 360x640 and 390x844 every move of the decision at hand, the prompt
and your goods, gold, VP and hand are on screen without scrolling (the dock); text is 12 px or
more, targets 44 px or more, no label overflows its box (also at 200 % text size); the result
comes into view; focus, hint, last move and the player to move are different shapes; the two
players' pieces differ in shape. Boxes are measured in the browser, as a player would see them:
"on screen" means inside the viewport and not covered (the element is what a tap there hits)."""

from __future__ import annotations

import contextlib
import random
import re
from functools import cache
from types import SimpleNamespace
from typing import cast
from urllib.parse import urlsplit

import pytest
from gameplay import (
    SETTLED,
    WAIT_MS,
    click_move,
    follow_link,
    load_position,
    open_game,
    resize,
    set_setting,
    start_game,
    table,
    tips_off,
    until,
    wait_for_turn,
)
from pageutil import FORGET, WIDER, SharedPage
from playwright.sync_api import ConsoleMessage, Page, expect
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from positions import finished, near_the_end, position
from targi.app.session import Session

pytestmark = pytest.mark.e2e

PHONES = [(360, 640), (390, 844)]

# A tap at the middle of the element reaches it (not the dock over it, nothing off screen).
ON_SCREEN = """(el) => { const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || r.top < -0.5 || r.left < -0.5
        || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit)); }"""

DOCK_CHECK = f"""() => {{ const onScreen = {ON_SCREEN};
    const moves = {{}};
    for (const el of document.querySelectorAll('[data-move]')) {{
        if (el.offsetParent === null) continue;
        moves[el.dataset.move] = moves[el.dataset.move] || onScreen(el); }}
    const who = document.querySelector('#dock-me [data-dock-player]');
    const p = who ? who.dataset.dockPlayer : null;
    const stock = {{}};
    for (const k of ['D', 'S', 'P', 'G', 'V']) {{
        const mine = document.querySelector(`#dock-me [data-dock-stock="${{k}}"]`);
        const panel = document.querySelector(
            `section.player[data-player="${{p}}"] [data-stock="${{k}}"]`);
        stock[k] = mine !== null && panel !== null && onScreen(mine)
            && mine.getAttribute('aria-label') === panel.getAttribute('aria-label'); }}
    const hand = document.querySelector('#dock-me .me-hand');
    const kind = document.querySelector('#choices .moves');
    return {{moves: Object.keys(moves), hidden: Object.keys(moves).filter(m => !moves[m]),
             stock, hand: hand !== null && onScreen(hand),
             handAt: hand === null ? null : (() => {{ const r = hand.getBoundingClientRect();
                 const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                 return [Math.round(r.top), Math.round(r.bottom), innerHeight,
                         hit === null ? null : `${{hit.tagName}}#${{hit.id}}.${{hit.className}}`];
             }})(),
             prompt: onScreen(document.getElementById('prompt')),
             kind: kind ? kind.className : document.getElementById('table').dataset.phase,
             wide: document.documentElement.scrollWidth
                   > document.documentElement.clientWidth}}; }}"""

# Every visible text of the header and the table: its font size; every control: its box.
SIZES = """() => {
    const roots = [document.querySelector('header.top'), document.getElementById('table')];
    const small = [], tiny = [];
    const seen = el => el.offsetParent !== null || getComputedStyle(el).position === 'fixed';
    for (const root of roots) {
        const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) {
            const el = n.parentElement;
            if (!n.textContent.trim() || !seen(el) || el.closest('[hidden]')) continue;
            const size = parseFloat(getComputedStyle(el).fontSize);
            if (size < 11.99) small.push(
                `${el.className || el.tagName}: ${size}px "${n.textContent.trim().slice(0, 20)}"`);
        }
        const controls = 'button, select, input, a[href], summary, [tabindex="0"]';
        for (const el of root.querySelectorAll(controls)) {
            if (!seen(el)) continue;
            const r = el.getBoundingClientRect();
            if (r.width < 43.5 || r.height < 43.5)
                tiny.push(`${el.tagName}.${el.className} `
                    + `${el.dataset.move || el.dataset.action || el.id || ''}: `
                    + `${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
        }
    }
    return {small, tiny}; }"""

# Labels whose text does not fit their box: wider than it (and not a scroller), or, when the box
# clips (overflow hidden), taller than it.
CUT = """() => { const cut = [];
    for (const root of [document.querySelector('header.top'), document.getElementById('table')]) {
        for (const el of root.querySelectorAll('*')) {
            if (el.offsetParent === null || el.clientWidth === 0) continue;
            if (el.closest('.sr-only')) continue;  // for screen readers only, hidden on purpose
            // a small card face's short words, hidden behind its icons the same way
            if (getComputedStyle(el).clipPath === 'inset(50%)') continue;
            if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
            const style = getComputedStyle(el);
            if (['auto', 'scroll'].includes(style.overflowX)) continue;
            const wide = el.scrollWidth > el.clientWidth + 1;
            const clips = ['hidden', 'clip'].includes(style.overflowY);
            const tall = clips && el.scrollHeight > el.clientHeight + 1;
            const ellipsis = style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth;
            if (wide || tall || ellipsis)
                cut.push(`${el.tagName}.${el.className} "${el.textContent.trim().slice(0, 24)}" `
                    + `${el.scrollWidth}/${el.clientWidth} ${el.scrollHeight}/${el.clientHeight}`);
        }
    }
    return cut; }"""


# The tests that tap share one touch-screen context (`_phone`): one worker runs them.
TOUCH = pytest.mark.xdist_group("phone-touch")


def _phone(shared_page: SharedPage, site_url: str, size: tuple[int, int]) -> Page:
    """The module's touch-screen page at `size`, the site opened as a visit with nothing stored:
    its storage forgotten (as the reused page's, tests/e2e/conftest.py), then opened again. One
    context for the tests that tap (an `xdist_group`): a first visit once, not once a test."""
    width, height = size
    page = shared_page(
        "touch", _watched, viewport={"width": width, "height": height}, has_touch=True
    )
    _ERRORS[page].clear()
    if page.url.startswith(site_url):
        page.goto(site_url + "build.json")  # the app left first: nothing of it writes again
        page.evaluate(FORGET)
    page.set_viewport_size({"width": width, "height": height})
    return open_game(page, site_url)


# The page's console errors and uncaught errors, per page, from its first script on: a tap whose
# redraw never comes says them (a Python error shows as a notice and on the console).
_ERRORS: dict[Page, list[str]] = {}


def _page_error(message: ConsoleMessage) -> bool:
    """An error the page logged, not the browser's own request for the origin's /favicon.ico:
    Chromium makes it for a document that names no icon (build.json, opened to forget the
    origin's storage between tests) and the test server answers 404 outside /targi/, so the
    first test to forget a shared page's storage found it among "its" errors."""
    if message.type != "error":
        return False
    return urlsplit(message.location.get("url", "")).path != "/favicon.ico"


def _watched(page: Page) -> Page:
    errors = _ERRORS.setdefault(page, [])
    page.on("console", lambda m: errors.append(m.text) if _page_error(m) else None)
    page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
    page.on("close", lambda _: _ERRORS.pop(page, None))
    return page


# What each touch, pointer and click event of the page landed on, and when (the event's
# timeStamp, ms), kept in window.__targiTaps: recorded on the window in the capture phase, before
# any handler of the document (web/cardtip.js swallows the click of a press it held for a long
# one). A tap that made no move then says whether its click never came, came on something else
# (the layout moved under it), or came on the move (swallowed, or the page is slow or refused
# it: see its state and the card text shown).
WATCH_TAPS = """() => { if (window.__targiTaps) return; window.__targiTaps = [];
    for (const type of ['touchstart', 'pointerdown', 'touchend', 'pointerup', 'click'])
        addEventListener(type, (e) => {
            const el = e.target instanceof Element ? e.target : null;
            const move = el && el.closest('[data-move]');
            window.__targiTaps.push(`${type} on ${el ? el.tagName + '#' + el.id + '.'
                + el.className : e.target} move=${move ? move.dataset.move : '-'}`
                + ` seq=${document.getElementById('table').dataset.seq}`
                + ` t=${Math.round(e.timeStamp)}`);
        }, {capture: true}); }"""

TAP_STATE = """() => { const t = document.getElementById('table');
    const notice = document.getElementById('notice');
    return {seq: t.dataset.seq, phase: t.dataset.phase, player: t.dataset.currentPlayer,
            appState: document.documentElement.dataset.appState,
            thinking: t.classList.contains('thinking'),
            notice: notice && !notice.hidden ? notice.innerText : null,
            prompt: document.getElementById('prompt').textContent,
            cardText: (() => { const tip = document.getElementById('cardtip');
                return tip && !tip.hidden ? tip.textContent : null; })(),
            taps: window.__targiTaps.splice(0)}; }"""


def _tap(page: Page, move: str, timeout: float = WAIT_MS) -> None:
    """Tap `move` where it is on screen (a move on the board may also be a button of the dock;
    the board's cell may be under the dock) and wait for the redraw: nothing scrolls. A redraw
    that does not come fails with the move tapped and the page's state (what the touch and
    click landed on, seq, data-app-state, a notice, console errors)."""
    # One round trip: the taps watched (from now on), the seq, which element of the move's is
    # on screen and the middle of its box, read after a frame (the page's layout work done), as
    # a player sees it before tapping (a tap is made some forty times a game).
    seq, index, x, y = page.evaluate(
        f"""async (move) => {{ ({WATCH_TAPS})();
        window.__targiTaps.splice(0);
        await new Promise((done) => requestAnimationFrame(done));
        const onScreen = {ON_SCREEN};
        const seq = Number(document.getElementById('table').dataset.seq);
        const all = [...document.querySelectorAll('[data-move]')]
            .filter(e => e.dataset.move === move);
        const index = all.findIndex(onScreen);
        if (index < 0) return [seq, index, 0, 0];
        const r = all[index].getBoundingClientRect();
        return [seq, index, r.left + r.width / 2, r.top + r.height / 2]; }}""",
        move,
    )
    assert index >= 0, move
    # A touch, as on a phone, at the middle of the element (ON_SCREEN saw that a tap there hits
    # it): a mouse click would leave the pointer resting on the card, whose text then opens on
    # hover (web/cardtip.js) and may cover the dock. The screen is touched where the page
    # showed the move; Playwright's locator tap would look again for it, wait for two frames of
    # a steady box and check the hit, five to ten round trips a tap.
    page.touchscreen.tap(x, y)
    try:
        page.wait_for_function(
            f"() => document.getElementById('table').dataset.seq !== '{seq}'", timeout=timeout
        )
    except PlaywrightTimeoutError:
        _no_redraw(page, move, index, seq, timeout)


def _no_redraw(page: Page, move: str, index: int, seq: object, timeout: float) -> None:
    """Fails saying the move tapped, which element of its kind, and the page's state."""
    state = page.evaluate(TAP_STATE)
    errors = _ERRORS.get(page, ["(console not watched)"])
    pytest.fail(
        f"no redraw {timeout:.0f} ms after tapping {move!r} (element {index} of its kind) "
        f"at seq {seq}: {state}; console errors: {errors}"
    )


@TOUCH
def test_a_tap_that_makes_no_move_fails_with_the_move_and_the_page_s_state(
    shared_page: SharedPage, site_url: str
):
    """A lost tap must be told from a slow machine: the failure names the move tapped, what
    its touch and click landed on, and the page's state."""
    page = _phone(shared_page, site_url, (360, 640))
    start_game(page, "hotseat")
    tips_off(page)
    wait_for_turn(page)
    move = page.evaluate("document.querySelector('#board [data-move]').dataset.move")
    # a click swallowed before the page's handler, as web/cardtip.js does after a long press
    page.evaluate(
        "document.addEventListener('click', (e) => e.stopImmediatePropagation(), {capture: true})"
    )
    with pytest.raises(pytest.fail.Exception) as failed:
        _tap(page, move, timeout=2_000)
    message = str(failed.value)
    assert f"tapping {move!r}" in message and "'seq': '0'" in message, message
    assert "'appState': 'ready'" in message and "'notice': None" in message, message
    # which part of the cell the tap lands on (ability icons, illustration) is the layout's
    # business; that every event is recorded with the move, the seq and a time is the point
    for event in ("touchstart", "pointerdown", "touchend", "pointerup", "click"):
        landed = rf"'{event} on [A-Z]+#[^']* move={move} seq=0 t=\d+'"
        assert re.search(landed, message), (event, message)
    assert "console errors: []" in message, message


def test_the_browser_s_own_favicon_request_is_not_an_error_of_the_page() -> None:
    """Forgetting a page's storage opens build.json, for which Chromium asks the origin for
    /favicon.ico; the test server answers 404 outside /targi/ and Chromium logs "Failed to load
    resource" at that URL (seen in a loaded run of the whole suite: it failed the tap test above,
    the first to forget the shared page's storage). That error is the browser's, not the
    page's; a missing file of the page's own still counts."""

    def logged(kind: str, url: str) -> ConsoleMessage:
        return cast(ConsoleMessage, SimpleNamespace(type=kind, location={"url": url}))

    assert not _page_error(logged("error", "http://127.0.0.1:8000/favicon.ico"))
    assert _page_error(logged("error", "http://127.0.0.1:8000/targi/web/missing.js"))
    assert _page_error(logged("error", "http://127.0.0.1:8000/targi/favicon.ico"))
    assert not _page_error(logged("warning", "http://127.0.0.1:8000/targi/web/main.py"))


# The dock's layout follows the redraw by a frame or more (its greatest height follows the
# header's measured height): on a busy machine a check made at once saw the hand of a full Fata
# Morgana dock below the screen, then on screen. So the check waits until the dock shows it all;
# a dock that never does still fails, with what it hides.
DOCK_SHOWS_ALL = f"""() => {{ const s = ({DOCK_CHECK})();
    return s.hidden.length === 0 && Object.values(s.stock).every(Boolean) && s.hand && s.prompt
        && !s.wide; }}"""


# The dock as shown once the move animations have ended (a piece in flight may stick out for a
# moment): one round trip where the dock already shows it all, as it mostly does.
SETTLED_DOCK = f"async () => {{ await ({SETTLED})(); return ({DOCK_CHECK})(); }}"


def _shows_all(seen: dict) -> bool:
    return (
        seen["hidden"] == []
        and all(seen["stock"].values())
        and seen["hand"]
        and seen["prompt"]
        and not seen["wide"]
    )


def _dock_in_view(page: Page) -> dict:
    seen = page.evaluate(SETTLED_DOCK)
    if not _shows_all(seen):
        with contextlib.suppress(PlaywrightTimeoutError):  # the assertions below say what is wrong
            page.wait_for_function(DOCK_SHOWS_ALL, polling="raf", timeout=10_000)
        seen = page.evaluate(DOCK_CHECK)
    assert seen["hidden"] == [], seen
    assert all(seen["stock"].values()), seen
    assert seen["hand"] and seen["prompt"] and not seen["wide"], seen
    return seen


# Once the table has moved on from data-seq `before` (the redraw of your last tap), it is your
# turn, no move animates and the dock shows it all (DOCK_SHOWS_ALL: its layout follows a redraw
# by a frame or more), or the game is over: the dock as DOCK_CHECK sees it, seq, and where each
# move is tapped (the middle of its element on screen, as _tap finds it), the taps watched
# from then on. One look a decision, where a wait for the turn, a read of the table, the
# settled dock, the tap's own look and a wait for the redraw were five round trips.
YOUR_DECISION = f"""(before) => {{ const t = document.getElementById('table');
    if (t.dataset.seq === before) return false;
    if (t.dataset.phase === 'over') return {{over: true, seq: t.dataset.seq}};
    if (![...document.querySelectorAll('[data-move]')].some(e => e.offsetParent !== null)
        || document.getAnimations().some(a => a.id === 'targi-move' && a.playState === 'running'))
        return false;
    const s = ({DOCK_CHECK})();
    if (s.hidden.length || !Object.values(s.stock).every(Boolean) || !s.hand || !s.prompt
        || s.wide) return false;
    const onScreen = {ON_SCREEN}, at = {{}};
    for (const e of document.querySelectorAll('[data-move]')) {{
        if (at[e.dataset.move] || !onScreen(e)) continue;
        const r = e.getBoundingClientRect();
        at[e.dataset.move] = [r.left + r.width / 2, r.top + r.height / 2]; }}
    ({WATCH_TAPS})();
    window.__targiTaps.splice(0);
    return {{...s, over: false, seq: t.dataset.seq, at}}; }}"""


def _your_decision(page: Page, tapped: tuple[str, str] | None) -> dict:
    """YOUR_DECISION after `tapped` (the move and the seq it was tapped at; None before the
    first). Not within WAIT_MS: fails as _tap does when the tap made no redraw, else with what
    the dock hides (as _dock_in_view) or the page's state (the computer never answered)."""
    try:
        return until(page, YOUR_DECISION, tapped and tapped[1])
    except PlaywrightError:
        state = page.evaluate(TAP_STATE)
        if tapped and state["seq"] == tapped[1]:
            _no_redraw(page, tapped[0], 0, tapped[1], WAIT_MS)
        seen = page.evaluate(DOCK_CHECK)
        assert _shows_all(seen), seen
        raise AssertionError(f"no decision of yours within {WAIT_MS} ms: {state}") from None


# One whole game, on the smaller phone: the dock is tightest there. The larger phone sees the
# largest decision of every kind and a game's end on loaded positions (the test after this).
@TOUCH
@pytest.mark.slow  # a whole game: started first under xdist (tests/conftest.py)
@pytest.mark.parametrize("size", PHONES[:1], ids=["360x640"])
def test_the_dock_keeps_every_move_and_your_stock_on_screen_through_a_game(
    shared_page: SharedPage, site_url: str, size: tuple[int, int]
):
    page = _phone(shared_page, site_url, size)
    start_game(page, "ai", level="easy", starter="me")
    tips_off(page)
    rnd = random.Random(size[0])
    kinds: set[str] = set()
    checked = 0
    seen = _your_decision(page, None)
    while not seen["over"]:
        kinds.add(seen["kind"].replace("moves ", ""))
        checked += 1
        move = rnd.choice(sorted(seen["moves"]))
        page.touchscreen.tap(*seen["at"][move])  # where the page showed it: see _tap
        seen = _your_decision(page, (move, seen["seq"]))
    assert checked > 20 and {"place", "k-act", "k-tribe"} <= kinds, kinds
    # the result is brought into view, wherever the page was
    verdict = page.locator("#score .verdict")
    assert page.evaluate(ON_SCREEN, verdict.element_handle())
    page.evaluate(SETTLED)
    assert page.evaluate(WIDER) == []


@cache
def _positions() -> list[tuple[str, str, int]]:
    """For each kind of decision, the position with the most moves in 200 seeded two-player
    games (Fata Morgana: 14 moves, a raid 11, the Merchant 10), as (kind, save string, seq)."""
    best: dict[str, tuple[int, int, int]] = {}
    for seed in range(200):
        g = Session.new(seed, seed % 2, "hotseat").game
        rnd = random.Random(seed)
        # the engine's decision and legal moves, as the page's view has them (Session.view
        # drew the whole table at each of 200 games' moves: 6-12 s of this test's time)
        while not g.is_over:
            legal = g.legal_moves()
            if len(legal) > best.get(g.decision, (0, 0, 0))[0]:
                best[g.decision] = (len(legal), seed, len(g.record))
            g.play(rnd.choice(legal))
    out = []
    for kind, (_, seed, seq) in sorted(best.items()):
        s = Session.new(seed, seed % 2, "hotseat")
        rnd = random.Random(seed)
        while s.seq < seq:
            s.play(rnd.choice(s.game.legal_moves()))
        out.append((kind, s.encode(), seq))
    return out


def _last_move(seed: int = 8) -> tuple[str, int, str]:
    """(save string, seq, move) of a two-player game at its last move."""
    s = Session.new(seed, 0, "hotseat")
    rnd = random.Random(seed)
    while True:
        move = rnd.choice(s.view()["legal"])
        after = Session.decode(s.encode())
        after.play(move)
        if after.over:
            return s.encode(), s.seq, move
        s.play(move)


@TOUCH
@pytest.mark.slow  # a position of each kind: started first under xdist (tests/conftest.py)
def test_the_dock_holds_the_largest_decision_of_every_kind_on_a_phone(
    shared_page: SharedPage, site_url: str
):
    """Each position loaded once and seen at both phone sizes, the window resized between them
    (`resize`: the page's resize handlers lay it out again), where a test per size loaded every
    position twice. The order alternates (360x640, 390x844; 390x844, 360x640; ...): each
    position loaded at the size the one before ended on, so both sizes are seen just loaded and
    just resized to. The game's last move is tapped at each size."""
    page = _phone(shared_page, site_url, PHONES[0])
    start_game(page, "hotseat")
    tips_off(page)
    positions = _positions()
    assert {"fata_morgana", "merchant", "raid", "tribe", "place", "act"} <= {
        kind for kind, _, _ in positions
    }
    order = list(PHONES)
    for kind, code, seq in positions:
        follow_link(page, code, seq)
        tips_off(page)
        for size in order:
            resize(page, *size)
            page.evaluate("window.scrollTo(0, 0)")  # as a player who just opened it
            seen = _dock_in_view(page)
            assert seen["kind"], (kind, size)
        order.reverse()
    # the game's last move, tapped from the top of the page: the result is brought into view
    code, seq, move = _last_move()
    for size in PHONES:
        resize(page, *size)
        follow_link(page, code, seq)
        _tap(page, move)
        assert table(page)["phase"] == "over", size
        verdict = page.locator("#score .verdict")
        assert page.evaluate(ON_SCREEN, verdict.element_handle()), size
        page.evaluate(SETTLED)
        assert page.evaluate(WIDER) == [], size


def _text_and_targets_fit(page: Page, where: str) -> None:
    """Every text of the header and the table 12 px or more, every control 44 px or more, no
    label cut: on the settled table (a piece on its way is drawn where it was)."""
    page.evaluate(SETTLED)
    sizes = page.evaluate(SIZES)
    assert sizes["small"] == [] and sizes["tiny"] == [], (where, sizes)
    assert page.evaluate(CUT) == [], where


@TOUCH
def test_phone_text_is_12px_targets_44px_and_no_label_is_cut(
    shared_page: SharedPage, site_url: str
):
    """On a 360x640 phone, at the first placement with its tip and at a loaded decision of each
    kind against the computer (actions, a tribe card, a payment, a raid, the Merchant), then at
    your last decision of a game (the panels at their fullest) also at 200 % text size, and on
    the score screen. Loaded positions (tests/e2e/positions.py) reach every kind in a few
    seconds, where clicks reached three or four kinds in 80 moves, and the score screen only when
    the game ended within them."""
    page = _phone(shared_page, site_url, (360, 640))
    start_game(page, "ai", level="easy", starter="me")
    wait_for_turn(page)
    expect(page.locator("#tip .tip[data-tip=place]")).to_be_visible()
    checked = {page.evaluate(DOCK_CHECK)["kind"]}
    _text_and_targets_fit(page, "placement with its tip")
    for kind in ("act", "tribe", "pay", "raid", "merchant"):
        code, _ = position(kind)
        load_position(page, code, Session.decode(code).seq)
        checked.add(page.evaluate(DOCK_CHECK)["kind"])
        _text_and_targets_fit(page, kind)
    assert len(checked) == 6, checked
    code = near_the_end()
    load_position(page, code, Session.decode(code).seq)
    _text_and_targets_fit(page, "your last decision")
    # 200 % text size (the browser's text setting scales everything given in rem)
    page.evaluate(
        """() => new Promise((done) => {
            document.documentElement.style.fontSize = '200%';
            scrollTo(0, 0);  // the top of the page, where the header leaves the dock least room
            requestAnimationFrame(() => requestAnimationFrame(done)); })"""
    )
    assert page.evaluate(CUT) == []
    assert page.evaluate(WIDER) == []
    # the dock grows, but never past the screen: what does not fit scrolls inside it (made
    # as tall as it can get, whatever the deal, at the top of the page, under the header)
    dock = page.evaluate(
        """() => { const dock = document.getElementById('dock');
        const filler = dock.appendChild(document.createElement('div'));
        filler.style.height = '3000px';
        const d = dock.getBoundingClientRect();
        filler.remove();
        return [d.top, d.bottom, innerHeight]; }"""
    )
    assert 0 <= dock[0] < dock[1] <= dock[2] + 0.5, dock
    page.evaluate("document.documentElement.style.fontSize = ''")
    # the score screen
    s = Session.new(8, 0, "hotseat")
    rnd = random.Random(8)
    while not s.over:
        s.play(rnd.choice(s.view()["legal"]))
    load_position(page, s.encode(), s.seq)
    expect(page.locator("#score .verdict")).to_be_visible()
    sizes = page.evaluate(SIZES)
    assert sizes["small"] == [] and sizes["tiny"] == [], sizes
    assert page.evaluate(CUT) == []


CHANNEL = """(el) => { const s = getComputedStyle(el), b = getComputedStyle(el, '::before');
    const turn = el.querySelector(':scope .turn');
    return {outline: s.outlineStyle, outlineWidth: parseFloat(s.outlineWidth),
            border: s.borderTopStyle,
            hatch: b.borderImageSource.includes('repeating-linear-gradient'),
            badge: el.querySelector(':scope > .hint-badge') !== null,
            arrow: turn !== null
                   && getComputedStyle(turn, '::before').clipPath.startsWith('polygon')}; }"""


def test_focus_hint_last_move_and_turn_are_different_shapes(game_page: Page):
    page = game_page
    start_game(page, "hotseat")
    tips_off(page)
    wait_for_turn(page)
    first = page.evaluate("[...document.querySelectorAll('#board [data-move]')][0].dataset.move")
    click_move(page, first)  # Blue places a Targi: the last move; Red is to move
    page.click("#hint")
    hinted = page.locator("#board .cell.hint")
    expect(hinted).to_have_count(1, timeout=60_000)
    hint_move = hinted.get_attribute("data-move")
    other = page.locator(f'#board button.cell.legal:not([data-move="{hint_move}"])').first
    other.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # focus from the keyboard: :focus-visible
    focused = page.evaluate_handle("document.activeElement")
    assert page.evaluate("document.activeElement.classList.contains('legal')")
    # a card with no channel: not the hint, not focused, and not outlined by the focused card's
    # crossing preview (a border card it would close to the opponent may be legal now)
    plain = page.locator(
        f'#board button.cell.legal:not([data-move="{hint_move}"]):not(:focus)'
        ":not(.preview-closed):not(.preview-claim)"
    ).first.element_handle()
    channels = {
        "focus": page.evaluate(CHANNEL, focused),
        "hint": page.evaluate(CHANNEL, hinted.element_handle()),
        "last": page.evaluate(CHANNEL, page.locator("#board .cell.last").element_handle()),
        "turn": page.evaluate(
            CHANNEL, page.locator("section.player.active[data-player='1']").element_handle()
        ),
        "none": page.evaluate(CHANNEL, plain),
    }
    assert channels["focus"]["outline"] == "solid" and channels["focus"]["outlineWidth"] >= 3
    assert channels["hint"]["border"] == "dashed" and channels["hint"]["badge"]
    assert channels["hint"]["outline"] == "none"
    assert channels["last"]["hatch"] and channels["last"]["border"] != "dashed"
    assert channels["turn"]["arrow"] and channels["turn"]["border"] == "double"
    assert channels["none"] == {
        "outline": "none", "outlineWidth": channels["none"]["outlineWidth"], "border": "solid",
        "hatch": False, "badge": False, "arrow": False,
    }  # fmt: skip
    signatures = {name: tuple(sorted(c.items())) for name, c in channels.items()}
    assert len(set(signatures.values())) == 5, signatures
    # focus on the hinted move (as after Hint from the keyboard) shows both
    hinted.focus()
    both = page.evaluate(CHANNEL, hinted.element_handle())
    assert both["outline"] == "solid" and both["border"] == "dashed" and both["badge"]


PIECE = """(el) => { const s = getComputedStyle(el), b = getComputedStyle(el, '::before');
    const emblem = getComputedStyle(el, '::after'), r = el.getBoundingClientRect();
    return {mask: b.maskImage, radius: s.borderRadius, turn: s.transform,
            emblem: emblem.borderRadius, emblemTurn: emblem.transform,
            w: r.width, h: r.height}; }"""


def _both_markers(seed: int = 6) -> str:
    """The save string of a seeded two-player game at its first position where both players have
    a tribe marker on the board (after the first round's placements)."""
    s = Session.new(seed, 0, "hotseat")
    rnd = random.Random(seed)
    while not (s.game.markers[0] and s.game.markers[1]):
        s.play(rnd.choice(s.view()["legal"]))
    return s.encode()


def test_pawns_and_markers_differ_in_shape_and_per_player(reused_page: Page, site_url: str):
    """On a position made by the engine (opened from its link), where clicks reached both
    players' markers in about ten moves nobody asserts on."""
    page = open_game(reused_page, site_url + "#g=" + _both_markers())
    expect(page.locator("#board .pc.marker.p0").first).to_be_visible()
    expect(page.locator("#board .pc.marker.p1").first).to_be_visible()
    shapes = {
        f"{kind}{p}": page.evaluate(
            PIECE, page.locator(f"#board .pc.{kind}.p{p}").first.element_handle()
        )
        for kind in ("targi", "marker")
        for p in (0, 1)
    }
    assert "pawn-round" in shapes["targi0"]["mask"] and "pawn-angular" in shapes["targi1"]["mask"]
    assert shapes["marker0"]["mask"] == shapes["marker1"]["mask"] == "none"  # flat tokens
    # both markers are discs (issue 21); Blue's emblem is a dot, Red's a square on its point
    assert shapes["marker0"]["radius"] == shapes["marker1"]["radius"] == "50%"
    assert shapes["marker0"]["emblem"] == "50%" and shapes["marker0"]["emblemTurn"] == "none"
    assert shapes["marker1"]["emblem"] != "50%" and shapes["marker1"]["emblemTurn"] != "none"
    for p in (0, 1):  # a pawn stands taller than it is wide; markers are flat and smaller
        assert shapes[f"targi{p}"]["h"] > shapes[f"targi{p}"]["w"] >= 18
        assert shapes[f"marker{p}"]["w"] < shapes[f"targi{p}"]["h"]


# The mouse-type pointerovers the page has seen on a card with a text since the last call
# (Chromium sends them when a redraw or a scroll puts another card under a resting pointer).
OVERS = """() => { const n = window.__targiOvers || 0; window.__targiOvers = 0;
    if (!window.__targiOversOn) { window.__targiOversOn = true;
        document.addEventListener('pointerover', (e) => {
            if (e.pointerType === 'mouse' && e.target.closest('[data-text]'))
                window.__targiOvers = (window.__targiOvers || 0) + 1; }); }
    return n; }"""


def test_a_tap_leaves_no_card_text_open_over_the_moves(new_context, site_url: str):
    """A phone whose pointer last rested on Caravan (13) (a mouse, or a test's click): taps make
    the moves, each redraw puts a new card under that pointer, and no card's text opens."""
    context = new_context(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    page = _watched(context.new_page())
    page.clock.install()  # the hover delay runs when the test moves the clock: no waiting
    open_game(page, site_url)
    start_game(page, "ai", level="easy", starter="me")
    tips_off(page)
    wait_for_turn(page)
    page.evaluate("scrollTo(0, 0)")
    tooltip = page.locator("#cardtip")
    page.locator('#board [data-border="13"]').hover()
    page.clock.run_for(1000)
    expect(tooltip).to_be_visible()  # a mouse that moves onto a card reads it
    page.evaluate(OVERS)
    overs = 0
    for _ in range(3):  # the three placements of the first round, never on card 13
        wait_for_turn(page)
        move = page.evaluate(
            """() => [...document.querySelectorAll('#board button[data-move]')]
                .find((e) => e.dataset.border !== '13').dataset.move"""
        )
        _tap(page, move)
        page.clock.run_for(1000)
        overs += page.evaluate(OVERS)
        expect(tooltip).to_be_hidden()
    assert overs > 0  # the redraws did put cards under the resting pointer


def test_the_first_tip_covers_no_placement_on_a_small_phone(phone_tab, site_url: str):
    """The placement tip makes the dock taller: the page lifts the board above it, and a long
    tip scrolls inside itself, so every legal border card stays on screen with the tip. In
    English, then in German (longer) on the same page: the language switched from Settings
    (the table drawn again with the tip in German) from the top of the page, as a new game's
    first draw starts, where a tab of its own opened `?lang=de` (the link's language choosing
    the page's is test_languages.py's)."""
    page = phone_tab()
    page.set_viewport_size({"width": 360, "height": 640})
    open_game(page, site_url)
    start_game(page, "ai", level="easy", starter="me")
    wait_for_turn(page)
    tip = page.locator("#tip .tip[data-tip=place]")
    for lang in ("en", "de"):
        if lang != "en":
            english = tip.inner_text()
            page.evaluate("scrollTo(0, 0)")
            set_setting(page, "lang", lang)
            expect(page.locator("html")).to_have_attribute("lang", lang, timeout=WAIT_MS)
            expect(tip).not_to_have_text(english)
        expect(tip).to_be_visible()
        seen = _dock_in_view(page)  # waits for the board lifted above the tip's dock
        assert seen["moves"], (lang, seen)
        for action in ("tip-dismiss", "tips-off"):
            button = page.locator(f"[data-action={action}]").element_handle()
            assert page.evaluate(ON_SCREEN, button), (lang, action)


def test_a_placement_opened_by_a_link_on_a_small_phone_stays_above_the_tip(phone_tab, site_url):
    """The page lifts the board above the dock (taller with the placement tip) by measuring
    both. A link opens with no last table shown (the loader keeps it for the stored game only),
    so a new player's first draw, tip and all, is made while the page is hidden, where every
    box measures zero: the board must be lifted once the page shows, as it is when the game
    is started on a shown page (test_the_first_tip_covers_no_placement_on_a_small_phone)."""
    page = phone_tab()
    page.set_viewport_size({"width": 360, "height": 640})
    open_game(page, site_url + "#g=" + position("place")[0])
    wait_for_turn(page)
    expect(page.locator("#tip .tip[data-tip=place]")).to_be_visible()
    seen = page.evaluate(DOCK_CHECK)
    assert seen["moves"] and seen["hidden"] == [], seen


def test_a_finished_game_opened_by_a_link_on_a_phone_shows_its_result(phone_tab, site_url):
    """A link opens with no last table shown (the loader keeps it for the stored game only): the
    game is drawn while the page is hidden, and the result, brought into view when a game's
    end comes onto the table, must be in view once the page shows."""
    page = phone_tab()
    page.set_viewport_size({"width": 360, "height": 640})
    open_game(page, site_url + "#g=" + finished())
    verdict = page.locator("#score .verdict")
    expect(verdict).to_be_visible()
    assert page.evaluate(ON_SCREEN, verdict.element_handle())
