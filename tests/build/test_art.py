"""The card illustrations of web/art/ (issue 21): every card the view can show has one, the
site ships and precaches them, each is small and says it was drawn for this project."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

from targi.app.html.art import BACKS, all_art, art_name
from targi.cards import CARDS

from tools.paths import ROOT, WEB
from tools.site import STYLE_BUNDLE

ART = WEB / "art"
CARDS_CSS = WEB / "cards.css"
TABLE = "table.svg"  # the table's cloth, not a card's
TITLE = "title.svg"  # the welcome's illustration (index.html)


def painted() -> dict[str, str]:
    """class name -> the art file web/cards.css paints for it (`.a-<name> { … url(art/…) }`)."""
    css = CARDS_CSS.read_text(encoding="utf-8")
    return dict(re.findall(r"\.a-([a-z-]+) \{ background-image: url\(art/([a-z-]+\.svg)\); \}", css))


def test_every_card_the_view_can_show_has_an_illustration_that_exists():
    rules = painted()
    for card in CARDS:
        name = art_name(card.id)
        assert rules.get(name) == f"{name}.svg", (card.id, name)
        assert (ART / f"{name}.svg").is_file(), card.id
    for back in BACKS.values():  # a face-down central card shows its deck's back
        assert rules.get(back) == f"{back}.svg" and (ART / f"{back}.svg").is_file(), back
    # the five symbols, goods/gold/VP, the nine other border kinds, the raids and two backs
    assert len(all_art()) == 5 + 3 + 9 + 1 + 2


def test_every_illustration_is_used_and_was_drawn_for_this_project():
    css = CARDS_CSS.read_text(encoding="utf-8")
    used = {f"{n}.svg" for n in all_art()} | {TABLE, TITLE}
    files = {p.name for p in ART.iterdir()}
    assert files == used
    assert f"url(art/{TABLE})" in css
    assert f'src="./web/art/{TITLE}"' in (ROOT / "index.html").read_text(encoding="utf-8")
    for path in ART.iterdir():
        text = path.read_text(encoding="utf-8")
        assert "drawn for this project" in text, path.name
        assert "<text" not in text and "<image" not in text and "href" not in text, path.name


def test_the_art_is_small():
    sizes = {p.name: p.stat().st_size for p in ART.iterdir()}
    assert max(sizes.values()) <= 4096, sizes
    zipped = sum(len(gzip.compress(p.read_bytes(), 9)) for p in ART.iterdir())
    assert zipped <= 200_000, zipped


def test_the_site_ships_and_precaches_the_art_and_the_card_styles(site: Path):
    worker = (site / "sw.js").read_text(encoding="utf-8")
    for path in ART.iterdir():
        rel = path.relative_to(ROOT).as_posix()
        assert (site / rel).read_bytes() == path.read_bytes(), rel
        assert f'"{rel}"' in worker, rel
    # the card styles come in the page's one style sheet, after style.css (they override it)
    assert f'"{STYLE_BUNDLE}"' in worker
    bundle = (site / STYLE_BUNDLE).read_text(encoding="utf-8")
    cards = CARDS_CSS.read_text(encoding="utf-8")
    assert cards in bundle
    assert bundle.index((WEB / "style.css").read_text(encoding="utf-8")) < bundle.index(cards)
