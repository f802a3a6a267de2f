"""The page's DOM binding (PyScript, main thread): document events in, controller calls out, and
targi.app.port.Port on the real document. Every decision lives in targi.app.controller."""

import asyncio
import time

from pyodide.ffi import create_proxy, jsnull, to_js
from pyscript import document, window
from targi.app.backend import WebStorage
from targi.app.catalog import Catalog
from targi.app.controller import Click, Controller

window.performance.mark("targi:imports-done")  # for load benchmarks
loader = window.targiLoader
cat = Catalog.from_json(loader.catalogText(), loader.lang)
el = document.getElementById
js_object = window.Object.fromEntries
ONE_COLUMN = "(max-width: 900px)"  # web/style.css: the dock is stuck to the bottom


def some(node) -> bool:
    """A DOM lookup found something (JS null arrives as jsnull, not None)."""
    return node is not None and node is not jsnull


class DomPort:
    """targi.app.port.Port on the browser: localStorage, the document, the clock, the worker."""

    def __init__(self) -> None:
        self.tasks: set[asyncio.Task] = set()  # kept until done (the loop holds weak references)

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
        return str(window.Date.new(ms).toLocaleString(loader.lang, style))

    def set_page_state(self, name: str, value: str) -> None:
        setattr(document.documentElement.dataset, name, value)

    # ---- the document --------------------------------------------------------------------------
    def draw(self, frame) -> None:
        table = el("table")
        if frame is None:
            table.hidden = True
            el("undo").disabled = el("hint").disabled = el("share").disabled = True
            return
        for region, html in frame.regions.items():
            el(region).innerHTML = html
        el("prompt").textContent = frame.prompt
        if frame.log is not None:
            log = el("log")
            log.innerHTML = frame.log
            log.scrollTop = log.scrollHeight
        hint_text = el("hint-text")
        if frame.hint is not None:
            hint_text.textContent = frame.hint
        hint_text.hidden = frame.hint is None
        el("undo").disabled = not frame.can_undo
        el("hint").disabled = not frame.can_hint
        el("share").disabled = False
        table.classList.toggle("thinking", frame.thinking)
        table.hidden = False
        phase, before = frame.dataset.get("phase"), table.dataset.phase
        for name, value in frame.dataset.items():
            setattr(table.dataset, name, value)
        if phase == "over" and before != "over":  # the result comes into view
            block = "start" if window.matchMedia(ONE_COLUMN).matches else "nearest"
            el("score").scrollIntoView(to_js({"block": block}, dict_converter=js_object))
        elif phase == "place" and before != "place" and window.matchMedia(ONE_COLUMN).matches:
            # a round starts: the placement is made on the board, so it is brought back into
            # view if the page was scrolled away from it (the dock covers its lower part)
            el("board").scrollIntoView(to_js({"block": "nearest"}, dict_converter=js_object))

    def set_text(self, element_id: str, text: str) -> None:
        el(element_id).textContent = text

    def set_html(self, element_id: str, html: str) -> None:
        el(element_id).innerHTML = html

    def set_hidden(self, element_id: str, hidden: bool) -> None:
        el(element_id).hidden = hidden

    def set_attrs(self, element_id: str, attrs: dict) -> None:
        node = el(element_id)
        for name, value in attrs.items():
            if value is None:
                node.removeAttribute(name)
            else:
                node.setAttribute(name, value)

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

    def forget_fragment(self) -> None:
        window.history.replaceState(None, "", str(window.location.href).split("#", 1)[0])

    # ---- time, chance, the computer ------------------------------------------------------------
    def random_seed(self) -> int:
        return int(window.crypto.getRandomValues(window.Uint32Array.new(1))[0])

    def clock(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)

    def spawn(self, work) -> None:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.finished)

    def finished(self, task: asyncio.Task) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:  # else it would vanish
            error = task.exception()
            self.report(f"{type(error).__name__}: {error}")

    async def ask_ai(self, request_json: str) -> str:
        return str(await window.targiAI.ask(request_json))

    def report(self, message: str) -> None:
        window.console.error(message)

    async def build_version(self) -> str:
        response = await window.fetch("./build.json")
        return str((await response.json()).version)


def read_click(event) -> Click | None:
    """The control a click landed on (docs/page.md), as the controller's Click."""
    target = event.target
    mover = target.closest("[data-move]")
    if some(mover):
        return None if mover.disabled else Click("move", str(mover.dataset.move), event.detail == 0)
    starter = target.closest("[data-new-game]")
    if some(starter):
        return Click("new-game", str(starter.dataset.newGame))
    action = target.closest("[data-action]")
    if some(action):
        field = action.getAttribute("data-target")  # the field a copy button copies
        return Click(str(action.dataset.action), field if isinstance(field, str) else "")
    return Click("close") if target.classList.contains("overlay") else None


REVIEW_KEYS = ("ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown")


def reviewing() -> bool:
    """The replay is shown and no dialog is open over it."""
    return el("app").dataset.view == "review" and not some(
        document.querySelector(".overlay:not([hidden])")
    )


def typing(target) -> bool:
    """Keys in a form field are the field's own (the replay's slider steps by itself)."""
    return some(target) and str(getattr(target, "tagName", "")) in ("INPUT", "TEXTAREA", "SELECT")


def main() -> None:
    if not cat.messages:  # the loader could not read it; it already says so
        raise RuntimeError("the message catalog could not be read")
    page = Controller(DomPort(), cat)

    def on_click(event) -> None:
        click = read_click(event)
        if click is not None:
            page.click(click)

    def on_key(event) -> None:
        if event.key == "Escape":
            page.click(Click("close"))
        elif event.key in REVIEW_KEYS and reviewing() and not typing(event.target):
            event.preventDefault()  # Home/End/PageUp/PageDown step the replay, not the page
            page.click(Click("review-key", str(event.key)))

    document.addEventListener("click", create_proxy(on_click))
    document.addEventListener("keydown", create_proxy(on_key))
    el("review-slider").addEventListener(
        "input", create_proxy(lambda e: page.click(Click("review-goto", str(e.target.value))))
    )
    el("pace").addEventListener(
        "change", create_proxy(lambda e: page.set_pace(str(e.target.value)))
    )
    window.addEventListener(
        "hashchange", create_proxy(lambda e: page.open_fragment(str(window.location.hash)))
    )
    # Another tab took the game on this table over (its Web Lock was stolen).
    window.targiTabs.onLost(create_proxy(lambda game_id: page.lost_game(str(game_id))))

    def on_leave(event) -> None:
        if page.has_unsaved():  # storage full or unusable: closing now would lose moves
            event.preventDefault()

    window.addEventListener("beforeunload", create_proxy(on_leave))
    # Space may have come back since the last move (another tab or app freed some).
    window.addEventListener("pagehide", create_proxy(lambda e: page.retry_save()))
    page.start(str(window.location.hash))
    window.targiPage = create_proxy(lambda: page)  # for debugging in the console
    loader.done()
    window.performance.mark("targi:ready")
    window.targiAI.start()  # after the table is up, so it does not slow the first paint


try:
    main()
except Exception as error:  # the loading screen says what failed
    loader.fail(cat.t("loading.error.python", reason=f"{type(error).__name__}: {error}"))
    raise
