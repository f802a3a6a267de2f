"""A browser that makes storage misbehave, for the storage tests (issue 14): scripts for
`page.add_init_script`, and a storage filled to the last byte with another app's junk."""

from __future__ import annotations

from playwright.sync_api import Page

# A browser blocking site data: even reading `window.localStorage` throws.
GETTER_THROWS = """Object.defineProperty(window, 'localStorage', {configurable: true,
    get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }});"""
GET_THROWS = """Storage.prototype.getItem = function () {
    throw new DOMException('Access is denied.', 'SecurityError'); };"""
SET_THROWS = """Storage.prototype.setItem = function () {
    throw new DOMException('Access is denied.', 'SecurityError'); };"""

# A new key costs its name as well: the last few characters (fewer than a key and a value) go
# onto the last value one at a time, else a game's next moves still fit in what is left.
FILL = """() => {
    let n = 0;
    for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 8, 16, 1]) {
        const value = 'x'.repeat(size);
        try { for (;;) { localStorage.setItem('junk.' + n, value); n++; } } catch (e) {}
    }
    const last = 'junk.' + (n - 1);
    try { for (;;) localStorage.setItem(last, localStorage.getItem(last) + 'x'); } catch (e) {}
    return n;
}"""


def fill_storage(page: Page) -> None:
    """Junk keys until not one more character fits."""
    assert page.evaluate(FILL) > 0


def free_junk(page: Page) -> None:
    page.evaluate(
        """() => Object.keys(localStorage).filter((k) => k.startsWith('junk.'))
            .forEach((k) => localStorage.removeItem(k))"""
    )


def put(page: Page, items: dict[str, str]) -> None:
    page.evaluate(
        "(items) => Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v))", items
    )


def site_keys(page: Page) -> dict[str, str]:
    """Everything the page keeps (other apps' junk left out)."""
    return page.evaluate(
        """() => Object.fromEntries(Object.keys(localStorage)
            .filter((k) => k.startsWith('targi.')).map((k) => [k, localStorage.getItem(k)]))"""
    )
