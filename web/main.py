"""The page's DOM binding (PyScript, main thread): document events in, controller calls out, and
targi.app.port.Port on the real document. Every decision lives in targi.app.controller."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Coroutine, Iterable
from typing import Any, Protocol, TypeGuard

from pyodide.ffi import create_proxy, jsnull, to_js
from pyscript import document, window
from targi.app.controller import DIALOGS, LANGUAGE_MENUS, Click, Controller
from targi.app.port import Port, TableFrame
from targi.app.store.backend import WebStorage
from targi.app.table.writes import LOG, Writes
from targi.app.text.catalog import Catalog

window.performance.mark("targi:imports-done")  # for load benchmarks
loader = window.targiLoader
cat = Catalog.from_json(loader.catalogText(), loader.lang)
el = document.getElementById
js_object = window.Object.fromEntries
ONE_COLUMN = "(max-width: 900px)"  # web/style.css: the dock is stuck to the bottom


def link_manifest(lang: str) -> None:
    """The install prompt names the app in the page's language (tools/manifests.py)."""
    name = "manifest.webmanifest" if lang == "en" else f"manifest.{lang}.webmanifest"
    link = document.querySelector("link[rel=manifest]")
    if link is not None and link is not jsnull:
        link.setAttribute("href", f"./web/{name}")


# Pyodide's JS proxies come untyped (`js` and `pyscript` have no stubs): these protocols name the
# few members this module reads off the elements and events it is handed, so mypy checks them.
class ClassList(Protocol):
    def contains(self, name: str) -> bool: ...


class DataSet(Protocol):
    def __getattr__(self, name: str) -> str: ...


class Element(Protocol):
    isConnected: bool
    disabled: bool
    value: str  # a form field's
    checked: bool  # a radio button's
    dataset: DataSet
    classList: ClassList

    def focus(self) -> None: ...
    def checkVisibility(self) -> bool: ...
    def contains(self, other: Element) -> bool: ...
    def matches(self, selector: str) -> bool: ...
    def closest(self, selector: str) -> Element | None: ...
    def querySelectorAll(self, selector: str) -> Iterable[Element]: ...
    def getAttribute(self, name: str) -> str | None: ...


class DomEvent(Protocol):
    target: Element
    key: str
    detail: int  # the click count: 0 when a key pressed the button
    shiftKey: bool

    def preventDefault(self) -> None: ...


class PointerEvent(Protocol):
    pointerId: int


def some(node: Element | None) -> TypeGuard[Element]:
    """A DOM lookup found something (JS null arrives as jsnull, not None)."""
    return node is not None and node is not jsnull


class Presses:
    """Whether a pointer (a finger, a mouse button) is pressed on the page, and a wait for its
    release: the page's words in a new language (Prefs.set_language) and a hint's reason
    (Computer.show_hint) wait for it. Written while Close was being tapped just after a
    language was chosen, the words moved the button out from under the pointer, and the click
    landed beside it (docs/build.md, "A lost tap")."""

    # A release the click follows: a mouse's comes in the same task, a finger's tap a little
    # later (a gesture of its own). Without one (dragged off, a long press), no longer than this.
    CLICK_AFTER_UP_S = 0.5
    # A pointer held down that long: the words are written anyway.
    HOLD_CAP_S = 3.0

    def __init__(self) -> None:
        self.down: set[int] = set()
        self.until_click = False  # released, its click still to come
        self.waiters: list[asyncio.Future[None]] = []
        self.timer: asyncio.TimerHandle | None = None

    def listen(self) -> None:
        on = document.addEventListener
        on("pointerdown", create_proxy(self.on_down), True)
        on("pointerup", create_proxy(self.on_up), True)
        on("pointercancel", create_proxy(self.on_cancel), True)
        # after the click's own handlers (web/main.py's on_click is one): the next task
        on("click", create_proxy(lambda e: asyncio.get_event_loop().call_soon(self.on_click)), True)
        # a select's popup took the press that opened it (its release never reaches the page)
        on("change", create_proxy(lambda e: self.release()), True)
        window.addEventListener("blur", create_proxy(lambda e: self.release()))

    @property
    def is_pressed(self) -> bool:
        return bool(self.down) or self.until_click

    def on_down(self, event: PointerEvent) -> None:
        self.down.add(int(event.pointerId))
        self.until_click = False
        self.stop_timer()

    def on_up(self, event: PointerEvent) -> None:
        self.down.discard(int(event.pointerId))
        if not self.down:
            self.until_click = True
            self.stop_timer()
            self.timer = asyncio.get_event_loop().call_later(self.CLICK_AFTER_UP_S, self.release)

    def on_cancel(self, event: PointerEvent) -> None:
        self.down.discard(int(event.pointerId))
        if not self.down:
            self.release()

    def on_click(self) -> None:
        if not self.down:
            self.release()

    def stop_timer(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def release(self) -> None:
        self.down.clear()
        self.until_click = False
        self.stop_timer()
        for waiter in self.waiters:
            if not waiter.done():
                waiter.set_result(None)
        self.waiters.clear()

    async def released(self) -> None:
        if not self.is_pressed:
            return
        waiter = asyncio.get_event_loop().create_future()
        self.waiters.append(waiter)
        with contextlib.suppress(TimeoutError):  # held that long: written anyway
            await asyncio.wait_for(waiter, self.HOLD_CAP_S)


class DomPort:
    """targi.app.port.Port on the browser: localStorage, the document, the clock, the worker."""

    def __init__(self) -> None:
        # kept until done (the loop holds weak references)
        self.tasks: set[asyncio.Task[None]] = set()
        # the element that last received focus (a focusin listener)
        self.last_focused: Element | None = None
        self.opener: Element | None = None  # the control that opened the open dialog
        self.writes = Writes()  # what the table's regions hold, so a redraw skips the same
        self.log_behind = False  # the log grew while the replay hid it: not scrolled yet
        self.presses = Presses()

    # ---- storage and tabs ----------------------------------------------------------------------
    def local_storage(self) -> WebStorage | None:
        if loader.noStorage():  # "start without stored data": storage is left as it is
            return None
        return WebStorage.open(lambda: window.localStorage)  # None if even the getter throws

    def tab_storage(self) -> WebStorage | None:
        return WebStorage.open(lambda: window.sessionStorage)

    async def hold_game(self, game_id: str) -> bool:
        return bool(await window.targiTabs.hold(game_id))

    async def take_over_game(self, game_id: str) -> bool:
        return bool(await window.targiTabs.takeOver(game_id))

    def date_ms(self) -> int:
        return int(window.Date.now())

    def date_text(self, ms: int) -> str:
        style = to_js({"dateStyle": "medium", "timeStyle": "short"}, dict_converter=js_object)
        return str(window.Date.new(ms).toLocaleString(cat.lang, style))

    def set_page_state(self, name: str, value: str) -> None:
        if value:
            document.documentElement.setAttribute(f"data-{name}", value)
        else:  # "" drops the attribute (e.g. data-friend with no friend game on the page)
            document.documentElement.removeAttribute(f"data-{name}")

    # ---- the document --------------------------------------------------------------------------
    def draw(self, frame: TableFrame | None) -> None:
        table = el("table")
        if frame is None:
            table.hidden = True
            el("undo").disabled = el("hint").disabled = el("share").disabled = True
            return
        writes = self.writes.of(frame)
        for write in writes:
            if write.part is not None:  # one board cell: the others keep their layout and paint
                row, column = write.part
                el(write.region).children.item(row).children.item(column).outerHTML = write.html
            elif write.append:
                el(write.region).insertAdjacentHTML("beforeend", write.html)
            else:
                el(write.region).innerHTML = write.html
        el("prompt").textContent = frame.prompt
        # The log to its end only when it grew or the table comes into view (a hidden log has no
        # height to scroll by): reading scrollHeight lays the page out at once, which a redraw
        # that added no line need not pay for.
        scroll_log = bool(table.hidden) or any(write.region == LOG for write in writes)
        hint_text = el("hint-text")
        if frame.hint is not None:
            hint_text.textContent = frame.hint
        hint_text.hidden = frame.hint is None
        el("undo").disabled = not frame.can_undo
        el("hint").disabled = not frame.can_hint
        el("share").disabled = False
        table.classList.toggle("thinking", frame.thinking)
        table.hidden = False
        if scroll_log:
            log = el("log")
            log.scrollTop = log.scrollHeight
            # Behind the replay (#app[data-view=review] hides the table) the log has no height
            # to scroll by: scrolled again when the replay gives way (set_attrs).
            self.log_behind = el("app").getAttribute("data-view") == "review"
        phase, before = frame.dataset.get("phase"), table.dataset.phase
        for name, value in frame.dataset.items():
            setattr(table.dataset, name, value)
        self.into_view(phase, before)

    def into_view(self, phase: str | None, before: str | None) -> None:
        """What the table at `phase` (after `before`) brings into view: work on the laid-out
        page, which measures and scrolls nothing while the page is hidden (see `shown`)."""
        if phase == "over" and before != "over":  # the result comes into view
            block = "start" if window.matchMedia(ONE_COLUMN).matches else "nearest"
            el("score").scrollIntoView(to_js({"block": block}, dict_converter=js_object))
        elif phase == "place" and before != "place" and window.matchMedia(ONE_COLUMN).matches:
            # a round starts: the placement is made on the board, so it is brought back into
            # view if the page was scrolled away from it (the dock covers its lower part)
            el("board").scrollIntoView(to_js({"block": "nearest"}, dict_converter=js_object))
        if phase == "place" and window.matchMedia(ONE_COLUMN).matches:
            self.board_above_dock()

    def shown(self) -> None:
        """The loading screen gave way. Without the last table kept to show (a link, or a
        reload within moments of a move) the first draw was made in the hidden page, where the
        log had no height to scroll by and the board and the dock measured zero: what it would
        have scrolled, it scrolls now that they have sizes."""
        log = el("log")
        if log.childElementCount:
            log.scrollTop = log.scrollHeight
        table = el("table")
        if not table.hidden:
            self.into_view(str(table.dataset.phase), None)

    def board_above_dock(self) -> None:
        """Placements are made on the board: when the dock (taller with a first-game tip) covers
        its lower border cards, the page scrolls them up above it, never past the board's top."""
        if not el("board").querySelector("[data-move]"):
            return
        board = el("board").getBoundingClientRect()
        dock = el("dock").getBoundingClientRect()
        covered = board.bottom - dock.top
        if covered > 0.5 and board.top > 0:
            window.scrollBy(0, min(covered, board.top))

    def set_text(self, element_id: str, text: str) -> None:
        el(element_id).textContent = text

    def set_html(self, element_id: str, html: str) -> None:
        el(element_id).innerHTML = html
        self.writes.forget(element_id)  # a region of the table: the next redraw writes it whole

    def set_hidden(self, element_id: str, hidden: bool) -> None:
        node = el(element_id)
        node.hidden = hidden
        if element_id in DIALOGS and not hidden:
            # A dialog opens at its top: How to play, Cards and About share one dialog, which
            # would otherwise keep where the last page was scrolled to. (Shown first: a
            # hidden box has no scroll position to set.)
            node.scrollTop = 0
            for box in node.querySelectorAll(".dialog"):
                box.scrollTop = 0
        if element_id in DIALOGS:
            self.behind_dialog()

    def behind_dialog(self) -> None:
        """While a dialog is open the page behind it is inert: no focus, no clicks, out of the
        accessibility tree (the update bar stays usable above it)."""
        covered = some(document.querySelector(".overlay:not([hidden])"))
        for node in document.querySelectorAll(BEHIND_DIALOGS):
            if bool(node.inert) != covered:  # an unchanged write still costs a style pass
                node.inert = covered

    def set_attrs(self, element_id: str, attrs: dict[str, str | None]) -> None:
        node = el(element_id)
        for name, value in attrs.items():
            if value is None:
                node.removeAttribute(name)
            else:
                node.setAttribute(name, value)
        if element_id == "app" and attrs.get("data-view") == "table" and self.log_behind:
            self.log_behind = False  # the replay gave way to the table: the log's new lines
            log = el("log")
            log.scrollTop = log.scrollHeight

    def is_hidden(self, element_id: str) -> bool:
        return bool(el(element_id).hidden)

    def get_value(self, element_id: str) -> str:
        return str(el(element_id).value)

    def set_value(self, element_id: str, value: str) -> None:
        el(element_id).value = value

    def checked(self, name: str) -> str | None:
        box = document.querySelector(f'input[name="{name}"]:checked')
        return str(box.value) if some(box) else None

    def check(self, name: str, value: str) -> None:
        radio = document.querySelector(f'input[name="{name}"][value="{value}"]')
        if some(radio):
            radio.checked = True

    def focus(self, selector: str) -> bool:
        target = document.querySelector(selector)
        if some(target):
            target.focus()
        return some(target)

    async def copy(self, element_id: str) -> bool:
        field = el(element_id)
        field.select()
        try:
            await window.navigator.clipboard.writeText(field.value)
            return True
        except Exception:
            try:
                return bool(document.execCommand("copy"))
            except Exception:
                return False

    def download(self, file_name: str, text: str) -> bool:
        try:
            kind = to_js(
                {"type": "text/plain;charset=utf-8"}, dict_converter=window.Object.fromEntries
            )
            url = window.URL.createObjectURL(window.Blob.new(to_js([text]), kind))
            link = document.createElement("a")
            link.href, link.download, link.hidden = url, file_name, True
            document.body.appendChild(link)
            link.click()
            link.remove()
            window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 10_000)
            return True
        except Exception:
            return False

    def page_url(self) -> str:
        return str(window.location.href)

    def focus_dropped(self) -> bool:
        active = document.activeElement
        return not some(active) or active == document.body or not active.isConnected

    def remember_focus(self) -> None:
        # the last focused element, even if a dialog just hid it: the one the player pressed
        self.opener = self.last_focused

    def restore_focus(self) -> bool:
        node, self.opener = self.opener, None
        if not some(node) or not node.isConnected or not node.checkVisibility():
            return False
        node.focus()
        return True

    def prefers_dark(self) -> bool:
        return bool(window.matchMedia("(prefers-color-scheme: dark)").matches)

    def sound(self, name: str) -> None:
        player = getattr(window, "targiSound", None)  # web/sound.js; a sound is never an error
        if player is not None:
            try:
                player.play(name)
            except Exception as error:
                self.report(f"sound: {type(error).__name__}: {error}")

    async def copy_text(self, text: str) -> bool:
        try:
            await window.navigator.clipboard.writeText(text)
            return True
        except Exception:
            return False

    def can_share(self) -> bool:
        return bool(window.Reflect.has(window.navigator, "share"))

    async def share_link(self, title: str, url: str) -> bool:
        try:
            data = to_js({"title": title, "url": url}, dict_converter=js_object)
            await window.navigator.share(data)
            return True
        except Exception:  # cancelled, or not allowed here
            return False

    def forget_fragment(self) -> None:
        if window.location.hash:  # replaceState costs the page ~17 ms: only when there is one
            window.history.replaceState(None, "", str(window.location.href).split("#", 1)[0])

    async def catalog_text(self, lang: str) -> str:
        response = await window.fetch(f"./web/messages/{lang}.json")
        if not response.ok:
            raise OSError(f"web/messages/{lang}.json: HTTP {response.status}")
        return str(await response.text())

    def pressed(self) -> bool:
        return self.presses.is_pressed

    async def released(self) -> None:
        await self.presses.released()

    def set_language(self, lang: str, catalog_text: str) -> None:
        loader.useCatalog(lang, catalog_text)  # <html lang>, <title>, every data-msg text
        link_manifest(lang)
        url = window.URL.new(window.location.href)
        if url.searchParams.has("lang"):  # the link's language gave way to the reader's choice
            url.searchParams.delete("lang")
            window.history.replaceState(window.history.state, "", url.href)

    # ---- live play: web/live.js holds the connection --------------------------------------------
    def live_supported(self) -> bool:
        return bool(window.targiLive.supported())

    async def live_offer(self, stun: str | None) -> str:
        return str(await window.targiLive.offer(stun))

    async def live_answer(self, offer: str, stun: str | None) -> str:
        return str(await window.targiLive.answer(offer, stun))

    async def live_accept(self, answer: str) -> None:
        await window.targiLive.accept(answer)

    def live_send(self, text: str) -> bool:
        return bool(window.targiLive.send(text))

    def live_close(self) -> None:
        window.targiLive.close()

    def tab_post(self, text: str) -> None:
        window.targiLive.tabPost(text)

    # ---- time, chance, the computer ------------------------------------------------------------
    def random_seed(self) -> int:
        return int(window.crypto.getRandomValues(window.Uint32Array.new(1))[0])

    def random_bytes(self, n: int) -> bytes:
        return bytes(window.crypto.getRandomValues(window.Uint8Array.new(n)).to_py())

    async def load_friend(self) -> None:
        from targi.app.friend_runtime import install_friend  # only a friend game needs it

        await install_friend(str(window.URL.new("./", document.baseURI).href))

    def clock(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.finished)

    def finished(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:  # else it would vanish
            error = task.exception()
            self.report(f"{type(error).__name__}: {error}")

    def start_computer(self) -> None:
        window.targiAI.start()  # web/ai-client.js: at once if the table is up, else then

    async def ask_ai(self, request_json: str) -> str:
        return str(await window.targiAI.ask(request_json))

    def report(self, message: str) -> None:
        window.console.error(message)

    async def build_version(self) -> str:
        response = await window.fetch("./build.json")
        return str((await response.json()).version)


# Here mypy checks DomPort against targi.app.port.Port: a missing or mistyped method fails.
_: type[Port] = DomPort


def read_click(event: DomEvent) -> Click | None:
    """The control a click landed on (docs/page.md), as the controller's Click."""
    target = event.target
    keyboard = event.detail == 0  # Enter or Space on a button: no pointer, no click count
    mover = target.closest("[data-move]")
    if some(mover):
        return None if mover.disabled else Click("move", str(mover.dataset.move), keyboard)
    starter = target.closest("[data-new-game]")
    if some(starter):
        return Click("new-game", str(starter.dataset.newGame), keyboard)
    action = target.closest("[data-action]")
    if some(action):
        field = action.getAttribute("data-target")  # the field a copy button copies
        return Click(str(action.dataset.action), field if isinstance(field, str) else "", keyboard)
    return Click("close") if target.classList.contains("overlay") else None


REVIEW_KEYS = ("ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown")


def reviewing() -> bool:
    """The replay is shown and no dialog is open over it."""
    # getAttribute: before the first replay there is no data-view (dataset.view would raise)
    return el("app").getAttribute("data-view") == "review" and not some(
        document.querySelector(".overlay:not([hidden])")
    )


def typing(target: Element | None) -> bool:
    """Keys in a form field are the field's own (the replay's slider steps by itself)."""
    return some(target) and str(getattr(target, "tagName", "")) in ("INPUT", "TEXTAREA", "SELECT")


# What a dialog makes inert: the header's tools (its menu included), the notices, the table.
BEHIND_DIALOGS = (
    "header.top .tools > button, header.top .menu-wrap, #notice, #storage-notice, #no-game, "
    "#table, #review"
)
FOCUSABLE = (
    "button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), "
    "textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])"
)


def open_dialog() -> Element | None:
    """The dialog of the open overlay, if one is open."""
    dialog: Element | None = document.querySelector(
        ".overlay:not([hidden]) [role=dialog], .overlay:not([hidden]) [role=alertdialog]"
    )
    return dialog


def trap_tab(event: DomEvent) -> None:
    """Tab and Shift+Tab stay inside an open dialog (aria-modal: the page behind is inert)."""
    dialog = open_dialog()
    if not some(dialog):
        return
    shown = [n for n in dialog.querySelectorAll(FOCUSABLE) if n.checkVisibility()]
    if not shown:
        return
    first, last = shown[0], shown[-1]
    active = document.activeElement
    if not (some(active) and dialog.contains(active)):
        target = last if event.shiftKey else first
    elif event.shiftKey and active == first:
        target = last
    elif not event.shiftKey and active == last:
        target = first
    else:
        return  # the browser's own Tab order inside the dialog
    event.preventDefault()
    target.focus()


BOARD_STEPS = {"ArrowLeft": (0, -1), "ArrowRight": (0, 1), "ArrowUp": (-1, 0), "ArrowDown": (1, 0)}


def board_arrow(event: DomEvent) -> bool:
    """Arrow keys move between the board's cells (role=grid), skipping cells that take no
    focus (card backs); True if the key was used."""
    target = event.target
    if not (some(target) and some(target.closest("#board"))):
        return False
    grid = [
        list(row.querySelectorAll(".cell")) for row in document.querySelectorAll("#board .brow")
    ]
    for r, row in enumerate(grid):
        for c, node in enumerate(row):
            if node == target or node.contains(target):
                dr, dc = BOARD_STEPS[event.key]
                r, c = r + dr, c + dc
                while 0 <= r < len(grid) and 0 <= c < len(grid[r]):
                    if grid[r][c].matches(FOCUSABLE):
                        grid[r][c].focus()
                        break
                    r, c = r + dr, c + dc
                event.preventDefault()
                return True
    return False


def main() -> None:
    if not cat.messages:  # the loader could not read it; it already says so
        raise RuntimeError("the message catalog could not be read")
    port = DomPort()
    page = Controller(port, cat)
    link_manifest(cat.lang)

    def on_focus(event: DomEvent) -> None:
        port.last_focused = event.target

    document.addEventListener("focusin", create_proxy(on_focus))
    port.presses.listen()
    window.matchMedia("(prefers-color-scheme: dark)").addEventListener(
        "change", create_proxy(lambda e: page.prefs.system_theme_changed())
    )

    def on_click(event: DomEvent) -> None:
        click = read_click(event)
        if click is not None:
            page.click(click)
        elif not el("menu").hidden and not some(event.target.closest(".menu-wrap")):
            page.click(Click("menu-close"))  # a click outside the header's menu closes it

    def on_key(event: DomEvent) -> None:
        if event.key == "Escape":
            page.click(Click("close", keyboard=True))
        elif event.key == "Tab":
            trap_tab(event)
        elif event.key in BOARD_STEPS and not reviewing():
            board_arrow(event)
        elif event.key in REVIEW_KEYS and reviewing() and not typing(event.target):
            event.preventDefault()  # Home/End/PageUp/PageDown step the replay, not the page
            page.click(Click("review-key", str(event.key), keyboard=True))

    document.addEventListener("click", create_proxy(on_click))
    document.addEventListener("keydown", create_proxy(on_key))
    el("review-slider").addEventListener(
        "input", create_proxy(lambda e: page.click(Click("review-goto", str(e.target.value))))
    )
    for menu in LANGUAGE_MENUS:
        el(menu).addEventListener(
            "change",
            create_proxy(lambda e: page.port.spawn(page.prefs.set_language(str(e.target.value)))),
        )
    el("pace").addEventListener(
        "change", create_proxy(lambda e: page.prefs.set_pace(str(e.target.value)))
    )
    el("hint-level").addEventListener(
        "change", create_proxy(lambda e: page.prefs.set_hint_level(str(e.target.value)))
    )
    el("theme-choice").addEventListener(
        "change", create_proxy(lambda e: page.prefs.set_theme(str(e.target.value)))
    )
    window.addEventListener(
        "hashchange", create_proxy(lambda e: page.open_fragment(str(window.location.hash)))
    )
    # The friend's page, live: its messages and the channel opening or closing.
    window.targiLive.onMessage(create_proxy(lambda text: page.friend_live.message(str(text))))
    window.targiLive.onState(create_proxy(lambda state: page.friend_live.state(str(state))))
    # This site's other tabs of this browser (an answer handed to the tab that invited).
    window.targiLive.onTab(create_proxy(lambda text: page.friend_live.tab_message(str(text))))
    # Another tab took the game on this table over (its Web Lock was stolen).
    window.targiTabs.onLost(create_proxy(lambda game_id: page.tabs.lost(str(game_id))))

    def on_leave(event: DomEvent) -> None:
        if page.keeping.has_unsaved():  # storage full or unusable: closing now would lose moves
            event.preventDefault()

    window.addEventListener("beforeunload", create_proxy(on_leave))
    # Space may have come back since the last move (another tab or app freed some).
    window.addEventListener("pagehide", create_proxy(lambda e: page.keeping.retry_save()))
    page.start(str(window.location.hash))
    window.targiPage = create_proxy(lambda: page)  # for debugging in the console
    loader.done()
    port.shown()
    page.shown()
    window.performance.mark("targi:ready")
    # The computer's worker, if the game on the table has a computer seat (start_computer) or
    # no snapshot is kept: after the table is up, so it does not slow the first paint.
    window.targiAI.tableShown()


try:
    main()
except Exception as error:  # the loading screen says what failed
    loader.fail(cat.t("loading.error.python", reason=f"{type(error).__name__}: {error}"))
    raise
