"""The welcome's title screen (issue 21): Play at the level used last, Continue only when a game
is kept, two players, a friend, Load and How to play; and the score screen's bars, which must say
what the score rows say."""

from __future__ import annotations

import re

from targi.app.controller import DIALOGS, Click, Controller
from targi.app.html.render import Renderer
from targi.app.session import COMPUTER, HUMAN
from targi.app.store import storage
from targi.app.text.catalog import Catalog

from .fakeport import MESSAGES, FakePort
from .fakeport import open_page as _page
from .games import finished_session as _finished


def _another_visit(cat: Catalog, port: FakePort) -> tuple[Controller, FakePort]:
    """The same storage in a new tab, with no pointer to the game on the table (as when it
    could not be read): the games stay kept, and the welcome shows."""
    port.storage.pop(storage.CURRENT_KEY, None)
    again = FakePort()
    again.local = port.local
    return _page(cat, again)


def test_play_starts_a_game_against_the_computer_at_the_level_used_last(cat: Catalog):
    first, port = _page(cat)
    port.radios.update(level="hard", starter="computer")
    first.click(Click("new-game", "ai"))
    page, again = _another_visit(cat, port)
    assert page.session is None and not again.hidden["welcome"]
    level = cat.t("level.hard")
    assert again.text["play-level"] == cat.t("welcome.play_level", level=level)
    again.radios.update(level="easy", starter="me")  # the form's radios are for other choices
    page.click(Click("play"))
    again.run()
    s = page.session
    assert s is not None and (s.mode, s.level) == ("ai", "hard")
    assert s.game.starter == COMPUTER
    assert all(again.hidden[d] for d in DIALOGS)


def test_continue_is_offered_only_while_a_game_is_kept(cat: Catalog):
    page, port = _page(cat)
    assert not port.hidden["welcome"] and port.hidden["welcome-continue"]
    page.click(Click("play-hotseat"))
    assert page.session is not None
    page.click(Click("move", page.session.legal_for_human()[0]))
    kept = page.session.encode()
    page, again = _another_visit(cat, port)
    assert page.session is None and not again.hidden["welcome-continue"]
    page.click(Click("continue"))
    assert page.session is not None and page.session.encode() == kept
    assert all(again.hidden[d] for d in DIALOGS)


def test_two_players_on_this_device_starts_a_hotseat_game(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("play-hotseat"))
    s = page.session
    assert s is not None and s.mode == "hotseat" and s.game.starter == HUMAN
    assert all(port.hidden[d] for d in DIALOGS)


def test_play_a_friend_is_a_choice_of_the_welcome_itself(cat: Catalog):
    """Beside Two players (a phone shows every choice without scrolling), the form's own Play
    a friend folded away with the rest; New game over a game on the table shows it."""
    page, port = _page(cat)
    assert port.hidden["new-friend"]
    page.click(Click("play-friend"))
    assert not port.hidden["dlg-friend"] and page.session is None
    page.click(Click("close"))
    assert not port.hidden["welcome"]
    page.click(Click("play-hotseat"))
    page.click(Click("open-new"))
    assert port.hidden["welcome"] and not port.hidden["new-friend"]


def test_the_welcome_is_a_title_screen_with_the_form_folded_away(cat: Catalog):
    page, port = _page(cat)
    assert not port.hidden["welcome"]
    assert port.hidden["new-ai"] and port.hidden["new-hotseat"]
    assert port.attrs["new-options"]["aria-expanded"] == "false"
    page.click(Click("new-options"))  # the level and who starts, unfolded on asking
    assert not port.hidden["new-ai"] and port.hidden["new-hotseat"]
    assert port.attrs["new-options"]["aria-expanded"] == "true"
    page.click(Click("new-options"))
    assert port.hidden["new-ai"]
    page.click(Click("play-hotseat"))
    page.click(Click("open-new"))  # New game over a game on the table: the whole form
    assert port.hidden["welcome"] and not port.hidden["new-ai"] and not port.hidden["new-hotseat"]


def test_load_and_how_to_play_open_from_the_welcome_and_close_back_to_it(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("open-load"))
    assert not port.hidden["dlg-load"] and port.hidden["dlg-new"]
    page.click(Click("close"))
    assert not port.hidden["welcome"]
    page.click(Click("rules"))
    assert not port.hidden["dlg-page"] and port.text["page-title"] == cat.t("rules.title")
    page.click(Click("close"))
    assert not port.hidden["dlg-new"] and not port.hidden["welcome"]


# ---- the score screen's bars ---------------------------------------------------------------
def _cells(html: str, key: str) -> list[int]:
    row = re.search(rf'<tr data-score="{key}"[^>]*>(.*?)</tr>', html)
    assert row is not None, key
    return [int(c) if c else 0 for c in re.findall(r"<td>([^<]*)</td>", row.group(1))]


def test_the_score_bars_add_up_the_score_rows_of_their_source(cat: Catalog):
    seen_bonus = False
    for seed in range(1, 9):
        v = _finished(seed).view()
        html = Renderer(cat).score(v)
        bonus_keys = re.findall(r'<tr data-score="(bonus-[^"]+)"', html)
        seen_bonus |= bool(bonus_keys)
        rows = [_cells(html, f"row{n}") for n in (1, 2, 3)]
        bonuses = [_cells(html, k) for k in bonus_keys]
        expected = {
            "tokens": _cells(html, "tokens"),
            "cards": _cells(html, "cards"),
            "bonus": [sum(b[p] for b in bonuses) for p in (0, 1)],
            "rows": [sum(r[p] for r in rows) for p in (0, 1)],
        }
        for key, values in expected.items():
            bar = re.search(rf'<li data-bar="{key}">(.*?)</li>', html)
            assert bar is not None, key
            shown = re.findall(r'data-player="(\d)" data-value="(\d+)".*?class="n">(\d+)<', bar[1])
            assert [(int(p), int(n), int(t)) for p, n, t in shown] == [
                (p, values[p], values[p]) for p in (0, 1)
            ], (seed, key)
        # the four sources make the total row
        total = _cells(html, "total")
        assert [sum(expected[k][p] for k in expected) for p in (0, 1)] == total
    assert seen_bonus  # the bonus bar was checked against real bonus rows


def test_the_score_screen_shows_the_winner_and_both_final_displays(cat: Catalog):
    v = _finished(3).view()
    html = Renderer(cat).score(v)
    assert html.index('class="verdict"') < html.index('class="finals"') < html.index('"bars"')
    assert html.index('"bars"') < html.index('class="scores"')
    winner = re.search(r'<section class="final p(\d) winner"', html)
    assert winner is not None and int(winner[1]) == v["winner"]
    for p in (0, 1):
        final = re.search(rf'class="final p{p}[^"]*" data-final="{p}">(.*?)</section>', html)
        assert final is not None
        shown = re.findall(r'data-card="([^"]+)"', final[1])
        assert shown == [c for row in v["players"][p]["display"] for c in row]
        assert cat.plural("score.points", v["scores"][p]["total"]) in final[1]


def test_switching_language_on_the_welcome_rewrites_play_and_keeps_the_form_s_choices() -> None:
    # a catalog of its own: switching language rewrites the one it is given, and the session's
    # `cat` fixture is shared with the tests that run after this one on the same worker
    english = Catalog.from_json((MESSAGES / "en.json").read_text("utf-8"))
    page, port = _page(english)
    port.radios.update(level="expert")  # chosen in the form, no game started yet
    port.spawn(page.prefs.set_language("de"))
    port.run()
    de = Catalog.from_json(port.catalogs.get("de") or (MESSAGES / "de.json").read_text("utf-8"))
    assert port.text["play-level"] == de.t("welcome.play_level", level=de.t("level.medium"))
    assert port.radios["level"] == "expert"
