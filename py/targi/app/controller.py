"""The page's behaviour without the DOM: what a click, a key, a link or the computer's answer
does to the game, the storage and the dialogs.

web/main.py turns DOM events into calls here and implements `Port` (targi.app.port) on the real
document; the unit tests implement it on dictionaries. Clicks arrive as `Click` values and are
dispatched through the table ACTIONS (docs/page.md lists the `data-action` names).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import save
from . import protocol
from .html.render import Renderer
from .port import Port, TableFrame
from .session import COMPUTER, HUMAN, Session
from .store import share, storage
from .store.recent import Saved
from .store.records import RecordsPanel
from .store.shelf import Shelf
from .store.storage import HINT_LEVELS
from .text.announce import announcement, news
from .text.catalog import LANGUAGES, Catalog
from .text.summary import summary
from .text.tips import due_tip
from .text.words import hint_reason, move_label

if TYPE_CHECKING:
    from .html.pages import Pages
    from .review.reviewer import Reviewer

# Every dialog of index.html (each an `.overlay`); at most one is open at a time. `dlg-page`
# shows one of the reading pages (targi.app.html.pages.PAGES): How to play, the cards, About.
DIALOGS = (
    *("dlg-new", "dlg-share", "dlg-load", "dlg-confirm"),
    *("dlg-storage", "dlg-recent", "dlg-tabs", "dlg-stats", "dlg-export", "dlg-page"),
)
# The language menus (in the header and in the New game dialog), kept showing the same language.
LANGUAGE_MENUS = ("lang", "new-lang")
# Where focus goes after a move made from the keyboard (the pressed button was redrawn away).
NEXT_MOVE = ("#choices [data-move]", "#board [data-move]", "#choices button")
MOVE_PLACES = ("#choices", "#board")  # where a move's button is looked for, in this order
# Decisions where "done" gives up what is left (the actions of a turn): after a move made from
# the keyboard, focus goes to another move of the decision, never to "done", so Enter pressed
# twice does not end them (issue 22).
NEVER_TO_DONE = frozenset({"act"})
FALLBACK_PAUSE_S = 0.05  # before thinking on the page: the notice and the table paint first


@dataclass(frozen=True)
class Click:
    """A click as the page binding read it from the DOM:
    `data-move=m` -> Click("move", m, keyboard), `data-new-game=x` -> Click("new-game", x),
    `data-action=a` (and its `data-target=t`) -> Click(a, t), the backdrop of a dialog or the
    Escape key -> Click("close")."""

    action: str
    value: str = ""
    keyboard: bool = False  # pressed from the keyboard (event.detail == 0)


@dataclass(frozen=True)
class ShownHint:
    move: str
    seq: int  # the position it was asked for: a hint is shown only there
    key: str  # the reason as data (targi.ai.hint), worded at each redraw in the page's language
    params: dict[str, Any]
    level: str  # whose advice: the first of HINT_LEVELS, or a slower, stronger one
    seconds: float | None  # how long a slower level took (None for the first level)


class Controller:
    def __init__(self, port: Port, cat: Catalog) -> None:
        self.port = port
        self.cat = cat
        self.render = Renderer(cat)
        self.session: Session | None = None
        self.shelf = Shelf(port, cat)
        self.games = self.shelf.games
        self.settings = self.games.settings()
        self.generation = 0  # bumped whenever the game on the table is replaced
        self.ai_busy = False  # a computer_turn loop owns the current game
        self.hint: ShownHint | None = None
        self.pending: Session | None = None  # a loaded game waiting for "replace?"
        self.fallback_noted = False
        self.log_size = -1  # events in the log as last drawn (-1: draw it)
        self._pages: Pages | None = None
        self._review: Reviewer | None = None  # None until a replay is first opened
        # statistics (targi.app.store.records), kept in the same backend as the games
        self.records = RecordsPanel(self.games, port, cat)
        self.tip: tuple[str, int] | None = None  # the tip on the table and the seq it is for
        self.page = ""  # the reading page open in dlg-page ("" when none is)
        # With no game on the table, closing a dialog goes back to the welcome, unless the
        # player closed the welcome itself: then to the empty table (#no-game).
        self.welcome_closed = False
        self.heard = 0  # log events already told through the live region #announce
        self.by_keyboard = False  # the last control was pressed from the keyboard

    # The reading pages and the replay are made when first used, not at start-up: their modules
    # (drawings, chart, export, replay) cost a first visit ~80 ms of imports in Pyodide.
    @property
    def pages(self) -> Pages:
        """How to play, Cards and About (targi.app.html.pages)."""
        if self._pages is None:
            from .html.pages import Pages

            self._pages = Pages(self.cat, self.render)
        return self._pages

    @property
    def review(self) -> Reviewer:
        """The replay, its chart and analysis (targi.app.review.reviewer)."""
        if self._review is None:
            from .review.reviewer import Reviewer

            self._review = Reviewer(self)
        return self._review

    def start(self, fragment: str) -> None:
        """The page is up: the stored game, then a shared link, else the New game dialog."""
        self.port.set_html("reference-list", self.render.border_reference())
        self.port.set_html("pace", self.render.pace_options(self.settings.pace))
        self.port.set_html("hint-level", self.render.hint_level_options(self.settings.hint_level))
        self.language_menus()
        self.apply_theme()
        session = self.shelf.start()
        if session is not None:
            self.put(session)
        if self.shelf.problem_shown:
            self.open("dlg-storage", opened_by_control=False)
        if self.records.check():
            self.notice(self.records.problem)
        self.redraw()
        self.open_fragment(fragment)
        if self.session is None and all(self.port.is_hidden(d) for d in DIALOGS):
            self.open("dlg-new", opened_by_control=False)

    # ---- storage -------------------------------------------------------------------------------
    def autosave(self) -> None:
        """After every move and undo (targi.app.store.recent keeps it, or says why not)."""
        if self.session is not None:
            self.saved(self.games.save(self.session))

    def saved(self, outcome: Saved) -> None:
        if outcome is Saved.STALE:
            self.lost_game()
        else:
            self.shelf.told(outcome)

    def store_settings(self) -> None:
        self.games.save_settings(self.settings)  # not worth a notice: the game is what matters

    def set_pace(self, pace: str) -> None:
        if pace in storage.PACES:
            self.settings.pace = pace
            self.store_settings()

    def set_hint_level(self, level: str) -> None:
        if level in HINT_LEVELS:
            self.settings.hint_level = level
            self.store_settings()

    # ---- the language ----------------------------------------------------------------------------
    def language_menus(self) -> None:
        options = self.render.language_options()
        for menu in LANGUAGE_MENUS:
            self.port.set_html(menu, options)

    async def set_language(self, lang: str) -> None:
        """The language menu: the whole page in `lang` at once, the game, its log and any open
        dialog kept; remembered in the settings (docs/i18n.md)."""
        if lang not in LANGUAGES:
            return
        if lang != self.cat.lang:
            try:
                text = await self.port.catalog_text(lang)
                fresh = Catalog.from_json(text, lang)
            except Exception as error:  # offline before it was cached, or a damaged file
                self.language_menus()  # the menus show the language still in use
                self.notice(self.cat.t("lang.failed", language=LANGUAGES[lang], reason=str(error)))
                return
            self.cat.use(fresh)
            self.port.set_language(lang, text)
            self.rewrite()
        self.settings.lang = lang
        self.store_settings()

    def rewrite(self) -> None:
        """Everything the page wrote, again in the catalog's language (the static texts are
        the port's set_language): menus, the table and its whole log, the hint, open dialogs,
        the replay."""
        self.port.set_html("reference-list", self.render.border_reference())
        self.port.set_html("pace", self.render.pace_options(self.settings.pace))
        self.port.set_html("hint-level", self.render.hint_level_options(self.settings.hint_level))
        self.language_menus()
        self.port.set_text("announce", "")  # said already, in the other language
        self.log_size = -1  # the whole log in the new words
        self.redraw()
        if self.page and not self.port.is_hidden("dlg-page"):
            v = self.session.view() if self.session is not None else None
            self.port.set_text("page-title", self.cat.t(f"{self.page}.title"))
            self.port.set_html("page-body", self.pages.page(self.page, v, self.settings.tips))
            if self.page == "about":
                self.port.spawn(self.show_version())
        if not self.port.is_hidden("dlg-recent"):
            self.shelf.draw_recent()
        if not self.port.is_hidden("dlg-stats"):
            self.port.set_html("stats", self.records.tables(self.records.read()))
        if self._review is not None:  # nothing to reword before a replay was opened
            self._review.rewrite()
        self.port.set_text("lang-status", self.cat.t("lang.changed"))

    # ---- theme ---------------------------------------------------------------------------------
    def theme(self) -> str:
        """The theme shown: the player's choice, else the system's (prefers-color-scheme)."""
        if self.settings.theme:
            return self.settings.theme
        return "dark" if self.port.prefers_dark() else "light"

    def apply_theme(self) -> None:
        """<html data-theme> (the CSS follows it) and the theme button's state."""
        theme = self.theme()
        self.port.set_page_state("theme", theme)
        self.port.set_attrs("theme", {"aria-pressed": "true" if theme == "dark" else "false"})

    def toggle_theme(self) -> None:
        """The theme button: the other theme, remembered from now on."""
        self.settings.theme = "light" if self.theme() == "dark" else "dark"
        self.store_settings()
        self.apply_theme()

    def system_theme_changed(self) -> None:
        """prefers-color-scheme changed: followed unless the player chose a theme."""
        if not self.settings.theme:
            self.apply_theme()

    # ---- the live region -----------------------------------------------------------------------
    def announce(self, mover: int | None) -> None:
        """Tell #announce what happened since it last spoke (one message for a whole step
        group: a computer's turn, or what a player's own move set off)."""
        s = self.session
        if s is None:
            return
        since, self.heard = self.heard, len(s.game.log)
        if not news(s.game.log, since, mover) and not s.over:
            return  # the mover's own moves only (most clicks): no view to compute
        text = announcement(self.cat, s.view(), since, mover)
        if text:
            self.port.set_text("announce", text)

    def quiet(self) -> None:
        """A game put on the table, or a move undone: nothing of it is news."""
        self.heard = len(self.session.game.log) if self.session is not None else 0

    # ---- drawing -------------------------------------------------------------------------------
    def redraw(self) -> None:
        s = self.session
        self.port.set_hidden("no-game", s is not None)
        if s is None:
            self.port.draw(None)
            return
        v = s.view()
        r = self.render
        shown = self.hint if self.hint is not None and self.hint.seq == s.seq else None
        hint = shown.move if shown else None
        log = None
        if len(v["log"]) != self.log_size:
            self.log_size = len(v["log"])
            log = r.log(v)
        player = v["current_player"]
        regions = {"status": r.status(v), "board": r.board(v, hint)}
        regions.update(choices=r.choices(v, hint), players=r.players(v))
        regions.update(tip=r.tip(self.current_tip(v, s.seq)), since=r.since(*summary(self.cat, v)))
        regions["dock-me"] = r.dock_me(v)
        self.port.draw(
            TableFrame(
                regions=regions,
                prompt=r.prompt(v),
                log=log,
                hint=self.hint_text(v, shown) if shown else None,
                can_undo=s.can_undo(),
                can_hint=s.human_to_move,
                thinking=s.computer_to_move,
                dataset={
                    "phase": "over" if v["over"] else v["phase"],
                    "currentPlayer": "" if player is None else str(player),
                    "mode": s.mode,
                    "seq": str(s.seq),  # last: waiting tests see a finished table
                },
            )
        )
        if s.computer_to_move and not self.ai_busy:
            self.ai_busy = True  # before the loop runs: a second redraw must not start another
            self.port.spawn(self.computer_turn())

    def current_tip(self, v: dict[str, Any], seq: int) -> str | None:
        """The first-game tip for this position: shown once (remembered in the settings at
        once), and kept on the table until the position changes or it is dismissed."""
        if self.tip is not None and self.tip[1] != seq:
            self.tip = None
        if self.tip is None:
            kind = due_tip(v, self.settings.tips, self.settings.tips_seen)
            if kind is None:
                return None
            self.tip = (kind, seq)
            self.settings.tips_seen.append(kind)
            self.store_settings()
        return self.tip[0]

    def dismiss_tip(self, keyboard: bool = False) -> None:
        self.tip = None  # already remembered as seen: the redraw does not bring it back
        self.redraw()
        if keyboard:  # the tip's button is gone: on to the moves
            self.focus_next_move()

    def set_tips(self, on: bool, keyboard: bool = False) -> None:
        """Tips off; or on again, from the start (every tip shows once more)."""
        self.settings.tips = on
        if on:
            self.settings.tips_seen = []
        self.tip = None
        self.store_settings()
        if self.page == "rules" and not self.port.is_hidden("dlg-page"):
            self.port.set_html("tips-setting", self.pages.tips_setting(on))
        self.redraw()
        if keyboard and not on:  # "no more tips" was in the tip, now gone: on to the moves
            self.focus_next_move()

    def focus_next_move(self) -> None:
        """Keep the keyboard in play when the control it pressed was redrawn away."""
        any(self.port.focus(selector) for selector in NEXT_MOVE)

    def focus_move(self, move: str) -> bool:
        """Focus the button of a move: the dock's, else the board's."""
        return any(self.port.focus(f'{where} [data-move="{move}"]') for where in MOVE_PLACES)

    def focus_first_move(self) -> None:
        """The keyboard on the first legal move of the player to move (the score screen's
        buttons when the game is over)."""
        s = self.session
        legal = s.legal_for_human() if s is not None else []
        if not (legal and self.focus_move(legal[0])):
            self.focus_next_move()

    def notice(self, text: str) -> None:
        self.port.set_text("notice-text", text)
        self.port.set_hidden("notice", False)

    # ---- games ---------------------------------------------------------------------------------
    def set_session(self, session: Session) -> None:
        """A new game on the table (new, rematch, loaded, shared): kept under an id of its own,
        so the game it replaces stays kept too."""
        outcome = self.games.add(session)
        self.put(session)
        self.saved(outcome)
        self.redraw()

    def put(self, session: Session) -> None:
        """A kept game on the table; this tab holds it from now on (Web Lock, if it can)."""
        if self._review is not None:
            self._review.leave()
        self.generation += 1
        self.session = session
        self.hint = None
        self.log_size = -1
        self.ai_busy = False
        self.quiet()
        self.port.spawn(self.claim(self.games.current))

    def bring_back(self, fetch: Callable[[], Session], *where: str) -> None:
        """A kept game on the table, or why it cannot come (written into the elements `where`)."""
        try:
            session = fetch()
        except storage.StoredGameError as e:
            for element_id in where:
                self.port.set_text(element_id, self.cat.t(e.key, **e.params))
            return
        self.close_all()
        self.put(session)
        self.redraw()

    def reopen(self, game_id: str) -> None:
        """A game from Recent games (or Load's "Back to the game before") on the table."""
        self.bring_back(lambda: self.games.reopen(game_id), "recent-status", "load-message")

    def retry_save(self) -> None:
        """The page is being hidden or closed: one more try for moves the storage refused."""
        if self.games.pending:
            self.saved(self.games.retry())

    def has_unsaved(self) -> bool:
        """Closing the page now would lose moves (storage full or unusable)."""
        return self.session is not None and (bool(self.games.pending) or self.games.in_memory)

    # ---- two tabs ------------------------------------------------------------------------------
    async def claim(self, game_id: str | None) -> None:
        if game_id is None:
            return
        held = await self.port.hold_game(game_id)
        if not held and self.games.current == game_id:  # still on the table: say so
            self.lost_game()

    def lost_game(self, game_id: str | None = None) -> None:
        """Another tab holds the game on the table: this tab stops writing it (and the
        computer stops playing it) until the player takes it over or keeps a copy."""
        current = self.games.current
        if current is None or (game_id is not None and game_id != current):
            return
        self.games.mark_lost(current)
        self.generation += 1
        self.ai_busy = False
        self.pending = None
        self.close_all()
        self.port.set_text("tabs-message", "")
        self.open("dlg-tabs", opened_by_control=False)

    async def take_over(self) -> None:
        game_id = self.games.current
        if game_id is None:
            return
        await self.port.take_over_game(game_id)
        self.bring_back(lambda: self.games.take_over(game_id), "tabs-message")

    def open_copy(self) -> None:
        """This tab's position as a game of its own; the other tab keeps the original."""
        if self.session is None:
            return
        self.close_all()
        self.set_session(self.session)

    def first_player(self, starter: str) -> int:
        """Who starts against the computer: you, it, or a coin toss."""
        if starter == "random":
            return self.port.random_seed() % 2
        return COMPUTER if starter == "computer" else HUMAN

    def new_game(self, mode: str, keyboard: bool = False) -> None:
        seed = self.port.random_seed()
        if mode == "ai":
            level = self.port.checked("level") or self.settings.level
            starter = self.port.checked("starter") or self.settings.starter
            session = Session.new(seed, self.first_player(starter), "ai", level)
            self.settings.level, self.settings.starter = level, starter
            self.store_settings()
        else:
            session = Session.new(seed, HUMAN, "hotseat")
        self.close_all()
        self.set_session(session)
        if keyboard and session.human_to_move:  # else when the computer's turn ends
            self.focus_first_move()

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
            if s.over:
                self.records.ended(s)
            self.hint = None
            self.autosave()
            if not s.computer_to_move:  # else the computer's turn tells it, in one message
                self.announce(mover)
            self.redraw()
        if keyboard:  # the pressed button was redrawn away: keep the keyboard in play
            self.focus_after(move, *before)

    def focus_after(self, move: str, kind: str, player: object, was: list[str]) -> None:
        """After a move made from the keyboard: in a decision that goes on (the Merchant's
        trades), stay on the same move while it is legal, else on "done"; never on a move that
        undoes it (Enter pressed again must not trade back). In the actions of a turn, on the
        action that followed the one used (else the first left), never on "done": ending them
        with actions left takes a deliberate Tab. Otherwise on to the next move."""
        s = self.session
        if s is not None and kind and s.human_to_move:
            v = s.view()
            if v["decision"]["kind"] == kind and v["current_player"] == player:
                legal = v["legal"]
                if kind in NEVER_TO_DONE:
                    after = was[was.index(move) + 1 :] if move in was else []
                    tries = [m for m in after + legal if m in legal and m != "done"][:1]
                else:
                    tries = [m for m in (move, "done") if m in legal]
                for again in tries:
                    if self.port.focus(f'#choices [data-move="{again}"]'):
                        return
        self.focus_next_move()

    def undo(self) -> None:
        s = self.session
        if s is not None and s.can_undo():
            s.undo()
            self.hint = None
            self.log_size = -1
            self.quiet()
            self.autosave()
            self.redraw()

    def rematch(self, keyboard: bool = False) -> None:
        if self.session is not None:
            self.set_session(self.session.rematch(self.port.random_seed()))
            if keyboard and self.session.human_to_move:
                self.focus_first_move()

    # ---- the computer --------------------------------------------------------------------------
    async def ask_ai(self, op: str, s: Session, level: str | None = None) -> protocol.Answer:
        """The worker's answer; if the worker fails, the same question answered on the page
        (slower to show, but the game goes on). `level` defaults to the computer's level."""
        request = protocol.request(op, s.encode(), level or s.level, s.ai_seed())
        try:
            return protocol.read_answer(op, await self.port.ask_ai(request))
        except Exception as error:
            if not self.fallback_noted:
                self.fallback_noted = True
                self.notice(self.cat.t("error.ai_fallback", reason=str(error)))
        await self.port.sleep(FALLBACK_PAUSE_S)
        return protocol.read_answer(op, protocol.answer(request))

    async def computer_turn(self) -> None:
        """The computer's moves, one by one at the chosen pace, while it is to move; the pauses
        of one turn add up to at most the pace's turn budget (storage.TURN_BUDGET_MS). A game
        replaced meanwhile (new game, load, undo elsewhere) ends the loop: its answer is stale.
        A player on the keyboard finds the focus on their first legal move when it ends."""
        generation = self.generation
        left = self.settings.turn_budget_ms / 1000  # what this turn's pauses may still take
        try:
            while True:
                s = self.session
                if generation != self.generation or s is None or not s.computer_to_move:
                    return
                began = self.port.clock()
                answer = await self.ask_ai("move", s)
                pause = min(self.settings.delay_ms / 1000, storage.TURN_SHARE * left)
                left -= pause
                wait = pause - (self.port.clock() - began)  # its thinking was part of the pause
                if wait > 0:
                    await self.port.sleep(wait)
                if generation != self.generation or self.session is not s:
                    return
                s.play(answer.move, by_computer=True)
                if s.over:
                    self.records.ended(s)
                self.autosave()
                self.ai_busy = s.computer_to_move  # keep the loop ours while it goes on
                if not s.computer_to_move:  # its turn is over: one message for all of it
                    self.announce(mover=HUMAN)
                self.redraw()
                if not s.computer_to_move:
                    if self.by_keyboard and self.port.focus_dropped():
                        self.focus_first_move()  # the redraws took it: back into play
                    return
        except Exception as e:
            if generation == self.generation:
                self.notice(self.cat.t("error.ai", reason=str(e)))
        finally:
            if generation == self.generation:
                self.ai_busy = False

    async def show_hint(self) -> None:
        s = self.session
        if s is None or not s.human_to_move:
            return
        seq, generation = s.seq, self.generation
        level = self.settings.hint_level
        thinking = "hint.thinking" if level == HINT_LEVELS[0] else "hint.thinking_expert"
        self.port.set_text("hint-text", self.cat.t(thinking))
        self.port.set_hidden("hint-text", False)
        began = self.port.clock()
        try:
            answer = await self.ask_ai("hint", s, level)
        except Exception as e:
            self.notice(self.cat.t("error.ai", reason=str(e)))
            return
        if generation != self.generation or s.seq != seq:
            return  # the table moved on while it thought
        seconds = self.port.clock() - began if level != HINT_LEVELS[0] else None
        self.hint = ShownHint(answer.move, seq, answer.key, answer.params, level, seconds)
        self.redraw()
        # the keyboard goes to the suggested move (the board's button, else the choices')
        self.port.focus(f'#board [data-move="{answer.move}"], #choices [data-move="{answer.move}"]')

    def hint_text(self, v: dict[str, Any], shown: ShownHint) -> str:
        reason = hint_reason(self.cat, v, shown.key, shown.params)
        if reason.startswith("[hint."):  # a reason newer than this catalog
            reason = move_label(self.cat, v, shown.move)
        if shown.seconds is None:
            return self.cat.t("hint.label", reason=reason)
        # the slow, strong hint says whose advice it is and its cost
        return self.cat.t(
            "hint.label_timed",
            level=self.cat.t(f"level.{shown.level}"),
            seconds=self.cat.number(round(shown.seconds, 1), 1),
            reason=reason,
        )

    # ---- loading and sharing -------------------------------------------------------------------
    def offer(self, text: str, origin: str) -> bool:
        """Open a save string: at once if nothing is on the table, else after asking.
        An invalid string changes nothing and says why (in the Load dialog if it came from
        there, else as a notice)."""
        try:
            incoming = Session.decode(share.from_pasted(text))
        except save.SaveError as e:
            message = self.cat.t("load.invalid", reason=str(e))
            if origin == "load":
                self.port.set_text("load-message", message)
            else:
                self.notice(message)
            return False
        current = self.session
        if current is None or current.seq == 0 or current.encode() == incoming.encode():
            self.replace_with(incoming)
            return True
        self.pending = incoming
        cat = self.cat
        mode = (
            cat.t("mode.ai", level=cat.t("level." + incoming.level))
            if incoming.mode == "ai"
            else cat.t("mode.hotseat")
        )
        summary = cat.plural(
            "confirm.summary", incoming.seq, mode=mode, round=incoming.view()["round"]
        )
        self.port.set_text("confirm-summary", summary)
        self.close_all()
        self.open("dlg-confirm")
        return True

    def replace_with(self, incoming: Session) -> None:
        """The table shows `incoming`; the game it replaces stays kept (Recent games, and
        Load's "Back to the game before"). A link opened twice is the same kept game."""
        self.pending = None
        self.close_all()
        known = self.games.find(incoming)
        if known is None:
            self.set_session(incoming)
        else:
            self.reopen(known)

    def confirm_replace(self) -> None:
        if self.pending is not None:
            self.replace_with(self.pending)

    def cancel_replace(self) -> None:
        self.pending = None
        self.close_top()

    def load_string(self) -> None:
        text = self.port.get_value("load-text")
        if not text.strip():
            self.port.set_text("load-message", self.cat.t("load.empty"))
        else:
            self.offer(text, "load")

    def restore_previous(self) -> None:
        if self.games.before is None:
            self.port.set_text("load-message", self.cat.t("load.previous_none"))
        else:
            self.reopen(self.games.before)

    def open_fragment(self, fragment: str) -> None:
        """A shared link (`#g=…`) opened or followed."""
        code = share.from_fragment(fragment)
        if code is None:
            return
        self.port.forget_fragment()  # the link has done its job: a reload must not ask again
        self.offer(code, "link")

    def open_share(self) -> None:
        if self.session is None:
            return
        code = self.session.encode()
        self.port.set_value("share-string", code)
        self.port.set_value("share-link", share.link(self.port.page_url(), code))
        self.port.set_text("copy-status", "")
        self.open("dlg-share")

    def open_load(self) -> None:
        self.port.set_value("load-text", "")
        self.close_all()  # from the welcome: one dialog at a time; closing goes back to it
        self.open("dlg-load")

    async def copy(self, field_id: str) -> None:
        ok = await self.port.copy(field_id)
        status = "recent-status" if field_id == "recent-export" else "copy-status"
        self.port.set_text(status, self.cat.t("button.copied" if ok else "button.copy_failed"))

    # ---- dialogs -------------------------------------------------------------------------------
    def open(self, dialog_id: str, opened_by_control: bool = True) -> None:
        """Show a dialog and move the keyboard into it; the control that opened it gets the
        focus back when it closes (web/main.py keeps Tab inside the dialog meanwhile)."""
        if opened_by_control:
            self.port.remember_focus()
        self.port.set_hidden(dialog_id, False)
        if dialog_id == "dlg-new":
            self.port.check("level", self.settings.level)
            self.port.check("starter", self.settings.starter)
            first_time = self.session is None
            self.port.set_hidden("welcome", not first_time)
            self.welcome_closed = False
        if dialog_id == "dlg-load":
            self.port.set_text("load-message", "")
            self.port.set_hidden("restore-previous", self.games.before is None)
        if dialog_id == "dlg-recent":
            self.shelf.open_recent()
        if dialog_id == "dlg-stats":
            self.records.show()
        self.port.focus(", ".join(f"#{dialog_id} {s}" for s in ("textarea", ".primary", "button")))

    def open_page(self, page: str) -> None:
        """How to play, the card reference (with what this game has not turned up yet) or
        About, in the page dialog."""
        v = self.session.view() if self.session is not None else None
        self.port.set_text("page-title", self.cat.t(f"{page}.title"))
        self.port.set_html("page-body", self.pages.page(page, v, self.settings.tips))
        self.page = page
        if page == "about":
            self.port.spawn(self.show_version())
        self.close_all()
        self.open("dlg-page")

    async def show_version(self) -> None:
        try:
            version = await self.port.build_version()
        except Exception:
            version = ""
        if self.page == "about" and not self.port.is_hidden("dlg-page"):
            self.port.set_text("about-version", self.pages.version(version))

    def open_new(self) -> None:
        self.close_all()
        self.open("dlg-new")

    def open_stats(self) -> None:
        self.close_all()
        self.open("dlg-stats")

    def open_recent(self) -> None:
        self.close_all()
        self.open("dlg-recent")

    def close_all(self) -> None:
        for dialog_id in DIALOGS:
            self.port.set_hidden(dialog_id, True)

    def close_top(self) -> None:
        if self.session is None and not self.port.is_hidden("dlg-new"):
            self.close_welcome()
            return
        if not self.port.is_hidden("dlg-confirm"):
            self.pending = None
        self.close_all()
        if self.session is None and not self.welcome_closed:
            self.open("dlg-new", opened_by_control=False)
        if not self.port.restore_focus() and self.session is not None:
            self.focus_next_move()

    def close_welcome(self) -> None:
        """The welcome closed (Escape, the backdrop, Close) with no game on the table: back to
        the game played last, if one is kept; else to the empty table, which says how to start
        or load one (#no-game)."""
        for kept in self.games.recent():
            self.reopen(kept.summary.id)
            if self.session is not None:
                self.focus_next_move()
                return
        self.welcome_closed = True
        self.close_all()
        self.redraw()
        if not self.port.restore_focus():
            self.port.focus("#no-game .primary")

    def dismiss_notice(self) -> None:
        self.port.set_hidden("notice", True)
        self.redraw()  # if the computer stopped on an error, it tries again

    # ---- events --------------------------------------------------------------------------------
    def click(self, click: Click) -> None:
        handler = ACTIONS.get(click.action)
        if handler is None:
            return  # not a control of ours
        self.by_keyboard = click.keyboard
        try:
            handler(self, click)
        except Exception as error:  # say so, keep the game: the stored copy is untouched
            self.notice(self.cat.t("error.internal", reason=f"{type(error).__name__}: {error}"))
            self.port.report(f"{type(error).__name__}: {error}")


Handler = Callable[[Controller, Click], None]

# What each control does: `data-action` names (and the pseudo-actions of `Click`) -> handler.
ACTIONS: dict[str, Handler] = {
    "move": lambda c, k: c.play(k.value, k.keyboard),
    "new-game": lambda c, k: c.new_game(k.value, k.keyboard),
    "undo": lambda c, k: c.undo(),
    "hint": lambda c, k: c.port.spawn(c.show_hint()),
    "open-new": lambda c, k: c.open_new(),
    "new": lambda c, k: c.open_new(),
    "rematch": lambda c, k: c.rematch(k.keyboard),
    "open-share": lambda c, k: c.open_share(),
    "copy": lambda c, k: c.port.spawn(c.copy(k.value)),
    "open-load": lambda c, k: c.open_load(),
    "load-string": lambda c, k: c.load_string(),
    "restore-previous": lambda c, k: c.restore_previous(),
    "confirm-replace": lambda c, k: c.confirm_replace(),
    "cancel-replace": lambda c, k: c.cancel_replace(),
    "storage-fresh": lambda c, k: c.open_new(),
    "copy-stored": lambda c, k: c.port.spawn(c.shelf.copy_stored()),
    "recent": lambda c, k: c.open_recent(),
    "recent-open": lambda c, k: c.reopen(k.value),
    "recent-export": lambda c, k: c.shelf.export(k.value),
    "recent-delete": lambda c, k: c.shelf.delete(k.value),
    "recent-undo": lambda c, k: c.shelf.undo_delete(k.value),
    "free-space": lambda c, k: c.shelf.free_space(),
    "dismiss-storage": lambda c, k: c.port.set_hidden("storage-notice", True),
    "tab-take-over": lambda c, k: c.port.spawn(c.take_over()),
    "tab-copy": lambda c, k: c.open_copy(),
    "dismiss-notice": lambda c, k: c.dismiss_notice(),
    "close": lambda c, k: None if c.review.escape() else c.close_top(),
    # the replay, its analysis, exporting (targi.app.review.reviewer) and statistics
    # (targi.app.store.records)
    "review": lambda c, k: c.review.open(),
    "review-close": lambda c, k: c.review.close(),
    "review-nav": lambda c, k: c.review.nav(k.value),
    "review-key": lambda c, k: c.review.key(k.value),
    "review-goto": lambda c, k: c.review.goto(k.value),
    "review-jump": lambda c, k: c.review.jump(k.value),
    "review-side": lambda c, k: c.review.set_side(k.value),
    "analysis-start": lambda c, k: c.port.spawn(c.review.analyse()),
    "analysis-cancel": lambda c, k: c.review.cancel(),
    "play-on": lambda c, k: c.review.play_on(k.value),
    "export": lambda c, k: c.review.export(),
    "export-copy": lambda c, k: c.port.spawn(c.review.copy_export()),
    "export-download": lambda c, k: c.review.download_export(),
    "stats": lambda c, k: c.open_stats(),
    "stats-reset": lambda c, k: c.port.set_hidden("stats-confirm", False),
    "stats-reset-confirm": lambda c, k: c.records.reset(),
    "stats-reset-cancel": lambda c, k: c.port.set_hidden("stats-confirm", True),
    # learning (targi.app.html.pages, targi.app.text.tips)
    "rules": lambda c, k: c.open_page("rules"),
    "cards": lambda c, k: c.open_page("cards"),
    "about": lambda c, k: c.open_page("about"),
    "tip-dismiss": lambda c, k: c.dismiss_tip(k.keyboard),
    "tips-off": lambda c, k: c.set_tips(False, k.keyboard),
    "tips-toggle": lambda c, k: c.set_tips(not c.settings.tips),
    # themes (CSS custom properties in web/style.css)
    "theme": lambda c, k: c.toggle_theme(),
}
