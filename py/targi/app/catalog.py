"""The message catalog: every word the page shows, looked up by key.

Messages are flat keys ("status.round") with `{name}` placeholders. Card names and texts come
from the card table unless the catalog has `card.<id>.name` / `card.<id>.text` for them, so a
translation can rename cards without touching the table.
"""

from __future__ import annotations

import json
import string

from ..cards import BY_ID


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

    def has(self, key: str) -> bool:
        return key in self.messages

    def t(self, key: str, /, **params: object) -> str:
        """The message for `key` with its placeholders filled; a missing key shows itself so
        that a gap is visible (the unit tests keep the catalog complete)."""
        template = self.messages.get(key)
        if template is None:
            return f"[{key}]"
        if not params:
            return template
        return template.format_map(_Params(params))

    def plural(self, key: str, n: int, /, **params: object) -> str:
        """`key.one` for 1, `key.many` otherwise."""
        return self.t(f"{key}.{'one' if n == 1 else 'many'}", n=n, **params)

    # ---- cards -------------------------------------------------------------------------------
    def card_name(self, card_id: str) -> str:
        key = f"card.{card_id}.name"
        return self.messages.get(key) or BY_ID[card_id].name

    def card_text(self, card_id: str) -> str:
        key = f"card.{card_id}.text"
        return self.messages.get(key) or BY_ID[card_id].text

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
