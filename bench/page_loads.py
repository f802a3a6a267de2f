"""How many times each browser test loads the app: a pytest plugin, off unless asked for.

    PYTEST_PLUGINS=bench.page_loads python -m pytest tests/e2e -n 2 -p no:cacheprovider -q

(or `-p bench.page_loads`; from the project's root, which must be on sys.path: `python -m`
puts it there). Every context a test makes through `Browser.new_context` (pytest-playwright's
`new_context`, `page`, and this suite's reused, phone and shared contexts) gets an init
script that tells Python when the app in a top-level document reaches
`html[data-app-state=ready]` (or `error`), and when `<html lang>` changes after that (the
Settings' language, switched in place). Per test, set-up through teardown, it counts:

- `loads`: the app started (`goto`, `reload`, a link opened as a new document), ready or error;
- `first`: those that were the first start of the app in their context (a first visit: the
  interpreter and the site fetched from nothing, its worker precaching the site meanwhile);
- `contexts`: new browser contexts; `tabs`: new pages of any context;
- `langs`: language switches in a ready page;

and at the end it prints one line a test (its seconds: set-up + call + teardown), slowest first,
then the totals per file. Under pytest-xdist the workers count and send the figures to the
controller on their teardown reports (`user_properties`), which prints the table. With
`PAGE_LOADS_OUT=<file>` each test's figures are also appended to that file as a JSON line as
soon as the test ends, so that a run stopped half-way still leaves them.

The script and the binding cost the page a little (a MutationObserver on two attributes of
`<html>` and a message to Python per load): it is a measuring tool, not a test's fixture.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import pytest

BINDING = "__targiPageLoads"
# Runs in every document of a counted context, build.json and about:blank too: only a document
# whose <html> the loader (web/loader.js) marks counts, and only in the top frame.
SCRIPT = f"""(() => {{
    if (window.top !== window) return;
    let ready = false;
    const start = () => {{
        const root = document.documentElement;
        if (!root) return false;
        new MutationObserver((records) => {{
            for (const record of records) {{
                if (record.attributeName === 'data-app-state') {{
                    const state = root.dataset.appState;
                    if (!ready && (state === 'ready' || state === 'error')) {{
                        ready = true;
                        window.{BINDING}('load');
                    }}
                }} else if (ready && record.attributeName === 'lang') {{
                    window.{BINDING}('lang');
                }}
            }}
        }}).observe(root, {{attributes: true, attributeFilter: ['data-app-state', 'lang']}});
        return true;
    }};
    if (!start()) document.addEventListener('readystatechange', start, {{once: true}});
}})();"""

KINDS = ("loads", "first", "contexts", "tabs", "langs")


@dataclass
class Counts:
    """What the test now running has done; `started` holds the contexts the app has started in
    (over the whole run: the reused context's first visit is the first test's)."""

    now: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    started: set[int] = field(default_factory=set)

    def note(self, context: object, what: str) -> None:
        if what == "load":
            self.now["loads"] += 1
            if id(context) not in self.started:
                self.started.add(id(context))
                self.now["first"] += 1
        elif what == "lang":
            self.now["langs"] += 1

    def take(self) -> dict[str, int]:
        taken, self.now = self.now, dict.fromkeys(KINDS, 0)
        return taken


COUNTS = Counts()


def count_contexts() -> None:
    """Wrap Browser.new_context (the sync API's, which every fixture here calls) so that each
    new context reports its pages, its app loads and its language switches to COUNTS."""
    from playwright.sync_api import Browser, BrowserContext, Page

    original = Browser.new_context
    if getattr(original, "counted", False):
        return

    def new_context(self: Browser, *args: Any, **kwargs: Any) -> BrowserContext:
        context = original(self, *args, **kwargs)
        COUNTS.now["contexts"] += 1

        def on_page(_: Page) -> None:
            COUNTS.now["tabs"] += 1

        context.on("page", on_page)
        context.expose_binding(BINDING, lambda _source, what: COUNTS.note(context, str(what)))
        context.add_init_script(SCRIPT)
        return context

    new_context.counted = True  # type: ignore[attr-defined]
    Browser.new_context = new_context  # type: ignore[method-assign]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    COUNTS.take()  # whatever arrived between tests (a late binding call) is nobody's


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    outcome = yield
    report = outcome.get_result()
    if report.when == "teardown":
        report.user_properties.append(("page_loads", COUNTS.take()))


class Table:
    """On the controller (or a run in one process): each test's figures, printed at the end."""

    def __init__(self, out: str | None = None) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.counts: dict[str, dict[str, int]] = {}
        self.out = out

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.seconds[report.nodeid] += report.duration
        for name, value in report.user_properties:
            if name == "page_loads" and isinstance(value, dict):
                counts = {str(k): int(v) for k, v in value.items()}
                self.counts[report.nodeid] = counts
                if self.out:
                    row = {"test": report.nodeid, "s": round(self.seconds[report.nodeid], 2)}
                    with open(self.out, "a", encoding="utf-8") as out:
                        out.write(json.dumps({**row, **counts}) + "\n")

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        write = terminalreporter.write_line
        rows = sorted(self.counts, key=lambda nodeid: -self.seconds[nodeid])
        if not rows:
            return
        write("")
        write("page loads per test (seconds: set-up + call + teardown)")
        header = "   s  " + "  ".join(f"{kind:>8}" for kind in KINDS) + "  test"
        write(header)
        files: dict[str, list[float]] = defaultdict(lambda: [0.0] * (len(KINDS) + 2))
        for nodeid in rows:
            counts = self.counts[nodeid]
            figures = "  ".join(f"{counts.get(kind, 0):>8}" for kind in KINDS)
            write(f"{self.seconds[nodeid]:6.1f}  {figures}  {nodeid}")
            total = files[nodeid.split("::")[0]]
            total[0] += 1
            total[1] += self.seconds[nodeid]
            for i, kind in enumerate(KINDS):
                total[i + 2] += counts.get(kind, 0)
        write("")
        write("per file: tests, seconds, " + ", ".join(KINDS))
        for path, total in sorted(files.items(), key=lambda item: -item[1][1]):
            counts_line = "  ".join(f"{int(n):>8}" for n in total[2:])
            write(f"{int(total[0]):4d} {total[1]:7.1f}  {counts_line}  {path}")
        every = [sum(total[i] for total in files.values()) for i in range(len(KINDS) + 2)]
        counts_line = "  ".join(f"{int(n):>8}" for n in every[2:])
        write(f"{int(every[0]):4d} {every[1]:7.1f}  {counts_line}  (all)")


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):
        config.pluginmanager.register(Table(os.environ.get("PAGE_LOADS_OUT")), "page-loads-table")
    if os.environ.get("PYTEST_XDIST_WORKER") or not config.getoption("numprocesses", None):
        count_contexts()
