"""A friend game in words: why a link was refused, and what the panel says (every word from
the catalog; the protocol's own sentences are English, for the log: its codes are mapped here)."""

from __future__ import annotations

from ..text.catalog import Catalog

# The protocol's refusals (targi.friend.errors.RefusalCode), each worded by the catalog under
# its own code: the protocol's English sentence goes to the log, never to the player.
REFUSAL_KEYS = {
    code: f"friend.refused.{code}"
    for code in (
        "foreign",
        "own",
        "repeated",
        "missing",
        "not_following",
        "unsent",
        "changed",
        "move",
        "deal",
    )
}


def refusal(cat: Catalog, error: Exception, damaged: bool = False) -> str:
    """The sentence the page shows for a refused link: by the refusal's code; a link that
    could not be read (`damaged`, or an error with no code: a LinkError) is damaged."""
    code = getattr(error, "code", None)
    key = None if damaged else REFUSAL_KEYS.get(str(code))
    return cat.t(key or "friend.refused.damaged")


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
