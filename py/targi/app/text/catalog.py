"""The message catalog: every word the page shows, looked up by key, in one language.

Messages are flat keys ("status.round") with `{name}` placeholders. A plural message is a base
key plus the CLDR plural categories its language needs (`token.D.one`, `token.D.other`; Polish
`.one .few .many`; Japanese and Chinese `.other` only): `Catalog.plural` picks one. Card names
and texts are `card.<id>.name` / `card.<id>.text`: the catalog is the only place the page takes
card words from (py/targi/data/cards.csv is the engine's data). docs/i18n.md says how to add a
language.
"""

from __future__ import annotations

import json
import string
from collections.abc import Iterable

from ...cards import BY_ID

# The page's languages, each named in its own language (the language menu shows these).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "pl": "Polski",
    "ja": "日本語",
    "zh-Hans": "简体中文",
}

# The CLDR plural categories each language uses for integers, in the order CLDR lists them.
PLURAL_FORMS: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "de": ("one", "other"),
    "pl": ("one", "few", "many"),
    "ja": ("other",),
    "zh-Hans": ("other",),
}

# How numbers are written (CLDR: decimal sign, group sign, the smallest number that is grouped).
# Polish groups only from 10 000 on (CLDR's minimumGroupingDigits 2), with a no-break space.
NUMBERS: dict[str, tuple[str, str, int]] = {
    "en": (".", ",", 1000),
    "de": (",", ".", 1000),
    "pl": (",", "\u00a0", 10000),
    "ja": (".", ",", 1000),
    "zh-Hans": (".", ",", 1000),
}


def plural_category(lang: str, n: int) -> str:
    """CLDR's plural category of the integer `n` in `lang` (languages not listed: English's)."""
    n = abs(n)
    if lang in ("ja", "zh-Hans"):
        return "other"
    if lang == "pl":
        if n == 1:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


def format_number(lang: str, value: int | float, decimals: int | None = None) -> str:
    """`value` written as `lang` writes numbers: 1,234.5 (en), 1.234,5 (de), 12 345,5 (pl)."""
    point, group, grouped_from = NUMBERS.get(lang, NUMBERS["en"])
    text = f"{value:.{decimals}f}" if decimals is not None else str(value)
    sign = "-" if text.startswith("-") else ""
    whole, _, fraction = text.lstrip("-").partition(".")
    if abs(value) >= grouped_from:
        digits: list[str] = []
        while len(whole) > 3:
            digits.insert(0, whole[-3:])
            whole = whole[:-3]
        whole = group.join([whole, *digits])
    return sign + whole + (point + fraction if fraction else "")


# Long words in card names carry soft hyphens (U+00AD), so a narrow cell on a phone breaks them
# at a syllable with a visible hyphen instead of at any letter (browsers without hyphenation
# dictionaries included); they are invisible where the word fits.
SOFT_HYPHEN = "\u00ad"


class Catalog:
    def __init__(self, messages: dict[str, str], lang: str = "en") -> None:
        self.messages = messages
        self.lang = lang

    @classmethod
    def from_json(cls, text: str, lang: str = "en") -> Catalog:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("a message catalog is a JSON object of key -> text")
        return cls({k: v for k, v in data.items() if not k.startswith("_")}, lang)

    def use(self, other: Catalog) -> None:
        """Speak `other`'s language from now on. In place: every part of the page holds this
        same object, so a switch reaches all of them at once."""
        self.messages, self.lang = other.messages, other.lang

    def has(self, key: str) -> bool:
        return key in self.messages

    def t(self, key: str, /, **params: object) -> str:
        """The message for `key` with its placeholders filled (numbers written the language's
        way); a missing key shows itself so that a gap is visible (the unit tests keep every
        catalog complete)."""
        template = self.messages.get(key)
        if template is None:
            return f"[{key}]"
        if not params:
            return template
        return template.format_map(_Params({k: self._word(v) for k, v in params.items()}))

    def _word(self, value: object) -> object:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return format_number(self.lang, value)
        return value

    def plural(self, key: str, n: int, /, **params: object) -> str:
        """`key.<category>` for `n` by the language's CLDR rule, with `{n}` filled."""
        return self.t(f"{key}.{plural_category(self.lang, n)}", n=n, **params)

    def number(self, value: int | float, decimals: int | None = None) -> str:
        return format_number(self.lang, value, decimals)

    def join(self, items: Iterable[str]) -> str:
        """A list in the language's words: "A, B and C" (list.two, list.middle, list.end, as
        CLDR's list patterns: the middle pattern links all but the last two)."""
        parts = list(items)
        if len(parts) < 2:
            return "".join(parts)
        if len(parts) == 2:
            return self.t("list.two", a=parts[0], b=parts[1])
        text = self.t("list.end", a=parts[-2], b=parts[-1])
        for part in reversed(parts[:-2]):
            text = self.t("list.middle", a=part, b=text)
        return text

    # ---- cards -------------------------------------------------------------------------------
    def card_name(self, card_id: str) -> str:
        return self.t(f"card.{card_id}.name")

    def card_text(self, card_id: str) -> str:
        return self.t(f"card.{card_id}.text")

    def card_short(self, card_id: str) -> str:
        """A short form of the card's text for the table (border cards and tribe effects)."""
        card = BY_ID[card_id]
        for key in (f"card.{card_id}.short", f"effect.{card.effect}"):
            if key in self.messages:
                return self.messages[key]
        return self.card_text(card_id)


class _Params(dict[str, object]):
    """Leaves an unknown placeholder visible instead of raising."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def plural_base(key: str) -> str | None:
    """The base of a plural key (`token.D` for `token.D.few`), None for any other key."""
    base, _, suffix = key.rpartition(".")
    return base if suffix in ("one", "few", "many", "other") else None
