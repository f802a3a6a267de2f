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
    Step,
    fixed_random_bytes,
    link_to_send,
    messages,
    open_and_play,
    open_friend_options,
    open_link,
    play_live,
    scripted_game,
    wait_friend,
)
from pageutil import READY_TIMEOUT_MS, ExternalRequests, open_game, open_games
from playwright.sync_api import BrowserContext, Page, expect

pytestmark = pytest.mark.e2e

# The scripted game's steps before DROP go live (in steps 7 and 10 the friend's page answers a
# card turned up mid-turn, Caravan then Tribal expansion); then the friend's page goes away.
DROP = 11
ANSWERED = (7, 10)


def invite_live(page: Page, audit: Audit) -> str:
    """New game → Play a friend → moves: live too → Invite: the invitation link."""
    open_friend_options(page)
    page.check("input[name=friend-live][value=live]")
    audit.check(page, "Play a friend, live chosen")
    page.locator("[data-action=friend-invite]").click()
    wait_friend(page, "waiting")
    return link_to_send(page)


def live_state(page: Page, state: str) -> None:
    expect(page.locator("html")).to_have_attribute("data-live", state, timeout=READY_TIMEOUT_MS)


def connect_live(
    site_url: str, first: Page, second: Page, audit: Audit, other: Page | None = None
) -> tuple[list[Page], list[Step]]:
    """The friend tests' scripted game (fixed random bytes, so the same moves are legal) set up
    live between two pages: the invitation, the answer, the channel open on both; (the pages,
    the scripted game's steps after the invitation and the answer). With `other`, another
    tab of `first`'s browser, the answer is opened there, not in `first`: that tab hands it
    to the inviting one (a BroadcastChannel), says where the game is live, and is closed."""
    scripted = pytest.importorskip("tests.friend.scripted")
    game = scripted_game()  # computed in CPython while the pages open
    pages = open_games(site_url, first, second)
    a, b = pages
    a.evaluate(fixed_random_bytes(scripted.secret("a0")))
    b.evaluate(fixed_random_bytes(scripted.secret("b0")))
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
    if other is None:
        assert open_link(a, answer) == "your-turn"
    else:
        open_game(other, site_url)  # the same browser, another tab
        open_link(other, answer)
        live_state(other, "handed")
        expect(other.locator("#friend-live-text")).to_contain_text("handed to the tab")
    live_state(a, "live")
    live_state(b, "live")
    if other is not None:
        wait_friend(a, "your-turn")
        assert messages(a) == messages(other)
        other.close()
    print(
        f"\nlive: connected {(time.perf_counter() - started) * 1000:.0f} ms after the answer "
        f"was opened; invitation {len(invitation)} characters ({len(offer)} the offer), "
        f"answer {len(answer)}"
    )
    first_links, steps = game.result()
    assert [link, answer.partition("#")[2].partition(".")[0]] == first_links
    return pages, steps


def test_friend_whole_game_played_live_to_deal_verified(
    reused_page: Page,
    new_context: Callable[..., BrowserContext],
    site_url: str,
    external_requests: ExternalRequests,
) -> None:
    """The scripted game (a reshuffle, a Caravan and a Tribal expansion turned up mid-turn)
    played to its end over the channel: no link opened after the answer, the friend's page
    answering mid-turn cards by itself, and both pages check the deal: "Deal verified"."""
    audit = Audit()
    pages, steps = connect_live(site_url, reused_page, new_context().new_page(), audit)
    started = time.perf_counter()
    play_live(pages, steps)
    for page in pages:
        wait_friend(page, "verified")
        assert page.locator("#friend-verdict").inner_text().startswith("Deal verified")
        expect(page.locator("html")).to_have_attribute("data-live", "live")
    print(f"live: the whole game, {len(steps)} links, in {time.perf_counter() - started:.1f} s")
    audit.check(pages[0], "deal verified live, the score screen")
    audit.assert_clean()
    assert list(external_requests) == []


def test_friend_live_answer_handed_from_another_tab_mid_turn_cards_on_the_channel_drop_links(
    reused_page: Page,
    new_context: Callable[..., BrowserContext],
    new_tab: Callable[[], Page],
    site_url: str,
    external_requests: ExternalRequests,
) -> None:
    """The inviter's browser has two tabs; the friend's answer is opened in the one that did
    not invite, which hands it to the inviting tab (connect_live's `other`): both pages go
    live. (Once a test of its own, which paid the same two pages and set-up, 2026-11-26.)
    The scripted game played live: after the invitation and the answer no link is opened;
    each page clicks its moves once the friend's link has arrived on the channel
    (friendpage.play_live), and the friend's page answers a card turned up mid-turn on it by
    itself (steps 7 and 10). Then the friend's page goes away: the inviter's says so, and the
    game goes on by links, the links those of the scripted game byte for byte. The whole game
    over the channel to "Deal verified" is the test above."""
    audit = Audit()
    pages, steps = connect_live(
        site_url, reused_page, new_context().new_page(), audit, other=new_tab()
    )
    a, b = pages
    expect(a.locator("#friend-live-text")).to_have_text(
        "Live: each link reaches your friend's page at once; send it by hand only if the "
        "connection drops."
    )
    audit.check(a, "a friend game, live")
    a.emulate_media(color_scheme="dark")
    audit.check(a, "a friend game, live (dark)")
    a.emulate_media(color_scheme="light")

    # Live: the placements, and two cards turned up mid-turn, each answered on the channel
    # by the friend's page alone (a step with no moves).
    play_live(pages, steps[:DROP])
    assert [steps[n][1] for n in ANSWERED] == [[] for _ in ANSWERED]
    wait_friend(a, "answering")  # it answered the card of step 10, on the channel
    wait_friend(b, "your-turn")

    # The friend's page goes away: the inviter's says so, and the game goes on by links.
    b.reload()
    live_state(a, "links")
    expect(a.locator("#friend-live-text")).to_have_text("By links: send each link to your friend.")
    wait_friend(b, "your-turn")
    to, moves, out = steps[DROP]
    assert pages[to] is b
    shown = b.evaluate(PLAY_MOVES, moves)
    assert shown["missing"] is None and shown["link"] is not None
    assert shown["link"].partition("#")[2] == out, "the scripted game's link, no live part"
    to, moves, out = steps[DROP + 1]
    assert pages[to] is a and moves == []  # a card turned up: a's page answers, by link
    shown = open_and_play(a, shown["link"], moves)
    assert shown["link"] is not None and shown["link"].partition("#")[2] == out
    audit.check(a, "a friend game, by links after a drop")
    # Settings: live play across networks, switched on (nothing is contacted: no game now)
    a.locator("[data-action=menu]").click()
    a.locator("#menu [data-action=settings]").click()
    a.locator("#settings-stun").click()
    expect(a.locator("#settings-stun")).to_have_attribute("aria-pressed", "true")
    audit.check(a, "Settings, STUN on")
    audit.assert_clean()
    assert list(external_requests) == []
