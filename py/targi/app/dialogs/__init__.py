"""The dialogs of index.html, one module each: its overlay ids, its `data-action`s and what
showing it fills in. The controller assembles DIALOGS and its click table from them, so a new
dialog is a new module here (and its overlay in index.html), not more controller."""

from __future__ import annotations

from .base import Dialog
from .load import LoadDialog
from .new_game import NewGame
from .page import PageDialog
from .recent import RecentDialog
from .review import ReviewDialog
from .share import ShareDialog
from .stats import StatsDialog
from .storage import StorageDialog
from .tabs import TabsDialog

# In the order of index.html; each an `.overlay`, at most one open at a time.
KINDS: tuple[type[Dialog], ...] = (
    *(NewGame, ShareDialog, LoadDialog, StorageDialog, RecentDialog),
    *(TabsDialog, StatsDialog, ReviewDialog, PageDialog),
)
DIALOGS = tuple(dialog_id for kind in KINDS for dialog_id in kind.ids)

__all__ = ["DIALOGS", "KINDS"]
