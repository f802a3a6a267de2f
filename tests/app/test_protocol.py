"""The computer player's protocol: the page's question and the worker's answer, in CPython."""

from __future__ import annotations

import json

import pytest
from targi import save
from targi.app.protocol import Answer, ProtocolError, answer, read_answer, request
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
    ],
)
def test_a_bad_answer_gets_a_clear_error(op: str, text: str, words: str):
    with pytest.raises(ProtocolError, match=words):
        read_answer(op, text)
