#!/usr/bin/env python3
"""Screenshots for reading the page as a player: every language at the four sizes we judge by.

For each language and size it opens the built site with `?lang=`, saves the welcome, starts a
game on this device, plays seeded-random moves into the middle of the game and saves the table,
plays on to the next card to decide on (a tribe card to take, goods to pay...) and saves it,
then How to play, Cards and About, then plays to the end and saves the score screen and the
replay. The same seed gives the same game in every language, so the pictures compare side by
side.

    python bench/screens.py [--out /tmp/targi-screens] [--langs en,de] [--sizes 1280x900]
                            [--themes light,dark] [--site DIR]

`--site` serves a copy of a build (say, one made before a change) instead of building site/.

Prints one line per file written.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from gameplay import menu_item, open_game, play, start_game, table, tips_off, wait_for_turn  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

from tools.browser import CHROMIUM_ARGS, ensure_cjk_fonts, find_chromium  # noqa: E402
from tools.serve import start_background_server, url_of  # noqa: E402
from tools.site import ensure_site  # noqa: E402

LANGS = ("en", "de", "pl", "ja", "zh-Hans")
SIZES = ("1920x1080", "1280x900", "390x844", "360x640")
THEMES = ("light",)
PAGES = ("rules", "cards", "about")


def shoot(page: Page, path: Path, full: bool = False) -> None:
    page.screenshot(path=str(path), full_page=full)
    print(path)


# A decision on the table: the engine's decision is one that a card asks for, not a placement
# or the choice of an action (the page names it in the dock's prompt).
DECIDING = """() => { const t = document.getElementById('table');
    return t.dataset.phase === 'act' && !!document.querySelector('#choices [data-move]')
        && !document.querySelector('#board [data-move]'); }"""


def _play_to_a_decision(page: Page, rnd: random.Random, most: int = 40) -> bool:
    for _ in range(most):
        wait_for_turn(page)
        if page.evaluate(DECIDING):
            return True
        if table(page)["phase"] == "over":
            return False
        play(page, rnd, clicks=1)
    return False


def screens_for(page: Page, url: str, lang: str, size: str, out: Path, seed: int) -> None:
    """`size` names the files: the viewport, and the theme when it is not light."""
    open_game(page, f"{url.rstrip('/')}/?lang={lang}")
    shoot(page, out / f"{lang}-{size}-welcome.png")
    start_game(page, "hotseat")
    tips_off(page)
    rnd = random.Random(seed)
    play(page, rnd, clicks=40)
    shoot(page, out / f"{lang}-{size}-table.png")
    shoot(page, out / f"{lang}-{size}-table-full.png", full=True)
    if _play_to_a_decision(page, rnd):
        shoot(page, out / f"{lang}-{size}-decision.png")
    for name in PAGES:
        menu_item(page, name)
        page.wait_for_selector("#dlg-page", state="visible")
        shoot(page, out / f"{lang}-{size}-{name}.png")
        page.keyboard.press("Escape")
    play(page, rnd)
    page.wait_for_selector("#score .verdict", state="visible")
    shoot(page, out / f"{lang}-{size}-score.png")
    page.click("#score [data-action=review]")
    page.wait_for_selector("#review-board", state="visible")
    shoot(page, out / f"{lang}-{size}-review.png")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/targi-screens"))
    parser.add_argument("--langs", default=",".join(LANGS))
    parser.add_argument("--sizes", default=",".join(SIZES))
    parser.add_argument("--themes", default=",".join(THEMES), help="light,dark (the OS setting)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--site", type=Path, default=None, help="serve this build as it is")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)

    if args.site is None:
        ensure_site()
    ensure_cjk_fonts()
    server = start_background_server() if args.site is None else start_background_server(args.site)
    url = url_of(server)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        for size in args.sizes.split(","):
            width, height = (int(n) for n in size.split("x"))
            for lang in args.langs.split(","):
                for theme in args.themes.split(","):
                    context = browser.new_context(
                        viewport={"width": width, "height": height},
                        is_mobile=width < 600,
                        has_touch=width < 600,
                        color_scheme="dark" if theme == "dark" else "light",
                    )
                    name = size if theme == "light" else f"{size}-{theme}"
                    screens_for(context.new_page(), url, lang, name, args.out, args.seed)
                    context.close()
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
