"""The five languages (issue 11): every catalog complete and consistent with English, plurals by
CLDR, numbers and lists per language, and the language menu switching a game in progress."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Coroutine, Generator
from pathlib import Path
from typing import Any

import pytest
from targi.app.controller import Click, Controller
from targi.app.store import storage
from targi.app.text.catalog import (
    LANGUAGES,
    PLURAL_FORMS,
    SOFT_HYPHEN,
    Catalog,
    format_number,
    placeholders,
    plural_base,
    plural_category,
)
from targi.app.text.export import game_text
from targi.app.text.words import log_lines
from targi.cards import CARDS

from tools import manifests

from .fakeport import FakePort

MESSAGES = Path(__file__).resolve().parents[2] / "web" / "messages"
TRANSLATIONS = [lang for lang in LANGUAGES if lang != "en"]
# Values that are empty on purpose: the analysis says nothing before it is started.
EMPTY_ON_PURPOSE = {"analysis.state.idle"}


def _messages(lang: str) -> dict[str, str]:
    path = MESSAGES / f"{lang}.json"
    if not path.exists():
        pytest.fail(f"web/messages/{lang}.json is missing")
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if not k.startswith("_")}


def _by_base(messages: dict[str, str]) -> dict[str, dict[str, str]]:
    """Plural messages grouped by base key: {base: {category: text}}."""
    groups: dict[str, dict[str, str]] = {}
    for key, text in messages.items():
        base = plural_base(key)
        if base is not None:
            groups.setdefault(base, {})[key.rsplit(".", 1)[1]] = text
    return groups


def _plain(messages: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in messages.items() if plural_base(k) is None}


# ---- the catalogs ----------------------------------------------------------------------------
def test_there_is_a_catalog_for_each_of_the_five_languages():
    assert sorted(p.stem for p in MESSAGES.glob("*.json")) == sorted(LANGUAGES)


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_catalog_has_exactly_the_english_keys(lang: str):
    en, other = _messages("en"), _messages(lang)
    assert sorted(set(_plain(en)) - set(_plain(other))) == [], "missing"
    assert sorted(set(_plain(other)) - set(_plain(en))) == [], "not in English"
    assert sorted(set(_by_base(en)) ^ set(_by_base(other))) == [], "plural bases differ"


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_catalog_keeps_the_english_placeholders(lang: str):
    en, other = _messages("en"), _messages(lang)
    wrong = [
        key
        for key, text in _plain(other).items()
        if key in en and placeholders(text) != placeholders(en[key])
    ]
    assert wrong == []
    en_plurals = _by_base(en)
    for base, forms in _by_base(other).items():
        if base not in en_plurals:
            continue
        allowed = set().union(*(placeholders(t) for t in en_plurals[base].values()))
        found = [placeholders(t) for t in forms.values()]
        # "{n} days" and "one day": a form may leave {n} out, but not invent a placeholder,
        # and the forms together use all of English's.
        assert all(f <= allowed for f in found), base
        assert set().union(*found) | {"n"} >= allowed, base


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_plural_has_exactly_the_forms_its_language_needs(lang: str):
    wrong = {
        base: sorted(forms)
        for base, forms in _by_base(_messages(lang)).items()
        if sorted(forms) != sorted(PLURAL_FORMS[lang])
    }
    assert wrong == {}


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_no_value_is_empty_or_its_own_key(lang: str):
    messages = _messages(lang)
    assert all(isinstance(v, str) for v in messages.values())
    empty = sorted(k for k, v in messages.items() if not v.strip() and k not in EMPTY_ON_PURPOSE)
    assert empty == []
    assert sorted(k for k, v in messages.items() if v.strip() == k) == []


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_card_has_a_name_and_a_text(lang: str):
    messages = _messages(lang)
    missing = [
        f"card.{c.id}.{part}"
        for c in CARDS
        for part in ("name", "text")
        if not messages.get(f"card.{c.id}.{part}", "").strip()
    ]
    assert missing == []


# The longest a word in a card name may be without a soft hyphen: about what a board cell holds
# at 360 px (12 px text). Japanese and Chinese break between any two characters anyway.
LONGEST_UNBROKEN = 8


@pytest.mark.parametrize("lang", ["en", "de", "pl"])
def test_long_words_in_card_names_break_at_a_syllable(lang: str):
    """A narrow cell breaks a long name at a soft hyphen, with a visible hyphen, never between
    any two letters: browsers without hyphenation dictionaries (Chromium on Linux) included."""
    long_words = sorted(
        {
            word
            for key, name in _messages(lang).items()
            if key.startswith("card.") and key.endswith(".name")
            for word in re.split(r"[\s/()\-]+", name)
            if len(word.replace(SOFT_HYPHEN, "")) > LONGEST_UNBROKEN
            and any(len(part) > LONGEST_UNBROKEN for part in word.split(SOFT_HYPHEN))
        }
    )
    assert long_words == []


def test_soft_hyphens_stay_out_of_a_game_exported_as_text():
    port = FakePort()
    page, cat = _game_in_progress(port)
    assert page.session is not None
    assert SOFT_HYPHEN in cat.card_name("B10")  # Sil-ver-smith
    for key in [k for k in cat.messages if k.startswith("card.") and k.endswith(".name")]:
        cat.messages[key] = "Sil" + SOFT_HYPHEN + cat.messages[key]  # every name has one now
    lines = [text for _, text in log_lines(cat, page.session.view()["log"], ("A", "B"), 0)]
    assert any(SOFT_HYPHEN in line for line in lines)  # the page's log keeps them
    text = game_text(cat, page.session, "https://example.org/targi/", 0)
    assert SOFT_HYPHEN not in text and "Sil" in text


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_card_names_are_unique_as_in_english(lang: str):
    """Cards that English names differently are named differently (two Dates border cards and
    the five plain Wells share a name, as in the box); cards English names alike stay alike."""
    en, other = _messages("en"), _messages(lang)
    names: dict[str, set[str]] = {}
    for c in CARDS:
        key = f"card.{c.id}.name"
        names.setdefault(en[key], set()).add(other.get(key, f"[{key}]"))
    assert {e: sorted(t) for e, t in names.items() if len(t) != 1} == {}
    translated = [next(iter(t)) for t in names.values()]
    clashes = sorted({t for t in translated if translated.count(t) > 1})
    assert clashes == []


def test_the_language_names_in_the_menu_are_each_language_s_own():
    for lang, name in LANGUAGES.items():
        assert _messages(lang)["lang.name"] == name


# ---- plurals, numbers, lists -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("n", "category"),
    [(0, "many"), (1, "one"), (2, "few"), (4, "few"), (5, "many"), (12, "many"), (14, "many")]
    + [(21, "many"), (22, "few"), (25, "many"), (102, "few"), (112, "many")],
)
def test_polish_plurals_follow_cldr(n: int, category: str):
    assert plural_category("pl", n) == category


@pytest.mark.parametrize("lang", ["en", "de"])
def test_english_and_german_have_one_and_other(lang: str):
    assert [plural_category(lang, n) for n in (0, 1, 2, 21)] == ["other", "one", "other", "other"]


@pytest.mark.parametrize("lang", ["ja", "zh-Hans"])
def test_japanese_and_chinese_have_one_form(lang: str):
    assert {plural_category(lang, n) for n in (0, 1, 2, 5, 22)} == {"other"}


def test_a_plural_picks_the_polish_form_and_fills_in_n():
    pl = Catalog({"d.one": "{n} daktyl", "d.few": "{n} daktyle", "d.many": "{n} daktyli"}, "pl")
    assert [pl.plural("d", n) for n in (1, 2, 5, 12, 22, 25)] == [
        "1 daktyl",
        "2 daktyle",
        "5 daktyli",
        "12 daktyli",
        "22 daktyle",
        "25 daktyli",
    ]


@pytest.mark.parametrize(
    ("lang", "value", "decimals", "text"),
    [
        ("en", 1234567, None, "1,234,567"),
        ("de", 1234567, None, "1.234.567"),
        ("de", 2.5, 1, "2,5"),
        ("pl", 1234, None, "1234"),
        ("pl", 12345, None, "12\u00a0345"),
        ("pl", -0.25, 2, "-0,25"),
        ("ja", 1234.5, 1, "1,234.5"),
        ("zh-Hans", 999, None, "999"),
    ],
)
def test_numbers_are_written_the_language_s_way(lang, value, decimals, text):
    assert format_number(lang, value, decimals) == text


def test_numbers_in_placeholders_are_written_the_language_s_way():
    assert Catalog({"k": "{n} / {s}"}, "de").t("k", n=1500, s="1500") == "1.500 / 1500"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["A", "A and B", "A, B and C", "A, B, C and D"]),
        ("de", ["A", "A und B", "A, B und C", "A, B, C und D"]),
        ("pl", ["A", "A i B", "A, B i C", "A, B, C i D"]),
        ("ja", ["A", "A、B", "A、B、C", "A、B、C、D"]),
        ("zh-Hans", ["A", "A和B", "A、B和C", "A、B、C和D"]),
    ],
)
def test_lists_are_joined_with_the_language_s_words(lang: str, expected: list[str]):
    cat = Catalog.from_json((MESSAGES / f"{lang}.json").read_text(encoding="utf-8"), lang)
    assert [cat.join("ABCD"[:k]) for k in range(1, 5)] == expected


# ---- the language menu -----------------------------------------------------------------------
def _marked(lang: str) -> str:
    """English with every text marked, standing in for a translation."""
    en = _messages("en")
    return json.dumps({k: f"‹{lang}›{v}" for k, v in en.items()})


def _game_in_progress(port: FakePort) -> tuple[Controller, Catalog]:
    cat = Catalog.from_json((MESSAGES / "en.json").read_text(encoding="utf-8"))  # switched
    page = Controller(port, cat)
    page.start("")
    port.radios.update(level="easy", starter="me")
    page.click(Click("new-game", "ai"))
    port.run()
    for _ in range(3):
        assert page.session is not None
        page.click(Click("move", page.session.legal_for_human()[0]))
        port.run()
    return page, cat


def test_switching_the_language_rewrites_the_table_and_its_log_and_keeps_the_game():
    port = FakePort()
    port.catalogs["de"] = _marked("de")
    page, cat = _game_in_progress(port)
    assert page.session is not None
    record = list(page.session.game.record)
    port.spawn(page.prefs.set_language("de"))
    port.run()
    assert cat.lang == "de" and port.language == "de"
    assert page.session is not None and list(page.session.game.record) == record
    frame = port.frame
    assert frame is not None and frame.log is not None  # the whole log drawn again
    assert frame.prompt.startswith("‹de›")
    assert frame.log.count("‹de›") >= len(record)
    assert 'value="de" lang="de" selected' in port.html["lang"] == port.html["new-lang"]
    assert port.text["lang-status"].startswith("‹de›")
    assert port.text["announce"] == ""  # no stale words in the other language left to be read
    assert json.loads(port.storage[storage.SETTINGS_KEY])["lang"] == "de"


def test_a_catalog_that_cannot_be_read_leaves_the_page_as_it_was():
    port = FakePort()
    port.catalogs["pl"] = "{not json"
    page, cat = _game_in_progress(port)
    before = port.frame
    port.spawn(page.prefs.set_language("pl"))
    port.run()
    assert cat.lang == "en" and port.language == ""
    assert port.frame == before
    assert not port.hidden["notice"] and "Polski" in port.text["notice-text"]
    assert 'value="en" lang="en" selected' in port.html["lang"]
    stored = port.storage.get(storage.SETTINGS_KEY, "{}")
    assert json.loads(stored).get("lang", "") == ""


class _Fetching:
    """Awaited, it hands control back to whoever drives the coroutine: a catalog's download
    still under way."""

    def __await__(self) -> Generator[None, None, None]:
        yield


def _slow_catalogs(port: FakePort) -> None:
    """Each catalog arrives only when the test resumes the coroutine that asked for it."""
    arrives = port.catalog_text

    async def catalog_text(lang: str) -> str:
        await _Fetching()
        return await arrives(lang)

    port.catalog_text = catalog_text  # type: ignore[method-assign]


def _finish(work: Coroutine[Any, Any, None]) -> None:
    with pytest.raises(StopIteration):
        work.send(None)


@pytest.mark.parametrize(
    ("chosen", "arrival"),
    [(("de", "en"), (1, 0)), (("de", "ja"), (1, 0)), (("de", "ja"), (0, 1))],
    ids=["back-to-english", "german-arrives-last", "in-order"],
)
def test_the_language_chosen_last_stays_whichever_catalog_arrives_last(
    chosen: tuple[str, str], arrival: tuple[int, int]
):
    """Two languages chosen before the first one's catalog arrived (a slow network, a
    player going through the menu): the page, its menus and the settings end in the one
    chosen last. The old code applied each catalog as it came, so German arriving last (or
    chosen and then English again, which needs no download) left the page in German: those two
    cases failed on it (the third, the catalogs in the order asked for, is the control)."""
    port = FakePort()
    for lang in chosen:
        port.catalogs[lang] = _marked(lang)
    page, cat = _game_in_progress(port)
    _slow_catalogs(port)
    asked = [page.prefs.set_language(lang) for lang in chosen]
    for work in asked:
        with contextlib.suppress(StopIteration):  # English needs no catalog: done at once
            work.send(None)  # asks for its catalog
    for i in arrival:
        if asked[i].cr_frame is not None:
            _finish(asked[i])
    last = chosen[-1]
    assert cat.lang == last
    assert port.language == ("" if last == "en" else last)  # English was never left
    assert f'value="{last}" lang="{last}" selected' in port.html["lang"]
    assert json.loads(port.storage[storage.SETTINGS_KEY])["lang"] == last


def test_a_language_arriving_while_a_pointer_is_pressed_waits_for_its_release():
    """The words in a new language arrive while a finger is on the page (Close being tapped):
    written then, they would move the button from under it. The page says so
    (`<html data-lang-held>`), handles the tap first (Close closes the dialog in the words the
    player saw) and writes the language when the pointer lifts."""
    port = FakePort()
    port.catalogs["de"] = _marked("de")
    page, cat = _game_in_progress(port)
    page.click(Click("settings"))
    port.pointer_down = True
    work = page.prefs.set_language("de")
    work.send(None)  # the catalog is here; the pointer is still down
    assert cat.lang == "en" and port.language == "" and port.page_state["lang-held"] == "de"
    page.click(Click("close"))  # the tap's click, at the release
    assert port.hidden["dlg-settings"]
    port.pointer_down = False
    _finish(work)
    assert cat.lang == "de" and port.language == "de" and port.page_state["lang-held"] == ""
    assert json.loads(port.storage[storage.SETTINGS_KEY])["lang"] == "de"


def test_a_language_held_by_a_press_gives_way_to_one_chosen_meanwhile():
    """Another language chosen while the first one's words waited for a release: the one chosen
    last stays, whichever is written last."""
    port = FakePort()
    port.catalogs["de"] = _marked("de")
    page, cat = _game_in_progress(port)
    port.pointer_down = True
    held = page.prefs.set_language("de")
    held.send(None)
    port.pointer_down = False
    port.spawn(page.prefs.set_language("en"))
    port.run()
    _finish(held)
    assert cat.lang == "en" and port.language == ""
    assert json.loads(port.storage[storage.SETTINGS_KEY])["lang"] == "en"


def test_an_unknown_language_is_ignored():
    port = FakePort()
    page, cat = _game_in_progress(port)
    port.spawn(page.prefs.set_language("xx"))
    port.run()
    assert cat.lang == "en" and port.language == ""


def test_a_shown_hint_is_worded_again_in_the_new_language():
    port = FakePort()
    port.catalogs["ja"] = _marked("ja")
    page, _ = _game_in_progress(port)
    page.click(Click("hint"))
    port.run()
    assert port.frame is not None and port.frame.hint is not None
    port.spawn(page.prefs.set_language("ja"))
    port.run()
    assert port.frame.hint is not None and port.frame.hint.startswith("‹ja›")


@pytest.mark.parametrize(
    ("stored", "lang"),
    [('{"lang": "pl"}', "pl"), ('{"lang": "zh-Hans"}', "zh-Hans"), ('{"lang": "fr"}', "")]
    + [('{"lang": ["de"]}', ""), ('{"pace": "fast"}', ""), ("[" * 8000, "")],
)
def test_the_stored_language_is_read_defensively(stored: str, lang: str):
    assert storage.Settings.parse(stored).lang == lang


def test_the_language_menus_name_each_language_in_its_own_words():
    port = FakePort()
    page = Controller(port, Catalog({}, "pl"))
    page.start("")
    for name in LANGUAGES.values():
        assert f">{name}</option>" in port.html["lang"]
    assert 'value="pl" lang="pl" selected' in port.html["new-lang"]


# ---- the manifests ---------------------------------------------------------------------------
@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_each_language_has_its_manifest_named_from_its_catalog(lang: str):
    found = json.loads(manifests.path(lang).read_text(encoding="utf-8"))
    assert found == manifests.manifest(lang), "run python tools/manifests.py"
    english = json.loads(manifests.ENGLISH.read_text(encoding="utf-8"))
    assert found["id"] == english["id"] and found["icons"] == english["icons"]  # the same app


def test_the_average_margin_in_records_is_written_the_language_s_way():
    panel = Controller(FakePort(), Catalog({}, "de")).records
    assert [panel.signed(v) for v in (1.25, -0.5, 0.0)] == ["+1,2", "-0,5", "+0,0"]
