"""The page's behaviour without a browser: new games and who starts, the computer's turns and
their guards, hints (and the page answering when the worker fails), loading and sharing, storage
that fails, dialogs, and the click table."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from targi import save
from targi.app import protocol
from targi.app.controller import DIALOGS, Click, Controller
from targi.app.html.render import Renderer
from targi.app.session import Session
from targi.app.store import storage
from targi.app.text.catalog import Catalog

from .fakeport import FakePort
from .fakeport import open_page as _page

ROOT = Path(__file__).resolve().parents[2]


def _vs_computer(page: Controller, port: FakePort, starter: str = "me", level: str = "easy"):
    port.radios.update(level=level, starter=starter)
    page.click(Click("new-game", "ai"))
    port.run()
    assert page.session is not None
    return page.session


def _play_some(page: Controller, n: int) -> None:
    for _ in range(n):
        assert page.session is not None
        page.click(Click("move", page.session.legal_for_human()[0]))


def _stored(port: FakePort) -> str:
    """The save string of the game on the table, as stored."""
    game_id = port.storage[storage.CURRENT_KEY]
    return storage.read_stored(port.storage[storage.GAME_PREFIX + game_id]).save


def _kept(port: FakePort) -> set[str]:
    """The save strings of every stored game."""
    prefix = storage.GAME_PREFIX
    return {storage.read_stored(v).save for k, v in port.storage.items() if k.startswith(prefix)}


# ---- starting --------------------------------------------------------------------------------
def test_a_first_visit_shows_the_welcome_in_the_new_game_dialog(cat: Catalog):
    page, port = _page(cat)
    assert page.session is None and port.frame is None
    assert not port.hidden["dlg-new"] and not port.hidden["welcome"]
    assert port.radios == {"level": "medium", "starter": "me"}
    assert port.html["pace"].count("<option") == len(storage.PACES)
    assert 'value="normal" selected' in port.html["pace"]


def test_a_stored_game_is_back_after_a_reload(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("new-game", "hotseat"))
    _play_some(page, 3)
    again, _ = _page(cat, port)
    assert again.session is not None and again.session.encode() == page.session.encode()
    assert port.hidden["dlg-new"]
    assert port.frame is not None and port.frame.dataset["seq"] == "3"


def test_unreadable_stored_data_is_kept_aside_and_explained(cat: Catalog):
    port = FakePort()
    port.storage[storage.LEGACY_GAME_KEY] = "{broken"
    page, _ = _page(cat, port)
    assert page.session is None
    aside = storage.UNREADABLE_PREFIX + storage.LEGACY_GAME_KEY
    assert port.storage == {aside: "{broken"}
    assert not port.hidden["dlg-storage"] and port.hidden["dlg-new"]
    assert port.text["storage-reason"] == cat.t("storage.error.not_json")
    assert port.text["storage-kept"] == cat.t("storage.kept.moved", key=aside)
    page.click(Click("storage-fresh"))
    assert port.hidden["dlg-storage"] and not port.hidden["dlg-new"]


def test_blocked_storage_is_said_once_asked_and_the_game_goes_on(cat: Catalog):
    port = FakePort()
    port.storage_blocked = True
    page, _ = _page(cat, port)
    page.click(Click("new-game", "hotseat"))
    _play_some(page, 2)
    assert not port.hidden["storage-notice"]
    assert port.text["storage-notice-text"] == cat.t("storage.memory")
    assert port.page_state["storage"] == "memory"
    assert page.session is not None and page.session.seq == 2


# ---- new games, who starts, settings ----------------------------------------------------------
@pytest.mark.parametrize(
    ("starter", "seed", "first"),
    [("me", 7, 0), ("computer", 7, 1), ("random", 7, 1), ("random", 8, 0)],
)
def test_who_starts_against_the_computer(cat: Catalog, starter: str, seed: int, first: int):
    page, port = _page(cat, FakePort(seeds=[100, seed, 300]))
    s = _vs_computer(page, port, starter)
    assert s.game.starter == first and (s.mode, s.level) == ("ai", "easy")
    saved = json.loads(port.storage[storage.SETTINGS_KEY])
    assert (saved["level"], saved["starter"]) == ("easy", starter)


def test_the_computer_plays_until_it_is_your_turn_and_every_move_is_saved(cat: Catalog):
    page, port = _page(cat)
    s = _vs_computer(page, port, starter="computer")
    assert s.human_to_move and s.seq > 0
    assert _stored(port) == s.encode()
    assert port.frame is not None and port.frame.dataset["seq"] == str(s.seq)
    assert port.frame.can_hint and not port.frame.thinking
    assert all(q["op"] == "move" and q["level"] == "easy" for q in port.asked)


def test_the_computer_waits_for_the_pace_minus_its_thinking_time(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("pace"))  # not a control: nothing happens
    page.prefs.set_pace("slow")
    page.prefs.set_pace("glacial")  # not a pace: ignored
    assert json.loads(port.storage[storage.SETTINGS_KEY])["pace"] == "slow"
    port.think_s = 0.4
    _vs_computer(page, port, starter="computer")
    assert port.slept and all(w == pytest.approx(1.4 - 0.4) for w in port.slept)


def test_one_computer_turn_at_normal_pace_pauses_at_most_four_seconds(cat: Catalog):
    page, port = _page(cat)
    page.prefs.set_pace("normal")
    s = _vs_computer(page, port, starter="me")
    longest = 0  # moves in the computer's longest turn
    while not s.over and s.seq < 400:
        page.click(Click("move", s.legal_for_human()[0]))
        if not s.computer_to_move:
            continue
        seq, port.slept = s.seq, []
        port.run()
        longest = max(longest, s.seq - seq)
        assert sum(port.slept) <= storage.TURN_BUDGET_MS["normal"] / 1000 == 4.0
        assert port.slept[0] == pytest.approx(0.75)  # its first move comes at the pace
    assert longest >= 8  # an action turn: at 750 ms a move it would have taken 6 s and more


def test_a_second_redraw_while_the_computer_thinks_starts_no_second_loop(cat: Catalog):
    page, port = _page(cat)
    port.radios.update(level="easy", starter="computer")
    page.click(Click("new-game", "ai"))
    page.redraw()
    page.redraw()
    loops = [work for work in port.queue if work.__name__ == "turn"]
    assert len(loops) == 1
    port.run()
    assert page.session is not None and page.session.human_to_move


def test_a_late_answer_for_a_replaced_game_is_dropped(cat: Catalog):
    page, port = _page(cat)
    port.radios.update(level="easy", starter="computer")
    page.click(Click("new-game", "ai"))
    old = page.session
    port.while_asked = lambda: page.click(Click("new-game", "hotseat"))
    port.run()
    assert page.session is not old and page.session is not None
    assert page.session.mode == "hotseat" and page.session.seq == 0
    assert old is not None and old.seq == 0  # the answer came, and was not played
    assert _stored(port) == page.session.encode()


def test_clicks_for_the_computer_or_from_a_stale_table_do_nothing(cat: Catalog):
    page, port = _page(cat)
    port.radios.update(level="easy", starter="computer")
    page.click(Click("new-game", "ai"))
    s = page.session
    assert s is not None and s.computer_to_move
    page.click(Click("move", s.game.legal_moves()[0]))
    page.click(Click("move", "not-a-move", keyboard=True))
    assert s.seq == 0 and port.hidden["notice"]
    assert port.focused  # the keyboard stays in play even so
    port.run()


def test_undo_takes_back_your_step_and_redraws_the_log(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("new-game", "hotseat"))
    s = page.session
    assert s is not None
    while not s.can_undo():  # until a player is in the middle of a turn
        _play_some(page, 1)
    assert port.frame is not None and port.frame.can_undo
    seq = s.seq
    page.click(Click("undo"))
    assert page.session is not None and page.session.seq < seq
    assert port.frame.log is not None  # drawn again: the undone line is gone
    assert _stored(port) == page.session.encode()


def test_a_rematch_keeps_the_opponent_and_lets_the_other_player_start(cat: Catalog):
    page, port = _page(cat)
    s = _vs_computer(page, port, starter="me", level="hard")
    page.click(Click("rematch"))
    port.run()
    assert page.session is not s and page.session is not None
    assert page.session.level == "hard" and page.session.game.starter == 1


# ---- hints -----------------------------------------------------------------------------------
def test_a_hint_is_shown_for_the_position_it_was_asked_for(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("new-game", "hotseat"))
    page.click(Click("hint"))
    seen: list[str] = []
    port.while_asked = lambda: seen.append(port.text["hint-text"])
    port.run()
    assert seen == [cat.t("hint.thinking")] and not port.hidden["hint-text"]
    assert port.frame is not None and port.frame.hint is not None
    assert port.frame.hint.startswith(cat.t("hint.label", reason=""))
    assert (
        page.computer.hint is not None
        and f'data-move="{page.computer.hint.move}"' in port.frame.regions["board"]
    )
    _play_some(page, 1)
    assert port.frame.hint is None  # the table moved on


def test_the_expert_hint_asks_the_expert_and_says_how_long_it_took(cat: Catalog):
    page, port = _page(cat)
    page.prefs.set_hint_level("expert")
    assert '<option value="expert"' in port.html["hint-level"]
    page.click(Click("new-game", "hotseat"))
    port.think_s = 1.25
    # the request is the expert's (asserted below); medium answers it, as the expert's search
    # cost this test 2 s: that search is tests/ai's (test_end_game), and e2e/test_expert.py
    # asks the page's worker for an expert hint
    port.answer = lambda request: protocol.answer(
        json.dumps({**json.loads(request), "level": "medium"})
    )
    seen: list[str] = []
    port.while_asked = lambda: seen.append(port.text["hint-text"])
    page.click(Click("hint"))
    port.run()
    assert seen == [cat.t("hint.thinking_expert")]
    assert port.asked[-1]["op"] == "hint" and port.asked[-1]["level"] == "expert"
    assert port.frame is not None and port.frame.hint is not None
    assert port.frame.hint.startswith(
        cat.t("hint.label_timed", level=cat.t("level.expert"), seconds="1.2", reason="")
    )
    assert json.loads(port.storage["targi.settings"])["hint_level"] == "expert"


def test_the_quick_hint_asks_medium_whatever_the_computer_s_level(cat: Catalog):
    page, port = _page(cat)
    _vs_computer(page, port, level="hard")
    page.click(Click("hint"))
    port.run()
    assert port.asked[-1]["op"] == "hint" and port.asked[-1]["level"] == "medium"
    assert port.frame is not None and port.frame.hint is not None
    assert port.frame.hint.startswith(cat.t("hint.label", reason=""))


def test_a_hint_that_comes_after_a_move_is_not_shown(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("new-game", "hotseat"))
    page.click(Click("hint"))
    port.while_asked = lambda: _play_some(page, 1)
    port.run()
    assert page.computer.hint is None and port.frame is not None and port.frame.hint is None


def test_a_hint_that_comes_while_a_move_is_being_tapped_waits_and_the_move_drops_it(
    cat: Catalog,
):
    """The hint's reason arrives while a finger is on a move: written then, it would push the
    choices below it down (a lost tap). It waits for the release; the tap's move is made, and
    the hint, now for a position gone, is not shown."""
    page, port = _page(cat)
    page.click(Click("new-game", "hotseat"))
    page.click(Click("hint"))
    port.pointer_down = True
    s = page.session
    assert s is not None
    seq = s.seq
    port.while_pressed = lambda: _play_some(page, 1)
    port.run()
    assert s.seq == seq + 1 and not port.pointer_down
    assert page.computer.hint is None and port.frame is not None and port.frame.hint is None


def test_a_hint_that_comes_while_a_pointer_is_pressed_elsewhere_is_shown_at_its_release(
    cat: Catalog,
):
    page, port = _page(cat)
    page.click(Click("new-game", "hotseat"))
    page.click(Click("hint"))
    port.pointer_down = True
    seen: list[str | None] = []
    port.while_pressed = lambda: seen.append(port.frame.hint if port.frame else "")  # no control
    port.run()
    assert seen == [None]  # not written while pressed
    assert port.frame is not None and port.frame.hint is not None


def test_when_the_worker_fails_the_page_answers_itself_and_says_so_once(cat: Catalog):
    page, port = _page(cat)
    port.worker_broken = True
    s = _vs_computer(page, port, starter="computer")
    assert s.human_to_move and s.seq > 0
    assert port.text["notice-text"].startswith(cat.t("error.ai_fallback", reason="")[:20])
    port.set_text("notice-text", "")
    page.click(Click("hint"))
    port.run()
    assert page.computer.hint is not None and port.text["notice-text"] == ""


# ---- loading and sharing ---------------------------------------------------------------------
def _shared_game(cat: Catalog, moves: int) -> str:
    s = Session.new(77, 0, "ai", "easy")
    for _ in range(moves):
        s.play(s.game.legal_moves()[0], by_computer=s.computer_to_move)
    return s.encode()


def test_a_shared_game_replaces_an_unplayed_table_at_once(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("new-game", "hotseat"))
    code = _shared_game(cat, 2)
    page.open_fragment("#g=" + code)
    assert port.fragment_forgotten
    assert page.session is not None and page.session.encode() == code
    assert all(port.hidden[d] for d in DIALOGS)


def test_a_shared_game_asks_before_replacing_a_game_in_progress(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("new-game", "hotseat"))
    _play_some(page, 2)
    mine = page.session
    assert mine is not None
    page.open_fragment("#g=" + _shared_game(cat, 3))
    assert page.session is mine and not port.hidden["dlg-confirm"]
    mode = cat.t("mode.ai", level=cat.t("level.easy"))
    assert port.text["confirm-summary"] == cat.plural("confirm.summary", 3, mode=mode, round=1)
    page.click(Click("cancel-replace"))
    assert page.session is mine and page.load.pending is None and port.hidden["dlg-confirm"]

    page.open_fragment("#g=" + _shared_game(cat, 3))
    page.click(Click("confirm-replace"))
    assert page.session is not mine and page.session is not None and page.session.seq == 3
    assert mine.encode() in _kept(port)
    page.click(Click("confirm-replace"))  # nothing is pending any more: nothing happens
    assert page.session.seq == 3
    port.run()  # the computer is to move in the shared game: it plays on
    assert page.session.human_to_move and page.session.seq > 3


def test_escape_on_the_question_keeps_the_game(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("new-game", "hotseat"))
    _play_some(page, 1)
    page.open_fragment("#g=" + _shared_game(cat, 3))
    page.click(Click("close"))
    assert page.load.pending is None and port.hidden["dlg-confirm"]
    assert page.session is not None and page.session.seq == 1


def test_a_bad_string_changes_nothing_and_says_why_where_it_was_given(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("new-game", "hotseat"))
    _play_some(page, 1)
    before = page.session
    page.click(Click("open-load"))
    page.click(Click("load-string"))
    assert port.text["load-message"] == cat.t("load.empty")
    port.values["load-text"] = "https://example.org/targi/#g=Tgarbage"
    page.click(Click("load-string"))
    assert port.text["load-message"].startswith(cat.t("load.invalid", reason="")[:20])
    page.open_fragment("#g=Tgarbage")
    assert not port.hidden["notice"]
    assert page.session is before and before is not None and before.seq == 1


def test_back_to_the_game_before(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("new-game", "hotseat"))
    page.click(Click("open-load"))
    assert port.hidden["restore-previous"]
    page.click(Click("restore-previous"))
    assert port.text["load-message"] == cat.t("load.previous_none")
    _play_some(page, 2)
    first = page.session
    port.values["load-text"] = _shared_game(cat, 1)
    page.click(Click("load-string"))
    page.click(Click("confirm-replace"))
    page.click(Click("open-load"))
    assert not port.hidden["restore-previous"]
    page.click(Click("restore-previous"))
    assert page.session is not None and first is not None
    assert page.session.encode() == first.encode()
    port.run()  # the loaded game's computer loop ends with that game, playing nothing here
    assert page.session.encode() == first.encode()


def test_share_shows_the_string_and_the_link_and_copies_them(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("open-share"))  # no game yet: nothing to share
    assert port.hidden["dlg-share"]
    page.click(Click("new-game", "hotseat"))
    page.click(Click("open-share"))
    code = page.session.encode() if page.session else ""
    assert port.values["share-string"] == code
    assert port.values["share-link"] == f"https://example.org/targi/#g={code}"
    page.click(Click("copy", "share-link"))
    port.run()
    assert port.text["copy-status"] == cat.t("button.copied")
    port.copy_works = False
    page.click(Click("copy", "share-string"))
    port.run()
    assert port.text["copy-status"] == cat.t("button.copy_failed")


# ---- dialogs and errors ----------------------------------------------------------------------
def test_closing_the_welcome_with_nothing_kept_leaves_the_empty_table(cat: Catalog):
    page, port = _page(cat)
    port.opener_shown = False  # the welcome opened by itself: no control to give focus back to
    page.click(Click("close"))  # Escape, the backdrop or Close
    assert all(port.hidden[d] for d in DIALOGS) and page.session is None
    assert not port.hidden["no-game"]  # it says how to start or load a game
    assert port.focused[-1] == "#no-game .primary"
    page.click(Click("rules"))  # a dialog opened from the empty table closes back to it
    page.click(Click("close"))
    assert all(port.hidden[d] for d in DIALOGS) and not port.hidden["no-game"]
    page.click(Click("open-new"))  # "Start a game": the welcome again
    assert not port.hidden["dlg-new"] and not port.hidden["welcome"]
    page.click(Click("recent"))  # and what it opens closes back to it
    page.click(Click("close"))
    assert not port.hidden["dlg-new"]
    page.click(Click("new-game", "hotseat"))
    assert port.hidden["no-game"] and all(port.hidden[d] for d in DIALOGS)
    page.click(Click("open-new"))
    assert not port.hidden["dlg-new"] and port.hidden["welcome"]
    page.click(Click("close"))
    assert port.hidden["dlg-new"] and port.hidden["no-game"]


def test_closing_the_welcome_goes_back_to_the_game_played_last(cat: Catalog):
    first, port = _page(cat)
    first.click(Click("new-game", "hotseat"))
    _play_some(first, 2)
    kept = _stored(port)
    first.click(Click("new-game", "hotseat"))
    _play_some(first, 1)
    # the game on the table is damaged: the next visit sets it aside and has none on the table
    port.storage[storage.GAME_PREFIX + port.storage[storage.CURRENT_KEY]] = "{broken"
    again = FakePort()
    again.local, again.tab = port.local, port.tab
    page, _ = _page(cat, again)
    assert page.session is None and not again.hidden["dlg-storage"]
    page.click(Click("close"))
    assert not again.hidden["dlg-new"] and not again.hidden["welcome"]
    page.click(Click("close"))
    assert page.session is not None and page.session.encode() == kept
    assert all(again.hidden[d] for d in DIALOGS) and again.hidden["no-game"]


def test_the_welcome_loads_a_save_string_and_a_mangled_one_loses_nothing(cat: Catalog):
    page, port = _page(cat)
    code = Session.new(5, 0, "hotseat").encode()
    page.click(Click("open-load"))  # the welcome's "Load a game"
    assert not port.hidden["dlg-load"] and port.hidden["dlg-new"]
    port.values["load-text"] = code[:-3] + "!!!"
    page.click(Click("load-string"))
    with pytest.raises(save.SaveError) as why:
        Session.decode(code[:-3] + "!!!")
    assert port.text["load-message"] == cat.t("load.invalid", reason=str(why.value))
    assert not port.hidden["dlg-load"] and port.values["load-text"] == code[:-3] + "!!!"
    assert page.session is None and port.storage == {}
    page.click(Click("close"))  # back to the welcome
    assert not port.hidden["dlg-new"] and not port.hidden["welcome"]
    page.click(Click("open-load"))
    port.values["load-text"] = code
    page.click(Click("load-string"))
    assert page.session is not None and page.session.encode() == code
    assert all(port.hidden[d] for d in DIALOGS) and _stored(port) == code


def test_an_error_in_a_click_is_said_and_the_game_is_kept(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("new-game", "hotseat"))
    stored = dict(port.storage)
    port.radios["level"] = "godlike"  # a radio the page does not know
    page.click(Click("new-game", "ai"))
    assert port.text["notice-text"].startswith(cat.t("error.internal", reason="")[:20])
    assert port.reports and "godlike" in port.reports[0]
    assert port.storage == stored and page.session is not None and page.session.mode == "hotseat"
    page.click(Click("dismiss-notice"))
    assert port.hidden["notice"]


# ---- the click table and the document --------------------------------------------------------
def _actions_in(html: str) -> set[str]:
    return set(re.findall(r'data-action="([^"]+)"', html))


def test_every_control_of_the_page_has_a_handler(cat: Catalog):
    index = (ROOT / "index.html").read_text(encoding="utf-8")
    s = Session.new(5, 0, "hotseat")
    while not s.over:
        s.play(s.legal_for_human()[0])
    drawn = Renderer(cat).choices(s.view())
    used = _actions_in(index) | _actions_in(drawn)
    actions = set(Controller(FakePort(), cat).actions)
    assert used <= actions
    assert {"move", "new-game", "close"} <= actions
    assert not {"move", "new-game"} & used  # pseudo-actions of Click, never data-action names


def test_the_dialogs_are_the_overlays_of_the_page():
    index = (ROOT / "index.html").read_text(encoding="utf-8")
    assert set(re.findall(r'class="overlay" id="([^"]+)"', index)) == set(DIALOGS)


def test_each_action_belongs_to_one_part_of_the_page(cat: Catalog):
    """The click table is assembled from the table's own actions and each dialog's: a name two
    of them claim would silently lose one handler."""
    page, _ = _page(cat)
    own = {"move", "undo", "hint", "dismiss-notice", "close", "tip-dismiss", "tips-off", "theme"}
    own |= {"sound", "menu", "menu-close"}
    claimed = [name for d in page.dialogs.all for name in d.actions()]
    assert len(claimed) == len(set(claimed)) and not own & set(claimed)
    assert set(page.actions) == own | set(claimed)


def test_no_part_of_the_page_imports_the_controller():
    """The dialogs, the table and the replay see the controller only as a `Page` (or the
    replay's `ReviewPage`): importing it would tie them to all of it (issue 23)."""
    app = ROOT / "py" / "targi" / "app"
    importing = [
        str(p.relative_to(app))
        for p in app.rglob("*.py")
        if p.name != "controller.py" and re.search(r"from \.+controller import", p.read_text())
    ]
    assert importing == []


def test_the_first_screen_leaves_the_reading_pages_and_the_replay_unimported():
    """docs/build.md: How to play, Cards, About and the replay are imported when first opened,
    not at a first visit's start."""
    code = (
        "import sys; import targi.app.controller, targi.app.store.backend, "
        "targi.app.text.catalog; "
        "print(sorted(m for m in sys.modules if m.startswith(('targi.app.review', "
        "'targi.app.html.pages', 'targi.app.html.drawings'))))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
