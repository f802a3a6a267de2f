"""The page: DOM events in, engine moves out. Rules live in the engine, words in the catalog,
HTML in targi.app.render; this module only wires them to the document."""

import asyncio
import contextlib
import json
import time

from pyodide.ffi import create_proxy, jsnull
from pyscript import document, window
from targi import save
from targi.app import share, storage
from targi.app.catalog import Catalog
from targi.app.render import Renderer
from targi.app.session import Session
from targi.app.words import hint_reason, move_label
from targi.view import view

window.performance.mark("targi:imports-done")  # for load benchmarks
loader = window.targiLoader
cat = Catalog.from_json(loader.catalogText(), loader.lang)
render = Renderer(cat)
local = window.localStorage
el = document.getElementById


def some(node) -> bool:
    """A DOM lookup found something (JS null arrives as jsnull, not None)."""
    return node is not None and node is not jsnull


def random_seed() -> int:
    """A fresh deal: 32 random bits from the browser (the engine itself has no randomness)."""
    return int(window.crypto.getRandomValues(window.Uint32Array.new(1))[0])


class Page:
    def __init__(self) -> None:
        self.session: Session | None = None
        self.settings = storage.Settings.parse(self._get(storage.SETTINGS_KEY))
        self.generation = 0  # bumped whenever the game on the table is replaced
        self.ai_busy = False
        self.hint: dict | None = None
        self.pending: Session | None = None  # a shared game waiting for "replace?"
        self.fallback_noted = False
        self.log_size = -1

    # ---- storage -------------------------------------------------------------------------------
    def _get(self, key: str) -> str | None:
        try:
            value = local.getItem(key)
        except Exception:
            return None
        return value if isinstance(value, str) else None  # JS null arrives as jsnull

    def _set(self, key: str, value: str) -> None:
        try:
            local.setItem(key, value)
        except Exception:
            self.notice(cat.t("storage.error.unavailable"))

    def autosave(self) -> None:
        if self.session is not None:
            self._set(storage.GAME_KEY, storage.envelope(self.session))

    def restore(self) -> None:
        """The stored game, or a clear message (the unreadable data is kept aside)."""
        text = self._get(storage.GAME_KEY)
        if text is None:
            return
        try:
            self.session = storage.read_envelope(text)
        except storage.StoredGameError as e:
            self._set(storage.BACKUP_KEY, text)
            with contextlib.suppress(Exception):
                local.removeItem(storage.GAME_KEY)
            el("storage-reason").textContent = cat.t(e.key, **e.params)
            el("storage-kept").textContent = cat.t("storage.kept", key=storage.BACKUP_KEY)
            self.open("dlg-storage")

    # ---- drawing -------------------------------------------------------------------------------
    def redraw(self) -> None:
        s = self.session
        table = el("table")
        if s is None:
            table.hidden = True
            el("undo").disabled = el("hint").disabled = el("share").disabled = True
            return
        v = view(s.game)
        hint = self.hint["move"] if self.hint and self.hint["seq"] == s.seq else None
        el("status").innerHTML = render.status(s, v)
        el("prompt").textContent = render.prompt(s, v)
        el("board").innerHTML = render.board(s, v, hint)
        el("choices").innerHTML = render.choices(s, v, hint)
        el("players").innerHTML = render.players(s, v)
        if len(s.game.log) != self.log_size:
            self.log_size = len(s.game.log)
            log = el("log")
            log.innerHTML = render.log(s)
            log.scrollTop = log.scrollHeight
        hint_text = el("hint-text")
        if hint and self.hint.get("text"):
            hint_text.textContent = self.hint["text"]
            hint_text.hidden = False
        else:
            hint_text.hidden = True
        el("undo").disabled = not s.can_undo()
        el("hint").disabled = not s.human_to_move
        el("share").disabled = False
        table.classList.toggle("thinking", s.computer_to_move)
        table.hidden = False
        table.dataset.phase = v["phase"] if not v["over"] else "over"
        table.dataset.currentPlayer = (
            "" if v["current_player"] is None else str(v["current_player"])
        )
        table.dataset.mode = s.mode
        table.dataset.seq = str(s.seq)  # last: waiting tests see a finished table
        if s.computer_to_move and not self.ai_busy:
            asyncio.ensure_future(self.computer_turn())

    def notice(self, text: str) -> None:
        el("notice-text").textContent = text
        el("notice").hidden = False

    # ---- games ---------------------------------------------------------------------------------
    def set_session(self, session: Session) -> None:
        self.generation += 1
        self.session = session
        self.hint = None
        self.log_size = -1
        self.ai_busy = False
        self.autosave()
        self.redraw()

    def new_game(self, mode: str) -> None:
        seed = random_seed()
        if mode == "ai":
            level = self.checked("level") or self.settings.level
            starter = self.checked("starter") or self.settings.starter
            self.settings.level, self.settings.starter = level, starter
            self._set(storage.SETTINGS_KEY, self.settings.dump())
            first = random_seed() % 2 if starter == "random" else 0 if starter == "me" else 1
            session = Session.new(seed, first, "ai", level)
        else:
            session = Session.new(seed, 0, "hotseat")
        self.close_all()
        self.set_session(session)

    def checked(self, name: str) -> str | None:
        box = document.querySelector(f'input[name="{name}"]:checked')
        return str(box.value) if some(box) else None

    def play(self, move: str) -> None:
        s = self.session
        if s is None or move not in s.legal_for_human():
            return  # a stale click (the table changed under the pointer): nothing happens
        s.play(move)
        self.hint = None
        self.autosave()
        self.redraw()

    def focus_next_move(self) -> None:
        """The redraw replaced the pressed button; put focus on the first move to make now."""
        for selector in ("#choices [data-move]", "#board [data-move]", "#choices button"):
            target = document.querySelector(selector)
            if some(target):
                target.focus()
                return

    def undo(self) -> None:
        s = self.session
        if s is not None and s.can_undo():
            s.undo()
            self.hint = None
            self.log_size = -1
            self.autosave()
            self.redraw()

    # ---- the computer --------------------------------------------------------------------------
    async def ask_ai(self, op: str, s: Session) -> dict:
        """The worker's answer; if the worker fails, the same question answered on the page
        (slower to show, but the game goes on)."""
        request = {"op": op, "save": s.encode(), "level": s.level, "seed": s.ai_seed()}
        try:
            answer = await window.targiAI.ask(json.dumps(request))
            return json.loads(str(answer))
        except Exception as error:
            if not self.fallback_noted:
                self.fallback_noted = True
                self.notice(cat.t("error.ai_fallback", reason=str(error)))
        await asyncio.sleep(0.05)  # let the notice and the table paint first
        from targi.ai import choose_move, hint

        if op == "move":
            return {"move": choose_move(s.game, s.level, s.ai_seed())}
        h = hint(s.game, s.ai_seed())
        return {"move": h.move, "key": h.key, "params": h.params}

    async def computer_turn(self) -> None:
        self.ai_busy = True
        generation = self.generation
        try:
            while True:
                s = self.session
                if generation != self.generation or s is None or not s.computer_to_move:
                    return
                began = time.monotonic()
                answer = await self.ask_ai("move", s)
                wait = self.settings.delay_ms / 1000 - (time.monotonic() - began)
                if wait > 0:
                    await asyncio.sleep(wait)
                if generation != self.generation or self.session is not s:
                    return
                s.play(answer["move"], by_computer=True)
                self.autosave()
                self.ai_busy = s.computer_to_move  # keep the loop ours while it goes on
                self.redraw()
                if not s.computer_to_move:
                    return
        except Exception as e:
            if generation == self.generation:
                self.notice(cat.t("error.ai", reason=str(e)))
        finally:
            if generation == self.generation:
                self.ai_busy = False

    async def show_hint(self) -> None:
        s = self.session
        if s is None or not s.human_to_move:
            return
        seq, generation = s.seq, self.generation
        el("hint-text").textContent = cat.t("hint.thinking")
        el("hint-text").hidden = False
        try:
            answer = await self.ask_ai("hint", s)
        except Exception as e:
            self.notice(cat.t("error.ai", reason=str(e)))
            return
        if generation != self.generation or s.seq != seq:
            return
        v = view(s.game)
        reason = hint_reason(cat, v, answer["key"], answer.get("params", {}))
        if reason.startswith("[hint."):  # a reason newer than this catalog
            reason = move_label(cat, v, answer["move"])
        text = cat.t("hint.label", reason=reason)
        self.hint = {"move": answer["move"], "seq": seq, "text": text}
        self.redraw()

    # ---- loading and sharing -------------------------------------------------------------------
    def offer(self, text: str, origin: str) -> bool:
        """Open a save string: at once if nothing is on the table, else after asking.
        An invalid string changes nothing and says why."""
        try:
            incoming = Session.decode(share.from_pasted(text))
        except save.SaveError as e:
            message = cat.t("load.invalid", reason=str(e))
            if origin == "load":
                el("load-message").textContent = message
            else:
                self.notice(message)
            return False
        current = self.session
        if current is None or current.seq == 0 or current.encode() == incoming.encode():
            self.replace_with(incoming)
            return True
        self.pending = incoming
        mode = (
            cat.t("mode.ai", level=cat.t("level." + incoming.level))
            if incoming.mode == "ai"
            else cat.t("mode.hotseat")
        )
        v = view(incoming.game)
        el("confirm-summary").textContent = cat.t(
            "confirm.summary", mode=mode, round=v["round"], moves=incoming.seq
        )
        self.close_all()
        self.open("dlg-confirm")
        return True

    def replace_with(self, incoming: Session) -> None:
        if self.session is not None:
            self.autosave()
            self._set(storage.PREVIOUS_KEY, storage.envelope(self.session))
        self.pending = None
        self.close_all()
        self.set_session(incoming)

    def restore_previous(self) -> None:
        text = self._get(storage.PREVIOUS_KEY)
        if not text:
            el("load-message").textContent = cat.t("load.previous_none")
            return
        try:
            previous = storage.read_envelope(text)
        except storage.StoredGameError as e:
            el("load-message").textContent = cat.t(e.key, **e.params)
            return
        self.replace_with(previous)

    def open_share(self) -> None:
        if self.session is None:
            return
        code = self.session.encode()
        el("share-string").value = code
        el("share-link").value = share.link(str(window.location.href), code)
        el("copy-status").textContent = ""
        self.open("dlg-share")

    async def copy(self, target: str) -> None:
        field = el(target)
        field.select()
        try:
            await window.navigator.clipboard.writeText(field.value)
            el("copy-status").textContent = cat.t("button.copied")
        except Exception:
            ok = False
            try:
                ok = bool(document.execCommand("copy"))
            except Exception:
                ok = False
            el("copy-status").textContent = cat.t("button.copied" if ok else "button.copy_failed")

    # ---- dialogs -------------------------------------------------------------------------------
    def open(self, dialog_id: str) -> None:
        box = el(dialog_id)
        box.hidden = False
        if dialog_id == "dlg-new":
            for name, value in (("level", self.settings.level), ("starter", self.settings.starter)):
                radio = document.querySelector(f'input[name="{name}"][value="{value}"]')
                if some(radio):
                    radio.checked = True
            first_time = self.session is None
            el("welcome").hidden = not first_time
            el("dlg-new-close").hidden = first_time
        if dialog_id == "dlg-load":
            el("load-message").textContent = ""
            el("restore-previous").hidden = self._get(storage.PREVIOUS_KEY) is None
        focus = box.querySelector("textarea, .primary, button")
        if some(focus):
            focus.focus()

    def close_all(self) -> None:
        for box in document.querySelectorAll(".overlay"):
            box.hidden = True

    def close_top(self) -> None:
        if self.session is None and not el("dlg-new").hidden:
            return  # the welcome screen has nothing behind it
        if not el("dlg-confirm").hidden:
            self.pending = None
        self.close_all()
        if self.session is None:
            self.open("dlg-new")

    # ---- events --------------------------------------------------------------------------------
    def on_click(self, event) -> None:
        try:
            self.handle_click(event)
        except Exception as error:  # say so, keep the game: the stored copy is untouched
            self.notice(cat.t("error.internal", reason=f"{type(error).__name__}: {error}"))
            window.console.error(str(error))

    def handle_click(self, event) -> None:
        target = event.target
        mover = target.closest("[data-move]")
        if some(mover):
            if not mover.disabled:
                self.play(str(mover.dataset.move))
                if event.detail == 0:  # pressed from the keyboard: keep the keyboard in play
                    self.focus_next_move()
            return
        starter = target.closest("[data-new-game]")
        if some(starter):
            self.new_game(str(starter.dataset.newGame))
            return
        action_el = target.closest("[data-action]")
        if not some(action_el):
            if target.classList.contains("overlay"):
                self.close_top()
            return
        action = str(action_el.dataset.action)
        if action == "undo":
            self.undo()
        elif action == "hint":
            asyncio.ensure_future(self.show_hint())
        elif action == "open-new" or action == "new":
            self.close_all()
            self.open("dlg-new")
        elif action == "rematch" and self.session is not None:
            self.set_session(self.session.rematch(random_seed()))
        elif action == "open-share":
            self.open_share()
        elif action == "open-load":
            el("load-text").value = ""
            self.open("dlg-load")
        elif action == "load-string":
            text = str(el("load-text").value)
            if not text.strip():
                el("load-message").textContent = cat.t("load.empty")
            else:
                self.offer(text, "load")
        elif action == "restore-previous":
            self.restore_previous()
        elif action == "confirm-replace" and self.pending is not None:
            self.replace_with(self.pending)
        elif action == "cancel-replace":
            self.pending = None
            self.close_top()
        elif action == "copy":
            asyncio.ensure_future(self.copy(str(action_el.dataset.target)))
        elif action == "dismiss-notice":
            el("notice").hidden = True
            self.redraw()  # if the computer stopped on an error, it tries again
        elif action == "storage-fresh":
            self.close_all()
            self.open("dlg-new")
        elif action == "close":
            self.close_top()

    def on_key(self, event) -> None:
        if event.key == "Escape":
            self.close_top()

    def on_pace(self, event) -> None:
        pace = str(el("pace").value)
        if pace in storage.PACES:
            self.settings.pace = pace
            self._set(storage.SETTINGS_KEY, self.settings.dump())

    def on_hash(self, event=None) -> None:
        code = share.from_fragment(str(window.location.hash))
        if code is None:
            return
        # The link has done its job: a reload must not ask again.
        window.history.replaceState(None, "", str(window.location.href).split("#", 1)[0])
        self.offer(code, "link")


def main() -> None:
    if not cat.messages:  # the loader could not read it; it already says so
        raise RuntimeError("the message catalog could not be read")
    page = Page()
    el("reference-list").innerHTML = render.border_reference()
    el("pace").value = page.settings.pace
    document.addEventListener("click", create_proxy(page.on_click))
    document.addEventListener("keydown", create_proxy(page.on_key))
    el("pace").addEventListener("change", create_proxy(page.on_pace))
    window.addEventListener("hashchange", create_proxy(page.on_hash))
    page.restore()
    page.redraw()
    page.on_hash()
    if page.session is None and el("dlg-storage").hidden and el("dlg-confirm").hidden:
        page.open("dlg-new")
    window.targiPage = create_proxy(lambda: page)  # for debugging in the console
    loader.done()
    window.performance.mark("targi:ready")
    window.targiAI.start()  # after the table is up, so it does not slow the first paint


try:
    main()
except Exception as error:  # the loading screen says what failed
    loader.fail(cat.t("loading.error.python", reason=f"{type(error).__name__}: {error}"))
    raise
