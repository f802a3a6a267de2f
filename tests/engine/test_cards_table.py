"""The card table: the package copy is the shared one, and every card fact the rules need is
there (CARDS.md)."""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from pathlib import Path

import pytest
from targi.cards import CARDS, COLUMNS, SYMBOLS, as_rows, parse_cost, table_text
from targi.decisions import BORDER_ACTIONS, GAIN

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared" / "rules" / "cards.csv"
PACKAGE = REPO / "py" / "targi" / "data" / "cards.csv"

TRIBE_EFFECTS = re.compile(
    r"^$|^discount:(Targia|Camel rider|Tent|Well|Oasis)$|^vp_per_two:(Targia|Camel rider|Tent"
    r"|Well|Oasis)$|^raid_immunity$|^opponent_two_targis$|^robber_access$|^hand_without_noble$"
    r"|^diverse_rows_four$|^swap_two$|^goods_bonus:[DSP]$|^on_place:1[GX]$"
)


@pytest.mark.skipif(not SHARED.exists(), reason="the shared rules folder is not next to the repo")
def test_package_copy_of_cards_csv_equals_the_shared_table():
    assert PACKAGE.read_bytes() == SHARED.read_bytes()


def test_engine_reads_the_package_copy():
    assert table_text() == PACKAGE.read_text(encoding="utf-8")


def test_card_counts_16_border_19_goods_45_tribe_nine_per_symbol():
    kinds = Counter(c.kind for c in CARDS)
    assert kinds == {"border": 16, "goods": 19, "tribe": 45}
    assert Counter(c.symbol for c in CARDS if c.kind == "tribe") == dict.fromkeys(SYMBOLS, 9)
    assert all(1 <= c.vp <= 3 and c.costs for c in CARDS if c.kind == "tribe")


def test_every_effect_code_is_one_the_engine_knows():
    for c in CARDS:
        if c.kind == "border":
            assert c.effect.split(":")[0] in BORDER_ACTIONS or c.effect.startswith("raid:")
        elif c.kind == "goods":
            assert c.index in GAIN
        else:
            assert TRIBE_EFFECTS.match(c.effect), c.id


def test_cost_notation_with_stroke_alternatives():
    assert parse_cost("1D+2S+2P") == ((1, 2, 2, 0),)
    assert parse_cost("2D+1S/1G") == ((2, 1, 0, 0), (0, 0, 0, 1))
    assert parse_cost("") == ()


def test_as_rows_gives_the_csv_columns_and_values():
    rows = list(csv.DictReader(io.StringIO(PACKAGE.read_text(encoding="utf-8"))))
    ours = as_rows()
    assert [tuple(r) for r in ours] == [COLUMNS] * len(rows)
    assert [{k: str(v) for k, v in r.items()} for r in ours] == rows


def test_goods_card_contents_are_read_from_the_effect_code():
    from targi.decisions import _parse_gain

    assert _parse_gain("gain:1S+1D") == (1, 1, 0, 0, 0, False)
    assert _parse_gain("gain:2VP") == (0, 0, 0, 0, 2, False)
    assert _parse_gain("gain:10P+1G") == (0, 0, 10, 1, 0, False)
    assert _parse_gain("gain:D/S/P") == (0, 0, 0, 0, 0, True)
    with pytest.raises(ValueError, match="cannot read"):
        _parse_gain("gain:1X")
