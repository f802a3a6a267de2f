"""Finding the browser for the e2e tests (tools/browser.py), and installing it when missing."""

from __future__ import annotations

from typing import Any

import pytest

from tools import browser


def _no_browser_on_a_root_debian_machine(
    monkeypatch: pytest.MonkeyPatch, apt_fails: bool
) -> list[list[str]]:
    """A machine as the brief describes it: root, apt-get, no Chromium until apt installs it."""
    installed: list[str] = []
    commands: list[list[str]] = []

    def run(command: list[str], **kwargs: Any) -> int:
        commands.append(command)
        assert kwargs["env"]["DEBIAN_FRONTEND"] == "noninteractive"
        if command[1:] == ["install", "-y", "chromium"] and not apt_fails:
            installed.append("/usr/bin/chromium")
        return 100 if apt_fails and command[1] == "install" else 0

    monkeypatch.delenv("CHROMIUM_PATH", raising=False)
    monkeypatch.setattr(browser.os, "geteuid", lambda: 0, raising=False)
    monkeypatch.setattr(browser, "run", run)

    def which(name: str) -> str | None:
        if name == "apt-get":
            return "/usr/bin/apt-get"
        return installed[0] if installed and name in browser.CHROMIUM_CANDIDATES else None

    monkeypatch.setattr(browser.shutil, "which", which)
    return commands


def test_tests_install_debian_chromium_with_apt_when_no_browser_is_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    commands = _no_browser_on_a_root_debian_machine(monkeypatch, apt_fails=False)
    assert browser.ensure_chromium() == "/usr/bin/chromium"
    assert commands == [
        ["/usr/bin/apt-get", "update"],
        ["/usr/bin/apt-get", "install", "-y", "chromium"],
    ]


def test_a_failed_chromium_install_stops_the_tests_with_a_clear_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _no_browser_on_a_root_debian_machine(monkeypatch, apt_fails=True)
    with pytest.raises(SystemExit, match="installing chromium with apt-get failed"):
        browser.ensure_chromium()
