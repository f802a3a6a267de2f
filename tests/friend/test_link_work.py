"""What a page does again at every link that it did at the link before: its status reads the
last message, and storing the game writes every message's link text. Each is done once for
the same bytes."""

from __future__ import annotations

import pytest
from targi.friend import FriendGame, wire

from .scripted import Match, secret


def _counted(monkeypatch: pytest.MonkeyPatch, name: str) -> list[bytes]:
    """The bytes `wire.<name>` is called with from now on."""
    seen: list[bytes] = []
    original = getattr(wire, name)

    def counting(data: bytes) -> object:
        seen.append(data)
        return original(data)

    monkeypatch.setattr(wire, name, counting)
    return seen


def _played(steps: int) -> Match:
    match = Match(secret("a2"), secret("b2"), first=0, seed=2)
    for _ in range(steps):
        assert match.step()
    return match


def test_a_pages_status_reads_its_last_message_once_however_often_it_is_asked(
    monkeypatch: pytest.MonkeyPatch,
):
    match = _played(12)
    answering = [p for p in match.pages if p.status == "answering"] or match.pages
    page = answering[0]
    parsed = _counted(monkeypatch, "parse")
    statuses = {page.status for _ in range(10)}
    assert len(statuses) == 1
    assert len(parsed) <= 1
    match.step()
    match.step()
    parsed.clear()
    for p in match.pages:
        expected = p.status
        assert all(p.status == expected for _ in range(10))
    assert len(parsed) <= 2  # each page's new last message, once


def _status_read_afresh(page: FriendGame) -> str:
    """The status from the whole last message parsed again (what the kept reading replaces)."""
    if page.result is not None or page._waiting_on() == page.role:
        return page.status
    last = wire.parse(page.transcript[-1])
    moved = any(isinstance(i, wire.Move) for i in last.items)
    return "answering" if last.sender == page.role and last.seq > 1 and not moved else "waiting"


def test_a_status_is_the_one_its_last_message_gives_all_game_long():
    match = Match(secret("a2"), secret("b2"), first=0, seed=2)
    seen = set()
    while match.step():
        for page in match.pages:
            assert page.status == _status_read_afresh(page)
            seen.add(page.status)
    assert {"answering", "waiting"} <= seen


def test_storing_a_game_encodes_each_message_once(monkeypatch: pytest.MonkeyPatch):
    match = _played(20)
    page = match.pages[0]
    encoded = _counted(monkeypatch, "encode")
    first = page.to_dict()
    assert len(encoded) <= len(page.transcript)
    encoded.clear()
    assert page.to_dict() == first
    assert page.link == first["transcript"][-1] or page.link in first["transcript"]
    assert encoded == []
    match.step()
    match.step()
    before = len(first["transcript"])  # type: ignore[arg-type]
    encoded.clear()
    stored = page.to_dict()["transcript"]
    assert len(page.transcript) > before
    assert len(encoded) <= len(page.transcript) - before  # the new messages alone
    assert stored == [wire.encode(raw) for raw in page.transcript]
    restored = FriendGame.from_dict(page.to_dict())
    assert restored.transcript == page.transcript
