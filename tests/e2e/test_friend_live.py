"""Live play between two browser contexts on this machine (web/live.js, targi.app.live): the
invitation carries the offer and the answer the answer; once the inviter opens the answer the
data channel opens, and a friend game's moves reach the other page without a link being
opened; when one page goes away the other says so and the game goes on by links.

Chromium hides host addresses behind mDNS names (`<uuid>.local`, WebRtcHideLocalIpsWithMdns).
Here they resolve (multicast works between two Chromiums on this machine, measured), so the
test runs Chromium as players run it, with no flag: if a machine's network blocks mDNS, this
is where `--disable-features=WebRtcHideLocalIpsWithMdns` would go.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from axe import Audit
from friendpage import (
    PLAY_MOVES,
    fixed_random_bytes,
    link_to_send,
    messages,
    open_link,
    wait_friend,
)
from pageutil import READY_TIMEOUT_MS, ExternalRequests, open_game
from playwright.sync_api import BrowserContext, Page, expect
from test_friend_play import script

pytestmark = pytest.mark.e2e

MOVES = 5  # placements made live, by both players (the sixth and last goes by links)


def invite_live(page: Page, audit: Audit) -> str:
    """New game → Play a friend → moves: live too → Invite: the invitation link."""
    if not page.locator("[data-new-game=friend]").is_visible():  # the welcome shows it
        page.locator("[data-action=open-new] >> visible=true").first.click()
    page.locator("[data-new-game=friend]").click()
    page.check("input[name=friend-live][value=live]")
    audit.check(page, "Play a friend, live chosen")
    page.locator("[data-action=friend-invite]").click()
    wait_friend(page, "waiting")
    return link_to_send(page)


def live_state(page: Page, state: str) -> None:
    expect(page.locator("html")).to_have_attribute("data-live", state, timeout=READY_TIMEOUT_MS)


def more_messages(page: Page, before: int) -> None:
    """Until the friend game shown holds more messages than `before` (one arrived)."""
    page.wait_for_function(
        "n => Number(document.getElementById('friend').dataset.messages || 0) > n",
        arg=before,
        timeout=READY_TIMEOUT_MS,
    )


def test_friend_game_played_live_moves_arrive_without_links_and_a_drop_means_links(
    new_context: Callable[..., BrowserContext], site_url: str, external_requests: ExternalRequests
) -> None:
    a, b = (open_game(new_context().new_page(), site_url) for _ in range(2))
    audit = Audit()
    invitation = invite_live(a, audit)
    link, _, offer = invitation.partition("#")[2].partition(".")
    assert link.startswith("F") and offer, "the invitation carries the offer"
    live_state(a, "waiting")
    assert open_link(b, invitation) == "invited"
    b.locator("[data-action=friend-accept]").click()
    wait_friend(b, "waiting")
    answer = link_to_send(b)
    assert answer.partition("#")[2].partition(".")[2], "the answer carries the answer"
    started = time.perf_counter()
    assert open_link(a, answer) == "your-turn"
    live_state(a, "live")
    live_state(b, "live")
    print(
        f"\nlive: connected {(time.perf_counter() - started) * 1000:.0f} ms after the answer "
        f"was opened; invitation {len(invitation)} characters ({len(offer)} the offer), "
        f"answer {len(answer)}"
    )
    expect(a.locator("#friend-live-text")).to_have_text(
        "Live: each link reaches your friend's page at once; send it by hand only if the "
        "connection drops."
    )
    audit.check(a, "a friend game, live")
    a.emulate_media(color_scheme="dark")
    audit.check(a, "a friend game, live (dark)")
    a.emulate_media(color_scheme="light")

    # Placements alternate: each move reaches the other page on the channel, no link opened.
    for _ in range(MOVES):
        wait_friend(a, "your-turn", "waiting")
        wait_friend(b, "your-turn", "waiting")
        mover, other = (a, b) if a.get_attribute("html", "data-friend") == "your-turn" else (b, a)
        before = messages(other)
        mover.locator("#board [data-move]").first.click()
        more_messages(other, before)
        wait_friend(other, "your-turn")

    # The friend's page goes away: the inviter's says so, and the game goes on by links.
    b.reload()
    live_state(a, "links")
    expect(a.locator("#friend-live-text")).to_have_text("By links: send each link to your friend.")
    wait_friend(b, "your-turn", "waiting")
    mover, other = (a, b) if a.get_attribute("html", "data-friend") == "your-turn" else (b, a)
    mover.locator("#board [data-move]").first.click()
    wait_friend(mover, "waiting")
    assert open_link(other, link_to_send(mover)) == "your-turn"
    audit.check(a, "a friend game, by links after a drop")
    # Settings: live play across networks, switched on (nothing is contacted: no game now)
    a.locator("[data-action=menu]").click()
    a.locator("#menu [data-action=settings]").click()
    a.locator("#settings-stun").click()
    expect(a.locator("#settings-stun")).to_have_attribute("aria-pressed", "true")
    audit.check(a, "Settings, STUN on")
    audit.assert_clean()
    assert list(external_requests) == []


def test_friend_whole_game_played_live_with_mid_turn_cards_answered_on_the_channel_verified(
    new_context: Callable[..., BrowserContext], site_url: str, external_requests: ExternalRequests
) -> None:
    """The friend tests' scripted game (fixed random bytes, so the same moves are legal) played
    live: after the invitation and the answer no link is opened; each page clicks its moves
    once the friend's link has arrived on the channel, and the pages' answers to a mid-turn
    card go back on it by themselves. Both pages end with the deal verified."""
    scripted = pytest.importorskip("tests.friend.scripted")
    _, steps = script()
    a_context, b_context = new_context(), new_context()
    a_context.add_init_script(fixed_random_bytes(scripted.secret("a0")))
    b_context.add_init_script(fixed_random_bytes(scripted.secret("b0")))
    pages = [open_game(a_context.new_page(), site_url), open_game(b_context.new_page(), site_url)]
    a, b = pages
    audit = Audit()
    open_link(b, invite_live(a, audit))
    b.locator("[data-action=friend-accept]").click()
    wait_friend(b, "waiting")
    open_link(a, link_to_send(b))
    live_state(a, "live")
    live_state(b, "live")
    started = time.perf_counter()
    for n, (to, moves, _) in enumerate(steps):
        page = pages[to]
        more_messages(page, n + 1)  # the link of step n has arrived: n + 2 messages
        shown = page.evaluate(PLAY_MOVES, moves)
        assert shown["missing"] is None, f"step {n}: no button for {shown['missing']!r}"
    for page in pages:
        wait_friend(page, "verified")
        assert page.locator("#friend-verdict").inner_text().startswith("Deal verified")
        assert page.get_attribute("html", "data-live") == "live"
    print(f"\nlive: a whole game, {len(steps)} links, {time.perf_counter() - started:.1f} s")
    assert list(external_requests) == []


def test_friend_answer_opened_in_another_tab_is_handed_to_the_inviting_tab_which_goes_live(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    """The inviter's browser has two tabs; the friend's answer is opened in the one that did
    not invite. That tab hands it to the inviting tab (a BroadcastChannel), which holds the
    connection: both pages go live, and the first tab says where the game is live."""
    inviter = new_context()
    a = open_game(inviter.new_page(), site_url)
    b = open_game(new_context().new_page(), site_url)
    invitation = invite_live(a, Audit())
    assert open_link(b, invitation) == "invited"
    b.locator("[data-action=friend-accept]").click()
    wait_friend(b, "waiting")
    answer = link_to_send(b)
    other = open_game(inviter.new_page(), site_url)  # the same browser, another tab
    open_link(other, answer)
    live_state(other, "handed")
    expect(other.locator("#friend-live-text")).to_contain_text("handed to the tab")
    live_state(a, "live")
    live_state(b, "live")
    wait_friend(a, "your-turn")
    assert messages(a) == messages(other)
