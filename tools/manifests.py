"""The Web App Manifest in each language: web/manifest.<lang>.webmanifest (docs/i18n.md).

    python tools/manifests.py      # after a catalog's app.title or app.tagline changed

A manifest has one name and description and browsers ship no per-language members, so each
language gets a copy of the English manifest (web/manifest.webmanifest, written by hand) with
`name` and `short_name` from its catalog's `app.title`, `description` from `app.tagline` and
its `lang`; the page links its language's (web/main.py). tests/app/test_i18n.py checks that
the files are what this writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
ENGLISH = WEB / "manifest.webmanifest"
TRANSLATED = ("de", "pl", "ja", "zh-Hans")


def path(lang: str) -> Path:
    return ENGLISH if lang == "en" else WEB / f"manifest.{lang}.webmanifest"


def manifest(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ENGLISH.read_text(encoding="utf-8"))
    messages = json.loads((WEB / "messages" / f"{lang}.json").read_text(encoding="utf-8"))
    title = messages["app.title"]
    data.update(name=title, short_name=title, description=messages["app.tagline"], lang=lang)
    return data


def text(lang: str) -> str:
    return json.dumps(manifest(lang), ensure_ascii=False, indent=2) + "\n"


def main() -> int:
    for lang in TRANSLATED:
        path(lang).write_text(text(lang), encoding="utf-8")
        print(f"wrote {path(lang).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
