"""A redraw after a move writes only what changed and words only the log's new lines, and the
page ends up exactly as a full rewrite draws it (targi.app.table.writes, text.words.LogWords)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from targi.app.controller import Controller
from targi.app.html.render import Renderer
from targi.app.page import Click
from targi.app.port import TableFrame
from targi.app.table.writes import ALWAYS, LOG, Write, Writes
from targi.app.text.catalog import Catalog

from .conftest import CATALOG_PATH
from .fakeport import FakePort, open_page

VOID = frozenset(
    ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"]
)
TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*>")


def _children(html: str) -> list[str]:
    """The top-level elements of an HTML fragment, each as written (the markup is the
    renderer's: no comments, no `>` inside attribute values, every element closed)."""
    out, depth, start = [], 0, 0
    for m in TAG.finditer(html):
        if m.group(2).lower() in VOID or m.group(0).endswith("/>"):
            if depth == 0:
                out.append(m.group(0))
            continue
        if m.group(1):
            depth -= 1
            if depth == 0:
                out.append(html[start : m.end()])
        else:
            if depth == 0:
                start = m.start()
            depth += 1
    assert depth == 0 and "".join(out).replace(" ", "") == html.replace(" ", ""), html[:200]
    return out


def _replace_part(html: str, part: tuple[int, int], new: str) -> str:
    """`html` with its child `row`'s child `column` replaced by `new`, as element.outerHTML
    does (the child's own start and end tags kept around the others)."""
    row, column = part
    rows = _children(html)
    start = rows[row].index(">") + 1
    end = rows[row].rindex("</")
    cells = _children(rows[row][start:end])
    cells[column] = new
    rows[row] = rows[row][:start] + "".join(cells) + rows[row][end:]
    return "".join(rows)


def _apply(dom: dict[str, str], w: Write) -> None:
    if w.part is not None:
        dom[w.region] = _replace_part(dom[w.region], w.part, w.html)
    else:
        dom[w.region] = dom.get(w.region, "") + w.html if w.append else w.html


def _written_page(cat: Catalog) -> tuple[Controller, FakePort, dict[str, str], list[Write]]:
    """A page whose every draw goes through `Writes` into `dom`, as web/main.py writes the
    document (an appended HTML string is parsed onto the end of the element's children, a
    part replaces the element at its place); `last` holds the writes of the last draw."""
    page, port = open_page(cat)
    writes, dom, last = Writes(), {}, []
    drawn = port.draw

    def draw(frame: TableFrame | None) -> None:
        drawn(frame)
        if frame is not None:
            last[:] = writes.of(frame)
            for w in last:
                _apply(dom, w)

    port.draw = draw  # type: ignore[method-assign]
    return page, port, dom, last


def _full(page: Controller) -> TableFrame:
    """The frame a page that never drew before would draw: a new renderer, the whole log."""
    table = page.table
    kept = table.render, table.log_size
    table.render, table.log_size = Renderer(page.cat), -1
    try:
        assert page.session is not None
        return table.frame(page.session)
    finally:
        table.render, table.log_size = kept


def _same_as_full(page: Controller, dom: dict[str, str], step: str) -> None:
    full = _full(page)
    assert full.log is not None
    assert dom[LOG] == full.log, step
    for region, html in full.regions.items():
        assert dom[region] == html, f"{region} after {step}"


def test_every_redraw_of_a_whole_game_leaves_the_table_as_a_full_rewrite_draws_it():
    """A whole two-player game of clicks with undos (a log cut short, then worded again) and a
    change of language midway: after every click the regions and the log hold what a new page
    would draw, every log line there and in order."""
    cat = Catalog.from_json(CATALOG_PATH.read_text(encoding="utf-8"))  # switched to German below
    page, port, dom, _ = _written_page(cat)
    page.click(Click("new-game", "hotseat"))
    rnd = random.Random(7)
    moves = undos = 0
    while page.session is not None and not page.session.over:
        if moves % 23 == 22 and page.session.can_undo():
            page.click(Click("undo"))
            undos += 1
            _same_as_full(page, dom, f"undo {undos}")
        page.click(Click("move", rnd.choice(sorted(page.session.legal_for_human()))))
        moves += 1
        _same_as_full(page, dom, f"move {moves}")
        if moves == 60:
            port.spawn(page.prefs.set_language("de"))
            port.run()
            assert cat.lang == "de"
            _same_as_full(page, dom, "the switch to German")
    assert moves > 100 and undos >= 4
    assert "<li" in dom[LOG] and page.session is not None and page.session.over


def test_a_move_appends_its_log_lines_and_skips_regions_it_did_not_change(cat: Catalog):
    """The browser parses only what a move changed: the log's new items (appended), the
    regions whose HTML differs; an unchanged region is not written again."""
    page, _, dom, last = _written_page(cat)
    page.click(Click("new-game", "hotseat"))
    assert page.session is not None
    appended = skipped = 0
    for _ in range(40):
        before = dict(dom)
        page.click(Click("move", page.session.legal_for_human()[0]))
        written = {w.region for w in last}
        logs = [w for w in last if w.region == LOG]
        if logs and logs[0].append:
            appended += 1
            assert dom[LOG].startswith(before[LOG])
        unchanged = {r for r, html in dom.items() if before.get(r) == html} - ALWAYS - {LOG}
        assert not unchanged & written
        skipped += len(unchanged)
    assert appended >= 35 and skipped > 0


def _cells(board: str) -> dict[tuple[int, int], str]:
    rows = _children(board)
    return {
        (r, c): cell
        for r, row in enumerate(rows)
        for c, cell in enumerate(_children(row[row.index(">") + 1 : row.rindex("</")]))
    }


def test_a_move_rewrites_only_the_board_cells_it_changed(cat: Catalog):
    """The board is 25 cells: after a move only those whose HTML changed are replaced (each in
    its place), so the browser lays out and paints those, not the whole board again."""
    page, _, dom, last = _written_page(cat)
    page.click(Click("new-game", "hotseat"))
    assert page.session is not None
    rewritten = changed_moves = 0
    for _ in range(60):
        before = _cells(dom["board"])
        page.click(Click("move", page.session.legal_for_human()[0]))
        after = _cells(dom["board"])
        assert len(after) == 25
        board = [w for w in last if w.region == "board"]
        assert all(w.part is not None for w in board)  # never the whole board again
        assert {w.part for w in board} == {at for at in after if after[at] != before[at]}
        rewritten += len(board)
        changed_moves += bool(board)
    assert changed_moves > 40 and rewritten < 60 * 25 / 2, (changed_moves, rewritten)


@pytest.fixture
def log_words(cat: Catalog, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The log keys (`log.*`) the catalog is asked to word, in order."""
    asked: list[str] = []
    t: Callable[..., str] = cat.t

    def counting(key: str, /, **params: object) -> str:
        if key.startswith("log."):
            asked.append(key)
        return t(key, **params)

    monkeypatch.setattr(cat, "t", counting)
    return asked


def test_a_move_late_in_a_game_words_only_its_own_log_lines(cat: Catalog, log_words: list[str]):
    """The log is worded from where it changed: after 150 moves a move costs its own lines
    (and the few the announcement and "since your last move" word), not the whole log's."""
    page, port = open_page(cat)
    page.click(Click("new-game", "hotseat"))
    assert page.session is not None
    for _ in range(150):
        page.click(Click("move", page.session.legal_for_human()[0]))
    assert port.frame is not None and port.frame.log is not None
    assert port.frame.log.count("<li") > 150
    log_words.clear()
    page.click(Click("move", page.session.legal_for_human()[0]))
    assert 0 < len(log_words) < 30
