"""Words a player hit (issue 22): counts in the right form, the rulebooks' terms, one word for
one thing in each catalog, and nothing that sends a player to a developer's file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from targi.app.text.catalog import LANGUAGES, Catalog
from targi.app.text.words import goods_phrase

MESSAGES = Path(__file__).resolve().parents[2] / "web" / "messages"


def _catalog(lang: str) -> Catalog:
    return Catalog.from_json((MESSAGES / f"{lang}.json").read_text(encoding="utf-8"), lang)


def _values(lang: str) -> dict[str, str]:
    data = json.loads((MESSAGES / f"{lang}.json").read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if not k.startswith("_")}


# ---- counts ------------------------------------------------------------------------------------
def test_english_says_1_move_and_1_point_in_the_singular():
    en = _catalog("en")
    assert en.plural("panel.points", 1) == "1 point now"
    assert en.plural("panel.points", 4) == "4 points now"
    one = en.plural("confirm.summary", 1, mode="Two players", round=1)
    assert one == "The shared game: Two players, round 1, 1 move played."
    assert en.plural("confirm.summary", 3, mode="Two players", round=1).endswith("3 moves played.")


@pytest.mark.parametrize(
    ("letters", "phrase"),
    [
        ("D", "1 żeton daktyli"),
        ("SS", "2 żetony soli"),
        ("PPPPP", "5 żetonów pieprzu"),
        ("D" * 12, "12 żetonów daktyli"),
        ("S" * 22, "22 żetony soli"),
        ("G", "1 złotą monetę"),
        ("GG", "2 złote monety"),
        ("GGGGG", "5 złotych monet"),
        ("DDSSSSSPG", "2 żetony daktyli, 5 żetonów soli, 1 żeton pieprzu i 1 złotą monetę"),
    ],
)
def test_polish_goods_phrases_count_tokens_and_gold_coins_as_the_rulebook(letters, phrase):
    """Seed 001 counts goods as tokens („2 żetony soli”) and gold as coins („1 złotą monetę”,
    „3 złote monety”); goods phrases stand where the accusative goes (pay, take, lose, trade)."""
    assert goods_phrase(_catalog("pl"), letters) == phrase


def test_no_polish_text_counts_salt_pepper_or_gold_as_a_mass():
    """Table shorts keep their signs („+1 złoto”, „→ 1 złoto”): notation, not a count."""
    old_counts = re.compile(
        r"\b\d+ (sole|soli|pieprze|pieprzy)\b|\b\d+ złota\b(?! monet)|(?<![+−\d])(?<!→ )\d+ złoto\b"
    )
    assert sorted(k for k, v in _values("pl").items() if old_counts.search(v)) == []


# ---- one word for one thing --------------------------------------------------------------------
@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_first_game_tips_do_not_share_the_hint_button_s_word(lang: str):
    """Japanese said ヒント for both, so 「ヒントを表示しない」 read as turning Hints off."""
    words = _values(lang)
    hint = words["button.hint"].lower()
    assert [k for k in ("tip.title", "tip.off", "tips.setting") if hint in words[k].lower()] == []


def test_polish_names_the_targi_pawn_one_way():
    """„pionek Tuarega” / „pionki Tuaregów”, as seed 001; the people are „plemiona Tuaregów”
    and the Polish edition is „Tuareg”, never the pawn by itself."""
    pawn = re.compile(r"(?:(\S+) )?(„?)Tuare(?:g|ga|gów|giem|gi|gu)\b")
    allowed = re.compile(r"[Pp]ion(ek|ka|ki|ków|kiem|kami|ku)|plemiona|plemion")
    wrong = [
        (key, m.group(0))
        for key, text in _values("pl").items()
        for m in pawn.finditer(text)
        if not m.group(2) and not (m.group(1) and allowed.fullmatch(m.group(1)))
    ]
    assert wrong == []
    short = re.compile(r"\b[Pp]ion(?:ek|ka|ki|ków|kiem|kami|ku)\b(?! Tuare| złodzie)")
    assert sorted(k for k, v in _values("pl").items() if short.search(v)) == []


@pytest.mark.parametrize(
    ("lang", "other_word", "why"),
    [
        ("de", "Remis", "Unentschieden, as the score screen says"),
        ("zh-Hans", "骆驼卡", "骆驼骑士卡, the symbol's name"),
        ("zh-Hans", "中央空位", "空位 is an empty place; a central space is 中央位置"),
        ("zh-Hans", "空位{space}", "空位 is an empty place; a central space is 中央位置"),
        ("ja", "時計回りに1枚", "the robber moves on to the next border card"),
        ("ja", "トゥアレグ族の部族", "a tribe of the Tuareg tribe"),
        ("de", "Gegenüber", "Freund, as the rest of play with a friend says (live play said both)"),
    ],
)
def test_a_catalog_keeps_one_word_for_one_thing(lang: str, other_word: str, why: str):
    assert [k for k, v in _values(lang).items() if other_word in v] == [], why


# The protocol's words for why a link was refused, which a player cannot act on.
PROTOCOL_WORDS = re.compile(
    r"signature|Signatur|podpis|署名|签名|applied|angewendet|zastosowany|反映済み|应用过"
)
# A next step in English: what to do, or that there is nothing to do.
NEXT_STEP = re.compile(r"\b(open|send|copy|ask)\b|nothing more to do", re.IGNORECASE)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_refused_friend_link_is_told_in_plain_words(lang: str):
    """A refused link reads "changed after it was made", not "its signature does not check"."""
    refusals = {k: v for k, v in _values(lang).items() if k.startswith("friend.refused.")}
    assert len(refusals) == 11
    assert [k for k, v in refusals.items() if PROTOCOL_WORDS.search(v)] == []


def test_every_refused_friend_link_says_what_to_do_next():
    """Beside "Nothing was changed": open, send, copy, ask your friend, or nothing to do (the
    other catalogs say the same)."""
    refusals = {k: v for k, v in _values("en").items() if k.startswith("friend.refused.")}
    assert [k for k, v in refusals.items() if not NEXT_STEP.search(v)] == []


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_fan_made_card_data_is_not_called_a_hobby(lang: str):
    calques = re.compile(r"hobby|趣味", re.IGNORECASE)
    assert [k for k, v in _values(lang).items() if calques.search(v)] == []


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_no_catalog_sends_a_player_to_a_developer_file(lang: str):
    """The rulings are numbered for the player's sake: the app's pages cite them, not a file."""
    files = re.compile(r"docs/|\.md\b")
    assert [k for k, v in _values(lang).items() if files.search(v)] == []
