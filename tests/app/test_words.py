"""Hints in words: the AI gives a reason key and data; the page words them from the catalog."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

from targi import Game
from targi.ai.hint import PARAMS, REASONS, explain
from targi.app.text.catalog import Catalog
from targi.app.text.words import border_label, hint_reason
from targi.view import view

LEFTOVER = re.compile(r"[\[\]{}]")


def test_every_hint_reason_reads_as_a_sentence_naming_cards_as_the_table_does(cat: Catalog):
    seen = set()
    for seed in range(8):
        g = Game.new(seed, seed % 2)
        rnd = random.Random(seed)
        while not g.is_over:
            v = view(g)
            for move in g.legal_moves():
                key, params = explain(g, move)
                text = hint_reason(cat, v, key, params)
                assert not LEFTOVER.search(text) and text.endswith("."), (key, params, text)
                if "border" in params:
                    assert border_label(cat, params["border"]) in text
                seen.add(key)
            g.play(rnd.choice(g.legal_moves()))
    assert len(seen) >= len(REASONS) * 2 // 3, sorted(set(REASONS) - seen)


EXAMPLE = {"border": 5, "card": "T01", "spaces": "AE", "goods": "DDP", "number": 2}


def test_every_reason_words_every_parameter_it_comes_with(cat: Catalog):
    v = view(Game.new(3, 0))
    for key, names in REASONS.items():
        text = hint_reason(cat, v, key, {n: EXAMPLE[PARAMS[n]] for n in names})
        assert not LEFTOVER.search(text) and text.endswith("."), (key, text)


def test_a_hint_is_worded_in_the_catalog_language():
    german = Catalog(
        {
            "hint.pay": "Zahle {payment}.",
            "token.D.other": "{n} Datteln",
            "token.S.one": "{n} Salz",
            "list.two": "{a} und {b}",
        },
        "de",
    )
    g = Game.new(1, 0)
    assert hint_reason(german, view(g), "pay", {"payment": "DDS"}) == "Zahle 2 Datteln und 1 Salz."


def test_the_page_starts_without_importing_the_ai():
    """The table's modules leave the AI (searched in a worker) unimported, so the page starts
    sooner; a hint imports what it needs to word itself only when one is shown."""
    code = (
        "import sys; import targi.app.text.words, targi.app.html.render, targi.app.session, "
        "targi.app.store.storage, targi.app.store.share, targi.app.text.catalog, "
        "targi.app.controller, "
        "targi.app.protocol, targi.app.port, targi.view, targi.save; "
        "print(sorted(m for m in sys.modules if m.startswith('targi.ai')))"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "py")}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
