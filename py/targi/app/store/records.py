"""The statistics on the page: counting a game when it ends here, the #stats dialog, its reset.

The numbers and their storage format are targi.app.store.stats; this module reads and writes them
through the backend the games are kept in (targi.app.store.recent: localStorage, or memory when
the browser refuses it) and says what went wrong (damaged statistics kept aside, storage that
refuses) in the dialog.
"""

from __future__ import annotations

import contextlib

from ..html.markup import esc
from ..port import Port
from ..session import LEVELS, Session
from ..text.catalog import Catalog
from .backend import StorageFailure
from .recent import GameStore
from .stats import STATS_BACKUP_KEY, STATS_KEY, TWO_PLAYERS, Records, StatsDamaged, Tally


class RecordsPanel:
    def __init__(self, games: GameStore, port: Port, cat: Catalog) -> None:
        self.games = games  # its backend is localStorage, or memory once the browser refuses
        self.port = port
        self.cat = cat
        self.problem = ""  # what went wrong with the stored statistics, until shown

    def read(self) -> Records:
        """The stored statistics; damaged ones are kept aside and counting starts afresh."""
        try:
            text = self.games.backend.get(STATS_KEY)
        except StorageFailure:
            text = None  # unreadable storage: the games say so; counting starts afresh
        try:
            return Records.parse(text)
        except StatsDamaged as e:
            with contextlib.suppress(StorageFailure):
                self.games.backend.set(STATS_BACKUP_KEY, text or "")
                self.games.backend.remove(STATS_KEY)  # only once the copy is stored
            reason = self.cat.t(e.key, **e.params)
            self.problem = self.cat.t("stats.damaged", reason=reason, key=STATS_BACKUP_KEY)
            return Records()

    def check(self) -> str:
        """At start: damaged statistics are kept aside at once; what to tell ("" if nothing)."""
        self.read()
        return self.problem

    def write(self, records: Records) -> None:
        try:
            self.games.backend.set(STATS_KEY, records.dump())
        except StorageFailure:
            self.problem = self.cat.t("stats.not_kept")
        if self.games.in_memory:  # kept only until the page closes
            self.problem = self.cat.t("stats.not_kept")

    def ended(self, session: Session) -> None:
        """A game just ended on this page: count it (once)."""
        records = self.read()
        if records.count(session):
            self.write(records)

    def show(self) -> None:
        """Fill the #stats dialog (the controller opens it)."""
        records = self.read()
        self.port.set_html("stats", self.tables(records))
        self.port.set_text("stats-message", self.problem)
        self.port.set_hidden("stats-message", not self.problem)
        self.port.set_hidden("stats-confirm", True)
        self.problem = ""

    def reset(self) -> None:
        """Forget the numbers (the counted games stay counted: they ended before)."""
        self.write(Records(counted=self.read().counted))
        self.show()

    # ---- the tables ----------------------------------------------------------------------------
    def tables(self, records: Records) -> str:
        cat = self.cat
        heads = ("games", "wins", "losses", "draws", "best", "average", "streak")
        rows = "".join(
            self.row(cat.t("level." + level), records.tallies[level], heads) for level in LEVELS
        )
        two = ("games", "blue", "red", "draws", "best", "average")
        return (
            self.table("stats.vs_ai", heads, rows)
            + self.table("stats.two_players", two,
                         self.row(cat.t("stats.all"), records.tallies[TWO_PLAYERS], two))
        )  # fmt: skip

    def table(self, caption: str, heads: tuple[str, ...], rows: str) -> str:
        cat = self.cat
        th = "".join(f'<th scope="col">{esc(cat.t("stats.col." + h))}</th>' for h in heads)
        return (
            f'<table class="stats-table"><caption>{esc(cat.t(caption))}</caption>'
            f"<thead><tr><td></td>{th}</tr></thead><tbody>{rows}</tbody></table>"
        )

    def row(self, label: str, t: Tally, heads: tuple[str, ...]) -> str:
        cells = {
            "games": str(t.games),
            "wins": str(t.wins),
            "blue": str(t.wins),
            "losses": str(t.losses),
            "red": str(t.losses),
            "draws": str(t.draws),
            "best": "–" if t.best is None else f"{t.best:+d}",
            "average": "–" if t.average is None else self.signed(t.average),
            "streak": self.streak(t.streak),
        }
        tds = "".join(f'<td data-stat="{h}">{esc(cells[h])}</td>' for h in heads)
        return f'<tr><th scope="row">{esc(label)}</th>{tds}</tr>'

    def signed(self, value: float) -> str:
        """+1.5 (1 decimal, a sign either way) in the language's numbers: German +1,5."""
        return ("+" if value >= 0 else "") + self.cat.number(round(value, 1), 1)

    def streak(self, n: int) -> str:
        if n > 0:
            return self.cat.plural("stats.streak.wins", n)
        if n < 0:
            return self.cat.plural("stats.streak.losses", -n)
        return "–"
