"""Everyone can play (issue 9): axe-core on every screen in both themes, the theme switch,
keyboard focus rules and the live region.

One browser session walks through the screens and audits each in both themes, switching the
system's theme under it (positions that random clicks reach only slowly are loaded as `#g=`
links found by the engine: tests/e2e/positions.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from axe import OPTIONS, Audit, describe
from gameplay import (
    menu_item,
    open_game,
    open_menu,
    score_screen_is_complete,
    set_setting,
    start_game,
    until,
)
from pageutil import RECORD_VIOLATIONS, start_button, wait_until_ready
from playwright.sync_api import BrowserContext, Page, Route, expect
from positions import action_with_more_to_do, finished, near_the_end, position

pytestmark = pytest.mark.e2e

WAIT_MS = 60_000
DECISIONS = {  # screen name -> the decision kind loaded for it
    "actions": "act",
    "tribe decision (buy/hand/discard)": "tribe",
    "payment": "pay",
    "raid": "raid",
    "Merchant": "merchant",
}


def seq(page: Page) -> str:
    return page.get_attribute("#table", "data-seq") or ""


def load_link(page: Page, code: str) -> None:
    """Follow a `#g=` link in this tab (hashchange, no reload); confirm replacing if asked."""
    page.evaluate("code => { location.hash = '#g=' + code; }", code)
    page.wait_for_function(
        "() => !document.getElementById('dlg-confirm').hidden || !location.hash",
        timeout=WAIT_MS,
    )
    if page.locator("#dlg-confirm").is_visible():
        page.click("[data-action=confirm-replace]")
    page.wait_for_function(
        "() => document.getElementById('dlg-confirm').hidden "
        "&& !document.getElementById('table').hidden",
        timeout=WAIT_MS,
    )


def close_dialog(page: Page) -> None:
    page.keyboard.press("Escape")
    page.wait_for_function(
        "() => !document.querySelector('.overlay:not([hidden]):not(#dlg-new)')", timeout=WAIT_MS
    )


THEMES = ("light", "dark")
BACKGROUND = "getComputedStyle(document.documentElement).backgroundColor"
HELD = "**/snapshot.gz"  # the interpreter's snapshot: the loading screen stays while it is held


# axe's rules whose answer can change with the theme: the themes differ in colours only (every
# colour a light-dark() custom property, web/style.css; the dark theme also dims the pictures
# and drops the page's background picture, web/cards.css and web/welcome.css).
COLOUR_RULES = {
    "runOnly": {"type": "rule", "values": ["color-contrast", "link-in-text-block"]},
    "resultTypes": ["violations"],
}
RUN_IN = """async ([context, options]) => {
  const r = await axe.run(context ?? document, options);
  return r.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary || ''})),
  }));
}"""
# The document with what a theme can write into it (the theme button's aria-pressed, <html
# data-theme>) taken out: kept for a screen's first theme, compared in its second (in the page:
# a whole document is a megabyte on some screens), where it is equal when the two differ in CSS
# only. Then the theme button's own audit is needed only where it is shown (the menu open):
# hidden, all that differs of it is an aria-pressed of "true" or "false", valid either way.
SHAPE = """(keep) => {
    const html = document.documentElement.outerHTML
        .replace(/ (data-theme|aria-pressed)="[^"]*"/g, '');
    const same = window.__targiShape === html;
    if (keep) window.__targiShape = html;
    return same; }"""
# The theme shown (written by targi.app.prefs), then in one look: the page's background, whether
# the document is the one the screen's other theme saw, and whether the theme button is shown.
THEME_SHOWN = f"""([theme, keep]) => document.documentElement.dataset.theme === theme && {{
    background: {BACKGROUND}, same: ({SHAPE})(keep),
    button: document.getElementById('theme').checkVisibility()}}"""


class BothThemes:
    """axe on each screen in both themes, the system's theme switched under the open page
    (`emulate_media`): the page follows it at once (<html data-theme>, written by
    targi.app.prefs on the media query's change; test_the_theme_follows_the_system... below),
    so one walk through the screens audits both, where a walk per theme reached every screen
    twice. The order alternates (light, dark; dark, light; ...): one switch a screen.

    The first theme of a screen gets every rule and the accessibility tree's names; the second
    the rules that read colours (COLOUR_RULES) on the whole page and every rule on what a theme
    writes (the theme button, where it is shown), once the document is seen to be the same as
    in the first (SHAPE): the other rules read the DOM and the layout, which the themes share,
    so they answer the same in both. A screen whose document changed between the two (or the loading
    screen, before Python writes the theme) gets every rule in both. Each theme gets every rule
    on half the screens and the colours on all."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.audit = Audit()
        self.order = list(THEMES)
        self.backgrounds: dict[str, set[str]] = {theme: set() for theme in THEMES}
        self.colours_only = 0  # the second themes audited for colours only
        self.button_shown = 0  # screens whose second theme shows the theme button

    def check(self, screen: str, loading: bool = False) -> None:
        for i, theme in enumerate(self.order):
            first = i == 0
            self.page.emulate_media(color_scheme=theme)
            name = f"{screen} ({theme})"
            if loading:  # before Python runs the CSS follows the media query itself
                assert self.page.evaluate(f"matchMedia('(prefers-color-scheme: {theme})').matches")
                self.backgrounds[theme].add(self.page.evaluate(BACKGROUND))
                self.audit.check(self.page, name)
                continue
            seen = until(self.page, THEME_SHOWN, [theme, first])
            self.backgrounds[theme].add(seen["background"])
            self.button_shown += not first and seen["button"]
            if first or not seen["same"]:
                self.audit.check(self.page, name)
            else:
                self.colours(name, seen["button"])
        self.order.reverse()

    def colours(self, screen: str, button: bool) -> None:
        found = self.page.evaluate(RUN_IN, [None, COLOUR_RULES])
        if button:
            found += self.page.evaluate(RUN_IN, [{"include": [["#theme"]]}, OPTIONS])
        lines = describe(screen, found)
        self.audit.counts[screen] = len(lines)
        self.audit.lines += lines
        self.colours_only += 1

    def assert_clean(self) -> None:
        # each theme was shown as itself: the two never share the page's background
        assert not self.backgrounds["light"] & self.backgrounds["dark"], self.backgrounds
        print(self.audit.counts, f"{self.colours_only} audited for colours only")
        assert self.button_shown >= 1  # the menu open: every rule on the button in either theme
        self.audit.assert_clean()


def test_axe_finds_nothing_on_any_screen_in_either_theme(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    context = new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    held: list[Route] = []
    page.route(HELD, lambda route: held.append(route))  # answered once loading is audited
    page.goto(site_url, wait_until="domcontentloaded")
    screens = BothThemes(page)
    assert page.evaluate("document.documentElement.dataset.appState") == "loading"
    screens.check("loading", loading=True)
    assert page.evaluate("document.documentElement.dataset.appState") == "loading"
    for route in held:
        route.continue_()
    page.unroute(HELD)
    wait_until_ready(page)
    screens.check("new game, welcome")
    for action, screen in (("stats", "Records"), ("recent", "Recent games")):
        page.click(f"#dlg-new [data-action={action}]")
        screens.check(f"{screen}, no game yet")
        close_dialog(page)
        # back on the welcome screen, on the button that opened it
        assert page.evaluate("document.activeElement.closest('#dlg-new') !== null")
        assert page.evaluate("document.activeElement.dataset.action") == action
    page.keyboard.press("Escape")  # the welcome closed with nothing kept: the empty table
    page.wait_for_selector("#no-game", timeout=WAIT_MS)
    screens.check("no game on the table")
    page.click("#no-game [data-action=open-new]")
    start_game(page, "ai", level="easy", starter="me")
    page.wait_for_selector("#board [data-move]", timeout=WAIT_MS)
    screens.check("placement")
    open_menu(page)
    screens.check("the header's menu open")
    page.keyboard.press("Escape")
    for action, screen in (
        ("rules", "How to play"),
        ("cards", "card reference"),
        ("about", "About"),
        ("open-share", "Share"),
        ("open-load", "Load"),
        ("recent", "Recent games"),
        ("stats", "Records"),
        ("settings", "Settings"),
        ("open-new", "new game"),
    ):
        if action == "open-new":
            page.click(f"header [data-action={action}]")
        else:
            menu_item(page, action)
        page.wait_for_selector(".overlay:not([hidden])", timeout=WAIT_MS)
        screens.check(screen)
        page.keyboard.press("Escape")
    for screen, kind in DECISIONS.items():
        code, _ = position(kind)
        load_link(page, code)
        page.wait_for_selector("[data-move]", timeout=WAIT_MS)
        screens.check(screen)
    load_link(page, finished())
    page.wait_for_selector("#score", timeout=WAIT_MS)
    screens.check("score screen")
    page.click("#score [data-action=review]")
    page.wait_for_selector("#app[data-view=review]", timeout=WAIT_MS)
    screens.check("Replay")
    screens.assert_clean()


# ---- the theme ---------------------------------------------------------------------------------
THEME = "document.documentElement.dataset.theme"


def test_the_theme_follows_the_system_and_a_chosen_one_survives_a_reload(
    new_tab: Callable[[], Page], site_url: str
) -> None:
    page = new_tab()  # the site cached, nothing stored: the system's theme decides
    page.emulate_media(color_scheme="dark")
    page.goto(site_url)
    wait_until_ready(page)
    assert page.evaluate(THEME) == "dark"
    dark = page.evaluate(BACKGROUND)
    page.emulate_media(color_scheme="light")  # the system changes while the page is open
    page.wait_for_function(f"() => {THEME} === 'light'", timeout=WAIT_MS)
    light = page.evaluate(BACKGROUND)
    assert light != dark
    page.click(start_button("hotseat"))  # the header is behind the welcome dialog
    menu_item(page, "theme")
    assert page.evaluate(THEME) == "dark"
    assert page.get_attribute("#menu [data-action=theme]", "aria-pressed") == "true"
    assert page.evaluate(BACKGROUND) == dark
    page.reload()
    wait_until_ready(page)
    assert page.evaluate(THEME) == "dark"  # remembered, though the system says light
    assert page.evaluate(BACKGROUND) == dark
    settings = page.evaluate("JSON.parse(localStorage.getItem('targi.settings'))")
    assert settings["theme"] == "dark"


# ---- the keyboard ------------------------------------------------------------------------------
IN_DIALOG = "id => document.getElementById(id).contains(document.activeElement)"


def test_keyboard_dialogs_hold_focus_and_hint_and_merchant_keep_it_useful(
    game_page: Page,
) -> None:
    page = game_page
    page.click(start_button("hotseat"))
    page.wait_for_selector("#board [data-move]", timeout=WAIT_MS)
    # a dialog holds focus (Tab and Shift+Tab wrap inside it) and gives it back on Escape: to
    # the menu button, as the menu item that opened it closed with the menu
    page.focus("[data-action=menu]")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "share"  # the menu's first item
    page.keyboard.press("Enter")
    page.wait_for_selector("#dlg-share:not([hidden])", timeout=WAIT_MS)
    for key in ["Tab"] * 8 + ["Shift+Tab"] * 8:
        page.keyboard.press(key)
        assert page.evaluate(IN_DIALOG, "dlg-share"), f"focus left the dialog after {key}"
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-share", state="hidden", timeout=WAIT_MS)
    assert page.evaluate("document.activeElement.id") == "menu-button"
    # a reading page opened from the header's menu: the same
    page.keyboard.press("Enter")
    page.focus("#menu [data-action=rules]")
    page.keyboard.press("Enter")
    page.wait_for_selector("#dlg-page:not([hidden])", timeout=WAIT_MS)
    assert page.evaluate(IN_DIALOG, "dlg-page")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(IN_DIALOG, "dlg-page")
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.dataset.action") == "menu"
    # Hint: focus on the suggested move, the hint a status message
    page.focus("#hint")
    page.keyboard.press("Enter")
    page.wait_for_selector("#board .hint[data-move]", timeout=WAIT_MS)
    hinted = page.get_attribute("#board .hint[data-move]", "data-move")
    assert page.evaluate("document.activeElement.dataset.move") == hinted
    assert page.get_attribute("#hint-text", "role") == "status"
    # every move from the keyboard: Enter on the focused move, focus goes on to the next one
    for _ in range(6):
        before = seq(page)
        assert page.evaluate("document.activeElement.matches('[data-move]')")
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => {SEQ} !== '{before}'", timeout=WAIT_MS)
    # arrow keys walk the board's grid
    page.focus("#board [data-border='1']")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.border") == "2"
    page.keyboard.press("ArrowDown")  # below 2 is central space A (a card or its back)
    assert page.evaluate("document.activeElement.closest('#board') !== null")
    # the Merchant: Enter trades once; focus stays on that trade, or goes to "done"
    code, trades = position("merchant")
    load_link(page, code)
    trade = next(m for m in trades if m != "done")
    page.focus(f'#choices [data-move="{trade}"]')
    before = seq(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => {SEQ} !== '{before}'", timeout=WAIT_MS)
    legal = page.evaluate(
        "() => [...document.querySelectorAll('#choices [data-move]')].map(e => e.dataset.move)"
    )
    want = trade if trade in legal else "done"
    assert page.evaluate("document.activeElement.dataset.move") == want


SEQ = "document.getElementById('table').dataset.seq"

FOCUSED_MOVE = """() => { const e = document.activeElement;
    return e && e.matches('[data-move]') && !e.disabled && e.offsetParent !== null
        ? e.dataset.move : null; }"""


# A returning player's settings, stored before the site's first script: Play starts a game
# against Easy (the level played last) and the computer answers at once (settings, not moves).
# The computer's strength is not what the keyboard's whole game tests; at the default level
# (medium) its thinking was half the test's time.
EASY_AND_INSTANT = """if (localStorage.getItem('targi.settings') === null)
    localStorage.setItem('targi.settings', JSON.stringify({level: 'easy', pace: 'instant'}));"""


# How many Tab presses take the focus from where it is to the first element after it that
# matches `target` (0 when `here` and the focus is on one), in the page's sequential focus order
# as the browser walks it (DOM order: the page sets no positive tabindex; what is disabled, not
# rendered or inert is skipped; a radio group is one stop; after the last stop, the browser's
# own, then the first), and whether they go round the page's end to get there. Null when there
# is none: the test then presses Tab and looks, one press at a time. Only a count: the Tabs are
# real key presses and the focus they reach is read after them, so a count that misses (a stop
# the walk does not know) costs time, never a false pass.
TABS_TO = """([target, here]) => {
    if (here && document.activeElement.matches(target)) return {tabs: 0, wraps: false};
    const stops = [...document.querySelectorAll(
            'a[href], button, input, select, textarea, summary, [tabindex]')]
        .filter(e => e.tabIndex >= 0 && !e.matches(':disabled') && !e.closest('[inert]')
            && e.checkVisibility({visibilityProperty: true}))
        .filter(e => {
            if (e.type !== 'radio' || !e.name) return true;
            const group = [...document.querySelectorAll(`input[type=radio][name="${e.name}"]`)];
            const stop = group.find(r => r.checked) || group[0];
            return e === stop;
        });
    const from = stops.indexOf(document.activeElement);
    for (let i = from + 1; i < stops.length; i++)
        if (stops[i].matches(target)) return {tabs: i - from, wraps: false};
    // past the last stop the focus leaves the page (one press), then comes round to the first
    const first = stops.findIndex(e => e.matches(target));
    return first < 0 ? null : {tabs: stops.length - from + first + 1, wraps: true};
}"""
MOVE = "[data-move]"


def tab_to(page: Page, target: str, count: int | None, limit: int) -> str | None:
    """Tab until the focus is on an element matching `target` (a move: FOCUSED_MOVE's checks)
    and answer it: `count` presses (TABS_TO's), then one look at the focus; from there (or with
    no count) one press and one look at a time, at most `limit` presses in all. Each press is a
    real Tab (the browser moves the focus); only the looks in between are saved where the count
    is right."""
    focused = f"""() => {{ const e = document.activeElement;
        return e && e.matches({target!r}) && !e.disabled && e.offsetParent !== null
            ? (e.dataset.move || e.dataset.action || e.id || e.tagName) : null; }}"""
    pressed = 0
    for _ in range(count or 0):
        page.keyboard.press("Tab")
        pressed += 1
    found = page.evaluate(focused) if count is not None else None
    while not found and pressed < limit:
        page.keyboard.press("Tab")
        pressed += 1
        found = page.evaluate(focused)
    return found


# Once your move is on the table (data-seq moved on from `before`) and the computer has answered
# (a move of yours is shown, or the game is over): the phase, the Tabs to your next move and the
# move the focus is on (FOCUSED_MOVE).
YOUR_DECISION = f"""(before) => {{ const t = document.getElementById('table');
    if (t.dataset.seq === before) return false;
    if (t.dataset.phase === 'over') return {{over: true, seq: t.dataset.seq}};
    if (![...document.querySelectorAll('[data-move]')].some(e => e.offsetParent !== null))
        return false;
    return {{over: false, seq: t.dataset.seq, tabs: ({TABS_TO})(['{MOVE}', false]),
             focused: ({FOCUSED_MOVE})()}}; }}"""


@pytest.mark.slow  # a whole game: started first under xdist (tests/conftest.py)
def test_a_whole_game_against_the_computer_with_tab_and_enter_only(
    new_tab: Callable[[], Page], site_url: str
) -> None:
    """No mouse: Tab to the welcome's Play (against the computer), then for every decision Tab
    to the next move and press Enter, from the first placement to the score screen, and Enter
    on Rematch. It is also the suite's whole game against the computer (test_review.py's until
    2026-11-26, which now ends a loaded one; one whole game, not two): under the
    Content-Security-Policy (tests/e2e/test_csp.py) with no violation recorded from the first
    script on, the computer in its Web Worker, its moves as its own lines of the log and the
    complete score screen. A tab of the worker's context (the site cached, nothing stored),
    not a first visit: the policy is index.html's own, the same on a return visit, and
    test_review.py's game against the computer is the first visit that records the policy's
    violations.

    The Tabs to the next element wanted are counted by the page (`TABS_TO`) and pressed without
    a look at the focus between them; the focus they reached is read once and must be a move
    (or Play): one look a decision, not one a Tab, and the wait for the computer's answer
    returns what the next decision needs in one call. Where the next move lies past the page's
    end (the focus on the last move of the page: "done" after a Merchant's trade, a decision of
    one move), the Tabs go round once in the game (out of the page through the browser's own
    stop and back in through the header and the board: no keyboard trap on the way); later
    such decisions take the move the page put the focus on with Enter. Each round was ~40 Tabs,
    half of a game's Tabs (six rounds a game), and every one proved what the first did."""
    page = new_tab()
    page.add_init_script(RECORD_VIOLATIONS)
    page.add_init_script(EASY_AND_INSTANT)
    open_game(page, site_url)
    expect(page.locator("#play-level")).to_contain_text("Easy")
    play = "#welcome [data-action=play]"
    on_play = tab_to(page, play, page.evaluate(TABS_TO, [play, True])["tabs"], limit=60)
    assert on_play == "play", "Tab never reached Play"
    page.keyboard.press("Enter")
    page.wait_for_selector("#dlg-new", state="hidden", timeout=WAIT_MS)
    assert page.get_attribute("#table", "data-mode") == "ai"
    made = went_round = 0
    state = until(page, YOUR_DECISION, "")
    while not state["over"]:
        tabs = state["tabs"]
        if tabs and tabs["wraps"] and went_round and state["focused"]:
            # the next move is past the page's end: the Tabs went round once already
            move = state["focused"]
        else:
            # the header, the board, the dock: every move is on the way
            went_round += bool(tabs and tabs["wraps"])
            move = tab_to(page, MOVE, tabs and tabs["tabs"], limit=400)
        assert move, "Tab never reached a move"
        page.keyboard.press("Enter")
        state = until(page, YOUR_DECISION, state["seq"])
        made += 1
        assert made < 400, "the game does not end"
    assert made > 20
    page.wait_for_selector("#score .verdict", timeout=WAIT_MS)
    score_screen_is_complete(page)
    # Only your own moves were made; the computer's appear in the log as its own lines.
    assert page.locator("#log li.p1").count() > 10
    # The computer answered from its Web Worker: no "thinks on the page itself" notice.
    expect(page.locator("#notice")).to_be_hidden()
    assert page.evaluate("window.__violations") == []
    page.focus("[data-action=rematch]")
    page.keyboard.press("Enter")
    # A new deal in which the other player starts (the computer may already have moved).
    page.wait_for_function("() => document.getElementById('table').dataset.phase !== 'over'")
    expect(page.locator("#score")).to_have_count(0)
    assert int(seq(page)) < 5


# Resolves once the computer has finished (or nobody waits for it) and a move can be made.
YOUR_TURN = """(before) => { const t = document.getElementById('table');
    return t.dataset.seq !== before && !t.classList.contains('thinking')
        && (t.dataset.phase === 'over' || [...document.querySelectorAll('[data-move]')]
            .some(e => e.offsetParent !== null)); }"""
# "End my actions" has the focus while actions are left (the dock's buttons of the actions).
ON_END_OF_ACTIONS = """() => { const e = document.activeElement;
    return e.dataset.move === 'done' && e.closest('.k-act') !== null
        && e.closest('.k-act').querySelectorAll('[data-move]').length > 1; }"""


def test_enter_alone_plays_on_focus_never_on_end_my_actions_and_back_after_the_computer(
    game_page: Page,
) -> None:
    """Issue 22: after an action made with Enter, focus is on the next action, not on "End my
    actions"; after the computer's turn it is on your first legal move: Enter alone plays on."""
    page = game_page
    set_setting(page, "pace", "instant")
    code, action = action_with_more_to_do()
    load_link(page, code)
    page.focus(f'#choices [data-move="{action}"]')
    turns = 0
    for _ in range(40):
        # where the focus is, whether Enter would end the actions left, seq and the player to
        # move: one look before each Enter (not four)
        before, focused, on_end, player = page.evaluate(
            f"""() => {{ const t = document.getElementById('table');
            return [t.dataset.seq, ({FOCUSED_MOVE})(), ({ON_END_OF_ACTIONS})(),
                    t.dataset.currentPlayer]; }}"""
        )
        assert focused, "focus is not on a move"
        assert not on_end, "Enter would end the actions left"
        page.keyboard.press("Enter")
        # once it is your turn again: the phase, seq, the moves shown and the focus, in one
        after = page.wait_for_function(
            f"""(before) => ({YOUR_TURN})(before) && {{
                phase: document.getElementById('table').dataset.phase,
                seq: document.getElementById('table').dataset.seq,
                shown: [...document.querySelectorAll('#choices [data-move], #board [data-move]')]
                    .map(e => e.dataset.move),
                focused: ({FOCUSED_MOVE})()}}""",
            arg=before,
            timeout=WAIT_MS,
        ).json_value()
        if after["phase"] == "over":
            break
        if player == "0" and int(after["seq"]) > int(before) + 1:
            turns += 1  # the computer played in between: focus came back to a move
            # (read again where it was not there yet in the same frame, as before this fold)
            focused = after["focused"] or page.evaluate(FOCUSED_MOVE)
            assert focused in after["shown"]  # which one: tests/app/test_a11y.py
    assert turns >= 3


# ---- the live region ---------------------------------------------------------------------------
def test_the_live_region_tells_the_computers_turn_once_and_the_result(game_page: Page) -> None:
    page = game_page
    start_game(page, "ai", level="easy", starter="me", pace="fast")
    page.wait_for_selector("#board [data-move]", timeout=WAIT_MS)
    assert page.get_attribute("#announce", "aria-live") == "polite"
    page.evaluate(
        """() => { window.heard = [];
        new MutationObserver(() => window.heard.push(document.getElementById('announce')
            .textContent)).observe(document.getElementById('announce'),
            {childList: true, characterData: true, subtree: true}); }"""
    )
    page.locator("#board [data-move]").first.click()
    # the computer places its Targi: one message, while the table redraws several times
    page.wait_for_function("() => window.heard.length > 0", timeout=WAIT_MS)
    page.wait_for_selector("#board [data-move]", timeout=WAIT_MS)
    heard = page.evaluate("window.heard")
    assert len(heard) == 1 and "Computer" in heard[0] and "You " not in heard[0], heard
    # the end: the result is told too
    load_link(page, near_the_end())
    while page.get_attribute("#table", "data-phase") != "over":
        page.wait_for_function(
            "() => document.getElementById('table').dataset.phase === 'over' "
            "|| document.querySelector('[data-move]')",
            timeout=WAIT_MS,
        )
        if page.get_attribute("#table", "data-phase") == "over":
            break
        before = seq(page)
        page.locator("[data-move]:visible").first.click()
        page.wait_for_function(f"() => {SEQ} !== '{before}'", timeout=WAIT_MS)
    verdict = page.inner_text("#score .verdict")
    page.wait_for_function(
        "v => document.getElementById('announce').textContent.includes(v)",
        arg=verdict,
        timeout=WAIT_MS,
    )
