"""Targi as the OpenSpiel game `python_targi` (targi.spiel): OpenSpiel's own checks, the action
table, chance, what players observe, the returns, and OpenSpiel's bots playing it."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from targi import Game  # noqa: E402
from targi import chance as chance_mode  # noqa: E402
from targi.cards import GOODS_CARDS, TRIBE_CARDS  # noqa: E402
from targi.cli import main  # noqa: E402
from targi.spiel import ACTION_ID, ACTIONS, DEALT, TargiState, action_id  # noqa: E402
from targi.spiel.bots import SpielPlayer, determinization, make_bot  # noqa: E402

CHANCE = pyspiel.PlayerId.CHANCE


@pytest.fixture(scope="module")
def game() -> Any:
    return pyspiel.load_game("python_targi")


def _step(state: Any, rnd: random.Random) -> None:
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rnd.choices(actions, probs)[0])
    else:
        state.apply_action(rnd.choice(state.legal_actions()))


def _played(game: Any, seed: int, until: Any) -> Any:
    """A state played at random from the start until `until(state)` holds."""
    rnd = random.Random(seed)
    state = game.new_initial_state()
    while not until(state):
        _step(state, rnd)
    return state


def test_openspiel_random_simulations_with_serialization_pass(game: Any) -> None:
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_the_margin_game_passes_them_too_and_returns_the_vp_difference() -> None:
    game = pyspiel.load_game("python_targi(returns=margin,first_player=1)")
    assert game.max_utility() == 200 and game.min_utility() == -200
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    state = _played(game, 4, lambda s: s.is_terminal())
    g = state.g
    from targi import score

    margin = score(g, 0).total - score(g, 1).total
    assert state.returns() == [margin, -margin]
    assert g.starter == 1


def test_returns_are_win_draw_loss_by_the_rulebook_result(game: Any) -> None:
    from targi import result

    for seed in (1, 2, 3):
        state = _played(game, seed, lambda s: s.is_terminal())
        winner, _ = result(state.g)
        expected = {None: [0.0, 0.0], 0: [1.0, -1.0], 1: [-1.0, 1.0]}[winner]
        assert state.returns() == expected


def test_a_bad_parameter_is_refused_with_the_choices() -> None:
    with pytest.raises(Exception, match="win_loss, margin"):
        pyspiel.load_game("python_targi(returns=points)")


def test_serialization_round_trips_in_the_middle_of_a_round(game: Any) -> None:
    state = _played(game, 8, lambda s: len(s.history()) > 120 and s.is_chance_node())
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert back.history() == state.history()
    assert str(back) == str(state)
    assert back.information_state_string(0) == state.information_state_string(0)


def test_the_action_table_holds_every_move_the_engine_offers() -> None:
    assert len(ACTIONS) == len(set(ACTIONS)) == 291
    assert ACTIONS[:3] == ("t1", "t2", "t3") and ACTIONS[-2:] == ("lG", "lV")
    rnd = random.Random(0)
    for seed in range(30):
        g = Game.new(seed, seed % 2)
        while not g.is_over:
            moves = g.legal_moves()
            assert all(m in ACTION_ID for m in moves)
            g.play(rnd.choice(moves))
    with pytest.raises(ValueError, match="not a move of the notation"):
        action_id("t4")


def test_actions_are_written_in_the_notation_and_chance_as_the_dealt_card(game: Any) -> None:
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert [a for a, _ in state.chance_outcomes()] == list(range(len(GOODS_CARDS)))
    assert state.action_to_string(CHANCE, 0) == "deal G01"
    assert len(DEALT) == len(GOODS_CARDS) + len(TRIBE_CARDS) == game.max_chance_outcomes()
    state = _played(game, 1, lambda s: not s.is_chance_node())
    words = [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
    assert words == state.g.legal_moves()  # placements: the engine's order is the table's


def _face_down_pair(game: Any) -> tuple[Any, Any]:
    """Two states with the same history of moves that differ only in the card chance laid face
    down (a central card used: its space refilled face down)."""
    for seed in range(50):
        rnd = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            g = state.g
            if state.is_chance_node() and g.chance.step and g.chance.step[1].isalpha():
                outcomes = [a for a, _ in state.chance_outcomes()]
                a, b = state.clone(), state.clone()
                a.apply_action(outcomes[0])
                b.apply_action(outcomes[-1])
                if not a.is_chance_node() and not a.is_terminal():
                    return a, b
            _step(state, rnd)
    raise AssertionError("no central card was used in 50 random games")


def test_states_that_differ_only_in_a_face_down_card_look_the_same_to_both(game: Any) -> None:
    a, b = _face_down_pair(game)
    assert str(a) != str(b)  # the hidden card differs...
    for p in (0, 1):  # ...and neither player can tell
        assert a.observation_string(p) == b.observation_string(p)
        assert a.information_state_string(p) == b.information_state_string(p)
        assert np.array_equal(a.observation_tensor(p), b.observation_tensor(p))
        assert np.array_equal(a.information_state_tensor(p), b.information_state_tensor(p))
    assert "?" in a.observation_string(0)


def test_cards_that_come_up_face_up_are_in_the_history_a_player_remembers(game: Any) -> None:
    state = _played(game, 2, lambda s: len(s.history()) > 9)
    opening = state.information_state_string(0).split("\n")[0].split("; ")[:9]
    assert all(w.startswith("deal ") and "?" not in w for w in opening)


def test_resampling_keeps_the_information_state_and_redeals_face_down_cards(game: Any) -> None:
    a, _ = _face_down_pair(game)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    resampled = [a.resample_from_infostate(a.current_player(), sampler) for _ in range(20)]
    for r in resampled:
        assert r.information_state_string(0) == a.information_state_string(0)
        unseen = r.g.goods_deck + r.g.tribe_deck + r.g.central
        assert sorted(unseen) == sorted(a.g.goods_deck + a.g.tribe_deck + a.g.central)
        assert [r.g.central[i] for i in range(9) if r.g.face_up[i]] == [
            a.g.central[i] for i in range(9) if a.g.face_up[i]
        ]
    assert len({str(r) for r in resampled}) > 1


def _bot_moves(game: Any, bot: Any, state: Any, moves: int) -> None:
    rnd = random.Random(0)
    for _ in range(moves):
        while state.is_chance_node():
            _step(state, rnd)
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_openspiel_uniform_random_bots_play_a_whole_game(game: Any) -> None:
    bots = [pyspiel.make_uniform_random_bot(p, 5 + p) for p in (0, 1)]
    state = game.new_initial_state()
    rnd = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            _step(state, rnd)
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_openspiel_mcts_plays_on_a_determinization(game: Any) -> None:
    bot = mcts.MCTSBot(game, 2.0, 8, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       solve=False, random_state=np.random.RandomState(1))  # fmt: skip
    a, _ = _face_down_pair(game)
    _bot_moves(game, bot, determinization(game, a.g, 3), 4)


def test_openspiel_python_ismcts_plays_with_resampled_face_down_cards(game: Any) -> None:
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), 2.0,
                           8, random_state=np.random.RandomState(1))  # fmt: skip
    a, _ = _face_down_pair(game)
    _bot_moves(game, bot, a, 4)


def test_bots_for_a_seat_come_by_name(game: Any) -> None:
    for kind in ("random", "mcts", "ismcts"):
        assert make_bot(kind, game, 0, 1, 4) is not None
    with pytest.raises(ValueError, match="unknown OpenSpiel bot"):
        make_bot("alphazero", game, 0, 1, 4)


def test_a_spiel_player_plays_the_engine_game_without_seeing_hidden_cards() -> None:
    g = Game.new(5, 0)
    player = SpielPlayer("spiel:mcts:4", seed=2)
    for _ in range(6):
        g.play(player(g))
    with pytest.raises(ValueError, match="spiel:BOT"):
        SpielPlayer("spiel:deepblue")


def test_match_pits_a_level_against_an_openspiel_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--players", "random,spiel:random", "--games", "2", "--quiet"]) == 0
    assert "random vs spiel:random: 2 games" in capsys.readouterr().out


def test_an_unknown_openspiel_bot_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--players", "random,spiel:nope", "--games", "2"]) == 2
    assert "spiel:BOT" in capsys.readouterr().err


def test_the_state_wraps_an_engine_game_in_explicit_chance_mode(game: Any) -> None:
    state = game.new_initial_state()
    assert isinstance(state, TargiState)
    assert state.g.chance is not None and chance_mode.pending(state.g)
