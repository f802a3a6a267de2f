"""Playing the page through real clicks: shared by the e2e tests and bench/page_click.py.

Moves are chosen by a seeded random pick among the visible, enabled [data-move] elements, so a
run is reproducible for a given game.
"""

from __future__ import annotations

import random
from typing import Any

from pageutil import SharedPage, start_button
from playwright.sync_api import Page, expect

READY = "html[data-app-state=ready]"
WAIT_MS = 60_000

VISIBLE_MOVES = """() => [...document.querySelectorAll('[data-move]')]
    .filter(e => !e.disabled && e.offsetParent !== null)
    .map(e => e.dataset.move)"""


def wait_until_ready(page: Page) -> None:
    """Until the app is ready; a page that reached data-app-state=error fails with its text."""
    page.wait_for_selector(
        "html[data-app-state=ready], html[data-app-state=error]", state="attached", timeout=WAIT_MS
    )
    state = page.evaluate("document.documentElement.dataset.appState")
    assert state == "ready", f"data-app-state={state}: {page.inner_text('body')[:2000]}"


def open_menu(page: Page) -> None:
    """The header's menu open (`[data-action=menu]`): its items are shown."""
    if page.locator("#menu").is_hidden():
        page.click("[data-action=menu]")
    page.wait_for_selector("#menu:not([hidden])", timeout=WAIT_MS)


def menu_item(page: Page, action: str) -> None:
    """An item of the header's menu clicked, as a player does: the menu first."""
    open_menu(page)
    page.click(f"#menu [data-action={action}]")


def choose_setting(page: Page, select_id: str, value: str) -> None:
    """A select of the Settings dialog chosen as a player does: the menu, Settings, the select,
    Close."""
    menu_item(page, "settings")
    page.select_option(f"#{select_id}", value)
    page.click("#dlg-settings [data-action=close]")
    page.wait_for_selector("#dlg-settings", state="hidden", timeout=WAIT_MS)


def set_setting(page: Page, select_id: str, value: str) -> None:
    """A select of the Settings dialog changed through its own change event, for a test that
    needs the setting, not the dialog, while another dialog (the welcome) covers the header."""
    page.evaluate(
        """([id, value]) => { const select = document.getElementById(id);
        select.value = value; select.dispatchEvent(new Event("change", {bubbles: true})); }""",
        [select_id, value],
    )


def resize(page: Page, width: int, height: int) -> None:
    """The window made width x height, as a player turning a phone or resizing a window does,
    then two frames drawn: the page's resize handlers (which run before the next frame) have
    laid it out again. Lets a test that shares one page (`shared_page`) measure it at a size."""
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def open_game(page: Page, url: str) -> Page:
    page.goto(url)
    wait_until_ready(page)
    return page


def score_screen(shared_page: SharedPage, game_url: str, size: tuple[int, int]) -> Page:
    """The module's shared page (key "score") that opened `game_url`, a finished game's link, on
    its score screen, at `size`."""
    page = shared_page(
        "score",
        lambda page: open_game(page, game_url),
        viewport={"width": size[0], "height": size[1]},
    )
    resize(page, *size)
    expect(page.locator("#score .verdict")).to_be_visible()
    return page


def table(page: Page) -> dict:
    return page.evaluate(
        """() => { const t = document.getElementById('table');
        return {phase: t.dataset.phase, player: t.dataset.currentPlayer,
                seq: Number(t.dataset.seq), mode: t.dataset.mode, hidden: t.hidden}; }"""
    )


def choose_level(page: Page) -> None:
    """The New game form's level and who-starts choice, unfolded where the welcome folds it."""
    if page.locator("#new-ai").is_hidden():
        page.click("#new-options")
        expect(page.locator("#new-ai")).to_be_visible()


def start_game(
    page: Page, mode: str, level: str = "easy", starter: str = "me", pace: str = "instant"
) -> None:
    """From the welcome screen or any game: a new game with the computer at `pace`."""
    set_setting(page, "pace", pace)
    if page.locator("#dlg-new").is_hidden():
        page.click("[data-action=open-new]")
    if mode == "ai":
        choose_level(page)
        page.check(f"input[name=level][value={level}]")
        page.check(f"input[name=starter][value={starter}]")
    # Watch for the new game's first table: when the computer starts and answers on the page
    # itself (no worker), it may move within the same task, before any poll could see data-seq
    # "0". The values data-seq took are the old values of the changes after the first, then
    # the current one.
    page.evaluate(
        """() => { const t = document.getElementById('table');
        if (window.__targiNewGame) window.__targiNewGame.disconnect();
        const olds = window.__targiSeqOlds = [];
        window.__targiNewGame = new MutationObserver(records => { for (const r of records)
            if (r.attributeName === 'data-seq') olds.push(r.oldValue); });
        window.__targiNewGame.observe(t, {attributes: true, attributeOldValue: true}); }"""
    )
    page.locator(f"[data-new-game={mode}]:visible" if mode == "ai" else start_button(mode)).click()
    page.wait_for_function(
        """() => { const t = document.getElementById('table'), olds = window.__targiSeqOlds;
        return olds.length > 0 && !t.hidden
            && [...olds.slice(1), t.dataset.seq].includes('0'); }""",
        timeout=WAIT_MS,
    )
    if mode != "ai" or starter == "me":
        assert table(page)["seq"] == 0, "a new game starts with no move made"


def score_screen_is_complete(page: Page) -> None:
    """The score screen of a finished game: the verdict, both players' points line by line,
    what decided it, and Rematch and New game."""
    expect(page.locator("#score .verdict")).to_be_visible()
    for key in ("tokens", "cards", "row1", "row2", "row3", "total", "gold", "goods"):
        cells = page.locator(f'#score tr[data-score="{key}"] td')
        expect(cells).to_have_count(2)
    decided = page.get_attribute("#score .verdict", "data-decided-by")
    assert decided in ("points", "gold", "goods", "draw")
    expect(page.locator("[data-action=rematch]")).to_be_visible()
    expect(page.locator("#choices [data-action=new]")).to_be_visible()


def wait_for_turn(page: Page) -> None:
    """Until a move can be clicked or the game is over (the computer may be thinking)."""
    page.wait_for_function(
        """() => document.getElementById('table').dataset.phase === 'over'
            || [...document.querySelectorAll('[data-move]')].some(e => e.offsetParent !== null)""",
        timeout=WAIT_MS,
        polling=25,
    )


def click_move(page: Page, move: str) -> None:
    """Click the first visible element for `move` and wait for the redraw."""
    seq = table(page)["seq"]
    page.locator(f'[data-move="{move}"]:visible').first.click()
    page.wait_for_function(
        f"() => document.getElementById('table').dataset.seq !== '{seq}'",
        timeout=WAIT_MS,
        polling=10,
    )


def until(page: Page, predicate: str, arg: object = None, timeout: float = WAIT_MS) -> Any:
    """The first truthy value of the page function `predicate(arg)`, looked at now and then at
    every frame; fails after `timeout` ms. One round trip, where wait_for_function answers a
    handle and its value is a second one."""
    return page.evaluate(
        f"""([arg, ms]) => new Promise((done, failed) => {{
            const until = performance.now() + ms;
            const look = () => {{ let value;
                try {{ value = ({predicate})(arg); }} catch (error) {{ failed(error); return; }}
                if (value) done(value);
                else if (performance.now() > until) failed(new Error(`not within ${{ms}} ms`));
                else requestAnimationFrame(look); }};
            look(); }})""",
        [arg, timeout],
    )


# Once the table has moved on from data-seq `before` (the redraw of the last click) and a move can
# be clicked or the game is over (the computer may be thinking): the phase, seq and the moves
# that can be clicked (VISIBLE_MOVES), in one look.
NEXT_CLICK = f"""(before) => {{ const t = document.getElementById('table');
    if (t.dataset.seq === before) return false;
    if (t.dataset.phase === 'over') return {{over: true, seq: t.dataset.seq}};
    if (![...document.querySelectorAll('[data-move]')].some(e => e.offsetParent !== null))
        return false;
    return {{over: false, seq: t.dataset.seq, moves: ({VISIBLE_MOVES})()}}; }}"""


def play(page: Page, rnd: random.Random, clicks: int | None = None, on_click=None) -> int:
    """Click seeded-random legal moves until the game is over (or `clicks` were made).
    `on_click(n)` is called once click n's redraw is on the table (and, against the computer,
    its answer). A click is one look (NEXT_CLICK: the redraw of the click before, whose turn,
    the moves) and the click itself: where a wait for the turn, two reads of the table, one of
    the moves and a wait for the redraw were five round trips a click."""
    made = 0
    before = ""
    while True:
        state = until(page, NEXT_CLICK, before)
        if made and on_click:
            on_click(made)
        if state["over"] or made == clicks:
            break
        move = rnd.choice(sorted(set(state["moves"])))
        page.locator(f'[data-move="{move}"]:visible').first.click()
        before = state["seq"]
        made += 1
    return made


def tips_off(page: Page) -> None:
    """A player who turned the first-game tips off (a tip makes the dock taller for a moment;
    tests/e2e/test_learn.py covers the tips)."""
    off = page.locator("[data-action=tips-off]")
    if off.count():
        off.click()


def load_string(page: Page, code: str) -> None:
    """Open a save string through the Load dialog, replacing the game on the table if asked."""
    menu_item(page, "open-load")
    page.fill("#load-text", code)
    page.click("[data-action=load-string]")
    if page.locator("#dlg-confirm").is_visible():
        page.click("[data-action=confirm-replace]")


def load_position(page: Page, code: str, seq: int) -> None:
    """Open a save string through the Load dialog (replacing the game on the table, as a player
    who confirms) and wait until its position, move `seq`, is on the table; then scroll to the
    top, as a player who just opened it. A late position loaded this way stands in for the
    clicks of a whole game where a test reads what the page shows there."""
    menu_item(page, "open-load")
    page.fill("#load-text", code)
    page.click("[data-action=load-string]")
    on_table = f"document.getElementById('table').dataset.seq === '{seq}'"
    page.wait_for_function(
        f"() => {on_table} || !document.getElementById('dlg-confirm').hidden", timeout=WAIT_MS
    )
    confirm = page.locator("[data-action=confirm-replace]")
    if confirm.is_visible():
        confirm.click()
    page.wait_for_function(f"() => {on_table}", timeout=WAIT_MS)
    page.evaluate("window.scrollTo(0, 0)")


def follow_link(page: Page, code: str, seq: int) -> None:
    """Open a save string as a `#g=` link in this tab (a hashchange, no reload; the page takes
    the link out of the address), replacing the game on the table as a player who confirms, and
    wait until its position, move `seq`, is on the table; then scroll to the top. The same
    position as load_position, without the menu and the Load dialog (four clicks and a fill),
    for a test that reads the position, not the dialog."""
    page.evaluate("code => { location.hash = '#g=' + code; }", code)
    on_table = (
        f"document.getElementById('table').dataset.seq === '{seq}' && !location.hash"
        " && document.getElementById('dlg-confirm').hidden"
    )
    asked = page.wait_for_function(
        f"() => ({on_table}) || !document.getElementById('dlg-confirm').hidden", timeout=WAIT_MS
    )
    if not page.evaluate(f"() => {on_table}"):
        page.click("[data-action=confirm-replace]")
        page.wait_for_function(f"() => {on_table}", timeout=WAIT_MS)
    asked.dispose()
    page.evaluate("window.scrollTo(0, 0)")


def stored(page: Page, key: str) -> str | None:
    return page.evaluate("(k) => localStorage.getItem(k)", key)


def stored_game(page: Page) -> str | None:
    """The stored envelope of the game on this tab's table (docs/page.md, Storage)."""
    return page.evaluate(
        """() => { const id = sessionStorage.getItem('targi.tab.current');
        return id === null ? null : localStorage.getItem('targi.saved.' + id); }"""
    )


# Resolves once the move animations of web/anim.js (id "targi-move") have ended: a piece in
# flight may stick out of the page for a moment.
SETTLED = """() => Promise.all(document.getAnimations().filter((a) => a.id === 'targi-move')
    .map((a) => a.finished.catch(() => null)))"""


def no_horizontal_scroll(page: Page) -> tuple[int, int]:
    """The page's scroll width and its width, once the move animations have ended."""
    page.evaluate(SETTLED)
    return tuple(
        page.evaluate(
            "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
    )
