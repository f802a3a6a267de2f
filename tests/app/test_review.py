"""The replay on the page, through the controller and a fake port: opening it, stepping by
decision, round, key and slider, whose side it shows, the computer's verdict (progress, cancel,
turning points), playing on from a position, and exporting."""

from __future__ import annotations

import re

import pytest
from targi.app.controller import Click, Controller
from targi.app.html.markup import esc
from targi.app.review import reviewer as review
from targi.app.review.review_render import TURNING_POINTS
from targi.app.session import Session
from targi.app.text.catalog import Catalog
from targi.game import Game

from .fakeport import FakePort
from .games import fresh


@pytest.fixture(autouse=True)
def quick_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    """The easy level judges in milliseconds; the hard one is for the page."""
    monkeypatch.setattr(review, "ANALYSIS_LEVEL", "easy")


def _loaded(cat: Catalog, session: Session) -> tuple[Controller, FakePort]:
    port = FakePort()
    page = Controller(port, cat)
    page.start("")
    port.values["load-text"] = session.encode()
    page.click(Click("load-string"))
    port.run()
    assert page.session is not None and page.session.encode() == session.encode()
    return page, port


def _step(port: FakePort) -> int:
    return int(port.attrs["review"]["data-step"])


def _partway(seed: int, steps: int, mode: str = "ai") -> Session:
    g = fresh(seed)
    return Session(Game.replay(g.seed, g.starter, g.record[:steps]), mode, "easy")


# ---- opening and stepping ----------------------------------------------------------------------
def test_the_score_screen_opens_the_replay_at_the_end(cat: Catalog):
    page, port = _loaded(cat, Session(fresh(3), "hotseat"))
    assert port.frame is not None and 'data-action="review"' in port.frame.regions["choices"]
    page.click(Click("review"))
    steps = len(fresh(3).record)
    assert port.attrs["app"] == {"data-view": "review"}
    assert port.attrs["review"] == {"data-steps": str(steps), "data-step": str(steps)}
    assert port.attrs["review-slider"]["max"] == str(steps)
    assert port.text["review-where"] == cat.t("review.where_end_over", n=steps)
    assert "review-board" in port.html and 'data-move="' not in port.html["review-board"]
    assert 'id="score"' not in port.html["review-choices"]  # one score table on the page


def test_steps_by_button_key_and_slider_stay_within_the_game(cat: Catalog):
    page, port = _loaded(cat, Session(fresh(3), "hotseat"))
    page.click(Click("review"))
    steps = len(fresh(3).record)
    page.click(Click("review-key", "Home"))
    assert _step(port) == 0
    page.click(Click("review-nav", "prev"))
    assert _step(port) == 0
    page.click(Click("review-key", "ArrowRight"))
    page.click(Click("review-nav", "next"))
    assert _step(port) == 2
    page.click(Click("review-key", "PageDown"))
    page.click(Click("review-key", "PageDown"))
    assert page.review.reviewer.replay is not None
    third = page.review.reviewer.replay.round_start(3)
    assert _step(port) == third
    assert port.text["review-where"] == cat.t("review.where", k=third + 1, n=steps,
                                              round=cat.t("review.round", n=3))  # fmt: skip
    page.click(Click("review-nav", "prev-round"))
    assert _step(port) == page.review.reviewer.replay.round_start(2)
    page.click(Click("review-goto", "40"))
    assert _step(port) == 40 and port.values["review-slider"] == "40"
    page.click(Click("review-goto", "not a number"))
    page.click(Click("review-goto", "99999"))
    assert _step(port) == steps
    page.click(Click("review-key", "End"))
    page.click(Click("review-nav", "next"))
    assert _step(port) == steps


def test_each_step_shows_the_decision_made_there_in_the_words_of_the_log(cat: Catalog):
    page, port = _loaded(cat, Session(fresh(3), "hotseat"))
    page.click(Click("review"))
    page.click(Click("review-goto", "0"))
    text = port.text["review-move"]
    assert text.startswith(cat.t("review.decided", text="")[:8]) and "Targi" in text
    assert port.html["review-log"] == ""  # nothing has happened yet
    page.click(Click("review-goto", "5"))
    assert port.html["review-log"].count('class="p') >= 5


def test_escape_closes_the_replay_and_a_dialog_over_it_first(cat: Catalog):
    page, port = _loaded(cat, Session(fresh(3), "hotseat"))
    page.click(Click("review"))
    page.click(Click("export"))
    assert not port.hidden["dlg-export"]
    page.click(Click("close"))
    assert port.hidden["dlg-export"] and page.review.reviewer.is_open
    page.click(Click("close"))
    assert not page.review.reviewer.is_open and port.attrs["app"] == {"data-view": "table"}


def test_a_new_game_ends_the_replay(cat: Catalog):
    page, port = _loaded(cat, Session(fresh(3), "hotseat"))
    page.click(Click("review"))
    page.click(Click("new-game", "hotseat"))
    assert not page.review.reviewer.is_open and port.attrs["app"] == {"data-view": "table"}


# ---- whose side --------------------------------------------------------------------------------
def test_against_the_computer_only_your_side_until_the_game_is_over(cat: Catalog):
    page, port = _loaded(cat, _partway(5, 60))
    page.click(Click("review"))
    assert 'data-target="1" aria-pressed="false" disabled' in port.html["review-sides"]
    page.click(Click("review-side", "1"))
    assert page.review.reviewer.side == 0
    finished, port2 = _loaded(cat, Session(fresh(5), "ai", "easy"))
    finished.click(Click("review"))
    finished.click(Click("review-side", "1"))
    assert finished.review.reviewer.side == 1 and "disabled" not in port2.html["review-sides"]
    assert port2.html["review-players"].index("player p1") < port2.html["review-players"].index(
        "player p0"
    )


# ---- the computer's verdict --------------------------------------------------------------------
def test_the_analysis_judges_the_shown_sides_decisions_a_few_at_a_time(cat: Catalog):
    page, port = _loaded(cat, _partway(7, 50, "hotseat"))
    page.click(Click("review"))
    assert port.attrs["analysis"] == {"data-state": "idle"}
    port.asked.clear()
    page.click(Click("analysis-start"))
    port.run()
    assert port.attrs["analysis"] == {"data-state": "done"}
    g = page.session.game if page.session else None
    assert g is not None
    mine = [k for k, p in enumerate(g.record_players) if p == 0]
    asked = [k for request in port.asked for k in request["steps"]]
    assert asked == mine
    assert all(r["op"] == "analyse" and len(r["steps"]) <= review.BATCH for r in port.asked)
    progress = port.attrs["analysis-progress"]
    assert progress == {"max": str(len(mine)), "value": str(len(mine))}
    assert port.text["analysis-status"] == cat.t("analysis.state.done", done=len(mine),
                                                 n=len(mine))  # fmt: skip
    assert not port.hidden["analysis-results"] and port.hidden["analysis-cancel"]
    listed = port.html["analysis-list"].count("<li")
    assert listed == len(mine)


def test_a_finished_game_against_the_computer_is_analysed_for_either_side(cat: Catalog):
    """Each side's decisions, and only that side's, asked of the computer (the browser's
    analysis in the worker is tests/e2e/test_review.py's two-player game)."""
    page, port = _loaded(cat, Session(fresh(5), "ai", "easy"))
    page.click(Click("review"))
    g = page.session.game if page.session else None
    assert g is not None
    for side in (0, 1):
        page.click(Click("review-side", str(side)))
        port.asked.clear()
        page.click(Click("analysis-start"))
        port.run()
        assert port.attrs["analysis"] == {"data-state": "done"}
        asked = [k for request in port.asked for k in request["steps"]]
        assert asked == [k for k, p in enumerate(g.record_players) if p == side]
        assert "review-jump" in port.html["turning-points"]


def test_a_turning_point_jumps_to_its_decision(cat: Catalog):
    page, port = _loaded(cat, Session(fresh(11), "hotseat"))
    page.click(Click("review"))
    page.click(Click("analysis-start"))
    port.run()
    html = port.html["turning-points"]
    jumps = [int(x) for x in re.findall(r'data-action="review-jump" data-target="(\d+)"', html)]
    assert 1 <= len(jumps) <= TURNING_POINTS
    page.click(Click("review-jump", str(jumps[0])))
    assert _step(port) == jumps[0] and port.focused[-1] == "#review-slider"
    assert cat.t("analysis.prefers", better="", loss="")[:5] in port.text["review-move"]


def _cell(html: str, move: str) -> str:
    """The opening tag of the board cell a move concerns ('t5', 'u5': border card 5; 'uA')."""
    spot = move[1:]
    attr = f'data-border="{spot}"' if spot.isdigit() else f'data-space="{spot}"'
    return next(tag for tag in re.findall(r"<div [^>]*>", html) if attr in tag)


def test_a_turning_point_marks_the_move_played_and_the_computers_choice(cat: Catalog):
    page, port = _loaded(cat, Session(fresh(11), "hotseat"))
    page.click(Click("review"))
    page.click(Click("analysis-start"))
    port.run()
    reviewer = page.review.reviewer
    html = port.html["turning-points"]
    jumps = [int(x) for x in re.findall(r'data-action="review-jump" data-target="(\d+)"', html)]
    on_board = 0
    for step in jumps:
        page.click(Click("review-jump", str(step)))
        judged = reviewer.judged[step]
        assert judged.best != judged.played
        board, choices = port.html["review-board"], port.html["review-choices"]
        for move, kind in ((judged.played, "played"), (judged.best, "suggested")):
            word = f'<span class="rv-word">{esc(cat.t("review.mark." + kind))}</span></span>'
            lamp = '<span class="hint-badge" aria-hidden="true"></span>' * (kind == "suggested")
            label = f'<span class="rv-mark {kind}">{lamp}{word}'
            assert re.search(f'data-move-marked="{move}">{re.escape(label)} ', choices)
            if move[0] in "tu":  # on the board: its card is framed and labelled
                on_board += 1
                assert f"marked-{kind}" in _cell(board, move)
                assert board.count(label) == 1
    assert on_board >= 1
    unjudged = next(k for k in range(len(jumps), 999) if k not in reviewer.judged)
    page.click(Click("review-goto", str(unjudged)))  # a step without a verdict: no marks
    assert _step(port) == unjudged
    assert "rv-mark" not in port.html["review-board"] + port.html["review-choices"]


def test_cancel_stops_between_requests_and_the_rest_can_follow(cat: Catalog):
    page, port = _loaded(cat, _partway(7, 60, "hotseat"))
    page.click(Click("review"))
    port.while_asked = lambda: page.click(Click("analysis-cancel"))
    port.asked.clear()
    page.click(Click("analysis-start"))
    port.run()
    assert port.attrs["analysis"] == {"data-state": "cancelled"}
    assert (
        len(port.asked) == 1 and page.review.reviewer.analysed == {}
    )  # the late answer is dropped
    assert not port.hidden["analysis-start"]
    page.click(Click("analysis-start"))
    port.run()
    assert port.attrs["analysis"] == {"data-state": "done"}
    asked = [k for request in port.asked for k in request["steps"]]
    first = review.FIRST_BATCH
    assert asked[:first] == asked[first : 2 * first]  # asked again, once


def test_verdicts_are_kept_for_the_same_game_and_side_only(cat: Catalog):
    page, port = _loaded(cat, _partway(7, 40, "hotseat"))
    page.click(Click("review"))
    page.click(Click("review-side", "1"))
    page.click(Click("analysis-start"))
    port.run()
    page.click(Click("review-close"))
    page.click(Click("review"))  # opens on Blue's side: Red's verdicts are not Blue's
    assert port.attrs["analysis"] == {"data-state": "idle"} and port.hidden["analysis-results"]
    page.click(Click("analysis-start"))
    port.run()
    page.click(Click("review-close"))
    port.asked.clear()
    page.click(Click("review"))
    assert port.attrs["analysis"] == {"data-state": "done"} and not port.asked


def test_the_analysis_goes_on_on_the_page_when_the_worker_fails(cat: Catalog):
    page, port = _loaded(cat, _partway(7, 30, "hotseat"))
    port.worker_broken = True
    page.click(Click("review"))
    page.click(Click("analysis-start"))
    port.run()
    assert port.attrs["analysis"] == {"data-state": "done"}
    assert not port.hidden["notice"] and "worker" in port.text["notice-text"]


def test_closing_the_replay_stops_the_analysis(cat: Catalog):
    page, port = _loaded(cat, _partway(7, 60, "hotseat"))
    page.click(Click("review"))
    port.while_asked = lambda: page.click(Click("review-close"))
    page.click(Click("analysis-start"))
    port.run()
    assert page.review.reviewer.state == "cancelled" and len(port.asked) == 1


# ---- play on, export ---------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["ai", "hotseat"])
def test_playing_on_starts_a_new_game_from_the_shown_position(cat: Catalog, mode: str):
    original = Session(fresh(3), "hotseat")
    page, port = _loaded(cat, original)
    page.click(Click("review"))
    page.click(Click("review-goto", "25"))
    page.click(Click("play-on", mode))
    port.run()
    s = page.session
    assert s is not None and s.mode == mode
    assert s.game.record[:25] == original.game.record[:25]
    assert not page.review.reviewer.is_open
    before = page.games.before  # Load's "Back to the game before", and a row of Recent games
    assert before is not None and before != page.games.current
    assert page.games.export(before) == original.encode()  # the replayed game as it was


def test_there_is_nothing_to_play_on_from_at_the_end_of_a_finished_game(cat: Catalog):
    page, port = _loaded(cat, Session(fresh(3), "hotseat"))
    page.click(Click("review"))
    assert port.attrs["play-on-ai"] == {"disabled": ""}
    page.click(Click("play-on", "ai"))
    assert page.review.reviewer.is_open
    page.click(Click("review-nav", "prev"))
    assert port.attrs["play-on-ai"] == {}


def test_export_gives_the_save_string_and_the_moves_by_round(cat: Catalog):
    session = Session(fresh(3), "ai", "medium")
    page, port = _loaded(cat, session)
    page.click(Click("review"))
    page.click(Click("export"))
    text = port.values["export-text"]
    assert session.encode() in text and "#g=" + session.encode() in text
    assert cat.t("log.round", n=1) in text and cat.t("log.round", n=12) in text
    assert "You place a Targi" in text and "[" not in text
    page.click(Click("export-download"))
    name, saved = port.downloads[-1]
    assert name.endswith(".txt") and saved == text
    assert port.text["export-status"] == cat.t("export.saved")
    page.click(Click("export-copy"))
    port.run()
    assert port.text["export-status"] == cat.t("button.copied")


def test_every_review_word_is_in_the_catalog(cat: Catalog):
    families = [f"analysis.state.{s}" for s in ("idle", "running", "done", "cancelled")]
    families += [f"stats.col.{c}" for c in ("games", "wins", "losses", "draws", "best")]
    families += [f"stats.col.{c}" for c in ("average", "streak", "blue", "red")]
    families += [f"chart.{p}" for p in ("tokens", "cards", "bonus", "rows", "total")]
    families += [f"stats.error.{e}" for e in ("not_json", "not_ours", "format", "fields")]
    families += ["stats.error.too_long", "stats.error.nested"]
    families += [f"stats.streak.{k}.{n}" for k in ("wins", "losses") for n in ("one", "other")]
    assert [k for k in families if not cat.has(k)] == []
