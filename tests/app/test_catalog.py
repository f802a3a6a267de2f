"""The message catalog holds every word the page shows, with matching placeholders."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from targi.ai.hint import REASONS
from targi.app.session import LEVELS
from targi.app.store.storage import PACES, STARTERS
from targi.app.text.catalog import SOFT_HYPHEN, Catalog, placeholders
from targi.cards import CARDS, SYMBOLS
from targi.decisions import DESCRIPTION

ROOT = Path(__file__).resolve().parents[2]
CATALOG_PATH = ROOT / "web" / "messages" / "en.json"

# t("key") / cat.t("key"): a literal key, ending where the string ends (so a prefix built on,
# like t("central.face_down." + kind), is left to the family check below).
LITERAL_KEY = re.compile(r"""\bt\(\s*["']([a-z_]+(?:\.[A-Za-z0-9_: ]+)+)["']""")


def _static_keys() -> set[str]:
    """Message keys written literally in the page's sources."""
    keys: set[str] = set()
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    keys |= set(re.findall(r'data-msg(?:-placeholder|-label)?="([^"]+)"', html))
    sources = [ROOT / "web" / "loader.js", ROOT / "web" / "main.py"]
    sources += sorted((ROOT / "py" / "targi" / "app").glob("*.py"))
    for path in sources:
        keys |= set(LITERAL_KEY.findall(path.read_text(encoding="utf-8")))
    return keys


def _family_keys() -> set[str]:
    """Keys the page builds from game data: one per decision, card, symbol, token, setting."""
    keys = {f"prompt.{kind}" for kind in DESCRIPTION} | {"prompt.over", "prompt.computer"}
    keys |= {f"move.done.{kind}" for kind in ("act", "merchant", "swap")}
    keys |= {f"log.done.{kind}" for kind in ("act", "merchant", "swap")}
    keys |= {f"move.tribe.{m}" for m in "bkd"} | {f"log.tribe.{m}" for m in "bkd"}
    keys |= {f"symbol.{s}" for s in SYMBOLS}
    for k in "DSPGV":
        keys |= {f"token.{k}.name", f"token.{k}.one", f"token.{k}.other"}
    keys |= {f"level.{level}" for level in LEVELS}
    keys |= {f"pace.{pace}" for pace in PACES}
    keys |= {f"starter.{s}" for s in STARTERS}
    keys |= {f"result.win.{by}" for by in ("points", "gold", "goods")} | {"result.draw"}
    keys |= {f"log.reshuffle.{kind}" for kind in ("goods", "tribe")}
    keys |= {f"central.face_down.{kind}" for kind in ("goods", "tribe")}
    keys |= {f"colour.{p}" for p in (0, 1)}
    keys |= {f"card.{c.id}.short" for c in CARDS if c.kind == "border"}
    keys |= {f"card.{c.id}.{part}" for c in CARDS for part in ("name", "text")}
    keys |= {f"effect.{c.effect}" for c in CARDS if c.kind == "tribe" and c.effect}
    keys |= {f"hint.{key}" for key in REASONS}
    keys |= {
        "storage.error.not_json",
        "storage.error.not_ours",
        "storage.error.format",
        "storage.error.save",
    }
    return keys


def test_catalog_is_a_flat_object_of_texts():
    data = json.loads(CATALOG_PATH.read_text(encoding="utf-8"))
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in data.items())


def test_catalog_has_every_key_written_in_the_page(cat: Catalog):
    keys = _static_keys()
    assert len(keys) > 60  # the scan found the page's keys
    assert sorted(k for k in keys if not cat.has(k)) == []


def test_catalog_has_every_key_built_from_game_data(cat: Catalog):
    assert sorted(k for k in _family_keys() if not cat.has(k)) == []


def test_catalog_has_every_hint_reason_with_its_placeholders(cat: Catalog):
    for key, params in REASONS.items():
        assert cat.has(f"hint.{key}"), key
        assert placeholders(cat.t(f"hint.{key}")) <= set(params), key


def test_your_own_log_lines_take_the_same_values_as_the_others(cat: Catalog):
    for key, text in cat.messages.items():
        if key.startswith("log.") and key.endswith(".you"):
            base = key.removesuffix(".you")
            assert cat.has(base), key
            assert placeholders(text) <= placeholders(cat.messages[base]) | {"player"}, key


def test_a_missing_key_shows_itself_instead_of_failing():
    assert Catalog({}).t("no.such.key") == "[no.such.key]"


def test_an_unknown_placeholder_stays_visible():
    assert Catalog({"a": "x {b} {c}"}).t("a", b=1) == "x 1 {c}"


@pytest.mark.parametrize("card_id", ["B05", "T26"])
def test_card_words_come_from_the_catalog_only(card_id):
    assert Catalog({}).card_name(card_id) == f"[card.{card_id}.name]"  # a gap shows itself
    renamed = Catalog({f"card.{card_id}.name": "Other", f"card.{card_id}.text": "Text"})
    assert renamed.card_name(card_id) == "Other"
    assert renamed.card_text(card_id) == "Text"


def test_the_english_card_words_are_the_card_table_s(cat: Catalog):
    """Generated once from py/targi/data/cards.csv: a tribe card without an ability reads
    cardtext.plain, and the three 'one of your choice' goods cards are named as on the table."""
    for c in CARDS:
        assert cat.card_text(c.id) == (c.text or cat.t("cardtext.plain")), c.id
        if c.effect != "gain:D/S/P":
            # the same name, with soft hyphens where a long word may break (test_i18n)
            assert cat.card_name(c.id).replace(SOFT_HYPHEN, "") == c.name, c.id
