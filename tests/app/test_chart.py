"""The chart of points round by round: its numbers are score() at each round end, split into the
parts the score table shows, and the SVG and the table say the same."""

from __future__ import annotations

import re

import pytest
from targi.app.review.chart import GROUP, PARTS, chart, columns, split
from targi.app.review.replay import Replay
from targi.app.session import Session
from targi.app.text.catalog import Catalog
from targi.board import CORNERS
from targi.game import Game
from targi.scoring import score

from .games import fresh


def _round_ends_seen_from_outside(monkeypatch: pytest.MonkeyPatch, g: Game) -> list[tuple]:
    """score() of both players right after each round ended, from a plain replay of the game:
    the engine's own end of round, watched from the outside."""
    seen: list[tuple] = []
    end_round = Game._end_round

    def watched(self: Game) -> None:
        end_round(self)
        if self.phase != "over":  # the game went on: a raid may come before anyone decides
            seen.append((self.rounds_played, score(self, 0), score(self, 1)))

    monkeypatch.setattr(Game, "_end_round", watched)
    Game.replay(g.seed, g.starter, g.record)
    return seen


@pytest.mark.parametrize("seed", [3, 21, 40])
def test_the_chart_numbers_are_the_score_at_each_round_end(
    monkeypatch: pytest.MonkeyPatch, cat: Catalog, seed: int
):
    g = fresh(seed)
    replay = Replay.of(Session(g, "hotseat"))
    expected = _round_ends_seen_from_outside(monkeypatch, g)
    cols = columns(cat, replay.ends)
    assert len(cols) == len(expected) + 1  # and the end of the game
    for col, (rnd, a, b) in zip(cols, expected, strict=False):
        assert col.round == rnd
        assert col.parts == (split(a), split(b))
        for part in col.parts:
            assert sum(part[k] for k in PARTS) == part["total"]
    final = cols[-1].parts
    assert (final[0]["total"], final[1]["total"]) == (score(g, 0).total, score(g, 1).total)


def test_raids_are_marked_where_the_robber_reaches_a_corner(cat: Catalog):
    g = fresh(3)
    replay = Replay.of(Session(g, "hotseat"))
    cols = columns(cat, replay.ends)
    raided = [c.label for c in cols if c.raid_before]
    log = Game.replay(g.seed, g.starter, g.record).log
    ended = [e[1] for e, after in zip(log, log[1:], strict=False)
             if e[0] == "round_end" and after[0] == "raid"]  # fmt: skip
    assert len(ended) == len(CORNERS)  # the game went the whole way round
    assert raided == [str(r + 1) for r in ended[:-1]] + [cat.t("chart.end")]


def test_the_table_holds_every_number_of_the_chart(cat: Catalog):
    replay = Replay.of(Session(fresh(21), "ai", "easy"))
    html = chart(cat, replay.ends, ("You", "Computer"), now=4)
    cols = columns(cat, replay.ends)
    rows = re.findall(r'<tr data-round="([^"]+)">(.*?)</tr>', html)
    assert [label for label, _ in rows] == [c.label for c in cols]
    for (_, cells), col in zip(rows, cols, strict=True):
        numbers = [int(x) for x in re.findall(r"<td>(-?\d+)</td>", cells)]
        assert numbers == [col.parts[p][k] for p in (0, 1) for k in (*PARTS, "total")]
    drawings = re.findall(r'<svg class="chart (\w+)".*?</svg>', html, re.S)
    assert drawings == ["wide", "tall"]  # a column per round, and a row per round for phones
    for svg in re.findall(r"<svg.*?</svg>", html, re.S):
        totals = [int(x) for x in re.findall(r'<text class="total"[^>]*>(-?\d+)</text>', svg)]
        assert totals == [col.parts[p]["total"] for col in cols for p in (0, 1)]


def test_the_chart_is_styled_by_classes_only_and_says_what_it_shows(cat: Catalog):
    replay = Replay.of(Session(fresh(3), "hotseat"))
    html = chart(cat, replay.ends, ("Blue", "Red"), now=None)
    assert "style=" not in html and "<script" not in html  # the page's CSP allows neither
    assert 'role="img"' in html and "<title" in html and "<table" in html
    assert "now" not in re.findall(r'class="(\w+)"', html)
    assert cat.t("chart.summary", a="Blue", b="Red", x=score(fresh(3), 0).total,
                 y=score(fresh(3), 1).total) in html  # fmt: skip


def test_a_game_without_a_round_end_has_no_chart_yet(cat: Catalog):
    replay = Replay.of(Session(Game.new(5, 0), "hotseat"))
    assert chart(cat, replay.ends, ("Blue", "Red"), now=1) == (
        f'<p class="small">{cat.t("chart.empty")}</p>'
    )


def test_a_chart_of_the_first_rounds_keeps_room_for_a_whole_games_columns(cat: Catalog):
    """A game replayed early (a friend game so far) draws its columns at the size a whole
    game's have, not one column stretched over the width."""
    g = fresh(21)
    early = Game.replay(g.seed, g.starter, g.record[:40])
    widths = []
    for game in (early, g):
        html = chart(cat, Replay.of(Session(game, "hotseat")).ends, ("Blue", "Red"), now=None)
        widths.append(float(re.findall(r'class="chart wide" viewBox="0 0 ([\d.]+) ', html)[0]))
    assert widths[1] - GROUP <= widths[0] <= widths[1]  # the last raid's column at most
