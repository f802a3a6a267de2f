"""The Recent games list: one row per kept game, the right buttons on each, nothing unescaped."""

from __future__ import annotations

import re

from targi.app.html.recent_list import rows
from targi.app.store.recent import Kept
from targi.app.store.storage import Summary

from .flaky import FlakyBackend, game, store


def _date(ms: int) -> str:
    return f"day {ms // 86_400_000}"


def _summary(game_id: str, **changes: object) -> Summary:
    base = {"rev": 1, "date": 0, "mode": "ai", "level": "hard", "round": 4}
    base |= {"score": (10, 7), "over": False, "tab": "t"}
    base.update(changes)
    return Summary(id=game_id, **base)  # type: ignore[arg-type]


def test_one_row_per_kept_game_with_reopen_export_and_delete_except_on_the_table(cat):
    st = store(FlakyBackend())
    for seed in (1, 2, 3):
        st.add(game(seed, moves=seed))
    html = rows(cat, st.recent(), [], _date)
    ids = re.findall(r'data-game-id="([^"]+)"', html)
    assert ids == [k.summary.id for k in st.recent()] and len(ids) == 3
    current, *others = html.split("<li")[1:]
    assert "recent-open" not in current and "recent-delete" not in current
    assert "recent-export" in current and cat.t("recent.current") in current
    for row in others:
        assert all(f'data-action="{a}"' in row for a in ("recent-open", "recent-export"))
        assert 'data-action="recent-delete"' in row


def test_a_row_says_who_plays_how_far_the_score_and_when(cat):
    html = rows(cat, [Kept(_summary("g1", date=86_400_000 * 3), False, True)], [], _date)
    for text in ("Hard", "Round 4", "You 10", "Computer 7", "day 3"):
        assert text in html, text
    over = rows(cat, [Kept(_summary("g2", mode="hotseat", over=True), False, False)], [], _date)
    assert "Blue 10" in over and cat.t("recent.over") in over
    assert cat.t("recent.unsaved") in over


def test_a_deleted_game_shows_an_undo_until_the_page_closes(cat):
    html = rows(cat, [], [_summary("gone1")], _date)
    assert 'data-deleted-id="gone1"' in html and 'data-action="recent-undo"' in html
    assert 'data-target="gone1"' in html and "data-game-id" not in html


def test_an_empty_list_says_so(cat):
    assert cat.t("recent.empty") in rows(cat, [], [], _date)


def test_everything_in_a_row_is_escaped(cat):
    html = rows(cat, [Kept(_summary("g1"), False, True)], [], lambda ms: "<b>now</b>")
    assert "<b>" not in html and "&lt;b&gt;now" in html
