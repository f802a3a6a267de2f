"""What the page keeps in localStorage, and how it reads it back without trusting it.

A game is stored as an envelope: its id, a revision (bumped by every write, so a stale write
from another tab can be refused), the date of the last write, and a summary for the Recent
games list (mode, level, round, score) next to the save string that is the game itself.

Stored text can be anything (another version, another program, a hand edit, a broken disk):
`parse_object` refuses oversized and deeply nested text before the JSON parser sees it (a
recursive parser would overflow the stack on `"[" * 8000`, fatal in Pyodide), and every field
is type-checked before use.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from ...save import MAX_LENGTH as SAVE_MAX_LENGTH
from ...save import SaveError
from ...scoring import score
from ...view import view
from ..session import LEVELS, MODES, Session
from ..text.catalog import LANGUAGES
from ..text.tips import read_seen

GAME_PREFIX = "targi.saved."  # + game id: one envelope per kept game
CURRENT_KEY = "targi.current"  # id of the game the last active tab had on the table
TAB_CURRENT_KEY = "targi.tab.current"  # the same, per tab (sessionStorage): reload keeps it
SETTINGS_KEY = "targi.settings"
UNREADABLE_PREFIX = "targi.unreadable."  # + original key: data that could not be read
LEGACY_GAME_KEY = "targi.game"  # format 1: one game, replaced by the next
LEGACY_PREVIOUS_KEY = "targi.game.previous"  # format 1: the game a loaded one replaced
FORMAT = 2

# Size caps, checked before parsing. A save string is at most SAVE_MAX_LENGTH characters; the
# rest of an envelope is under 300. Settings are three short words.
ENVELOPE_MAX_CHARS = SAVE_MAX_LENGTH + 1000
SETTINGS_MAX_CHARS = 1000
MAX_DEPTH = 4  # our JSON is one object of scalars (and a two-number list)

GAME_ID = re.compile(r"[0-9a-z]{1,32}")
INT_LIMIT = 2**53  # what survives a round trip through JavaScript

PACES = {"slow": 1400, "normal": 750, "fast": 300, "instant": 0}  # ms between computer moves
# What the pauses of one whole computer turn (from your move to your next decision) may add up
# to, in ms: a turn of nine moves at 750 ms each kept the player waiting ~7 s (issue 22). Each
# pause takes at most TURN_SHARE of what is left, so the first moves come at the pace and a long
# turn speeds up smoothly instead of stopping dead once the budget is spent.
TURN_BUDGET_MS = {"slow": 8000, "normal": 4000, "fast": 1500, "instant": 0}
TURN_SHARE = 0.2
# The level whose move a hint shows: medium answers at once, expert uses the page's whole
# budget (~1 s) for the strongest advice (issue 15).
HINT_LEVELS = ("medium", "expert")
STARTERS = ("me", "computer", "random")
THEMES = ("light", "dark")  # html[data-theme]; a choice the player made with the theme button


class StoredGameError(ValueError):
    """Stored data that cannot be read; `key` and `params` name a catalog message."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


# Every reason StoredGameError can give (the catalog test checks they all have words).
ERROR_KEYS = (
    "storage.error.not_json",
    "storage.error.too_big",
    "storage.error.too_deep",
    "storage.error.not_ours",
    "storage.error.format",
    "storage.error.field",
    "storage.error.save",
)


def nesting_depth(text: str, limit: int) -> int:
    """How deeply `text` nests brackets, outside JSON strings; stops counting past `limit`.
    A loop, not a parser: nothing here can overflow a stack."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def parse_object(text: object, max_chars: int) -> dict[str, object]:
    """A JSON object from stored text, refused (StoredGameError) if it is too big or too deep
    before any parsing, or if it is not a JSON object."""
    if not isinstance(text, str):
        raise StoredGameError("storage.error.not_json")
    if len(text) > max_chars:
        raise StoredGameError("storage.error.too_big", size=len(text), limit=max_chars)
    if nesting_depth(text, MAX_DEPTH) > MAX_DEPTH:
        raise StoredGameError("storage.error.too_deep")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise StoredGameError("storage.error.not_json") from None
    if not isinstance(data, dict):
        raise StoredGameError("storage.error.not_ours")
    return data


def _int(data: dict[str, object], name: str, low: int = 0, high: int = INT_LIMIT) -> int:
    value = data.get(name)
    if type(value) is not int or not low <= value <= high:  # bool is an int: not accepted
        raise StoredGameError("storage.error.field", field=name)
    return value


def _choice(data: dict[str, object], name: str, allowed: tuple[str, ...]) -> str:
    value = data.get(name)
    if not isinstance(value, str) or value not in allowed:
        raise StoredGameError("storage.error.field", field=name)
    return value


@dataclass(frozen=True)
class Summary:
    """What the Recent games list shows about a kept game, read without replaying it."""

    id: str
    rev: int
    date: int  # ms since 1970 (UTC), of the last write
    mode: str
    level: str
    round: int
    score: tuple[int, int]
    over: bool
    tab: str  # the tab that wrote it last


@dataclass(frozen=True)
class Envelope:
    summary: Summary
    save: str

    @property
    def id(self) -> str:
        return self.summary.id

    def session(self) -> Session:
        """The game itself; StoredGameError if the save string is damaged."""
        try:
            return Session.decode(self.save)
        except SaveError as e:
            raise StoredGameError("storage.error.save", reason=str(e)) from None


def summarize(session: Session, game_id: str, rev: int, date: int, tab: str) -> Summary:
    v = view(session.game)
    points = (score(session.game, 0).total, score(session.game, 1).total)
    return Summary(
        game_id, rev, date, session.mode, session.level, v["round"], points, session.over, tab
    )


def dump_envelope(summary: Summary, save: str) -> str:
    s = summary
    return json.dumps(
        {
            "app": "targi",
            "format": FORMAT,
            "id": s.id,
            "rev": s.rev,
            "date": s.date,
            "tab": s.tab,
            "mode": s.mode,
            "level": s.level,
            "round": s.round,
            "score": list(s.score),
            "over": s.over,
            "save": save,
        }
    )


def read_stored(text: object) -> Envelope:
    """A stored game, every field checked; StoredGameError says what is wrong. The save string
    itself is decoded only by `Envelope.session()` (the list does not need it)."""
    data = parse_object(text, ENVELOPE_MAX_CHARS)
    if data.get("app") != "targi":
        raise StoredGameError("storage.error.not_ours")
    fmt = data.get("format")
    if fmt == 1:  # the page before Recent games: a bare save string
        return _read_format_1(data)
    if fmt != FORMAT:
        raise StoredGameError("storage.error.format", format=str(fmt)[:20])
    game_id, tab, save = data.get("id"), data.get("tab"), data.get("save")
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise StoredGameError("storage.error.field", field="id")
    if not isinstance(tab, str) or len(tab) > 64:
        raise StoredGameError("storage.error.field", field="tab")
    if not isinstance(save, str):
        raise StoredGameError("storage.error.field", field="save")
    points = data.get("score")
    if not (isinstance(points, list) and len(points) == 2):
        raise StoredGameError("storage.error.field", field="score")
    pair = {"a": points[0], "b": points[1]}
    over = data.get("over")
    if not isinstance(over, bool):
        raise StoredGameError("storage.error.field", field="over")
    summary = Summary(
        game_id,
        _int(data, "rev"),
        _int(data, "date"),
        _choice(data, "mode", MODES),
        _choice(data, "level", LEVELS),
        _int(data, "round", 0, 12),
        (_int(pair, "a", -1000, 1000), _int(pair, "b", -1000, 1000)),
        over,
        tab,
    )
    return Envelope(summary, save)


def _read_format_1(data: dict[str, object]) -> Envelope:
    """A format-1 envelope, read as a game without an id yet (the store gives it one)."""
    save = data.get("save")
    if not isinstance(save, str):
        raise StoredGameError("storage.error.field", field="save")
    bare = Envelope(Summary("", 0, 0, "hotseat", "medium", 0, (0, 0), False, ""), save)
    return Envelope(summarize(bare.session(), "", 0, 0, ""), save)


@dataclass
class Settings:
    pace: str = "normal"
    level: str = "medium"
    starter: str = "me"
    tips: bool = True  # first-game tips (targi.app.text.tips)
    tips_seen: list[str] = field(default_factory=list)
    hint_level: str = HINT_LEVELS[0]
    lang: str = ""  # chosen in the language menu; "" = none: the browser's languages decide
    theme: str = ""  # "" follows the system (prefers-color-scheme); else one of THEMES
    sound: bool = False  # short sound effects (web/sound.js): off until the player turns them on
    live: bool = False  # a friend game is offered live play too (the Play a friend dialog)
    stun: bool = False  # live play across networks: a STUN server is asked (targi.app.live.play)

    @classmethod
    def parse(cls, text: object) -> Settings:
        """Settings from storage; anything unreadable falls back to the default, one by one
        (`{"pace": []}` and `"[" * 8000` included: never an exception)."""
        try:
            data = parse_object(text, SETTINGS_MAX_CHARS)
        except StoredGameError:
            data = {}
        s = cls()
        for name, allowed in (
            ("pace", tuple(PACES)),
            ("level", LEVELS),
            ("starter", STARTERS),
            ("hint_level", HINT_LEVELS),
        ):
            value = data.get(name)
            if isinstance(value, str) and value in allowed:
                setattr(s, name, value)
        tips = data.get("tips")
        if isinstance(tips, bool):
            s.tips = tips
        s.tips_seen = read_seen(data.get("tips_seen"))
        lang = data.get("lang")
        if isinstance(lang, str) and lang in LANGUAGES:
            s.lang = lang
        theme = data.get("theme")  # absent in settings stored before themes: follow the system
        if isinstance(theme, str) and theme in THEMES:
            s.theme = theme
        sound = data.get("sound")  # absent in settings stored before sound: off
        if isinstance(sound, bool):
            s.sound = sound
        for name in ("live", "stun"):  # absent in settings stored before live play: off
            value = data.get(name)
            if isinstance(value, bool):
                setattr(s, name, value)
        return s

    def dump(self) -> str:
        return json.dumps(
            {
                "pace": self.pace,
                "level": self.level,
                "starter": self.starter,
                "tips": self.tips,
                "tips_seen": self.tips_seen,
                "hint_level": self.hint_level,
                "lang": self.lang,
                "theme": self.theme,
                "sound": self.sound,
                "live": self.live,
                "stun": self.stun,
            }
        )

    @property
    def delay_ms(self) -> int:
        return PACES[self.pace]

    @property
    def turn_budget_ms(self) -> int:
        return TURN_BUDGET_MS[self.pace]
