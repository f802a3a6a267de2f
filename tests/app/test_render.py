"""The table as HTML: every legal move is a button carrying its notation, nothing else is; no
text is ever taken as HTML; no word is missing from the catalog."""

from __future__ import annotations

import random
import re

import pytest
from targi.app.html.render import Renderer
from targi.app.session import Session
from targi.app.text.catalog import Catalog
from targi.app.text.words import log_lines, player_names
from targi.events import Move, RaidVP
from targi.game import Game

from .conftest import CATALOG_PATH
from .games import fresh

MOVE_ATTR = re.compile(r'data-move="([^"]+)"')
MISSING = re.compile(r"\[[a-z_]+\.[A-Za-z0-9_.: ]+\]")


def _regions(r: Renderer, v: dict) -> str:
    return r.status(v) + r.prompt(v) + r.board(v) + r.choices(v) + r.players(v)


def _text(html: str) -> str:
    return re.sub(r"<[^>]*>", " ", html)


@pytest.mark.parametrize("seed", range(6))
def test_every_legal_move_has_a_button_in_a_two_player_game(cat: Catalog, seed: int):
    r = Renderer(cat)
    rnd = random.Random(seed)
    s = Session.new(seed, seed % 2, "hotseat")
    kinds = set()
    while not s.over:
        v = s.view()
        html = _regions(r, v)
        assert set(MOVE_ATTR.findall(html)) == set(v["legal"])
        assert MISSING.findall(_text(html)) == []
        kinds.add(v["decision"]["kind"])
        s.play(rnd.choice(v["legal"]))
    assert {"place", "act"} <= kinds
    final = r.choices(s.view()) + r.log(s.view())
    assert 'id="score"' in final and MISSING.findall(_text(final)) == []


def test_no_move_buttons_while_the_computer_is_to_move(cat: Catalog):
    r = Renderer(cat)
    s = Session.new(4, 1, "ai", "easy")
    assert s.computer_to_move
    v = s.view()
    assert MOVE_ATTR.findall(_regions(r, v)) == []
    assert r.prompt(v) == cat.t("prompt.computer")


def test_the_score_screen_names_the_winner_and_the_tie_break(cat: Catalog):
    r = Renderer(cat)
    rnd = random.Random(5)
    s = Session.new(5, 0, "hotseat")
    while not s.over:
        s.play(rnd.choice(s.game.legal_moves()))
    v = s.view()
    html = r.choices(v)
    assert f'data-decided-by="{v["decided_by"]}"' in html
    for label in ("score.tokens", "score.cards", "score.total", "score.gold", "score.goods"):
        assert cat.t(label) in html
    assert 'data-action="rematch"' in html and 'data-action="new"' in html


def test_text_is_never_taken_as_html():
    evil = "<img src=x onerror=alert(1)>"
    cat = Catalog(
        {"card.B05.name": evil, "player.blue": evil, "status.round": evil, "pace.normal": evil}
    )
    r = Renderer(cat)
    s = Session.new(1, 0, "hotseat")
    v = s.view()
    html = _regions(r, v) + r.log(v) + r.border_reference() + r.pace_options("normal")
    assert "<img" not in html and "&lt;img" in html


def test_log_speaks_of_you_in_the_second_person(cat: Catalog):
    s = Session.new(6, 0, "ai", "easy")
    s.play(s.game.legal_moves()[0])
    names = player_names(cat, "ai")
    lines = log_lines(cat, s.game.log, names, you=0)
    assert lines[0] == ("round", cat.t("log.round", n=1))
    assert lines[1][1].startswith(cat.t("player.you") + " place ")
    hotseat = log_lines(cat, s.game.log, player_names(cat, "hotseat"))
    assert hotseat[1][1].startswith(cat.t("player.blue") + " places ")


def test_a_raid_paid_in_vp_says_how_many_the_engine_took(cat: Catalog):
    g = fresh(3)  # Blue pays 1 VP in the first raid and 2 VP in the third
    g = Game.replay(g.seed, g.starter, g.record)
    lines = [text for _, text in log_lines(cat, g.log, player_names(cat, "ai"), you=0)]
    for n in (1, 2):
        assert cat.t("log.lose.you", goods=cat.plural("token.V", n)) in lines
    assert "You lose 1 VP in the raid" in lines and "You lose 2 VP in the raid" in lines
    assert cat.t("log.lose_vp.you") not in lines


def test_a_raid_paid_in_vp_takes_each_language_s_plural():
    pl = Catalog.from_json((CATALOG_PATH.parent / "pl.json").read_text(encoding="utf-8"))
    log = [Move("move", 1, "lV", False, 13, ""), RaidVP("raid_vp", 1, 3)]
    assert log_lines(pl, log, ("A", "B"))[1][1] == pl.t(
        "log.lose", player="B", goods=pl.plural("token.V", 3)
    )


def test_each_panel_shows_the_points_if_the_game_ended_now(cat: Catalog):
    s = Session.new(3, 0, "hotseat")
    html = Renderer(cat).players(s.view())
    assert html.count(cat.plural("panel.points", 4)) == 2  # both start with 4 VP tokens


def _fata_morgana_view() -> dict:
    """A two-player game at a Fata Morgana decision where two markers can move."""
    for seed in range(300):
        s, rnd = Session.new(seed, 0, "hotseat"), random.Random(seed)
        while not s.over:
            v = s.view()
            if v["decision"]["kind"] == "fata_morgana" and len({m[1] for m in v["legal"]}) > 1:
                return v
            s.play(rnd.choice(v["legal"]))
    raise AssertionError("no Fata Morgana with two markers in 300 games")


def test_border_9_fata_morgana_choices_are_grouped_by_the_marker_that_moves(cat: Catalog):
    v = _fata_morgana_view()
    html = Renderer(cat).choices(v)
    groups = re.findall(r'<div class="moves-group" role="group" aria-labelledby="([^"]+)">', html)
    sources = sorted({m[1] for m in v["legal"]})
    assert groups == [f"fata-from-{src}" for src in sources]
    for src in sources:  # the heading names the marker once; each button only where it goes
        head = re.search(rf'<p class="moves-from" id="fata-from-{src}">([^<]*)</p>', html)
        assert head and f"({src})" in head.group(1)
    labels = re.findall(r'data-move="f(\w)(\w)">([^<]*)</button>', html)
    assert sorted(f"f{a}{b}" for a, b, _ in labels) == sorted(v["legal"])
    assert all(text.startswith("to ") and f"({b})" in text for _, b, text in labels)


def test_pieces_on_the_board_say_what_they_are_in_data_piece(cat: Catalog):
    """#board's pieces carry data-piece (targi, marker, robber: docs/page.md), one per Targi,
    tribe marker and robber on the table, each still named for a screen reader."""
    r = Renderer(cat)
    rnd = random.Random(3)
    s = Session.new(3, 0, "hotseat")
    while not s.view()["players"][0]["markers"] or s.view()["decision"]["kind"] != "act":
        s.play(rnd.choice(s.view()["legal"]))
    v = s.view()
    html = r.board(v)
    piece = r'<span class="([^"]+)" data-piece="(\w+)" role="img"[^>]*aria-label="[^"]+"'
    pieces = re.findall(piece, html)
    kinds = [kind for _, kind in pieces]
    assert kinds.count("targi") == sum(len(v["players"][p]["targis"]) for p in (0, 1))
    assert kinds.count("marker") == sum(len(v["players"][p]["markers"]) for p in (0, 1))
    assert kinds.count("robber") == 1
