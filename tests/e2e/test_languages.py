"""The page in its five languages (issue 11), in Chromium.

A page per language, opened with nothing stored: the browser's languages pick the page's (for
German a first visit of a context with Chromium's own locale; for the others a tab of the
worker's context, the site cached, its `navigator.languages` set as a browser's settings would),
a few late positions are loaded (round 3 with a hint, a raid, the
score, the replay, the menu's dialogs), and the screen is searched for raw keys,
`{placeholders}` and English left untranslated; de, pl and ja on a 360×640 phone must neither
scroll sideways nor cut a label. Every screen of a whole game in each language is checked on
the page's HTML in tests/app/test_languages.py. Then switching mid-game, the remembered choice,
and the `?lang=` override.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from gameplay import (
    WAIT_MS,
    choose_setting,
    load_position,
    menu_item,
    no_horizontal_scroll,
    open_game,
    set_setting,
    start_game,
    table,
    wait_for_turn,
)
from playwright.sync_api import BrowserContext, Page, Route
from positions import face_down, finished, mid_game, position
from targi.app.session import Session

pytestmark = pytest.mark.e2e

MESSAGES = Path(__file__).resolve().parents[2] / "web" / "messages"
RAW_KEY = re.compile(r"\[[a-z_]+(?:\.[A-Za-z0-9_:]+)+\]")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
WORD = re.compile(r"[A-Za-z]{3,}")
# Words that stay the same in every language: the game's name, its Tuareg names, VP.
ALLOWED = {"Targi", "Targia", "Targis", "Fata", "Morgana", "KOSMOS", "Andreas", "Steiger", "VP"}
ALLOWED |= {"English", "Deutsch", "Polski"}  # the language menu names each language its way
# Everything the player reads: visible text, and the labels and titles a screen reader or a
# hover shows (the live region's announcement included).
SCREEN_TEXT = """() => {
  const parts = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll('[aria-label], [title], [data-text], [placeholder]'))
    for (const name of ['aria-label', 'title', 'data-text', 'placeholder'])
      if (el.hasAttribute(name)) parts.push(el.getAttribute(name));
  parts.push(document.getElementById('lang-status').textContent);
  return parts.join('\\n');
}"""
# Labels, buttons and headings whose text does not fit: clipped, or out of the screen's width
# (unless inside a box that scrolls sideways on purpose, such as a wide table's).
CUT_LABELS = """() => {
  const out = [];
  const sel = 'button, label, legend, summary, h1, h2, h3, th, .nm, .lbl, .rl, .prompt, select';
  const scrolls = (el) => {
    for (let box = el.parentElement; box; box = box.parentElement)
      if (['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) return true;
    return false;
  };
  for (const el of document.querySelectorAll(sel)) {
    if (el.offsetParent === null || el.closest('[hidden]')) continue;
    if (el.closest('details:not([open]) > :not(summary)')) continue;  // folded away
    const style = getComputedStyle(el);
    const clips = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
    const right = el.getBoundingClientRect().right;
    const spills = right > document.documentElement.clientWidth + 1 && !scrolls(el);
    if ((clips && el.scrollWidth > el.clientWidth + 1) || spills)
      out.push(el.tagName + '.' + el.className + ': ' + (el.innerText || '').slice(0, 40));
  }
  return out;
}"""
LOCALES = {"de": "de-DE", "pl": "pl-PL", "ja": "ja-JP", "zh-Hans": "zh-CN"}
PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 900}


def _values(lang: str) -> dict[str, str]:
    data = json.loads((MESSAGES / f"{lang}.json").read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if not k.startswith("_")}


def _english_only_words(lang: str) -> set[str]:
    """Words of the English catalog that the other catalog never uses: on its page they can
    only be English left over ("Hand" is German too, so it is not one of them)."""
    english = {w for v in _values("en").values() for w in WORD.findall(v)}
    theirs = {w.lower() for v in _values(lang).values() for w in WORD.findall(v)}
    return {w for w in english if w.lower() not in theirs and w not in ALLOWED}


def _untranslated(page: Page, english: set[str]) -> list[str]:
    text = page.evaluate(SCREEN_TEXT)
    found = RAW_KEY.findall(text) + PLACEHOLDER.findall(text)
    found += sorted({w for w in WORD.findall(text) if w in english})
    return found


def _browser_languages(tags: list[str]) -> str:
    """An init script: the browser's preferred languages are `tags`."""
    return f"Object.defineProperty(navigator, 'languages', {{get: () => {json.dumps(tags)}}})"


def _page_in(
    lang: str,
    viewport: dict,
    new_tab: Callable[[], Page],
    new_context: Callable[..., BrowserContext],
) -> Page:
    """A page whose browser prefers `lang`, nothing stored. German is a first visit in a
    context with Chromium's own locale (the browser's setting itself, end to end); the others
    are tabs of the worker's context (the site cached: a first visit cost 3-5 s more of CPU)."""
    if lang == "de":
        return new_context(locale=LOCALES[lang], viewport=viewport).new_page()
    page = new_tab()
    page.add_init_script(_browser_languages([LOCALES[lang]]))
    page.set_viewport_size(viewport)
    return page


def _positions() -> list[tuple[str, str]]:
    """(where, save string) of the positions each language is looked at in: a game against the
    computer at your actions in round 3 (Targis, tribe markers, the robber, a log), at a tribe
    card to pay for, keep or discard, at a raid, and finished (the score).
    tests/app/test_languages.py checks every screen of a whole game in each language; here the
    browser shows what only it does."""
    return [
        ("round 3", mid_game()),
        ("tribe card", position("tribe")[0]),
        ("raid", position("raid")[0]),
        ("score", finished()),
    ]


@pytest.mark.parametrize(
    ("lang", "viewport"),
    [("de", PHONE), ("pl", PHONE), ("ja", PHONE), ("zh-Hans", DESKTOP)],
)
def test_each_language_shows_no_english_key_or_placeholder_and_cuts_no_label(
    new_tab: Callable[[], Page],
    new_context: Callable[..., BrowserContext],
    site_url: str,
    lang: str,
    viewport: dict,
):
    page = _page_in(lang, viewport, new_tab, new_context)
    open_game(page, site_url)  # no ?lang=, nothing stored: the browser's language decides
    assert page.evaluate("document.documentElement.lang") == lang
    english = _english_only_words(lang)
    problems: dict[str, list[str]] = {}
    cut: dict[str, list[str]] = {}
    scroll: list[tuple[int, int]] = []

    def look(where: str) -> None:
        if found := _untranslated(page, english):
            problems[where] = found
        if viewport is PHONE:
            scroll.append(no_horizontal_scroll(page))
            if labels := page.evaluate(CUT_LABELS):
                cut[where] = labels

    look("welcome")
    set_setting(page, "pace", "instant")
    for n, (where, code) in enumerate(_positions()):
        seq = Session.decode(code).seq
        if n == 0:  # the welcome covers the header's menu: a link opens the first
            page.goto(f"{site_url}#g={code}")
            page.wait_for_function(
                f"() => document.getElementById('table').dataset.seq === '{seq}'"
            )
        else:
            load_position(page, code, seq)
        look(where)
        if where == "round 3":
            page.click("#hint")
            page.wait_for_function(
                "t => { const h = document.getElementById('hint-text');"
                " return !h.hidden && h.textContent && h.textContent !== t; }",
                arg=_values(lang)["hint.thinking"],
            )
            look("hint")
    assert table(page)["phase"] == "over"
    page.click("#score [data-action=review]")
    page.wait_for_selector("#app[data-view=review]")
    look("replay")
    page.click("[data-action=review-close]")
    for action in ("rules", "cards", "about", "recent", "stats", "open-share"):
        menu_item(page, action)
        look(action)
        page.keyboard.press("Escape")
    assert problems == {}
    assert cut == {}
    assert all(s <= c for s, c in scroll), scroll
    # All five catalogs are precached for offline play.
    files = page.evaluate("async () => (await (await fetch('./build.json')).json()).files")
    assert {f"web/messages/{code}.json" for code in (*LOCALES, "en")} <= set(files)


# The board's own labels on a phone: a face-down central card's, a border card's name and a
# raid's. Each must keep its letters 2 px inside its card's edge (measured on the text itself:
# an element may be inside its cell while its longest word runs out of it), and a raid's name
# must stay on one line ("Überfall" above a lone "4" reads as two things).
BOARD_LABELS_CUT = """() => {
  const GAP = 2;  // px between a label's letters and its card's edge
  const out = [];
  const texts = (el) => {
    const rects = [], walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const r = document.createRange();
      r.selectNodeContents(n);
      rects.push(...[...r.getClientRects()].filter(x => x.width > 0));
    }
    return rects;
  };
  for (const el of document.querySelectorAll('#board .cell.down .back, #board .border .nm')) {
    const cell = el.closest('.cell'), cs = getComputedStyle(cell), c = cell.getBoundingClientRect();
    const left = c.left + parseFloat(cs.borderLeftWidth);
    const right = c.right - parseFloat(cs.borderRightWidth);
    const rects = texts(el), name = el.textContent.replace(/\\u00ad/g, '');
    const l = Math.min(...rects.map(r => r.left)), r = Math.max(...rects.map(r => r.right));
    if (l < left + GAP - 0.01 || r > right - GAP + 0.01 || el.scrollWidth > el.clientWidth)
      out.push(`${name}: ${(l - left).toFixed(1)} px from the left edge, `
        + `${(right - r).toFixed(1)} px from the right`);
    const lines = new Set(rects.map(x => Math.round(x.top))).size;
    if (cell.classList.contains('raid') && lines > 1) out.push(`${name}: on ${lines} lines`);
  }
  return out;
}"""


def test_the_boards_labels_fit_their_cards_on_a_phone_in_every_language(
    reused_page: Page, site_url: str
):
    page = open_game(reused_page, site_url + "#g=" + face_down())
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_selector("#board .cell.down")
    cut = {}
    for lang in ("de", "en", "pl", "ja", "zh-Hans"):
        choose_setting(page, "lang", lang)
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
        for size in ({"width": 390, "height": 844}, {"width": 360, "height": 640}):
            page.set_viewport_size(size)
            if found := page.evaluate(BOARD_LABELS_CUT):
                cut[f"{lang} {size['width']}"] = found
    assert cut == {}


def test_switching_language_mid_game_keeps_the_game_and_its_log(reused_page: Page, site_url: str):
    page = open_game(reused_page, site_url + "#g=" + mid_game())  # round 3: a log to reword
    page.set_viewport_size(DESKTOP)
    assert page.evaluate("document.documentElement.lang") == "en"
    wait_for_turn(page)
    before = table(page)
    log_before = page.locator("#log li").all_inner_texts()
    choose_setting(page, "lang", "de")
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    assert page.title() == _values("de")["app.title"]
    assert table(page)["seq"] == before["seq"] and table(page)["phase"] == before["phase"]
    log_after = page.locator("#log li").all_inner_texts()
    assert len(log_after) == len(log_before) and log_after != log_before
    assert (
        page.locator("[data-msg='button.new_game']").first.inner_text()
        == _values("de")["button.new_game"]
    )
    assert page.input_value("#new-lang") == "de"
    assert json.loads(page.evaluate("localStorage.getItem('targi.settings')"))["lang"] == "de"
    assert _untranslated(page, _english_only_words("de")) == []
    # The choice is remembered: a reload comes back in German with the same game.
    page.reload()
    page.wait_for_selector("html[data-app-state=ready]")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert table(page)["seq"] == before["seq"]
    # A link in another language overrides it, without changing the stored choice.
    page.goto(site_url + "?lang=pl")
    page.wait_for_selector("html[data-app-state=ready]")
    assert page.evaluate("document.documentElement.lang") == "pl"
    assert page.input_value("#lang") == "pl"
    assert json.loads(page.evaluate("localStorage.getItem('targi.settings')"))["lang"] == "de"


def test_a_close_tapped_as_the_new_language_arrives_closes_settings(
    new_context: Callable[..., BrowserContext], site_url: str
):
    """Close pressed just after a language was chosen, its words arriving before the release:
    they wait for it (`<html data-lang-held>`), so Close is still under the pointer and the tap
    closes Settings; then the page speaks the new language. Written at once, the Japanese words
    moved Close 78 px down, off the 360×640 screen, and the tap landed beside it: Settings stayed
    open (the header tests lost a Close that way on a busy machine)."""
    page = new_context(service_workers="block").new_page()  # the route sees the catalog
    page.set_viewport_size({"width": 360, "height": 640})
    open_game(page, site_url)
    start_game(page, "hotseat")
    held: list[Route] = []
    page.route("**/web/messages/ja.json", lambda route: held.append(route))
    menu_item(page, "settings")
    with page.expect_request("**/web/messages/ja.json"):
        page.select_option("#lang", "ja")
    close = page.locator("#dlg-settings [data-action=close]")
    close.scroll_into_view_if_needed()
    box = close.bounding_box()
    assert box is not None and held
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    held[0].continue_()
    page.wait_for_selector("html[lang=ja], html[data-lang-held=ja]", state="attached")
    assert page.evaluate("document.documentElement.lang") == "en"  # not under the finger
    page.mouse.up()
    page.wait_for_selector("#dlg-settings", state="hidden", timeout=WAIT_MS)
    page.wait_for_selector("html[lang=ja]:not([data-lang-held])", state="attached")
    assert close.text_content() == _values("ja")["button.close"]
    page.unroute("**/web/messages/ja.json")


@pytest.mark.parametrize(
    ("languages", "lang"),
    [(["zh-TW", "en"], "zh-Hans"), (["fr-FR", "pl"], "pl"), (["fr-FR", "it"], "en")],
)
def test_a_first_visit_picks_the_best_of_the_browser_s_languages(
    new_tab: Callable[[], Page], site_url: str, languages: list[str], lang: str
):
    """Nothing stored, as on a first visit: a tab of the worker's context (the site cached)
    whose browser prefers `languages`. The loader chooses (web/loader.js, `chooseLanguage`)
    before Python starts, and web/main.py takes its choice (`loader.lang`): the page is read
    once the loader has its catalog, and the tab closed before the interpreter is up (the
    whole start in a language the browser chose is the test above's, for pl, ja and zh-Hans;
    each load was 2-3 s of the tab's CPU)."""
    page = new_tab()
    page.add_init_script(_browser_languages(languages))
    page.goto(site_url)
    page.wait_for_function(
        "() => window.targiLoader && targiLoader.catalogText() !== '{}'", timeout=60_000
    )
    chosen = page.evaluate(
        """() => ({lang: targiLoader.lang, html: document.documentElement.lang,
                   catalog: JSON.parse(targiLoader.catalogText())})"""
    )
    assert chosen["lang"] == chosen["html"] == lang
    for key in ("app.title", "button.new_game"):  # the chosen language's catalog, not English
        assert chosen["catalog"][key] == _values(lang)[key]
