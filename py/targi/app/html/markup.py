"""Escaping text for the page's HTML."""

from __future__ import annotations

# The same five replacements as html.escape(text, quote=True). The html module is not imported:
# it loads html.entities (2,000 named entities), about 90 ms of a first visit in Pyodide, for
# unescape(), which the page never calls.
_REPLACEMENTS = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#x27;"))


def esc(text: object) -> str:
    """`text` as HTML text or a quoted attribute value."""
    out = str(text)
    for raw, entity in _REPLACEMENTS:
        out = out.replace(raw, entity)
    return out
