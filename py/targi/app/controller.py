"""The page's behaviour without the DOM: it holds the game on the table and the parts, makes
moves and undos, redraws, and routes clicks.

web/main.py turns DOM events into calls here (or into the part that owns them: `prefs`,
`friend_live`, `tabs`, `keeping`) and implements `Port` (targi.app.port) on the real document;
the unit tests implement it on dictionaries. Clicks arrive as `Click` values and are dispatched
through the click table `actions`, assembled from the table's own actions and each dialog's
(targi.app.dialogs; docs/page.md lists the `data-action` names). The parts see the controller
only as a `Page` (targi.app.page); what changes with the game on the table is
table/game.py's, keeping it is keeping.py's, opening and closing dialogs is dialogs/'s.
"""

from __future__ import annotations

from collections.abc import Callable

from .dialogs import DIALOGS, Dialogs
from .dialogs.load import LoadDialog
from .dialogs.new_game import NewGame
from .dialogs.review import ReviewDialog
from .dialogs.tabs import TabsDialog
from .friendplay import FriendFlow
from .friendplay.flow import is_friend_fragment
from .friendplay.table import FriendSession
from .html.render import Renderer
from .keeping import Keeping
from .live.play import LivePlay
from .menu import HeaderMenu
from .page import Actions, Click
from .port import Port
from .prefs import LANGUAGE_MENUS, Prefs
from .session import Session
from .store.records import RecordsPanel
from .store.shelf import Shelf
from .table import focus
from .table.computer import Computer
from .table.frame import TableView
from .table.game import GameOnTable
from .table.live import LiveRegion
from .table.sound import Sounds
from .table.tip import TableTip
from .text.catalog import Catalog

__all__ = ["DIALOGS", "LANGUAGE_MENUS", "Click", "Controller"]


class Controller:
    def __init__(self, port: Port, cat: Catalog) -> None:
        self.port = port
        self.cat = cat
        self.render = Renderer(cat)
        self.session: Session | None = None
        self.shelf = Shelf(port, cat)
        self.shelf.current_on_table = lambda: not isinstance(self.session, FriendSession)
        self.games = self.shelf.games
        self.settings = self.games.settings()
        self.generation = 0  # bumped whenever the game on the table is replaced
        # statistics (targi.app.store.records), kept in the same backend as the games
        self.records = RecordsPanel(self.games, port, cat)
        self.live = LiveRegion(port, cat)
        self.sounds = Sounds(port)
        self.menu = HeaderMenu(port)
        self.by_keyboard = False  # the last control was pressed from the keyboard
        self.friend = FriendFlow(self)
        self.computer = Computer(self)
        self.prefs = Prefs(self)
        self.tip = TableTip(self)
        self.table = TableView(cat, self.render, self.computer, self.tip)
        self.new_game, self.load = NewGame(self), LoadDialog(self)
        self.tabs, self.review = TabsDialog(self), ReviewDialog(self)
        self.dialogs = Dialogs(self, self.menu, self.new_game, self.load, self.tabs, self.review)
        self.keeping = Keeping(self, self.tabs)
        self.on_table = GameOnTable(self)
        # live play: a friend game's links over a data channel too, through the flow's two points
        self.friend_live = LivePlay(self)
        self.friend_live.plug_into(self.friend)
        self.actions: Actions = {
            "move": lambda k: self.play(k.value, k.keyboard),
            "undo": lambda k: self.undo(),
            "hint": lambda k: port.spawn(self.computer.show_hint()),
            "dismiss-notice": lambda k: self.dismiss_notice(),
            "close": lambda k: self.dialogs.escape(),
            "tip-dismiss": lambda k: self.tip.dismiss(k.keyboard),
            "tips-off": lambda k: self.tip.set(False, k.keyboard),
            "theme": lambda k: self.prefs.toggle_theme(),
            "sound": lambda k: self.prefs.toggle_sound(),
            "menu": lambda k: self.menu.toggle(k.keyboard),
            "menu-close": lambda k: self.menu.close(),
        }
        self.actions.update(self.dialogs.actions())

    def start(self, fragment: str) -> None:
        """The page is up: the stored game, then a shared link, else the New game dialog."""
        self.prefs.write_menus()
        self.prefs.apply_theme()
        session = self.shelf.start()
        if session is not None:
            self.put(session)
        if self.shelf.problem_shown:
            self.open("dlg-storage", opened_by_control=False)
        if self.records.check():
            self.notice(self.records.problem)
        self.redraw()
        friend_here = self.friend.store.pointed() is not None or is_friend_fragment(fragment)
        if self.friend.store.pointed() is not None:  # this tab's friend game, before a link
            self.port.spawn(self.friend.restore())
        self.open_fragment(fragment)
        if self.session is None and not self.dialogs.any_open() and not friend_here:
            self.open("dlg-new", opened_by_control=False)

    def shown(self) -> None:
        """The loading screen gave way to the page (web/main.py, after `targiLoader.done()`):
        a dialog `start` opened (or an invitation's Accept) could not take the focus while the
        page was hidden, so a keyboard player would begin on the body, Tabs away from Play."""
        if self.dialogs.any_open() and self.port.focus_dropped():
            self.dialogs.focus_open()
        self.friend.focus_offer()  # an invitation opened before the page was shown

    def open_fragment(self, fragment: str) -> None:
        """A link opened (at a load, or `hashchange`): a friend's link (`#F…`) or a save."""
        if is_friend_fragment(fragment):
            self.port.forget_fragment()  # applied once: a reload must not apply it again
            self.port.spawn(self.friend.receive(fragment))
        else:
            self.load.open_fragment(fragment)

    # ---- storage (targi.app.keeping) ------------------------------------------------------------
    def autosave(self) -> None:
        self.keeping.autosave()

    def store_settings(self) -> None:
        self.games.save_settings(self.settings)  # not worth a notice: the game is what matters

    # ---- the page's words ----------------------------------------------------------------------
    def rewrite(self) -> None:
        """Everything the page wrote, again in the catalog's language (the static texts are
        the port's set_language): menus, the table and its whole log, the hint, open dialogs,
        the replay."""
        self.prefs.write_menus()
        self.port.set_text("announce", "")  # said already, in the other language
        self.table.log_size = -1  # the whole log in the new words
        self.redraw()
        self.dialogs.rewrite()
        self.friend.draw()
        self.friend_live.show()
        self.port.set_text("lang-status", self.cat.t("lang.changed"))

    def announce(self, mover: int | None) -> None:
        self.live.tell(self.session, mover)

    def notice(self, text: str) -> None:
        self.port.set_text("notice-text", text)
        self.port.set_hidden("notice", False)

    def dismiss_notice(self) -> None:
        self.port.set_hidden("notice", True)
        self.redraw()  # if the computer stopped on an error, it tries again

    # ---- drawing -------------------------------------------------------------------------------
    def redraw(self) -> None:
        s = self.session
        self.port.set_hidden("no-game", s is not None)
        if s is None:
            self.port.draw(None)
            return
        self.port.draw(self.table.frame(s))
        self.sounds.after_draw(s, self.settings.sound)
        if s.computer_to_move:
            self.computer.start()

    def follow_replay(self) -> None:
        """The game on the table went on (a friend's link): an open replay of it so far too."""
        self.review.follow()

    def focus_next_move(self) -> None:
        focus.next_move(self.port)

    def focus_first_move(self) -> None:
        focus.first_move(self.port, self.session)

    def set_tips(self, on: bool, keyboard: bool = False) -> None:
        self.tip.set(on, keyboard)

    # ---- the game on the table (targi.app.table.game) -------------------------------------------
    def set_session(self, session: Session) -> None:
        self.on_table.set_session(session)

    def put(self, session: Session) -> None:
        self.on_table.put(session)

    def halt(self) -> None:
        self.on_table.halt()

    def replace_with(self, incoming: Session) -> None:
        self.on_table.replace_with(incoming)

    def bring_back(self, fetch: Callable[[], Session], *where: str) -> None:
        self.on_table.bring_back(fetch, *where)

    def reopen(self, game_id: str) -> None:
        self.on_table.reopen(game_id)

    # ---- moves ---------------------------------------------------------------------------------
    def play(self, move: str, keyboard: bool = False) -> None:
        """A move clicked; a stale click (the table changed under the pointer) does nothing."""
        s = self.session
        before: tuple[str, object, list[str]] = ("", None, [])
        if s is not None and move in s.legal_for_human():
            if keyboard:  # where focus goes next depends on the decision it was made in
                v = s.view()
                before = (v["decision"]["kind"], v["current_player"], list(v["legal"]))
            mover = s.player
            s.play(move)
            if s.over and not isinstance(s, FriendSession):
                self.records.ended(s)
            self.computer.hint = None
            self.autosave()
            if not s.computer_to_move:  # else the computer's turn tells it, in one message
                self.announce(mover)
            self.redraw()
        if keyboard:  # the pressed button was redrawn away: keep the keyboard in play
            focus.after(self.port, self.session, move, *before)

    def undo(self) -> None:
        s = self.session
        if s is not None and s.can_undo():
            s.undo()
            self.on_table.afresh(s)
            self.autosave()
            self.redraw()

    def worker_failed(self, error: Exception) -> None:
        self.computer.worker_failed(error)

    # ---- dialogs (targi.app.dialogs.Dialogs) -------------------------------------------------
    def open(self, dialog_id: str, opened_by_control: bool = True) -> None:
        self.dialogs.open(dialog_id, opened_by_control)

    def show(self, dialog_id: str) -> None:
        self.dialogs.show(dialog_id)

    def close_all(self) -> None:
        self.dialogs.close_all()

    def close_top(self) -> None:
        self.dialogs.close_top()

    def click(self, click: Click) -> None:
        handler = self.actions.get(click.action)
        if handler is None:
            return  # not a control of ours
        self.by_keyboard = click.keyboard
        try:
            self.menu.before(click.action)
            handler(click)
        except Exception as error:  # say so, keep the game: the stored copy is untouched
            self.notice(self.cat.t("error.internal", reason=f"{type(error).__name__}: {error}"))
            self.port.report(f"{type(error).__name__}: {error}")
