"""Local statistics: a game counts once, when it ends on this page; damaged statistics are kept
aside with a message and counting starts afresh; a reset asks first."""

from __future__ import annotations

import json
import random

import pytest
from targi.app.controller import Click, Controller
from targi.app.session import Session
from targi.app.store import stats
from targi.app.store.stats import STATS_BACKUP_KEY, STATS_KEY, Records, StatsDamaged, Tally
from targi.app.text.catalog import Catalog
from targi.game import Game

from .fakeport import FakePort
from .fakeport import open_page as _page
from .games import fresh


def _finished(seed: int, mode: str = "ai", level: str = "easy") -> Session:
    return Session(fresh(seed), mode, level)


def _play_out(page: Controller, port: FakePort, seed: int) -> Session:
    """Click random legal moves until the game on the table is over (the computer answers)."""
    rnd = random.Random(seed)
    s = page.session
    assert s is not None
    while not s.over:
        page.click(Click("move", rnd.choice(s.legal_for_human())))
        port.run()
    return s


# ---- the numbers -------------------------------------------------------------------------------
def test_wins_losses_draws_margins_and_the_streak_add_up():
    t = Tally()
    for margin, winner in [(5, 0), (2, 0), (-3, 1), (0, None), (-1, 1), (-4, 1)]:
        t.add(margin, winner)
    assert (t.games, t.wins, t.losses, t.draws) == (6, 2, 3, 1)
    assert t.best == 5 and t.average == pytest.approx(-1 / 6)
    assert t.streak == -2  # two losses since the draw


def test_a_game_is_counted_once_under_its_level_and_two_player_games_apart():
    records = Records()
    game = _finished(3, "ai", "hard")
    assert records.count(game)
    assert not records.count(game)  # the same game again: a reload, a replay, another tab
    assert not records.count(Session(game.game, "ai", "easy"))  # one game however labelled
    assert records.count(_finished(4, "hotseat"))
    assert records.tallies["hard"].games == 1 and records.tallies["easy"].games == 0
    assert records.tallies[stats.TWO_PLAYERS].games == 1
    winner, margin = stats.outcome(game)
    hard = records.tallies["hard"]
    assert hard.margin_sum == margin and hard.wins == (winner == 0)


def test_an_unfinished_game_is_not_counted():
    g = fresh(3)
    s = Session(Game.replay(g.seed, g.starter, g.record[:50]), "ai", "easy")
    assert not Records().count(s)


def test_statistics_survive_a_round_trip_through_storage():
    records = Records()
    records.count(_finished(3))
    records.count(_finished(5, "ai", "medium"))
    again = Records.parse(records.dump())
    assert again == records


# ---- damage ------------------------------------------------------------------------------------
GOOD = Records().dump()


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("{broken", "stats.error.not_json"),
        ("[1, 2]", "stats.error.not_ours"),
        ('{"app": "targi", "format": 1}', "stats.error.not_ours"),
        (GOOD.replace('"format":1', '"format":7'), "stats.error.format"),
        (GOOD.replace('"games":0', '"games":"three"', 1), "stats.error.fields"),
        (GOOD.replace('"games":0', '"games":true', 1), "stats.error.fields"),
        (GOOD.replace('"wins":0', '"wins":-1', 1), "stats.error.fields"),
        (GOOD.replace('"games":0', '"games":5', 1), "stats.error.fields"),  # 5 games, no results
        (GOOD.replace('"easy"', '"impossible"'), "stats.error.fields"),
        (GOOD.replace('"counted":[]', '"counted":{}'), "stats.error.fields"),
        (GOOD.replace('"counted":[]', '"counted":[7]'), "stats.error.fields"),
        ('{"app":"targi-stats","format":1,"tallies":{"easy":{"games":{"a":1}}},"counted":[]}',
         "stats.error.nested"),
        ("[" * 100_000 + "]" * 100_000, "stats.error.too_long"),
    ],
)  # fmt: skip
def test_damaged_statistics_are_refused_with_a_reason(text: str, key: str):
    with pytest.raises(StatsDamaged) as e:
        Records.parse(text)
    assert e.value.key == key


def test_deep_nesting_is_refused_before_the_json_parser_sees_it(monkeypatch: pytest.MonkeyPatch):
    def no_parse(text: str) -> object:
        raise AssertionError("json.loads was called")

    monkeypatch.setattr(stats.json, "loads", no_parse)
    with pytest.raises(StatsDamaged) as e:
        Records.parse("[" * 5000 + "]" * 5000)
    assert e.value.key == "stats.error.nested"
    with pytest.raises(StatsDamaged):  # brackets inside strings do not count, the rest does
        Records.parse('{"a": "[[[[[[", "b": [[[[1]]]]}')


def test_damaged_statistics_are_kept_aside_and_the_dialog_says_so(cat: Catalog):
    port = FakePort()
    port.storage[STATS_KEY] = '{"app": "targi-stats", "format": 1, "tallies": 5}'
    page, _ = _page(cat, port)
    assert not port.hidden["notice"] and STATS_BACKUP_KEY in port.text["notice-text"]
    page.click(Click("stats"))
    assert not port.hidden["dlg-stats"]
    assert port.storage[STATS_BACKUP_KEY] == '{"app": "targi-stats", "format": 1, "tallies": 5}'
    assert STATS_KEY not in port.storage
    message = port.text["stats-message"]
    assert not port.hidden["stats-message"] and STATS_BACKUP_KEY in message
    assert cat.t("stats.error.fields") in message
    assert 'data-stat="games">0<' in port.html["stats"]
    page.click(Click("close"))
    page.click(Click("stats"))  # said once; the fresh statistics read fine now
    assert port.hidden["stats-message"]


# ---- on the page -------------------------------------------------------------------------------
def test_a_game_against_the_computer_counts_when_it_ends_and_not_on_reload(cat: Catalog):
    page, port = _page(cat)
    port.radios.update(level="easy", starter="me")
    page.click(Click("new-game", "ai"))
    port.run()
    assert STATS_KEY not in port.storage  # nothing counted while it runs
    s = _play_out(page, port, 1)
    records = Records.parse(port.storage[STATS_KEY])
    assert records.tallies["easy"].games == 1
    winner, margin = stats.outcome(s)
    assert records.tallies["easy"].margin_sum == margin
    again, _ = _page(cat, port)  # a reload shows the finished game: not counted again
    again.click(Click("review"))
    again.click(Click("review-close"))
    assert Records.parse(port.storage[STATS_KEY]).tallies["easy"].games == 1


def test_a_loaded_finished_game_is_not_counted_as_yours(cat: Catalog):
    page, port = _page(cat)
    port.values["load-text"] = _finished(3, "hotseat").encode()
    page.click(Click("load-string"))
    assert page.session is not None and page.session.over
    assert STATS_KEY not in port.storage


def test_two_games_and_a_reset_that_asks_first(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("new-game", "hotseat"))
    _play_out(page, port, 2)
    page.click(Click("open-new"))  # the dialog checks the level used last (medium): changed
    # to easy, which thinks least: a level's tally is what is counted, not how well it plays
    port.radios.update(level="easy", starter="me")
    page.click(Click("new-game", "ai"))
    port.run()
    _play_out(page, port, 3)
    page.click(Click("stats"))
    html = port.html["stats"]
    assert html.count('data-stat="games">1<') == 2  # easy, and two players
    page.click(Click("stats-reset"))
    assert not port.hidden["stats-confirm"]
    page.click(Click("stats-reset-cancel"))
    assert port.hidden["stats-confirm"] and Records.parse(port.storage[STATS_KEY]).counted
    page.click(Click("stats-reset"))
    page.click(Click("stats-reset-confirm"))
    after = Records.parse(port.storage[STATS_KEY])
    assert all(t.games == 0 for t in after.tallies.values())
    assert len(after.counted) == 2  # games that ended before the reset stay counted
    assert 'data-stat="games">1<' not in port.html["stats"]


def test_storage_that_refuses_says_the_statistics_are_not_kept(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("new-game", "hotseat"))
    port.storage_blocked = True
    _play_out(page, port, 4)
    page.click(Click("stats"))
    assert port.text["stats-message"] == cat.t("stats.not_kept")


def test_stored_statistics_are_compact_json():
    records = Records()
    records.count(_finished(3))
    data = json.loads(records.dump())
    assert set(data) == {"app", "format", "tallies", "counted"}
    assert len(records.dump()) < 1000
