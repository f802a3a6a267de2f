"""python -m targi: selfplay, replay, cards, bench, and the AI's match (targi.ai.cli).

The command line composes the layers (the engine, the AI, the player registry), so it sits
above all of them; no layer below registers itself here.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

from . import save
from .ai import cli as ai_cli
from .cards import BY_ID, CARDS, as_rows
from .events import GoldLimit, MarkerReturned, RaidImmune, RaidVP
from .game import Game
from .players import RandomPlayer, play_game
from .registry import make_player
from .scoring import result, score

PLAYER_NAMES = ("Blue", "Red")
KIND_WORDS = {
    "raid": "raid at",
    "raid_immune": "is immune to the raid",
    "raid_vp": "lost VP in the raid:",
    "reshuffle": "reshuffled the discard pile into the deck:",
    "drawn": "turned up",
    "round_end": "end of round",
    "marker_returned": "tribe marker returned (empty space):",
    "gold_limit": "returned gold over the limit:",
    "game_over": "game over",
}


def _card_name(card_id: str) -> str:
    return f"{BY_ID[card_id].name} ({card_id})" if card_id else ""


def format_log(g: Game) -> list[str]:
    """The game's log as lines of text."""
    lines = []
    for e in g.log:
        if e.kind == "move":
            auto = " (only choice)" if e.forced else ""
            lines.append(
                f"round {e.round:2d}  {PLAYER_NAMES[e.player]:4s} {e.move:6s} "
                f"{_card_name(e.card)}{auto}"
            )
        elif e.kind == "raid":
            lines.append(
                f"          {PLAYER_NAMES[e.first]} {KIND_WORDS[e.kind]} {_card_name(e.card)}"
            )
        elif e.kind == "drawn":
            lines.append(
                f"          {PLAYER_NAMES[e.player]} {KIND_WORDS[e.kind]} {_card_name(e.card)}"
            )
        elif e.kind == "round_end":
            lines.append(f"--- {KIND_WORDS[e.kind]} {e.rounds_played}")
        elif e.kind == "game_over":
            lines.append(f"--- {KIND_WORDS[e.kind]}")
        elif e.kind == "reshuffle":
            lines.append(f"          {KIND_WORDS[e.kind]} {e.deck}")
        else:
            lines.append(f"          {PLAYER_NAMES[e.player]} {KIND_WORDS[e.kind]} {_detail(e)}")
    return lines


def _detail(e: RaidImmune | RaidVP | MarkerReturned | GoldLimit) -> str:
    """What a player's event says after its kind ('' for an immunity)."""
    if e.kind == "raid_vp":
        return str(e.vp)
    if e.kind == "marker_returned":
        return e.spaces
    if e.kind == "gold_limit":
        return str(e.gold)
    return ""


def format_scores(g: Game) -> list[str]:
    """Both scores in full and the winner, as lines of text."""
    lines = []
    for p in (0, 1):
        s = score(g, p)
        bonuses = ", ".join(f"{b['name']} {b['vp']}" for b in s.card_bonuses) or "none"
        lines.append(
            f"{PLAYER_NAMES[p]}: {s.total} VP = tokens {s.tokens} + cards {s.cards}"
            f" + card bonuses ({bonuses}) + rows {s.rows}; gold {s.gold}, goods {s.goods}"
        )
    winner, decided_by = result(g)
    lines.append(
        "Draw." if winner is None else f"{PLAYER_NAMES[winner]} wins (decided by {decided_by})."
    )
    return lines


def game_summary(g: Game) -> dict[str, Any]:
    """A finished game as JSON-ready data (selfplay --json)."""
    winner, decided_by = result(g)
    return {
        "seed": g.seed,
        "first_player": g.starter,
        "rounds": g.rounds_played,
        "winner": winner,
        "decided_by": decided_by,
        "scores": [score(g, 0).as_dict(), score(g, 1).as_dict()],
        "moves": len(g.record),
        "save": save.encode(g),
    }


def cmd_selfplay(args: argparse.Namespace) -> int:
    """`selfplay`: play games between two players and print each result."""
    specs = args.players.split(",")
    if len(specs) != 2:
        print("--players takes two players, e.g. random,greedy", file=sys.stderr)
        return 2
    for i in range(args.games):
        seed = (args.seed + i) % (1 << 32)
        players = (make_player(specs[0], seed * 2 + 1), make_player(specs[1], seed * 2 + 2))
        g = play_game(seed, players, first_player=i % 2)
        summary = game_summary(g)
        if args.json:
            print(json.dumps(summary), flush=True)
        else:
            w = summary["winner"]
            who = "draw" if w is None else f"{PLAYER_NAMES[w]} ({specs[w]})"
            totals = [s["total"] for s in summary["scores"]]
            print(f"seed {seed}: {totals[0]}-{totals[1]} {who}, {summary['rounds']} rounds")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """`replay`: print the game a save string records."""
    try:
        g, _ = save.decode(args.save)
    except save.SaveError as e:
        print(f"targi: {e}", file=sys.stderr)
        return 2
    print(f"seed {g.seed}, {PLAYER_NAMES[g.starter]} starts")
    print("\n".join(format_log(g)))
    if g.is_over:
        print("\n".join(format_scores(g)))
    else:
        print(f"(game in progress: {PLAYER_NAMES[g.player]} to move, deciding {g.decision})")
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    """`cards`: print the card table."""
    rows = as_rows()
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    for c in CARDS:
        extra = f" {c.symbol}, {c.vp} VP, cost {c.cost}" if c.kind == "tribe" else ""
        print(f"{c.id} {c.kind:6s} {c.name}:{extra} {c.effect} {c.text}".rstrip())
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """`bench`: the engine's speed (whole random games, moves applied, legal-move lists)."""
    seconds = args.seconds
    players = (RandomPlayer(1), RandomPlayer(2))
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = play_game(games, players, games % 2)
        games += 1
        moves += len(g.record)
    elapsed = time.perf_counter() - start
    print(f"complete random games: {games / elapsed:,.0f} per second ({games} games)")

    # Applying moves alone: replay recorded games with the moves known in advance.
    records = [play_game(10_000 + i, players, i % 2) for i in range(50)]
    applied = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for r in records:
            g = Game.new(r.seed, r.starter)
            for m in r.record:
                g.play(m)
            applied += len(r.record)
    elapsed = time.perf_counter() - start
    print(f"moves applied: {applied / elapsed:,.0f} per second (with automatic moves in between)")

    positions = []
    for r in records[:10]:
        g = Game.new(r.seed, r.starter)
        for m in r.record:
            positions.append(g.clone())
            g.play(m)
    lists = 0
    start = time.perf_counter()
    from .decisions import MOVES

    while time.perf_counter() - start < seconds:
        for g in positions:
            MOVES[g.stack[-1][0]](g, g.stack[-1])
        lists += len(positions)
    elapsed = time.perf_counter() - start
    print(f"legal-move lists: {lists / elapsed:,.0f} per second (computed afresh)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser: the engine's commands and the AI's."""
    parser = argparse.ArgumentParser(prog="python -m targi", description="Targi rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("selfplay", help="play whole games between two players")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", default="random,greedy")
    p.add_argument("--json", action="store_true", help="one JSON object per game")
    p.set_defaults(run=cmd_selfplay)
    p = sub.add_parser("replay", help="print the game a save string records")
    p.add_argument("save")
    p.set_defaults(run=cmd_replay)
    p = sub.add_parser("cards", help="the card table the engine uses")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_cards)
    p = sub.add_parser("bench", help="engine speed")
    p.add_argument("--seconds", type=float, default=3.0, help="time per figure")
    p.set_defaults(run=cmd_bench)
    ai_cli.register(sub, make_player)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the exit status (2 for bad input)."""
    args = build_parser().parse_args(argv)
    try:
        code: int = args.run(args)
        return code
    except ValueError as e:
        print(f"targi: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
