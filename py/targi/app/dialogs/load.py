"""Opening a save string: the Load dialog (`#dlg-load`), a shared link (`#g=…`), and the
question before a game in play is replaced (`#dlg-confirm`)."""

from __future__ import annotations

from ... import save
from ..page import Actions
from ..session import Session
from ..store import share
from .base import Dialog


class LoadDialog(Dialog):
    ids = ("dlg-load", "dlg-confirm")
    pending: Session | None = None  # a loaded game waiting for "replace?"

    def actions(self) -> Actions:
        return {
            "open-load": lambda k: self.show(),
            "load-string": lambda k: self.load_string(),
            "restore-previous": lambda k: self.restore_previous(),
            "confirm-replace": lambda k: self.confirm_replace(),
            "cancel-replace": lambda k: self.cancel_replace(),
        }

    def show(self) -> None:
        self.port.set_value("load-text", "")
        self.page.show("dlg-load")  # from the welcome: one dialog at a time; closing goes back

    def opened(self, dialog_id: str) -> None:
        if dialog_id == "dlg-load":
            self.port.set_text("load-message", "")
            self.port.set_hidden("restore-previous", self.page.games.before is None)

    def dismissed(self) -> None:
        if not self.port.is_hidden("dlg-confirm"):
            self.pending = None

    def offer(self, text: str, origin: str) -> bool:
        """Open a save string: at once if nothing is on the table, else after asking.
        An invalid string changes nothing and says why (in the Load dialog if it came from
        there, else as a notice)."""
        page, cat = self.page, self.page.cat
        try:
            incoming = Session.decode(share.from_pasted(text))
        except save.SaveError as e:
            message = cat.t("load.invalid", reason=str(e))
            if origin == "load":
                self.port.set_text("load-message", message)
            else:
                page.notice(message)
            return False
        current = page.session
        if current is None or current.seq == 0 or current.encode() == incoming.encode():
            self.replace_with(incoming)
            return True
        self.pending = incoming
        mode = (
            cat.t("mode.ai", level=cat.t("level." + incoming.level))
            if incoming.mode == "ai"
            else cat.t("mode.hotseat")
        )
        summary = cat.plural(
            "confirm.summary", incoming.seq, mode=mode, round=incoming.view()["round"]
        )
        self.port.set_text("confirm-summary", summary)
        page.show("dlg-confirm")
        return True

    def replace_with(self, incoming: Session) -> None:
        self.pending = None
        self.page.replace_with(incoming)

    def confirm_replace(self) -> None:
        if self.pending is not None:
            self.replace_with(self.pending)

    def cancel_replace(self) -> None:
        self.pending = None
        self.page.close_top()

    def load_string(self) -> None:
        text = self.port.get_value("load-text")
        if not text.strip():
            self.port.set_text("load-message", self.page.cat.t("load.empty"))
        else:
            self.offer(text, "load")

    def restore_previous(self) -> None:
        before = self.page.games.before
        if before is None:
            self.port.set_text("load-message", self.page.cat.t("load.previous_none"))
        else:
            self.page.reopen(before)

    def open_fragment(self, fragment: str) -> None:
        """A shared link (`#g=…`) opened or followed."""
        code = share.from_fragment(fragment)
        if code is None:
            return
        self.port.forget_fragment()  # the link has done its job: a reload must not ask again
        self.offer(code, "link")
