"""Live play between two browser contexts on this machine (web/live.js, targi.app.live): the
offer rides on the invitation, the answer on the answer link, then the data channel opens and
a friend game's links flow both ways without being copied; when one page goes away the other
says the game goes on by links.

Chromium hides host addresses behind mDNS names (`<uuid>.local`, WebRtcHideLocalIpsWithMdns).
Here they resolve (multicast works between two Chromiums on this machine, measured), so the
test runs Chromium as players run it, with no flag: if a machine's network blocks mDNS, this
is where `--disable-features=WebRtcHideLocalIpsWithMdns` would go.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from friendpage import install_code, match_source, run_python
from pageutil import READY_TIMEOUT_MS, ExternalRequests, open_game
from playwright.sync_api import BrowserContext, Page, expect

pytestmark = pytest.mark.e2e

LINKS = 24  # links each page receives on the channel before the test is satisfied

# Each page's interpreter plays one end of a scripted friend game (tests/friend/scripted.py)
# through the page's own live play: its links go out through LivePlay.outgoing, and what the
# channel brings comes in through LivePlay.deliver, as the page's friend flow wires them.
PAGE_SIDE = """
from js import window
live = window.targiPage().friend_live
choose = policy(ROLE)
got = []


def send_on(out):
    while out is None and game.status == "your-turn":
        out = game.play(choose(game.game))
    if out is not None:
        live.outgoing(out)


def deliver(text):
    got.append(text)
    window.liveGot = len(got)
    send_on(game.receive(text).link)


live.deliver = deliver
"""


def two_pages(new_context: Callable[..., BrowserContext], site_url: str) -> list[Page]:
    pages = [open_game(new_context().new_page(), site_url) for _ in range(2)]
    for page in pages:
        run_python(page, install_code(site_url))
        run_python(page, match_source() + "\nfrom targi.friend import FriendGame\n'ok'")
    return pages


def test_two_contexts_connect_over_the_channel_links_flow_both_ways_and_a_drop_means_links(
    new_context: Callable[..., BrowserContext], site_url: str, external_requests: ExternalRequests
) -> None:
    inviter, friend = two_pages(new_context, site_url)
    run_python(inviter, "ROLE = 0\n" + PAGE_SIDE + "'ok'")
    run_python(friend, "ROLE = 1\n" + PAGE_SIDE + "'ok'")
    invitation = run_python(
        inviter,
        "await live.offer()\ngame = FriendGame.invite(secret('live-a'))\nlive.outgoing(game.link)",
    )
    link, _, part = invitation.partition(".")
    assert part, "the invitation carries the offer"
    expect(inviter.locator("html")).to_have_attribute("data-live", "waiting")
    answer = run_python(
        friend,
        f"game = FriendGame.accept(live.incoming({invitation!r}), secret('live-b'))\n"
        "await live.answer()\n"
        "live.outgoing(game.link)",
    )
    assert answer.partition(".")[2], "the answer carries the answer"
    started = time.perf_counter()
    run_python(inviter, f"send_on(game.receive(live.incoming({answer!r})).link)\n'ok'")
    for page in (inviter, friend):
        expect(page.locator("html")).to_have_attribute(
            "data-live", "live", timeout=READY_TIMEOUT_MS
        )
    connected_ms = (time.perf_counter() - started) * 1000
    print(
        f"live: connected in {connected_ms:.0f} ms; invitation {len(invitation)} characters "
        f"({len(part)} of them the offer), answer {len(answer)}"
    )
    # The inviter's first link after the answer was made before the channel was open: sent by
    # hand, as it would be (the page shows it). From then on the channel carries every link.
    first = run_python(inviter, "game.link")
    run_python(friend, f"deliver({first!r})\n'ok'")
    for page in (inviter, friend):
        page.wait_for_function(f"window.liveGot >= {LINKS}", timeout=READY_TIMEOUT_MS)
    expect(inviter.locator("#friend-live")).to_have_text(
        "Live: your friend's page gets each move at once."
    )
    # The friend's page goes away (a reload): the inviter's page says the game goes on by links.
    friend.reload()
    expect(inviter.locator("html")).to_have_attribute(
        "data-live", "links", timeout=READY_TIMEOUT_MS
    )
    expect(inviter.locator("#friend-live")).to_have_text("By links: send each link to your friend.")
    assert list(external_requests) == []
