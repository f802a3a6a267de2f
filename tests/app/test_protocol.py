"""The computer player's protocol: the page's question and the worker's answer, in CPython."""

from __future__ import annotations

import json

import pytest
from targi import save
from targi.app.protocol import (
    MAX_STEPS,
    Answer,
    Judged,
    ProtocolError,
    analysis_request,
    answer,
    read_answer,
    read_verdicts,
    request,
)
from targi.game import Game


def _opening() -> str:
    return save.encode(Game.new(11, 0))


def test_a_move_request_is_answered_with_a_legal_move():
    g = Game.new(11, 0)
    reply = json.loads(answer(request("move", save.encode(g), "easy", 5)))
    assert set(reply) == {"move"}
    assert reply["move"] in g.legal_moves()


def test_a_hint_names_a_legal_move_and_a_reason():
    g = Game.new(11, 0)
    reply = read_answer("hint", answer(request("hint", save.encode(g), "medium", 5)))
    assert reply.move in g.legal_moves()
    assert reply.key and isinstance(reply.params, dict)


def test_the_same_request_gets_the_same_answer():
    question = request("move", _opening(), "easy", 3)
    assert answer(question) == answer(question)


def test_fields_the_protocol_does_not_know_are_ignored():
    """The worker's client numbers its requests; the number is not part of the question."""
    data = json.loads(request("move", _opening(), "easy", 3))
    assert answer(json.dumps({**data, "id": 17})) == answer(json.dumps(data))


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"op": "resign"}, "unknown request 'resign'"),
        ({"op": None}, "unknown request None"),
        ({"level": "godlike"}, "unknown level 'godlike'"),
        ({"seed": "7"}, "seed is not a whole number"),
        ({"seed": True}, "seed is not a whole number"),
        ({"save": 42}, "no save string"),
        ({"save": "Tnot-a-game"}, "save string cannot be read"),
    ],
)
def test_a_bad_request_gets_a_clear_error(change: dict, words: str):
    data = {**json.loads(request("move", _opening(), "easy", 3)), **change}
    with pytest.raises(ProtocolError, match=words):
        answer(json.dumps(data))


def test_a_request_that_is_not_a_json_object_gets_a_clear_error():
    with pytest.raises(ProtocolError, match="not JSON"):
        answer("{op: move")
    with pytest.raises(ProtocolError, match="JSON object"):
        answer("[1, 2]")


def test_the_page_cannot_build_a_bad_request():
    with pytest.raises(ProtocolError, match="unknown level"):
        request("move", _opening(), "grandmaster", 0)


def test_a_finished_game_has_no_move_to_ask_for():
    g = Game.new(2, 0)
    while not g.is_over:
        g.play(g.legal_moves()[0])
    with pytest.raises(ProtocolError, match="over"):
        answer(request("move", save.encode(g), "easy", 0))


def test_answers_are_read_back_as_the_page_uses_them():
    assert read_answer("move", '{"move": "t3"}') == Answer("t3")
    hint = read_answer("hint", '{"move": "t3", "key": "place", "params": {"card": "B03"}}')
    assert hint == Answer("t3", "place", {"card": "B03"})


@pytest.mark.parametrize(
    ("op", "text", "words"),
    [
        ("move", "not json", "not JSON"),
        ("move", "{}", "names no move"),
        ("move", '{"move": 3}', "names no move"),
        ("hint", '{"move": "t3"}', "gives no reason"),
        ("hint", '{"move": "t3", "key": "place", "params": []}', "gives no reason"),
        ("hint", '{"move": "t3", "key": "place", "params": {"card": ["B03"]}}', "not a word"),
        ("hint", '{"move": "t3", "key": "place", "params": {"vp": true}}', "not a word"),
        ("hint", '{"move": "t3", "key": "place", "params": {"vp": 1.5}}', "not a word"),
    ],
)
def test_a_bad_answer_gets_a_clear_error(op: str, text: str, words: str):
    with pytest.raises(ProtocolError, match=words):
        read_answer(op, text)


# ---- "analyse": the computer's verdict on decisions already made -------------------------------
def _finished_game() -> Game:
    g = Game.new(23, 1)
    while not g.is_over:
        g.play(g.legal_moves()[len(g.record) % len(g.legal_moves())])
    return g


def test_an_analysis_judges_each_step_asked_with_the_move_played_there():
    g = _finished_game()
    steps = [0, 5, 6, len(g.record) - 1]
    reply = json.loads(answer(analysis_request(save.encode(g), "easy", 4, steps)))
    assert set(reply) == {"verdicts"}
    assert [v["step"] for v in reply["verdicts"]] == steps
    for v in reply["verdicts"]:
        assert set(v) == {"step", "played", "best", "loss", "key", "params"}
        assert v["played"] == g.record[v["step"]]
        position = Game.replay(g.seed, g.starter, g.record[: v["step"]])
        assert v["best"] in position.legal_moves()
        assert v["loss"] is None or v["loss"] >= 0
        assert v["loss"] == 0 or v["best"] != v["played"]
    judged = read_verdicts(json.dumps(reply))
    assert [j.step for j in judged] == steps and all(isinstance(j, Judged) for j in judged)


def test_an_analysis_is_the_same_every_time():
    question = analysis_request(save.encode(_finished_game()), "easy", 4, [3, 9])
    assert answer(question) == answer(question)


@pytest.mark.parametrize(
    ("steps", "says"),
    [
        (None, "steps"),
        ([], "steps"),
        (list(range(MAX_STEPS + 1)), "steps"),
        ([1, True], "steps"),
        ([-1], "steps"),
        (["3"], "steps"),
        ([100_000], "no step 100000"),
    ],
)
def test_an_analysis_request_names_steps_of_the_game(steps: object, says: str):
    data = {"op": "analyse", "save": save.encode(_finished_game()), "level": "hard", "seed": 1}
    if steps is not None:
        data["steps"] = steps
    with pytest.raises(ProtocolError, match=says):
        answer(json.dumps(data))


@pytest.mark.parametrize(
    "reply",
    [
        "[]",
        '{"verdicts": 3}',
        '{"verdicts": [{"step": 1}]}',
        '{"verdicts": [{"step": 1, "played": "t1", "best": "t2", "key": "x", "params": {},'
        ' "loss": "much"}]}',
        '{"verdicts": [{"step": 1, "played": "t1", "best": "t2", "key": "x", "params": {},'
        ' "loss": true}]}',
        '{"verdicts": [{"step": 1, "played": "t1", "best": "t2", "key": "x",'
        ' "params": {"border": null}, "loss": 0}]}',
    ],
)
def test_an_analysis_answer_missing_a_field_is_refused(reply: str):
    with pytest.raises(ProtocolError):
        read_verdicts(reply)
