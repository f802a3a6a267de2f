"""What the page keeps: a versioned envelope; unreadable data is named, never silently lost."""

from __future__ import annotations

import json

import pytest
from targi.app.session import Session
from targi.app.storage import FORMAT, Settings, StoredGameError, envelope, read_envelope


def _session() -> Session:
    s = Session.new(2024, 1, "ai", "hard")
    for _ in range(7):
        s.game.play(s.game.legal_moves()[-1])
    return s


def test_stored_game_reads_back_the_same_game():
    s = _session()
    back = read_envelope(envelope(s))
    assert back.game.record == s.game.record
    assert (back.mode, back.level, back.game.seed) == ("ai", "hard", 2024)


def test_stored_game_carries_its_format_version():
    assert json.loads(envelope(_session()))["format"] == FORMAT


@pytest.mark.parametrize("text", ["{not json", "", "\x00\x01"])
def test_damaged_storage_is_reported_as_not_json(text):
    with pytest.raises(StoredGameError) as e:
        read_envelope(text)
    assert e.value.key == "storage.error.not_json"


def test_someone_elses_data_is_reported_as_not_ours():
    with pytest.raises(StoredGameError) as e:
        read_envelope(json.dumps({"hello": 1}))
    assert e.value.key == "storage.error.not_ours"


def test_unknown_format_version_is_named():
    data = json.loads(envelope(_session()))
    data["format"] = 99
    with pytest.raises(StoredGameError) as e:
        read_envelope(json.dumps(data))
    assert e.value.key == "storage.error.format" and e.value.params == {"format": "99"}


def test_damaged_save_inside_the_envelope_says_why():
    data = json.loads(envelope(_session()))
    data["save"] = data["save"][:-3] + ("AAA" if not data["save"].endswith("AAA") else "BBB")
    with pytest.raises(StoredGameError) as e:
        read_envelope(json.dumps(data))
    assert e.value.key == "storage.error.save"
    assert "checksum" in e.value.params["reason"]


def test_settings_fall_back_one_by_one():
    s = Settings.parse(json.dumps({"pace": "instant", "level": "godlike", "starter": "random"}))
    assert (s.pace, s.level, s.starter) == ("instant", "medium", "random")
    assert Settings.parse("garbage").pace == "normal"
    assert Settings.parse(None).delay_ms > 0
    assert Settings.parse(Settings(pace="fast").dump()).pace == "fast"
