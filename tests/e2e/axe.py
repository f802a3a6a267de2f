"""axe-core in the browser tests: run it on the page as it is and list what it finds.

axe-core is the pinned npm dev dependency (package.json, installed by `npm ci`; never copied into
site/). It is injected with `page.evaluate` of its source: Playwright runs that through the
DevTools protocol, which the page's Content-Security-Policy does not govern, so the page is
checked under its real CSP. A context with `bypass_csp` would also work, but it changes the page
under test (every CSP rule off), and the CSP tests could no longer share its sessions.

Use:
    audit = Audit()
    audit.check(page, "placement (dark)")   # one screen, as shown now (and unique names)
    audit.assert_clean()                     # fails listing every violation of every screen
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page

from tools.npm import AXE_SOURCE

# WCAG 2.x A/AA and axe's best practices, and one experimental rule the issue names: a control's
# visible words must be part of its accessible name (spoken commands find it by them).
OPTIONS: dict[str, Any] = {
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
    },
    "rules": {"label-content-name-mismatch": {"enabled": True}},
    "resultTypes": ["violations"],
}

RUN = """async (options) => {
  const r = await axe.run(document, options);
  return r.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary || ''})),
  }));
}"""


def inject(page: Page) -> None:
    """axe-core on this page (once per document)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE_SOURCE.read_text(encoding="utf-8"))


def violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now."""
    inject(page)
    found: list[dict[str, Any]] = page.evaluate(RUN, OPTIONS)
    return found


NAMED_ROLES = ("button", "link", "gridcell", "checkbox", "radio", "combobox", "textbox", "slider")


def duplicate_names(page: Page) -> list[str]:
    """Controls (and board cells) that share an accessible name with another, as Chromium's
    accessibility tree has them (what a screen reader lists; content behind a modal dialog is
    left out of the tree)."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    seen: dict[tuple[str, str], int] = {}
    for node in nodes:
        role = node.get("role", {}).get("value")
        if role in NAMED_ROLES and not node.get("ignored"):
            key = (role, node.get("name", {}).get("value", ""))
            seen[key] = seen.get(key, 0) + 1
    return [f"{role} {name!r} x{n}" for (role, name), n in seen.items() if n > 1]


def describe(screen: str, found: list[dict[str, Any]]) -> list[str]:
    """One line per violating element: screen, rule id, target, axe's summary."""
    lines = []
    for v in found:
        for node in v["nodes"]:
            summary = " ".join(node["summary"].split())[:300]
            lines.append(f"[{screen}] {v['id']} ({v['impact']}): {node['target']} — {summary}")
    return lines


@dataclass
class Audit:
    """Violations collected over several screens of one walk through the page."""

    lines: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)  # screen -> violating elements

    def check(self, page: Page, screen: str) -> None:
        found = describe(screen, violations(page))
        found += [f"[{screen}] duplicate accessible name: {d}" for d in duplicate_names(page)]
        self.counts[screen] = len(found)
        self.lines += found

    def assert_clean(self) -> None:
        assert not self.lines, f"axe-core found {len(self.lines)} violation(s):\n" + "\n".join(
            self.lines
        )


def assert_no_violations(page: Page, screen: str) -> None:
    """One screen, checked at once."""
    audit = Audit()
    audit.check(page, screen)
    audit.assert_clean()
