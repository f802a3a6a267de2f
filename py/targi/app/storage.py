"""What the page keeps in localStorage: the current game in a versioned envelope, settings.

Stored data that cannot be read is never deleted: the page moves it to BACKUP_KEY and says why.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..save import SaveError
from .session import LEVELS, Session

GAME_KEY = "targi.game"
BACKUP_KEY = "targi.game.backup"  # unreadable stored data, kept aside
PREVIOUS_KEY = "targi.game.previous"  # the game a loaded one replaced
SETTINGS_KEY = "targi.settings"
FORMAT = 1

PACES = {"slow": 1400, "normal": 750, "fast": 300, "instant": 0}  # ms between computer moves
STARTERS = ("me", "computer", "random")


class StoredGameError(ValueError):
    """Stored data that cannot be read; `key` and `params` name a catalog message."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def envelope(session: Session) -> str:
    return json.dumps({"app": "targi", "format": FORMAT, "save": session.encode()})


def read_envelope(text: str) -> Session:
    """The game stored in `text`; StoredGameError says why it cannot be read."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError):
        raise StoredGameError("storage.error.not_json") from None
    if not isinstance(data, dict) or data.get("app") != "targi":
        raise StoredGameError("storage.error.not_ours")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise StoredGameError("storage.error.format", format=str(fmt)[:20])
    try:
        return Session.decode(data.get("save"))
    except SaveError as e:
        raise StoredGameError("storage.error.save", reason=str(e)) from None


@dataclass
class Settings:
    pace: str = "normal"
    level: str = "medium"
    starter: str = "me"
    extra: dict[str, object] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str | None) -> Settings:
        """Settings from storage; anything unreadable falls back to the default, one by one."""
        try:
            data = json.loads(text) if text else {}
        except ValueError:
            data = {}
        if not isinstance(data, dict):
            data = {}
        s = cls()
        if data.get("pace") in PACES:
            s.pace = data["pace"]
        if data.get("level") in LEVELS:
            s.level = data["level"]
        if data.get("starter") in STARTERS:
            s.starter = data["starter"]
        return s

    def dump(self) -> str:
        return json.dumps({"pace": self.pace, "level": self.level, "starter": self.starter})

    @property
    def delay_ms(self) -> int:
        return PACES[self.pace]
