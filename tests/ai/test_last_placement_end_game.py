"""The game's last placement (the last round's sixth Targi, placed by the game's starting player
when the game lasts twelve rounds): a level with `endgame_placements` (the expert's since the
seventh session of 2026-11-27) searches it to the end of the game, as its end game searches the
last actions, when the first deal is solved within its share; otherwise it searches the
placement as any other (docs/strength.md, "The game's last placement searched to the end")."""

from __future__ import annotations

from dataclasses import replace

from targi.ai.choose import decide, in_last_placements
from targi.ai.levels import LEVELS, VARIANTS
from targi.save import decode

from .positions import first_with

# Greedy game 1005 (bench/last_placement.py) before its last placement: Red places the last
# Targi. Solved over 8 deals (bench/results/last-placement.jsonl), Silversmith (t10) loses by 4
# VP less than Dates, Caravan or t15; every move loses in every deal.
LAST_1005 = "TAQAAA-0B9gEBVLaErbTfISB8hDHfhsY4M2JvRuD-BCLSrin4dHj6XEwLcLJkgZofprAOpBeOvSJHN44gC0TIDfGv0xgmIELMPGE"  # noqa: E501
# Medium game 95000 before its last placement: solving one deal takes about 80,000 nodes.
LAST_95000 = "TAQABcxgA5wERxUDm8IxWgz8v3rRMjLQ3zGXCOnXcd-BBIkIHUUOiH_W7jen0IOZs4yGk7KnzAYrn0OqLQFCJrPCYZh15z1U9zPw"  # noqa: E501


def position(text: str):
    g, _ = decode(text)
    assert (g.round, g.decision, sum(g.to_place)) == (12, "place", 1)
    return g


def test_the_last_placements_are_the_last_round_s_with_few_targis_left():
    assert in_last_placements(position(LAST_1005), 1)
    assert not in_last_placements(position(LAST_1005), 0)
    first = first_with(
        0, lambda g: g.decision == "place" and g.round == 12 and sum(g.to_place) == 6
    )
    assert not in_last_placements(first, 5) and in_last_placements(first, 6)
    earlier = first_with(0, lambda g: g.decision == "place" and g.round == 11)
    assert not in_last_placements(earlier, 6)


def test_a_solved_last_placement_plays_the_solved_game_s_move():
    g = position(LAST_1005)
    choice = decide(g, "expert", 1)
    assert choice.move == "t10"  # the expert before, searching 6 plies, saw the four alike: t7
    assert choice.depth == LEVELS["expert"].max_depth  # every deal searched to the end
    assert choice.samples >= LEVELS["expert"].endgame_samples
    assert choice.values["t10"] - choice.values["t7"] > 3.9  # the reference's 3.99
    assert decide(g, VARIANTS["expert-lp0"], 1).move == "t7"


def test_a_last_placement_not_solved_in_its_share_is_searched_as_any_other():
    g = position(LAST_95000)
    tried, plain = decide(g, "expert", 0), decide(g, VARIANTS["expert-lp0"], 0)
    assert (tried.move, tried.values, tried.depth) == (plain.move, plain.values, plain.depth)
    share = LEVELS["expert"].endgame_nodes // LEVELS["expert"].endgame_samples
    assert tried.nodes == plain.nodes + share + 1  # the first deal's share, one node over


def test_only_the_expert_starts_its_end_game_at_the_last_placement():
    assert LEVELS["expert"].endgame_placements == 1
    assert all(LEVELS[name].endgame_placements == 0 for name in ("easy", "medium", "hard"))
    # The expert before: its rows (bench/results) go on with the same player.
    assert VARIANTS["expert-lp0"] == replace(VARIANTS["expert-ab"], endgame_placements=0)
    assert VARIANTS["expert-unpruned"].endgame_placements == 0
