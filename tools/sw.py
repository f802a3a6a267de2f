"""site/sw.js from the template tools/sw.js: the build's version and file list filled in.

Each value in the template is a placeholder of the form `/* build: NAME */ <JS default>` so
the template itself is valid, lintable JavaScript; the comment and the default are replaced
together.
"""

from __future__ import annotations

import json
import re

from tools.paths import TOOLS

TEMPLATE = TOOLS / "sw.js"
PLACEHOLDER = re.compile(r'/\* build: (?P<name>[A-Z_]+) \*/ (?:"[^"\n]*"|\[\])')


def render(template: str, values: dict[str, str]) -> str:
    """Replace every placeholder by values[NAME]; each NAME must occur exactly once."""
    found = [match["name"] for match in PLACEHOLDER.finditer(template)]
    if sorted(found) != sorted(values):
        raise SystemExit(f"build.py: {TEMPLATE.name} has placeholders {found}, not {list(values)}")
    return PLACEHOLDER.sub(lambda match: values[match["name"]], template)


def service_worker(version: str, files: list[str], on_demand: list[str]) -> str:
    """files are precached at install; on_demand files are cached when the page first fetches
    them (and carried over to the next version's cache)."""
    # "./" is the URL people open; it is cached as its own entry next to index.html.
    listing = json.dumps(["./", *files], indent=2)
    values = {
        "VERSION": json.dumps(version),
        "FILES": listing,
        "ON_DEMAND": json.dumps(on_demand, indent=2),
    }
    return render(TEMPLATE.read_text(encoding="utf-8"), values)
