"""Share links: the page's address with `#g=<save string>`."""

from __future__ import annotations

FRAGMENT_KEY = "g"


def link(page_url: str, save_string: str) -> str:
    """The page's address (any fragment dropped) with the save string in the fragment."""
    base = page_url.split("#", 1)[0]
    return f"{base}#{FRAGMENT_KEY}={save_string}"


def from_fragment(fragment: str) -> str | None:
    """The save string in a location hash ('#g=T…'), or None when the hash holds none."""
    text = fragment[1:] if fragment.startswith("#") else fragment
    for part in text.split("&"):
        name, sep, value = part.partition("=")
        if sep and name == FRAGMENT_KEY:
            # Imported here: urllib.parse loads ipaddress too, ~150 ms of a first visit in
            # Pyodide, and most visits have no link to read.
            from urllib.parse import unquote

            return unquote(value).strip()
    return None


def from_pasted(text: str) -> str:
    """What a person pasted into the Load box: a save string or a whole share link."""
    text = text.strip()
    if "#" in text:
        found = from_fragment(text[text.index("#") :])
        if found is not None:
            return found
    return text
