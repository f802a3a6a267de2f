"""What the page keeps: a checked envelope per game, settings that never stop the page, and
stored text refused before it can reach a recursive parser."""

from __future__ import annotations

import json

import pytest
from targi.app.session import Session
from targi.app.store.storage import (
    ENVELOPE_MAX_CHARS,
    FORMAT,
    MAX_DEPTH,
    Settings,
    StoredGameError,
    dump_envelope,
    nesting_depth,
    read_stored,
    summarize,
)

from .flaky import format_1


def _session() -> Session:
    s = Session.new(2024, 1, "ai", "hard")
    for _ in range(7):
        s.game.play(s.game.legal_moves()[-1])
    return s


def _stored(s: Session | None = None, **changes: object) -> str:
    s = s or _session()
    data = json.loads(dump_envelope(summarize(s, "abc123", 4, 1_763_900_000_000, "t1"), s.encode()))
    data.update(changes)
    return json.dumps(data)


def _error(text: object) -> StoredGameError:
    with pytest.raises(StoredGameError) as e:
        read_stored(text)
    return e.value


def test_stored_game_reads_back_the_same_game_with_its_summary():
    s = _session()
    stored = read_stored(_stored(s))
    back = stored.session()
    assert back.game.record == s.game.record
    assert (back.mode, back.level, back.game.seed) == ("ai", "hard", 2024)
    assert stored.summary.id == "abc123" and stored.summary.rev == 4
    assert (stored.summary.mode, stored.summary.level, stored.summary.round) == ("ai", "hard", 1)
    assert stored.summary.date == 1_763_900_000_000 and not stored.summary.over


def test_stored_game_carries_its_format_version():
    assert json.loads(_stored())["format"] == FORMAT


def test_a_format_1_game_from_the_page_before_recent_games_still_reads():
    s = _session()
    assert read_stored(format_1(s)).session().game.record == s.game.record
    assert read_stored(format_1(s)).summary.id == ""  # the store gives it an id


@pytest.mark.parametrize("text", ["{not json", "", "\x00\x01", None, 42, '{"a": NaN}'])
def test_damaged_storage_is_reported_as_not_json(text):
    assert _error(text).key == "storage.error.not_json"


@pytest.mark.parametrize("text", ['{"hello": 1}', "[]", '"targi"', "3"])
def test_someone_elses_data_is_reported_as_not_ours(text):
    assert _error(text).key == "storage.error.not_ours"


def test_unknown_format_version_is_named():
    e = _error(_stored(format=99))
    assert e.key == "storage.error.format" and e.params == {"format": "99"}


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("id", "../etc"),
        ("id", 5),
        ("rev", -1),
        ("rev", True),
        ("rev", 2**60),
        ("date", "today"),
        ("mode", ["ai"]),
        ("level", "godlike"),
        ("round", 13),
        ("score", [1]),
        ("score", [1, "2"]),
        ("over", 0),
        ("tab", {}),
        ("save", 12),
    ],
)
def test_every_field_of_a_stored_game_is_checked(field, value):
    e = _error(_stored(**{field: value}))
    assert e.key == "storage.error.field" and e.params["field"] in (field, "a", "b")


def test_damaged_save_inside_the_envelope_says_why():
    s = _session()
    code = s.encode()
    damaged = code[:-3] + ("AAA" if not code.endswith("AAA") else "BBB")
    with pytest.raises(StoredGameError) as e:
        read_stored(_stored(s, save=damaged)).session()
    assert e.value.key == "storage.error.save"
    assert "checksum" in e.value.params["reason"]


@pytest.mark.parametrize("text", ["[" * 8000, "{" * 8000, "[" * 900 + "]" * 900, '{"a":' * 50])
def test_deep_nesting_is_refused_before_parsing(text):
    assert _error(text).key in ("storage.error.too_deep", "storage.error.too_big")


def test_a_huge_value_is_refused_by_its_size():
    e = _error(_stored(save="T" * ENVELOPE_MAX_CHARS))
    assert e.key == "storage.error.too_big"
    assert _error("9" * 100_000).key == "storage.error.too_big"


def test_brackets_inside_strings_do_not_count_as_nesting():
    assert nesting_depth('{"a": "[[[[[[[[\\"[[[["}', MAX_DEPTH) == 1
    assert nesting_depth("[[[]]]", 10) == 3


def test_settings_fall_back_one_by_one():
    s = Settings.parse(json.dumps({"pace": "instant", "level": "godlike", "starter": "random"}))
    assert (s.pace, s.level, s.starter) == ("instant", "medium", "random")
    assert Settings.parse("garbage").pace == "normal"
    assert Settings.parse(None).delay_ms > 0
    assert Settings.parse(Settings(pace="fast").dump()).pace == "fast"


def test_the_hint_level_setting_is_kept_and_an_unknown_one_falls_back_to_medium():
    assert Settings.parse(Settings(hint_level="expert").dump()).hint_level == "expert"
    assert Settings.parse(json.dumps({"hint_level": "hard"})).hint_level == "medium"
    assert Settings.parse(json.dumps({"pace": "fast"})).hint_level == "medium"  # older settings


@pytest.mark.parametrize(
    "text",
    [
        '{"pace": []}',
        '{"pace": {}, "level": [1], "starter": {"a": 1}}',
        '{"pace": null, "level": 3, "starter": true}',
        "[" * 8000,
        '{"pace": "' + "x" * 100_000 + '"}',
        "[]",
        '"fast"',
    ],
)
def test_settings_of_any_shape_give_the_defaults(text):
    assert Settings.parse(text) == Settings()
