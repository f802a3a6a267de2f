"""First-game tips: one short tip the first time a player meets each kind of decision.

Which tips were seen, and whether tips are wanted at all, live in the page's settings
(targi.app.store.storage.Settings: `tips`, `tips_seen`), so each tip is shown once per device.
"""

from __future__ import annotations

from collections.abc import Collection

from ..session import PageView

# The decisions that get a tip, in the order a game meets them; each has "tip.<kind>" words.
TIPS = ("place", "act", "tribe", "raid")


def due_tip(v: PageView, enabled: bool, seen: Collection[str]) -> str | None:
    """The tip for the decision in view `v`, if a person makes it and has not seen that tip."""
    if not enabled or not v["human_to_move"]:
        return None
    kind = str(v["decision"]["kind"])
    return kind if kind in TIPS and kind not in seen else None


def read_seen(value: object) -> list[str]:
    """The stored list of seen tips, keeping only known tip names (anything else is dropped)."""
    if not isinstance(value, list):
        return []
    return [t for t in TIPS if t in value]
