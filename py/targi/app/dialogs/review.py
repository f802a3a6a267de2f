"""The replay's clicks and keys, and the export dialog (`#dlg-export`) it opens. The replay
itself (targi.app.review.reviewer) is made when first opened: its modules (the chart, the
export, the replay) are not imported at a first visit's start."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..page import Actions
from .base import Dialog

if TYPE_CHECKING:
    from ..review.reviewer import Reviewer


class ReviewDialog(Dialog):
    ids = ("dlg-export",)
    _reviewer: Reviewer | None = None  # None until a replay is first opened

    @property
    def reviewer(self) -> Reviewer:
        if self._reviewer is None:
            from ..review.reviewer import Reviewer

            self._reviewer = Reviewer(self.page)
        return self._reviewer

    def actions(self) -> Actions:
        return {
            "review": lambda k: self.reviewer.open(),
            # Recent games' Replay on a friend game whose deal is verified
            "friend-replay": lambda k: self.port.spawn(self.friend_replay(k.value)),
            "review-close": lambda k: self.reviewer.close(),
            "review-nav": lambda k: self.reviewer.nav(k.value),
            "review-key": lambda k: self.reviewer.key(k.value),
            "review-goto": lambda k: self.reviewer.goto(k.value),
            "review-jump": lambda k: self.reviewer.jump(k.value),
            "review-side": lambda k: self.reviewer.set_side(k.value),
            "analysis-start": lambda k: self.port.spawn(self.reviewer.analyse()),
            "analysis-cancel": lambda k: self.reviewer.cancel(),
            "play-on": lambda k: self.reviewer.play_on(k.value),
            "export": lambda k: self.reviewer.export(),
            "export-copy": lambda k: self.port.spawn(self.reviewer.copy_export()),
            "export-download": lambda k: self.reviewer.download_export(),
        }

    async def friend_replay(self, game_id: str) -> None:
        await self.page.friend.open_kept(game_id)
        if self.page.friend.shown_id() == game_id:
            self.reviewer.open()

    def escape(self, dialogs: tuple[str, ...]) -> bool:
        """Escape closes the replay when no dialog is open over it."""
        r = self._reviewer
        if r is None or not r.is_open or not all(self.port.is_hidden(d) for d in dialogs):
            return False
        r.close()
        return True

    def follow(self) -> None:
        if self._reviewer is not None:
            self._reviewer.follow()

    def leave(self) -> None:
        """Another game is on the table: the replay of the last one is over."""
        if self._reviewer is not None:
            self._reviewer.leave()

    def rewrite(self) -> None:
        if self._reviewer is not None:  # nothing to reword before a replay was opened
            self._reviewer.rewrite()
