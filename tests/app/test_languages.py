"""A whole game in each language (issue 11), through the FakePort: every screen the page writes
(the welcome, the table after every move, the hint, the score, the replay, the menu's dialogs)
holds no raw key, no `{placeholder}` and no English word the language's catalog never uses.

The page's own words come from targi.app, so their check runs here on the HTML and text the
controller writes, a whole game per language in a fraction of a second. The browser
(tests/e2e/test_languages.py) keeps what only it shows: the static `data-msg` texts web/main.py
swaps, the title, the browser's language picking the page's, labels that fit on a phone, on a
few loaded positions per language.
"""

from __future__ import annotations

import json
import random
import re
from functools import cache
from html import unescape
from pathlib import Path

import pytest
from targi.app import protocol
from targi.app.controller import Click
from targi.app.text.catalog import LANGUAGES, Catalog

from .fakeport import FakePort, open_page

# The games of the four languages are one game (the same clicks, the same seeds): the computer's
# answers, most of each game's time, are worked out in the first and read again in the others,
# on the one worker the group puts them on.
pytestmark = pytest.mark.xdist_group("languages")
answer = cache(protocol.answer)

MESSAGES = Path(__file__).resolve().parents[2] / "web" / "messages"
TRANSLATIONS = [lang for lang in LANGUAGES if lang != "en"]
RAW_KEY = re.compile(r"\[[a-z_]+(?:\.[A-Za-z0-9_:]+)+\]")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
WORD = re.compile(r"[A-Za-z]{3,}")
# Words that stay the same in every language: the game's name, its Tuareg names, VP.
ALLOWED = {"Targi", "Targia", "Targis", "Fata", "Morgana", "KOSMOS", "Andreas", "Steiger", "VP"}
ALLOWED |= {"English", "Deutsch", "Polski"}  # the language menu names each language its way
# The attributes a screen reader or a hover reads out (as the browser test reads them).
READ_OUT = {"aria-label", "title", "data-text", "placeholder", "aria-valuetext", "alt"}


def values(lang: str) -> dict[str, str]:
    data = json.loads((MESSAGES / f"{lang}.json").read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if not k.startswith("_")}


def english_only_words(lang: str) -> set[str]:
    """Words of the English catalog that `lang`'s catalog never uses: on its page they can only
    be English left over ("Hand" is German too, so it is not one of them)."""
    english = {w for v in values("en").values() for w in WORD.findall(v)}
    theirs = {w.lower() for v in values(lang).values() for w in WORD.findall(v)}
    return {w for w in english if w.lower() not in theirs and w not in ALLOWED}


TAG = re.compile(r"<[^>]*>")
ATTRIBUTE = re.compile(r'\s([a-z-]+)="([^"]*)"')


@cache  # most of the page stays as it was from one move to the next
def read(html: str) -> str:
    """What a player reads in a piece of the page's HTML (every attribute value quoted and
    escaped, targi.app.html.markup): its text and the attributes read out, not its tags,
    classes or data-move values."""
    parts = TAG.split(html)
    for tag in TAG.findall(html):
        parts += [value for name, value in ATTRIBUTE.findall(tag) if name in READ_OUT]
    return unescape("\n".join(parts))


def screen_text(port: FakePort) -> str:
    """Everything the page has written into the document: each element's text and HTML, the
    attributes it set that are read out, and the table's last redraw."""
    parts = list(port.text.values()) + [read(html) for html in port.html.values()]
    parts += [v for attrs in port.attrs.values() for k, v in attrs.items() if k in READ_OUT]
    frame = port.frame
    if frame is not None:
        parts += [read(html) for html in frame.regions.values()]
        parts += [frame.prompt, read(frame.log or ""), frame.hint or ""]
    return "\n".join(parts)


def untranslated(text: str, english: set[str]) -> list[str]:
    found = RAW_KEY.findall(text) + PLACEHOLDER.findall(text)
    return found + sorted({w for w in WORD.findall(text) if w in english})


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_whole_game_in_each_language_leaves_no_english_key_or_placeholder(lang: str):
    page, port = open_page(Catalog(values(lang), lang))
    port.answer = answer
    english = english_only_words(lang)
    problems: dict[str, list[str]] = {}

    def look(where: str) -> None:
        if found := untranslated(screen_text(port), english):
            problems[where] = found

    look("welcome")
    port.radios.update(level="easy", starter="me")
    page.click(Click("new-game", "ai"))
    port.run()
    page.click(Click("hint"))
    port.run()
    assert port.frame is not None and port.frame.hint, "the hint is shown"
    look("hint")
    rnd = random.Random(11)
    moves = 0
    while page.session is not None and not page.session.over:
        page.click(Click("move", rnd.choice(sorted(page.session.legal_for_human()))))
        port.run()
        moves += 1
        look(f"move {moves}")
    assert moves > 20
    look("score")
    page.click(Click("review"))
    look("replay")
    for where in ("prev", "first"):
        page.click(Click("review-nav", where))
        look(f"replay, {where}")
    page.click(Click("review-close"))
    for action in ("rules", "cards", "about", "recent", "stats", "open-share", "settings"):
        page.click(Click(action))
        look(action)
        page.click(Click("close"))
    assert problems == {}
