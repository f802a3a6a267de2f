"""The yardstick: Information-Set MCTS with heuristic playouts, written apart from targi.ai.

    python bench/yardstick.py calibrate [--games 1] [--every 5] [--iterations 100]
    python bench/yardstick.py match --a hard --b yardstick:4 --pairs 10 --seed 90000 \
        --out bench/results/hard-v-yardstick4.jsonl
    python bench/yardstick.py summary bench/results/*.jsonl
    python bench/yardstick.py rounds bench/results/expert-v-yardstick4.jsonl
    python bench/yardstick.py merge --into bench/results/expert-v-yardstick16.jsonl /tmp/copy.jsonl
    python bench/yardstick.py paired bench/results/expert-ab-v-yardstick16.jsonl \
        bench/results/expert-gold-v-yardstick16.jsonl

Issue 25's ISMCTS, as the issue describes it (Cowling, Powley and Whitehouse 2012, single
observer): one tree over information sets; every iteration deals the unseen cards anew with
the engine's own `observe(game).sample(seed)`; UCB1 (c = 0.7) over the moves available in that
deal (availability counts); chance nodes: a move's child is chosen by what the move turned up
(a drawn tribe card, Caravan's goods card, the cards turned face up at a round's end); the tree
is kept between decisions (the subtree of what happened since); every iteration plays the deal
out to the end with a cheap heuristic policy (`playout_move`) and scores 1, 1/2 or 0 by the
game's result with its tie-breaks.

It reads the game only as a player may: `observe()` (no deck order, no face-down card) and the
moves played (`record`, public: both players see every move). It imports nothing of targi.ai.

Budgets are in iterations, so a game's moves never depend on the machine or its load.
`calibrate` measures iterations per CPU second beside hard's median CPU time per decision on
the same positions: "N x hard's time" is N x UNIT iterations (docs/strength.md).

`match` plays whole seed pairs (each seed twice on the same deal, seats swapped), appends one
JSON line per game to --out as it ends, and skips the games the file already holds: stop it
at any time and run the same command again to go on. `summary` prints win rates with 95%
Wilson intervals, by who started. `rounds` replays a match's games (whole seed pairs) and
prints, by A's seat, A's lead in points as they stand (`score`: tokens, cards, rows; goods and
gold do not count) at each round's end, and the margins of A's wins and losses: where a seat
gains and loses, and how close its games are; then, both seats together, A's record in the
games decided by 2 points or fewer and in the others, and the leads of the close games; and
the mean gold and goods each side holds from round 9's start to the end, how many games each
ended holding gold, and who held more in the games level on points (the tie-break).
`merge` appends the games of other files (two processes that shared a row's seeds, each into
its own file) that the row does not hold. `paired` sets a second A against the first on the
deals both rows played whole (the same B, seeds and seats): each one's score there, and the
mean change per seed pair with a 95% interval (Student's t), and how many games each scored
more in.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from jsonl import append_row, read_rows  # noqa: E402
from last_round import _mean_ci  # noqa: E402  (Student's t, paired)
from targi import Game  # noqa: E402
from targi.ai.match import wilson  # noqa: E402  (the interval statistics, not the search)
from targi.board import CENTRAL, COLUMN_OF, ROW_OF, central_space  # noqa: E402
from targi.cards import BORDER, CARDS  # noqa: E402
from targi.constants import GOLD, GOODS, ROUNDS  # noqa: E402
from targi.scoring import result, score  # noqa: E402
from targi.view import Observation, observe  # noqa: E402

EXPLORE = 0.7  # UCB1's exploration constant (values are in 0..1)
UNIT = 107  # iterations in 1x hard's median CPU time per decision (calibrated: docs/strength.md)
GREEDY_PLACE = 0.8  # a playout places by the placement heuristic this often, else at random

Signature = Hashable


# ---- the playout policy ---------------------------------------------------------------------
# Border cards by the kind of action they give: goods first, then trades, then tribe cards.
ACTION_ORDER = {"fata_morgana": 0, "take": 1, "caravan": 1, "merchant": 2, "silversmith": 4}
TRIBE_ACTION = 3  # Noble, Tribal expansion, a central tribe card, the hand card
PLACE_WORTH = {
    "take": 1.0,
    "caravan": 1.1,
    "tribal_expansion": 1.5,
    "merchant": 0.4,
    "silversmith": 0.6,
    "fata_morgana": 0.3,
}


def _action_class(g: Game, move: str) -> int:
    if move == "h":
        return TRIBE_ACTION
    tail = move[1:]
    if tail.isdigit():
        effect = BORDER[int(tail)].effect.split(":")[0]
        return ACTION_ORDER.get(effect, TRIBE_ACTION)
    card = g.central[CENTRAL.index(tail)]
    return ACTION_ORDER["take"] if CARDS[card].kind == "goods" else TRIBE_ACTION


def _place_worth(g: Game, p: int, move: str) -> float:
    """A Targi's worth on a border card: its own action, and the central cards its row or
    column crosses with the player's Targis already placed (where tribe markers will go)."""
    n = int(move[1:])
    effect = BORDER[n].effect.split(":")[0]
    worth = PLACE_WORTH.get(effect, 0.0)
    if effect == "noble" and g.hand[p] != -1:
        worth = 1.2
    spaces: list[str] = []
    mine = g.targis[p]
    if n in ROW_OF:
        spaces = [central_space(ROW_OF[n], COLUMN_OF[t]) for t in mine if t in COLUMN_OF]
    elif n in COLUMN_OF:
        spaces = [central_space(ROW_OF[t], COLUMN_OF[n]) for t in mine if t in ROW_OF]
    for s in spaces:
        card = g.central[CENTRAL.index(s)]
        if card != -1:
            worth += 1.6 if CARDS[card].kind == "tribe" else 1.0
    return worth


def _row_worth(row: list[int], symbol: str) -> float:
    """Steer a row towards four alike or four different; a card that spoils both is worst."""
    if not row:
        return 1.0
    symbols = [CARDS[c].symbol for c in row]
    if all(s == symbol for s in symbols):
        return 3.0 + len(row)
    if symbol not in symbols and len(set(symbols)) == len(symbols):
        return 2.0 + 0.5 * len(row)
    return 0.0


def _goods_after(goods: list[int], letters: str) -> list[int]:
    return [goods[k] - letters.count(GOODS[k]) for k in range(3)]


def playout_move(g: Game, moves: list[str], rng: random.Random) -> str:
    """The playout policy: every action taken, goods before tribe cards, a tribe card bought
    when affordable, rows towards four alike or four different, the last raid paid in gold."""
    kind = g.decision
    p = g.player
    goods = g.goods[p]
    if kind == "act":
        actions = [m for m in moves if m != "done"]
        first = min(_action_class(g, m) for m in actions)
        return rng.choice([m for m in actions if _action_class(g, m) == first])
    if kind == "place":
        if rng.random() < GREEDY_PLACE:
            return max(moves, key=lambda m: _place_worth(g, p, m) + 0.1 * rng.random())
        return moves[rng.randrange(len(moves))]
    if kind == "tribe":
        return "b" if "b" in moves else "k" if "k" in moves else "d"
    if kind == "pay":  # gold kept (the last raid), then the goods that leave the most balance
        return min(moves, key=lambda m: (m.count(GOLD), -min(_goods_after(goods, m[1:]))))
    if kind == "row":
        symbol = CARDS[g.current_decision.card].symbol
        rows = g.display[p]
        return max(moves, key=lambda m: _row_worth(rows[int(m[1]) - 1], symbol) + rng.random())
    if kind == "good":
        return f"g{GOODS[goods.index(min(goods))]}"
    if kind == "discard":
        return f"-{GOODS[goods.index(max(goods))]}"
    if kind == "raid":
        if "lG" in moves:
            return "lG"
        paid = [m for m in moves if m != "lV"]
        if paid:
            return max(paid, key=lambda m: min(_goods_after(goods, m[1:])))
        return "lV"
    if kind == "merchant":
        most, least = GOODS[goods.index(max(goods))], GOODS[goods.index(min(goods))]
        if max(goods) - min(goods) >= 3 and f"m{most}{least}" in moves:
            return f"m{most}{least}"
        if g.gold[p] < 2 and max(goods) >= 5 and f"m{most}G" in moves:
            return f"m{most}G"
        return "done"
    if kind == "silversmith":
        return max(moves, key=lambda m: (m[-1] != GOLD, int(m[1]), goods[GOODS.find(m[-1])]))
    if kind == "swap":
        return "done"
    return moves[rng.randrange(len(moves))]  # Fata Morgana: where to, at random


def playout(g: Game, rng: random.Random) -> None:
    """Play the deal to its end with the playout policy."""
    while not g.is_over:
        g.play_unchecked(playout_move(g, g.legal_moves(), rng))


# ---- the tree -------------------------------------------------------------------------------
def signature(g: Game) -> Signature:
    """What a player sees that a move may have turned up: the card in play, the face-up
    central cards and the last goods card discarded (Caravan's). Equal for equal
    observations: a face-down card counts as unknown whatever it is."""
    central = tuple(c if up else -2 for c, up in zip(g.central, g.face_up, strict=True))
    last = g.goods_discard[-1] if g.goods_discard else -1
    return (g.in_play, central, last, g.phase, g.round)


class Node:
    """An information set: the moves tried from here."""

    __slots__ = ("edges", "visits")

    def __init__(self) -> None:
        self.edges: dict[str, Edge] = {}
        self.visits = 0


class Edge:
    """A move from an information set: its statistics (for the player who makes it) and a
    chance node, the information sets it leads to by what it turned up."""

    __slots__ = ("visits", "wins", "available", "outcomes")

    def __init__(self) -> None:
        self.visits = 0
        self.wins = 0.0
        self.available = 0
        self.outcomes: dict[Signature, Node] = {}

    def child(self, key: Signature) -> Node:
        node = self.outcomes.get(key)
        if node is None:
            node = self.outcomes[key] = Node()
        return node


class Yardstick:
    """SO-ISMCTS with playouts and a fixed number of iterations per decision; deterministic
    for a seed; one instance plays one game (it keeps its tree between decisions)."""

    def __init__(self, iterations: int, seed: int = 0) -> None:
        self.iterations = iterations
        self.rng = random.Random(seed)
        self.name = f"yardstick{iterations}"
        self.root: Node | None = None
        self.seen: list[str] = []  # the game's record when the tree's root was its position
        self.reused = 0  # decisions that started from a kept subtree

    def __call__(self, g: Game) -> str:
        obs = observe(g)
        moves = obs.legal_moves()
        if len(moves) == 1:
            return moves[0]
        root = self._kept_root(g.record, obs)
        rng = self.rng
        for _ in range(self.iterations):
            self.iterate(root, obs.sample(rng.getrandbits(32)), rng)
        best = max(moves, key=lambda m: root.edges[m].visits if m in root.edges else -1)
        self.root, self.seen = root, [*g.record, best]
        return best

    def _kept_root(self, record: list[str], obs: Observation) -> Node:
        """The subtree of the information set the game is in now, if the tree has it."""
        node, seen = self.root, self.seen
        if node is None or record[: len(seen)] != seen:
            return Node()
        since = record[len(seen) - 1 :]  # our last move, then what was played after it
        for i, move in enumerate(since):
            edge = node.edges.get(move)
            if edge is None:
                return Node()
            if i == len(since) - 1:
                node = edge.outcomes.get(signature(obs.game))
            elif len(edge.outcomes) == 1:  # a move that turned up nothing here
                node = next(iter(edge.outcomes.values()))
            else:  # what an earlier move turned up is no longer in view: start afresh
                return Node()
            if node is None:
                return Node()
        self.reused += 1
        return node

    @staticmethod
    def iterate(
        root: Node, world: Game, rng: random.Random, allowed: frozenset[str] | None = None
    ) -> None:
        """One iteration: select down the tree in this deal, expand one move, play out, back up.
        `allowed`: the root's moves to consider (all legal ones if None; bench/hybrid.py)."""
        path: list[tuple[Edge, int]] = []
        node = root
        while not world.is_over:
            node.visits += 1
            legal = world.legal_moves()
            if allowed is not None and node is root:
                legal = [m for m in legal if m in allowed]
            edges = node.edges
            untried = [m for m in legal if m not in edges]
            mover = world.player
            if untried:
                move = untried[rng.randrange(len(untried))]
                edge = edges[move] = Edge()
                for m in legal:
                    if m in edges:
                        edges[m].available += 1
                world.play_unchecked(move)
                path.append((edge, mover))
                break
            log_n: dict[int, float] = {}
            best, best_ucb, best_edge = "", -1.0, None
            for m in legal:
                e = edges[m]
                e.available += 1
                n = e.available
                log = log_n.get(n)
                if log is None:
                    log = log_n[n] = math.log(n)
                ucb = e.wins / e.visits + EXPLORE * math.sqrt(log / e.visits)
                if ucb > best_ucb:
                    best, best_ucb, best_edge = m, ucb, e
            assert best_edge is not None
            world.play_unchecked(best)
            path.append((best_edge, mover))
            node = best_edge.child(signature(world))
        playout(world, rng)
        winner, _ = result(world)
        for edge, mover in path:
            edge.visits += 1
            edge.wins += 0.5 if winner is None else 1.0 if winner == mover else 0.0


# ---- calibration against hard's time per decision -------------------------------------------
def greedy_positions(games: int, every: int) -> list[Game]:
    """Every `every`-th decision with a choice of seeded greedy-v-greedy games."""
    from targi.players import GreedyPlayer

    positions: list[Game] = []
    for seed in range(games):
        g = Game.new(1000 + seed, seed % 2)
        players = (GreedyPlayer(seed * 2 + 1), GreedyPlayer(seed * 2 + 2))
        i = 0
        while not g.is_over:
            if i % every == 0 and len(g.legal_moves()) > 1:
                positions.append(g.clone())
            g.play(players[g.player](g))
            i += 1
    return positions


def hard_times(positions: list[Game]) -> list[float]:
    """Hard's CPU time on each position: the unit both yardsticks' budgets are counted in."""
    from targi.ai.choose import decide

    times: list[float] = []
    for i, g in enumerate(positions):
        start = time.process_time()
        decide(g, "hard", seed=i)
        times.append(time.process_time() - start)
    return times


def calibrate(games: int, every: int, iterations: int) -> dict[str, float]:
    """Yardstick iterations per CPU second and hard's median CPU time per decision."""
    positions = greedy_positions(games, every)
    hard = hard_times(positions)
    spent = 0.0
    for i, g in enumerate(positions):
        player = Yardstick(iterations, seed=i)
        start = time.process_time()
        player(g)
        spent += time.process_time() - start
    rate = len(positions) * iterations / spent
    median = statistics.median(hard)
    figures = {
        "positions": len(positions),
        "hard_median_s": round(median, 4),
        "hard_mean_s": round(statistics.mean(hard), 4),
        "iterations_per_s": round(rate, 1),
        "unit": round(rate * median),
    }
    print(f"{len(positions)} positions (decisions with a choice) from {games} greedy games")
    print(f"hard: median {median:.3f} s CPU per decision, mean {figures['hard_mean_s']:.3f} s")
    print(f"yardstick: {rate:,.0f} iterations per CPU second ({iterations} per decision)")
    print(f"1x hard's median time = {figures['unit']:,} iterations")
    print(json.dumps(figures))
    return figures


# ---- matches: one JSON line per game, resumable ---------------------------------------------
Player = Callable[[Game], str]


class Timed:
    """A player that keeps the CPU time of each decision it makes."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.times: list[float] = []

    def __call__(self, g: Game) -> str:
        start = time.process_time()
        move = self.player(g)
        self.times.append(time.process_time() - start)
        return move


def make(spec: str, seed: int, unit: int) -> Player:
    """A level, random, greedy, `yardstick:<times>` (times x unit iterations) or
    `hybrid:<iterations>[:<margin>]` (bench/hybrid.py) or
    `evalmcts:<iterations>[:<cutoff>[:<explore>]]` (bench/evalmcts.py)."""
    if spec.startswith("yardstick:"):
        return Yardstick(max(1, round(float(spec[10:]) * unit)), seed)
    if spec.startswith("hybrid:"):
        from hybrid import Hybrid

        return Hybrid.from_spec(spec, seed)
    if spec.startswith("evalmcts:"):
        from evalmcts import player

        return player(spec, seed)
    from targi.registry import make_player

    return make_player(spec, seed)


def read_games(paths: Iterable[str]) -> list[dict[str, object]]:
    """The games recorded in JSONL files (a line cut short by a stopped run is skipped)."""
    return read_rows(paths)


def play_game(a: str, b: str, s: int, a_first: bool, unit: int) -> tuple[Game, Timed, Timed]:
    """Game `s` of a match, A in seat 0: the finished game and both players' timings. The same
    arguments play the same game (budgets are in nodes and iterations)."""
    pa, pb = Timed(make(a, s * 2 + 1, unit)), Timed(make(b, s * 2 + 2, unit))
    g = Game.new(s, 0 if a_first else 1)
    while not g.is_over:
        g.play((pa, pb)[g.player](g))
    return g, pa, pb


def play_match(a: str, b: str, pairs: int, seed: int, out: str, unit: int) -> None:
    """A v B over seeds seed..seed+pairs-1, each A first then B first; appends to `out`."""
    done = {(r["a"], r["b"], r["seed"], r["a_first"]) for r in read_games([out])}
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    for s in range(seed, seed + pairs):
        for a_first in (True, False):
            if (a, b, s, a_first) in done:
                continue
            g, pa, pb = play_game(a, b, s, a_first, unit)
            winner, by = result(g)
            points = [score(g, 0).total, score(g, 1).total]
            row = {
                "a": a,
                "b": b,
                "unit": unit,
                "seed": s,
                "a_first": a_first,
                "a_score": 0.5 if winner is None else 1.0 if winner == 0 else 0.0,
                "points": points,
                "decided_by": by,
                "rounds": g.rounds_played,
                "cpu": [round(sum(pa.times), 2), round(sum(pb.times), 2)],
                "decisions": [len(pa.times), len(pb.times)],
                "p95": [_p95(pa.times), _p95(pb.times)],
                # The whole game, so a lost one can be studied move by move (bench/blunders.py)
                # without playing it again: Game.replay(seed, first player, moves).
                "moves": list(g.record),
            }
            append_row(out, row)


def _game_key(row: dict[str, object]) -> tuple[object, ...]:
    return (row["a"], row["b"], row.get("unit"), row["seed"], row["a_first"])


def merge(into: str, copies: list[str]) -> tuple[int, int]:
    """Append to `into` the games of `copies` it does not hold (the same players, budget unit,
    seed and seating), in the copies' order: how two processes that shared a row's seeds put
    their games together. Returns (games added, games it already held)."""
    held = {_game_key(r) for r in read_games([into])}
    added = skipped = 0
    with open(into, "a") as f:
        for row in read_games(copies):
            key = _game_key(row)
            if key in held:
                skipped += 1
                continue
            held.add(key)
            f.write(json.dumps(row) + "\n")
            added += 1
    return added, skipped


def _p95(times: list[float]) -> float:
    chosen = sorted(t for t in times if t > 0.0005)  # decisions that were thought about
    return round(chosen[int(0.95 * (len(chosen) - 1))], 3) if chosen else 0.0


# What a match's game line holds. The result too: bench/blunders.py's replayed-moves.jsonl, in
# bench/results beside the rows, holds the rest without it.
MATCH_KEYS = ("a", "b", "unit", "seed", "a_first", "a_score")


def summary(paths: list[str]) -> list[str]:
    """A's win rate per match with its 95% interval: all games, A first, A second; whole seed
    pairs only (a pair cut short by a stopped run is left out). Lines of another bench's files
    in `paths` (bench/results holds last-round and last-placement lines too) are summarised
    by that bench after the matches, or named as skipped."""
    games: list[dict[str, object]] = []
    others: list[str] = []
    for path in paths:
        rows = read_games([path])
        rest = [r for r in rows if not all(k in r for k in MATCH_KEYS)]
        if rest:
            others += other_bench(path, rest)
        games += rows
    return _match_lines(_matches(games)) + others


def other_bench(path: str, rows: list[dict[str, object]]) -> list[str]:
    """A file's lines that are not match games: last rounds, late games (bench/late_game.py),
    last placements, mid-game placements (bench/mid_placements.py), or unknown."""
    from last_placement import summary as placements  # the benches these files come from
    from last_round import summary as last_rounds
    from late_game import summary as late_games
    from mid_placements import summary as mid_placements

    kinds: dict[str, list[dict[str, object]]] = {}
    for r in rows:
        kind = (
            "late game"
            if "opponent" in r and "base_margin" in r
            else "last round"
            if "base_margin" in r
            else "last placement"
            if "reference" in r
            else "mid-game placement"
            if "index" in r
            else ""
        )
        kinds.setdefault(kind, []).append(r)
    lines = []
    for kind, chosen in kinds.items():
        if kind == "late game":
            body = late_games(chosen).splitlines()
        elif kind == "last round":
            body = last_rounds(chosen).splitlines()
        elif kind == "last placement":
            body = placements(chosen)
        elif kind == "mid-game placement":
            body = mid_placements(chosen)
        else:
            body = []
        head = f"{path}: {len(chosen)} {kind or 'unknown'} lines"
        lines.append(head + (", skipped" if not body else ""))
        lines += [f"  {line}" for line in body]
    return lines


def _add_game(
    by_match: dict[tuple[str, str, int], dict[tuple[int, bool], dict[str, object]]],
    r: dict[str, object],
) -> None:
    key = (str(r["a"]), str(r["b"]), int(str(r["unit"])))
    by_match.setdefault(key, {})[(int(str(r["seed"])), bool(r["a_first"]))] = r


def _matches(
    rows: Iterable[dict[str, object]], keys: Iterable[str] = MATCH_KEYS
) -> dict[tuple[str, str, int], dict[tuple[int, bool], dict[str, object]]]:
    """The rows that hold every one of `keys`, by match, then by (seed, A first?)."""
    keys = tuple(keys)
    by_match: dict[tuple[str, str, int], dict[tuple[int, bool], dict[str, object]]] = {}
    for r in rows:
        if all(k in r for k in keys):
            _add_game(by_match, r)
    return by_match


def _score(g: dict[str, object]) -> float:
    """A's score in a recorded game: 1, 1/2 or 0."""
    return float(str(g["a_score"]))


def _whole_pairs(games: dict[tuple[int, bool], dict[str, object]]) -> list[dict[str, object]]:
    """A match's games whose seed was played with both seatings (a stopped run's half pair out)."""
    return [g for (s, _), g in games.items() if (s, True) in games and (s, False) in games]


CLOSE = 2  # points: a game decided by this many or fewer (the tie-break included) is close


def is_close(g: dict[str, object], close: str | None) -> bool:
    """Whether a recorded game is one `close` asks for: None, any game; "won" or "lost", one
    decided by CLOSE points or fewer that A won or did not (a draw is not won)."""
    if close is None:
        return True
    return abs(_margin(g)) <= CLOSE and (g["a_score"] == 1.0) == (close == "won")


def recorded_pairs(path: str | Path, close: str | None = None) -> list[dict[str, object]]:
    """The games of one match file that keep their moves, whole seed pairs only (seeds repeat
    across files: read one file at a time), those `close` asks for (`is_close`)."""
    games = {(r["seed"], r["a_first"]): r for r in read_games([str(path)]) if "moves" in r}
    return [g for g in _whole_pairs(games) if is_close(g, close)]  # type: ignore[arg-type]


def _match_name(a: str, b: str, unit: int) -> str:
    return f"{a} v {b}{_unit(a + b, unit)}"


def _unit(players: str, unit: int) -> str:
    """The budget unit, where a yardstick plays (its budget is in units of hard's time)."""
    return f" ({unit}/x)" if "yardstick" in players else ""


def _match_lines(
    by_match: dict[tuple[str, str, int], dict[tuple[int, bool], dict[str, object]]],
) -> list[str]:
    lines = [
        f"{'match (A v B)':28s} {'games':>5s} {'W-L-D':>9s} {'A':>6s} {'95% interval':>13s}"
        f"  {'A first':>18s}  {'A second':>18s}  margin  cpu/decision A, B"
    ]
    for (a, b, unit), games in sorted(by_match.items()):
        rows = _whole_pairs(games)
        if not rows:
            continue
        scores = [_score(g) for g in rows]
        n = len(rows)
        rate = sum(scores) / n
        low, high = wilson(rate, n)
        wld = f"{scores.count(1.0)}-{scores.count(0.0)}-{scores.count(0.5)}"
        parts = []
        for first in (True, False):
            side = [_score(g) for g in rows if g["a_first"] is first]
            part = sum(side) / len(side)
            lo, hi = wilson(part, len(side))
            parts.append(f"{part:5.1%} ({lo:4.0%}-{hi:4.0%})")
        margin = statistics.mean(_margin(g) for g in rows)
        cpu = [
            sum(_pair(g, "cpu")[k] for g in rows)
            / max(1, sum(_pair(g, "decisions")[k] for g in rows))
            for k in (0, 1)
        ]
        name = _match_name(a, b, unit)
        lines.append(
            f"{name:28s} {n:5d} {wld:>9s} {rate:6.1%} {low:6.1%}-{high:6.1%}"
            f"  {parts[0]:>18s}  {parts[1]:>18s}  {margin:+5.1f}   {cpu[0]:.3f}, {cpu[1]:.3f} s"
        )
    return lines


def rounds(paths: list[str]) -> list[str]:
    """Per match and A's seat: A's mean lead in points at each round's end, the change over each
    round, and A's margins in the games it won and in those it did not (whole seed pairs); then
    per match, the close games (`_close_lines`) and the gold and goods held (`_holding_lines`)."""
    lines = []
    for (a, b, unit), games in sorted(_matches(read_games(paths), (*MATCH_KEYS, "moves")).items()):
        rows = _whole_pairs(games)
        if not rows:  # a half pair only: nothing to set side by side
            continue
        name = _match_name(a, b, unit)
        leads: dict[int, list[int]] = {}
        held: dict[int, list[Holding]] = {}
        for g in rows:  # each game replayed once
            leads[id(g)], held[id(g)] = _trace(g)
        for first in (True, False):
            side = [g for g in rows if g["a_first"] is first]
            if not side:
                continue
            mean = _mean_leads([leads[id(g)] for g in side])
            steps = [m - (mean[i - 1] if i else 0.0) for i, m in enumerate(mean)]
            won = sorted(int(_margin(g)) for g in side if g["a_score"] == 1.0)
            rest = sorted(int(_margin(g)) for g in side if g["a_score"] != 1.0)
            seat = "A first" if first else "A second"
            lines += [
                f"{name}, {seat}: {len(side)} games, A's lead in points at each round's end",
                "  round  " + " ".join(f"{n:>5d}" for n in range(1, len(mean) + 1)),
                "  lead   " + " ".join(f"{m:+5.1f}" for m in mean),
                "  change " + " ".join(f"{d:+5.1f}" for d in steps),
                f"  margins won:  {won}",
                f"  margins lost or drawn: {rest}",
            ]
        lines += _close_lines(name, rows, leads)
        lines += _holding_lines(name, rows, held)
    return lines


def _mean_leads(leads: list[list[int]]) -> list[float]:
    """The mean lead at each round's end over the games that reached that round."""
    rounds = max(len(le) for le in leads)
    return [statistics.mean(le[i] for le in leads if len(le) > i) for i in range(rounds)]


def _close_lines(
    name: str, rows: list[dict[str, object]], leads: dict[int, list[int]]
) -> list[str]:
    """A match's games (both seats) decided by CLOSE points or fewer and by more: A's record in
    each, and A's mean lead in points at each round's end (`leads`, by id of the game) in the
    close games it won and in those it did not."""
    won = [g for g in rows if is_close(g, "won")]
    lost = [g for g in rows if is_close(g, "lost")]
    far = [g for g in rows if abs(_margin(g)) > CLOSE]

    def record(games: list[dict[str, object]]) -> str:
        scores = [g["a_score"] for g in games]
        return f"{scores.count(1.0)}-{scores.count(0.0)}-{scores.count(0.5)} of {len(games)}"

    lines = [f"{name}: within {CLOSE} points {record(won + lost)}; by more {record(far)}"]
    for label, games in (("close won ", won), ("close lost", lost)):
        if games:
            mean = _mean_leads([leads[id(g)] for g in games])
            lines.append(f"  {label} lead " + " ".join(f"{m:+5.1f}" for m in mean))
    return lines


def replayed(row: dict[str, object]) -> Iterator[Game]:
    """A recorded game (a match row, A in seat 0) played again: the game before each of its
    moves, then at its end. One Game, played on after each step: clone one to keep it."""
    moves = row["moves"]
    assert isinstance(moves, list)
    game = Game.new(int(str(row["seed"])), 0 if row["a_first"] else 1)
    for move in moves:
        yield game
        game.play(str(move))
    yield game


# What a player holds: (gold, goods), A's then B's.
Holding = tuple[tuple[int, int], tuple[int, int]]
HELD_FROM = 9  # the rounds whose starts the holdings block shows: from here to the last


def _trace(g: dict[str, object]) -> tuple[list[int], list[Holding]]:
    """A recorded game's A's lead in points (seat 0) at the end of each round, and what both
    hold at the start of each round (the last raid's included) and, last, at the end: the final
    score's gold and goods."""
    leads: list[int] = []
    held: list[Holding] = []
    game = None
    for game in replayed(g):
        if game.rounds_played > len(leads):
            leads.append(score(game, 0).total - score(game, 1).total)
        if game.phase != "over" and game.round > len(held):
            held.append(((game.gold[0], sum(game.goods[0])), (game.gold[1], sum(game.goods[1]))))
    assert game is not None
    end = score(game, 0), score(game, 1)
    held.append(((end[0].gold, end[0].goods), (end[1].gold, end[1].goods)))
    return leads, held


def _holding_lines(
    name: str, rows: list[dict[str, object]], held: dict[int, list[Holding]]
) -> list[str]:
    """A match's gold and goods (both seats): the means at the start of the last rounds and at
    the end, A's then B's; how many games each side ended holding gold; and who won the games
    level on points (the tie-break: gold, then goods)."""
    games = [held[id(g)] for g in rows]
    played = max(len(h) for h in games) - 1  # rounds begun in the longest game
    # Round ROUNDS + 1 is the last raid's, after the last round's actions (constants.ROUNDS).
    columns = [(f"r{r}" if r <= ROUNDS else "raid", r - 1) for r in range(HELD_FROM, played + 1)]
    columns.append(("end", -1))

    def cell(index: int, item: int) -> str:
        reached = [h[index] for h in games if index < 0 or len(h) - 1 > index]
        a, b = (statistics.mean(x[seat][item] for x in reached) for seat in (0, 1))
        return f"{a:.1f},{b:.1f}"

    lines = [
        f"{name}: gold and goods held, mean A, B at round starts, before the last raid, at the end",
        "        " + " ".join(f"{label:>9s}" for label, _ in columns),
    ]
    for item, label in ((0, "gold "), (1, "goods")):
        lines.append(f"  {label} " + " ".join(f"{cell(i, item):>9s}" for _, i in columns))
    gold_a = sum(1 for h in games if h[-1][0][0] > 0)
    gold_b = sum(1 for h in games if h[-1][1][0] > 0)
    level = [(g, held[id(g)][-1]) for g in rows if _margin(g) == 0]
    more_a = sum(1 for _, (a, b) in level if a > b)
    more_b = sum(1 for _, (a, b) in level if b > a)
    won = sum(_score(g) for g, _ in level)
    lines.append(
        f"  ended holding gold: A {gold_a} of {len(games)}, B {gold_b}; level on points"
        f" {len(level)} (A won {won:g}): A held more (gold, goods) in {more_a}, B in {more_b}"
    )
    return lines


def paired(base: str, other: str) -> list[str]:
    """`other`'s A against `base`'s A on the seed pairs both rows hold whole against the same B
    (the same deals and seats): the score of each, by who started, and the change per seed
    pair (both seats averaged, as a deal's two games are not independent) with its interval."""
    rows = []
    for path in (base, other):
        by_match = _matches(read_games([path]))
        if len(by_match) != 1:
            raise SystemExit(f"{path}: {len(by_match)} matches, paired reads a file of one")
        ((name, games),) = by_match.items()
        rows.append(
            (name, {(int(str(g["seed"])), bool(g["a_first"])): g for g in _whole_pairs(games)})
        )
    (a0, b0, unit0), first = rows[0]
    (a1, b1, unit1), second = rows[1]
    if (b0, unit0) != (b1, unit1):
        raise SystemExit(
            f"{base} and {other}: B is {b0}{_unit(b0, unit0)} and {b1}{_unit(b1, unit1)}"
        )
    shared = sorted(set(first) & set(second))
    seeds = sorted({s for s, _ in shared})
    if not seeds:
        return [f"{a1} and {a0} v {b0}: no seed pair in both files"]

    def rate(games: dict[tuple[int, bool], dict[str, object]], keys: list[tuple[int, bool]]) -> str:
        return f"{sum(_score(games[k]) for k in keys) / len(keys):6.1%}"

    lines = [
        f"{a1} against {a0}, both v {b0}{_unit(b0, unit0)}, on the same {len(shared)}"
        f" games ({len(seeds)} seed pairs, {seeds[0]}-{seeds[-1]})"
    ]
    lines.append(f"  {'':12s} {a0:>14s} {a1:>14s}")
    for label, keys in (
        ("all", shared),
        ("A first", [k for k in shared if k[1]]),
        ("A second", [k for k in shared if not k[1]]),
    ):
        lines.append(f"  {label:12s} {rate(first, keys):>14s} {rate(second, keys):>14s}")
    flips = {k: _score(second[k]) - _score(first[k]) for k in shared}
    margins = {k: _margin(second[k]) - _margin(first[k]) for k in shared}
    change = [(flips[s, True] + flips[s, False]) / 2 for s in seeds]
    margin = [(margins[s, True] + margins[s, False]) / 2 for s in seeds]
    lines.append(
        f"  change per seed pair: score {_mean_ci(change, 3)}, margin {_mean_ci(margin)} VP;"
        f" games gained {sum(d > 0 for d in flips.values())},"
        f" lost {sum(d < 0 for d in flips.values())}"
    )
    return lines


def _pair(g: dict[str, object], key: str) -> list[float]:
    value = g[key]
    assert isinstance(value, list)
    return [float(v) for v in value]


def _margin(g: dict[str, object]) -> float:
    points = _pair(g, "points")
    return points[0] - points[1]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    cal = sub.add_parser("calibrate", help="iterations per CPU second v hard's time")
    cal.add_argument("--games", type=int, default=1)
    cal.add_argument("--every", type=int, default=5)
    cal.add_argument("--iterations", type=int, default=100)
    m = sub.add_parser("match", help="A v B, whole seed pairs, one JSON line per game")
    m.add_argument("--a", default="hard")
    m.add_argument("--b", default="yardstick:4")
    m.add_argument("--pairs", type=int, default=10)
    m.add_argument("--seed", type=int, default=90000)
    m.add_argument("--unit", type=int, default=UNIT, help="iterations in 1x hard's time")
    m.add_argument("--out", required=True)
    s = sub.add_parser("summary", help="win rates with 95%% intervals, by who started")
    s.add_argument("paths", nargs="+")
    r = sub.add_parser("rounds", help="A's lead round by round, close games, gold held")
    r.add_argument("paths", nargs="+")
    j = sub.add_parser("merge", help="append another file's games a row does not hold")
    j.add_argument("--into", required=True)
    j.add_argument("copies", nargs="+")
    pa = sub.add_parser("paired", help="a second A against the first on the same deals")
    pa.add_argument("base")
    pa.add_argument("other")
    args = parser.parse_args(argv)
    if args.command == "calibrate":
        calibrate(args.games, args.every, args.iterations)
    elif args.command == "match":
        play_match(args.a, args.b, args.pairs, args.seed, args.out, args.unit)
    elif args.command == "rounds":
        print("\n".join(rounds(args.paths)))
    elif args.command == "merge":
        added, skipped = merge(args.into, args.copies)
        print(f"{args.into}: {added} games added, {skipped} already held")
    elif args.command == "paired":
        print("\n".join(paired(args.base, args.other)))
    else:
        print("\n".join(summary(args.paths)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
