"""What the parts of the page may ask of it: the narrow interface the dialogs, the computer's
turn and the replay get (targi.app.controller.Controller implements it), never the controller
itself, so none of them imports the controller."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from .html.render import Renderer
from .port import Port
from .session import Session
from .store.recent import GameStore
from .store.records import RecordsPanel
from .store.shelf import Shelf
from .store.storage import Settings
from .text.catalog import Catalog

if TYPE_CHECKING:
    from .friendplay.flow import FriendFlow


@dataclass(frozen=True)
class Click:
    """A click as the page binding read it from the DOM:
    `data-move=m` -> Click("move", m, keyboard), `data-new-game=x` -> Click("new-game", x),
    `data-action=a` (and its `data-target=t`) -> Click(a, t), the backdrop of a dialog or the
    Escape key -> Click("close")."""

    action: str
    value: str = ""
    keyboard: bool = False  # pressed from the keyboard (event.detail == 0)


Action = Callable[[Click], None]  # what one `data-action` does
Actions = dict[str, Action]


class Page(Protocol):
    """The game on the table, its storage and the dialogs' common moves."""

    port: Port
    cat: Catalog
    render: Renderer
    settings: Settings
    games: GameStore
    shelf: Shelf
    records: RecordsPanel
    session: Session | None
    friend: FriendFlow  # a friend game by links (targi.app.friendplay)
    generation: int  # bumped whenever the game on the table is replaced
    by_keyboard: bool  # the last control was pressed from the keyboard

    def store_settings(self) -> None: ...
    def notice(self, text: str) -> None: ...
    def open(self, dialog_id: str, opened_by_control: bool = True) -> None: ...
    def show(self, dialog_id: str) -> None: ...
    def close_all(self) -> None: ...
    def close_top(self) -> None: ...
    def redraw(self) -> None: ...
    def follow_replay(self) -> None: ...
    def rewrite(self) -> None: ...
    def autosave(self) -> None: ...
    def announce(self, mover: int | None) -> None: ...
    def set_session(self, session: Session) -> None: ...
    def put(self, session: Session) -> None: ...
    def replace_with(self, incoming: Session) -> None: ...
    def reopen(self, game_id: str) -> None: ...
    def bring_back(self, fetch: Callable[[], Session], *where: str) -> None: ...
    def halt(self) -> None: ...
    def focus_first_move(self) -> None: ...
    def focus_next_move(self) -> None: ...
    def set_tips(self, on: bool, keyboard: bool = False) -> None: ...
    def worker_failed(self, error: Exception) -> None: ...
