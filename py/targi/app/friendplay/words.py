"""A friend game in words: why a link was refused, and what the panel says (every word from
the catalog; the protocol's own sentences are English, for the log, and are mapped here)."""

from __future__ import annotations

from ..text.catalog import Catalog

# The protocol's refusals (targi.friend.session: _check_header), by a phrase of their text.
REFUSALS = (
    ("another game", "friend.refused.foreign"),
    ("your own link", "friend.refused.own"),
    ("applied already", "friend.refused.repeated"),
    ("a link is missing", "friend.refused.missing"),
    ("does not follow", "friend.refused.not_following"),
    ("signature", "friend.refused.changed"),
    ("game id does not match", "friend.refused.changed"),
    ("not sent yet", "friend.refused.unsent"),
)
REFUSAL_KEYS = (
    *{key for _, key in REFUSALS},
    "friend.refused.damaged",
    "friend.refused.unknown_game",
    "friend.refused.invalid",
)


def refusal_key(message: str) -> str:
    """The catalog key naming what was wrong with a refused link ("invalid" says the rest)."""
    for phrase, key in REFUSALS:
        if phrase in message:
            return key
    return "friend.refused.invalid"


def refusal(cat: Catalog, message: str, damaged: bool = False) -> str:
    """The sentence the page shows for a refused link; `damaged`: it could not be read."""
    if damaged:
        return cat.t("friend.refused.damaged")
    key = refusal_key(message)
    return cat.t(key, reason=message) if key == "friend.refused.invalid" else cat.t(key)


def colour(cat: Catalog, seat: int) -> str:
    return cat.t("player.blue" if seat == 0 else "player.red")


# The audit's kinds of failure (targi.friend.audit.CODES), each worded by the catalog.
FAILED = {
    code: f"friend.failed.{code}"
    for code in ("order", "key", "disclosed", "shuffle", "share", "card")
}


def verdict(cat: Catalog, ok: bool, culprit: int | None, role: int, code: str) -> str:
    """The audit's result: verified, or what kind of thing was wrong and whose page sent it
    (the audit's English reason goes to the log, not to the player)."""
    if ok:
        return cat.t("friend.verified")
    who = "friend.who.unknown" if culprit is None else (
        "friend.who.you" if culprit == role else "friend.who.friend"
    )  # fmt: skip
    return cat.t(FAILED.get(code, "friend.failed.order"), who=cat.t(who))
