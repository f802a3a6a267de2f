"""Local statistics: games, wins, losses, draws, margins and streaks, kept beside the game.

Stored under STATS_KEY as a small JSON object; against the computer per level, two-player games
apart (there "wins" are Blue's and "losses" Red's). A game is counted once, when it ends on this
page: the hashes of the games counted are kept, so a reload, a replay or a second tab showing the
same finished game never counts it again.

Stored text is read defensively: too long or too deeply nested text is refused before it is
parsed, and any field of the wrong type makes the whole record unreadable (StatsDamaged), so the
page keeps it aside under STATS_BACKUP_KEY, says so, and counts afresh.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field, fields

from ..session import LEVELS, Session

STATS_KEY = "targi.stats"
STATS_BACKUP_KEY = "targi.stats.backup"
FORMAT = 1
MAX_CHARS = 16_000  # a full record with every counted hash is about 3,000 characters
MAX_DEPTH = 3  # {"levels": {"easy": {…}}}
KEEP_COUNTED = 100  # game hashes remembered; a game ends once, so the last ones suffice
TWO_PLAYERS = "two"
INT_LIMIT = 10**9


class StatsDamaged(ValueError):
    """Stored statistics that cannot be read; `key` and `params` name a catalog message."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass
class Tally:
    games: int = 0
    wins: int = 0  # yours against the computer; Blue's between two players
    losses: int = 0  # the computer's; Red's
    draws: int = 0
    margin_sum: int = 0  # points: yours minus the computer's (Blue minus Red)
    best: int | None = None  # the largest margin
    streak: int = 0  # wins in a row (> 0), losses in a row (< 0); a draw ends both

    def add(self, margin: int, winner: int | None) -> None:
        self.games += 1
        self.margin_sum += margin
        self.best = margin if self.best is None else max(self.best, margin)
        if winner is None:
            self.draws += 1
            self.streak = 0
        elif winner == 0:
            self.wins += 1
            self.streak = self.streak + 1 if self.streak > 0 else 1
        else:
            self.losses += 1
            self.streak = self.streak - 1 if self.streak < 0 else -1

    @property
    def average(self) -> float | None:
        return self.margin_sum / self.games if self.games else None


@dataclass
class Records:
    tallies: dict[str, Tally] = field(
        default_factory=lambda: {name: Tally() for name in (*LEVELS, TWO_PLAYERS)}
    )
    counted: list[str] = field(default_factory=list)

    @classmethod
    def parse(cls, text: str | None) -> Records:
        """The stored statistics (none stored: empty ones); StatsDamaged says why not."""
        if text is None:
            return cls()
        data = _object(text)
        if data.get("app") != "targi-stats":
            raise StatsDamaged("stats.error.not_ours")
        if data.get("format") != FORMAT:
            raise StatsDamaged("stats.error.format", format=str(data.get("format"))[:20])
        records = cls()
        tallies, counted = data.get("tallies"), data.get("counted")
        if not isinstance(tallies, dict) or not isinstance(counted, list):
            raise StatsDamaged("stats.error.fields")
        for name, raw in tallies.items():
            if name not in records.tallies:
                raise StatsDamaged("stats.error.fields")
            records.tallies[name] = _tally(raw)
        if not all(isinstance(h, str) and len(h) <= 64 for h in counted):
            raise StatsDamaged("stats.error.fields")
        records.counted = counted[-KEEP_COUNTED:]
        return records

    def dump(self) -> str:
        tallies = {name: asdict(t) for name, t in self.tallies.items()}
        data = {"app": "targi-stats", "format": FORMAT, "tallies": tallies}
        return json.dumps(data | {"counted": self.counted[-KEEP_COUNTED:]}, separators=(",", ":"))

    def count(self, session: Session) -> bool:
        """Count a finished game; False if it was counted before (or is not over)."""
        if not session.over:
            return False
        key = game_hash(session)
        if key in self.counted:
            return False
        winner, margin = outcome(session)
        name = session.level if session.mode == "ai" else TWO_PLAYERS
        self.tallies[name].add(margin, winner)
        self.counted = [*self.counted, key][-KEEP_COUNTED:]
        return True


def game_hash(session: Session) -> str:
    """A finished game's identity: its seed, first player and every move (not the opponent
    setting, so one game is one game however it is labelled)."""
    g = session.game
    text = f"{g.seed}:{g.starter}:{' '.join(g.record)}"
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def outcome(session: Session) -> tuple[int | None, int]:
    """(winner or None, points margin of player 0 over player 1) of a finished game."""
    v = session.view()
    totals = [s["total"] for s in v["scores"]]
    return v["winner"], totals[0] - totals[1]


def _object(text: str) -> dict[str, object]:
    """A JSON object of bounded size and nesting, checked before json.loads sees it."""
    if len(text) > MAX_CHARS:
        raise StatsDamaged("stats.error.too_long", n=len(text))
    depth = deepest = 0
    quoted = escaped = False
    for ch in text:  # nesting counted outside strings; json.loads checks the rest
        if escaped:
            escaped = False
        elif quoted:
            escaped, quoted = ch == "\\", ch != '"'
        elif ch == '"':
            quoted = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    if deepest > MAX_DEPTH:
        raise StatsDamaged("stats.error.nested")
    try:
        data = json.loads(text)
    except ValueError:
        raise StatsDamaged("stats.error.not_json") from None
    if not isinstance(data, dict):
        raise StatsDamaged("stats.error.not_ours")
    return data


def _tally(raw: object) -> Tally:
    if not isinstance(raw, dict) or set(raw) != {f.name for f in fields(Tally)}:
        raise StatsDamaged("stats.error.fields")
    for name, value in raw.items():
        optional = name == "best" and value is None
        low = -INT_LIMIT if name in ("margin_sum", "best", "streak") else 0
        if not optional and (type(value) is not int or not low <= value <= INT_LIMIT):
            raise StatsDamaged("stats.error.fields")
    t = Tally(**raw)
    if t.wins + t.losses + t.draws != t.games or abs(t.streak) > t.games:
        raise StatsDamaged("stats.error.fields")
    return t
