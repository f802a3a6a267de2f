"""The friend game's protocol in CPython: link sizes, messages per game, time to apply one.

    python bench/friend_protocol.py [--games 20]

Plays whole games between two pages with the tests' scripted policy (tests/friend/scripted.py:
it likes Caravan and Tribal expansion and central goods, so games turn cards up mid-turn and
reshuffle the goods deck) and prints the invitation's and the answer's length, the other
links' median and max, the messages a game needs, and the time to apply one link on the page
that receives it (FriendGame.receive: checks, applies, answers) as median and p95.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT)]

from targi.friend import FriendGame  # noqa: E402

from tests.friend.scripted import policy, secret  # noqa: E402


def game(n: int) -> tuple[list[int], int, list[float], float, str]:
    """One game: link lengths, messages, seconds per receive, set-up seconds, the audit."""
    start = time.perf_counter()
    pages = [FriendGame.invite(secret(f"bench-a{n}"), first_player=n % 2, seat=n % 2)]
    invitation = pages[0].link
    assert invitation is not None
    pages.append(FriendGame.accept(invitation, secret(f"bench-b{n}")))
    setup = time.perf_counter() - start
    link = pages[1].link
    assert link is not None
    links, applies, choose, to = [invitation, link], [], policy(n), 0
    while True:
        page = pages[to]
        t = time.perf_counter()
        out = page.receive(link).link
        applies.append(time.perf_counter() - t)
        while out is None and page.status == "your-turn":
            out = page.play(choose(page.game))
        if out is None:
            break
        links.append(out)
        link, to = out, 1 - to
    result = pages[0].audit
    return [len(x) for x in links], len(links), applies, setup, result.reason if result else "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    invitations, answers, others, messages, applies, setups, audits = [], [], [], [], [], [], set()
    for n in range(args.games):
        sizes, count, times, setup, audit = game(n)
        invitations.append(sizes[0])
        answers.append(sizes[1])
        others += sizes[2:]
        messages.append(count)
        applies += times
        setups.append(setup)
        audits.add(audit)
        print(f"game {n + 1}: {count} messages, audit {audit}", flush=True)
    applies.sort()
    print(f"games: {args.games}, audits: {', '.join(sorted(audits))}")
    print(f"invitation: median {statistics.median(invitations):.0f}, max {max(invitations)} chars")
    print(f"answer: median {statistics.median(answers):.0f}, max {max(answers)} chars")
    print(f"other links: median {statistics.median(others):.0f}, max {max(others)} chars")
    print(
        f"messages per game: median {statistics.median(messages):.0f}, "
        f"min {min(messages)}, max {max(messages)}"
    )
    print(
        f"apply one link: median {statistics.median(applies) * 1000:.0f} ms, "
        f"p95 {applies[int(len(applies) * 0.95)] * 1000:.0f} ms, "
        f"max {applies[-1] * 1000:.0f} ms"
    )
    print(f"invitation + answer made (both pages): median {statistics.median(setups):.2f} s")


if __name__ == "__main__":
    main()
