"""Everyone can play (issue 9), without a browser: the theme and its setting, the live region's
messages, where keyboard focus goes (dialogs, Hint, the Merchant's trades), and the board's grid
semantics and accessible names."""

from __future__ import annotations

import json
import random
import re
from html.parser import HTMLParser

from targi.app.controller import Click, Controller
from targi.app.html.render import Renderer
from targi.app.session import Session
from targi.app.store import storage
from targi.app.text.announce import announcement, result
from targi.app.text.catalog import Catalog
from targi.app.text.words import log_lines, player_names

from .fakeport import FakePort
from .fakeport import open_page as _page


def _at(kind: str, mode: str = "hotseat") -> Session:
    """A game standing at a decision of `kind` for a person (seeded random play that likes
    trading, buying and paying, so the Merchant and payments come soon)."""
    for seed in range(1, 400):
        rnd = random.Random(seed)
        s = Session.new(seed, 0, mode, "easy")
        while not s.over:
            if s.human_to_move and s.view()["decision"]["kind"] == kind:
                return s
            moves = s.game.legal_moves()
            liked = [m for m in moves if m[0] in "mb$"] or moves
            s.play(rnd.choice(liked), by_computer=s.computer_to_move)
    raise LookupError(kind)


def _load(page: Controller, port: FakePort, s: Session) -> None:
    port.values["load-text"] = s.encode()
    page.click(Click("load-string"))
    port.run()


# ---- the theme ---------------------------------------------------------------------------------
def test_the_theme_follows_the_system_until_the_player_chooses_one(cat: Catalog):
    port = FakePort()
    port.system_dark = True
    page, _ = _page(cat, port)
    assert port.page_state["theme"] == "dark"
    assert port.attrs["theme"]["aria-pressed"] == "true"
    port.system_dark = False
    page.prefs.system_theme_changed()
    assert port.page_state["theme"] == "light" and port.attrs["theme"]["aria-pressed"] == "false"
    page.click(Click("theme"))  # chosen: dark, whatever the system says from now on
    assert port.page_state["theme"] == "dark"
    page.prefs.system_theme_changed()
    assert port.page_state["theme"] == "dark"


def test_the_chosen_theme_is_remembered_in_the_settings(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("theme"))
    assert json.loads(port.storage[storage.SETTINGS_KEY])["theme"] == "dark"
    port2 = FakePort()
    port2.local = port.local  # the same localStorage, a new page
    again = Controller(port2, cat)
    again.start("")
    assert port2.page_state["theme"] == "dark"


def test_settings_stored_before_themes_are_still_read_and_follow_the_system():
    old = json.dumps({"pace": "fast", "level": "hard", "starter": "me", "tips": False})
    s = storage.Settings.parse(old)
    assert (s.pace, s.level, s.tips, s.theme) == ("fast", "hard", False, "")
    assert storage.Settings.parse(json.dumps({"theme": "purple"})).theme == ""
    assert storage.Settings.parse(json.dumps({"theme": ["dark"]})).theme == ""
    assert storage.Settings.parse(s.dump()).theme == ""


# ---- the live region ---------------------------------------------------------------------------


def _announced(port: FakePort) -> list[str]:
    """What the live region #announce is told from now on, one entry a message."""
    said: list[str] = []
    real = port.set_text

    def spy(element_id: str, text: str) -> None:
        if element_id == "announce":
            said.append(text)
        real(element_id, text)

    port.set_text = spy  # type: ignore[method-assign]
    return said


def test_the_computers_turn_is_announced_once_in_one_message(cat: Catalog):
    page, port = _page(cat)
    port.radios.update(level="easy", starter="me")
    page.click(Click("new-game", "ai"))
    s = page.session
    assert s is not None
    said = _announced(port)
    page.click(Click("move", s.legal_for_human()[0]))  # your placement: nothing to tell yet
    assert said == []
    port.run()  # the computer places: one message, its move, not yours
    assert len(said) == 1
    assert "Computer" in said[0] and "You" not in said[0]


def test_raids_and_the_result_are_announced(cat: Catalog):
    s = Session.new(5, 0, "hotseat")
    rnd = random.Random(5)
    raids = 0
    text = ""
    while not s.over:
        since, mover = len(s.game.log), s.player
        s.play(rnd.choice(s.game.legal_moves()))
        text = announcement(cat, s.view(), since, mover)
        for e in s.game.log[since:]:
            if e[0] == "raid":
                raids += 1
                assert cat.t("log.raid", card=cat.card_name(e[2])) in text
    assert raids >= 3
    end = result(cat, s.view())
    assert text.endswith(end) and end in (cat.t("result.draw"), *won(cat))


def won(cat: Catalog) -> list[str]:
    return [cat.t(f"result.win.{k}", player=p) for k in ("points", "gold", "goods")
            for p in ("Blue", "Red")]  # fmt: skip


def test_moves_made_for_you_are_announced_as_the_move_log_shows_them(cat: Catalog):
    page, port = _page(cat)
    port.radios.update(level="easy", starter="me")
    page.click(Click("new-game", "ai"))
    s = page.session
    assert s is not None
    said = _announced(port)
    rnd = random.Random(2)
    heard = 0
    while not s.over and heard < 3:
        since = len(s.game.log)
        said.clear()
        page.click(Click("move", rnd.choice(s.legal_for_human())))
        port.run()  # and the computer's turn, with what the engine did for you on the way
        log = s.game.log
        for i in range(since, len(log)):
            if log[i][0] == "move" and log[i][1] == 0 and log[i][3]:
                lines = log_lines(cat, log[i : i + 2], player_names(cat, "ai"), 0)
                line = next(text for cls, text in lines if cls != "round")
                assert line.startswith("You ") and line in " ".join(said), (line, said)
                heard += 1
    assert heard >= 3


def test_your_own_move_with_no_consequence_announces_nothing(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("new-game", "hotseat"))
    s = page.session
    assert s is not None
    page.click(Click("move", s.legal_for_human()[0]))
    assert "announce" not in port.text


# ---- focus ---------------------------------------------------------------------------------------
def test_a_dialog_gives_focus_back_to_the_control_that_opened_it(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("new-game", "hotseat"))
    port.focus_memory.clear()
    page.click(Click("open-share"))
    assert port.focus_memory == ["remember"]
    assert port.focused[-1].startswith("#dlg-share")  # the keyboard is inside the dialog
    page.click(Click("close"))
    assert port.focus_memory == ["remember", "restore"]


def test_once_the_page_is_shown_the_welcome_it_opened_hidden_has_the_focus(cat: Catalog):
    """The welcome opens behind the loading screen, where focus does not take: once the page
    is shown (web/main.py) its first control, Play, gets it; focus the player put somewhere
    stays there."""
    page, port = _page(cat)
    assert not port.hidden["dlg-new"]
    port.focused.clear()
    page.shown()
    assert port.focused == ["#dlg-new textarea, #dlg-new .primary, #dlg-new button"]
    port.focused.clear()
    port.focus_gone = False
    page.shown()
    assert port.focused == []


def test_when_the_opener_is_gone_focus_goes_on_to_the_moves(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("new-game", "hotseat"))
    page.click(Click("rules"))
    port.opener_shown = False
    port.focused.clear()
    page.click(Click("close"))
    assert port.focused and port.focused[0] == "#choices [data-move]"


def test_records_open_from_the_welcome_screen_and_close_back_to_it(cat: Catalog):
    page, port = _page(cat)
    assert not port.hidden["welcome"]
    page.click(Click("stats"))
    assert not port.hidden["dlg-stats"] and port.hidden["dlg-new"]
    page.click(Click("close"))
    assert not port.hidden["dlg-new"] and not port.hidden["welcome"]
    assert port.focus_memory[-1] == "restore"


def test_after_a_hint_focus_is_on_the_suggested_move(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("new-game", "hotseat"))
    page.click(Click("hint"))
    port.run()
    assert page.computer.hint is not None
    assert f'[data-move="{page.computer.hint.move}"]' in port.focused[-1]


def test_after_a_merchant_trade_focus_stays_on_it_or_goes_to_done(cat: Catalog):
    page, port = _page(cat)
    _load(page, port, _at("merchant"))
    s = page.session
    assert s is not None and s.view()["decision"]["kind"] == "merchant"
    trades = 0
    while s.view()["decision"]["kind"] == "merchant" and trades < 12:
        move = next(m for m in s.legal_for_human() if m != "done")
        page.click(Click("move", move, keyboard=True))
        trades += 1
        v = s.view()
        if v["decision"]["kind"] != "merchant":
            break
        want = move if move in v["legal"] else "done"
        assert port.focused[-1] == f'#choices [data-move="{want}"]'
        # never a trade that gives back what this one took (Enter pressed again)
        back = "m" + move[2] + move[1]
        assert port.focused[-1] != f'#choices [data-move="{back}"]'
        if want == "done":
            break
    assert trades >= 1


def _focused_move(port: FakePort) -> str:
    """The move whose button the page last focused (its selector names it)."""
    found = re.search(r'\[data-move="([^"]+)"\]', port.focused[-1]) if port.focused else None
    return found.group(1) if found else ""


def _action_with_more_to_do() -> tuple[Session, str]:
    """A game at a person's actions, and an action after which more actions are left in the
    same decision (Use Dates, Use Salt: nothing to decide on in between)."""
    for seed in range(1, 400):
        rnd = random.Random(seed)
        s = Session.new(seed, 0, "hotseat", "easy")
        while not s.over:
            v = s.view()
            if s.human_to_move and v["decision"]["kind"] == "act":
                for action in v["legal"][:-1]:
                    after = Session.decode(s.encode())
                    after.play(action)
                    w = after.view()
                    left = [m for m in w["legal"] if m != "done"]
                    if w["decision"]["kind"] == "act" and w["current_player"] == s.player and left:
                        return s, action
            s.play(rnd.choice(s.game.legal_moves()), by_computer=s.computer_to_move)
    raise LookupError("no action with more to do")


def test_after_an_action_from_the_keyboard_focus_is_on_the_next_action_never_on_end(cat: Catalog):
    page, port = _page(cat)
    s, action = _action_with_more_to_do()
    _load(page, port, s)
    s = page.session
    assert s is not None
    before = s.view()["legal"]
    page.click(Click("move", action, keyboard=True))
    legal = s.view()["legal"]
    assert s.view()["decision"]["kind"] == "act" and "done" in legal
    # the action that followed the one used (else the first left): Enter again carries out
    # another action, and "End my actions" (done) takes a deliberate Tab
    following = [m for m in before[before.index(action) + 1 :] + legal if m in legal]
    assert _focused_move(port) == following[0] != "done"


def test_after_the_computers_turn_a_keyboard_player_is_on_the_first_legal_move(cat: Catalog):
    page, port = _page(cat)
    port.radios.update(level="easy", starter="computer")
    page.click(Click("new-game", "ai", keyboard=True))
    port.run()
    s = page.session
    assert s is not None and s.human_to_move and s.seq > 0
    assert _focused_move(port) == s.legal_for_human()[0]
    turns = 0
    for _ in range(40):  # on through a few rounds: placements, actions, cards
        page.click(Click("move", s.legal_for_human()[0], keyboard=True))
        if not s.computer_to_move:
            continue  # the player's own decision goes on (the previous test)
        port.focused.clear()
        port.run()
        if s.over:
            break
        turns += 1
        assert _focused_move(port) == s.legal_for_human()[0]
    assert turns >= 8


def test_the_computers_turn_leaves_focus_alone_for_the_mouse_or_elsewhere(cat: Catalog):
    page, port = _page(cat)
    port.radios.update(level="easy", starter="computer")
    port.focused.clear()  # the welcome dialog's
    page.click(Click("new-game", "ai"))  # the mouse: no focus ring appears by itself
    port.run()
    assert page.session is not None and page.session.human_to_move
    assert port.focused == []
    page.click(Click("new-game", "ai", keyboard=True))
    port.focus_gone = False  # the player tabbed to the log while the computer played
    port.run()
    assert port.focused == []


# ---- the board's semantics ---------------------------------------------------------------------
class _Names(HTMLParser):
    """Rows, gridcells and the accessible names of the board's buttons (aria-label, else text)."""

    def __init__(self) -> None:
        super().__init__()
        self.rows = 0
        self.cells = 0
        self.names: list[str] = []
        self._button: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.rows += a.get("role") == "row"
        self.cells += a.get("role") == "gridcell"
        if tag == "button":
            self._button = [a["aria-label"] or ""] if a.get("aria-label") else []

    def handle_data(self, data: str) -> None:
        if self._button is not None:
            self._button.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "button" and self._button is not None:
            self.names.append(re.sub(r"\s+", " ", "".join(self._button)).strip())
            self._button = None


def test_the_board_is_a_grid_of_five_rows_of_five_cells_with_unique_button_names(cat: Catalog):
    r = Renderer(cat)
    for kind in ("place", "act"):
        s = _at(kind)
        parsed = _Names()
        parsed.feed(r.board(s.view()))
        assert (parsed.rows, parsed.cells) == (5, 25)
        assert parsed.names and len(set(parsed.names)) == len(parsed.names)
        # each name says what the button does, then what the card shows
        assert all(":" in name for name in parsed.names)


def test_the_score_tables_corner_header_is_not_empty(cat: Catalog):
    s = Session.new(3, 0, "hotseat")
    rnd = random.Random(3)
    while not s.over:
        s.play(rnd.choice(s.game.legal_moves()))
    html = Renderer(cat).score(s.view())
    assert "<th></th>" not in html and cat.t("score.what") in html
