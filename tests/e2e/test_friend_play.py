"""Play a friend by links in the browser: two contexts (two devices) pass links by opening
them, as players do (docs/page.md, *Play a friend by links*)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from friendpage import friend_state, invite, link_to_send, messages, open_link, wait_friend
from pageutil import ExternalRequests, open_game
from playwright.sync_api import BrowserContext, Page

pytestmark = pytest.mark.e2e


def two_pages(new_context: Callable[..., BrowserContext], site_url: str) -> tuple[Page, Page]:
    return (
        open_game(new_context().new_page(), site_url),
        open_game(new_context().new_page(), site_url),
    )


def test_friend_invitation_accepted_and_answered_puts_the_game_on_both_tables(
    new_context: Callable[..., BrowserContext], site_url: str, external_requests: ExternalRequests
) -> None:
    a, b = two_pages(new_context, site_url)
    invitation = invite(a)
    assert invitation.startswith(site_url + "#F")
    assert open_link(b, invitation) == "invited"
    b.locator("[data-action=friend-accept]").click()
    wait_friend(b, "waiting")
    answer = link_to_send(b)
    assert b.evaluate("location.hash") == ""  # consumed: a reload does not apply it again
    assert open_link(a, answer) == "your-turn"
    assert a.get_attribute("#table", "data-mode") == "friend"
    assert b.locator("[data-move]").count() == 0
    move = a.locator("#board [data-move]").first
    move.click()
    wait_friend(a, "waiting")
    turn = link_to_send(a)
    assert open_link(b, turn) == "your-turn"
    assert list(external_requests) == []


def test_friend_link_tampered_is_refused_and_the_game_stays(
    new_context: Callable[..., BrowserContext], site_url: str
) -> None:
    a, b = two_pages(new_context, site_url)
    open_link(b, invite(a))
    b.locator("[data-action=friend-accept]").click()
    wait_friend(b, "waiting")
    answer = link_to_send(b)
    before = messages(a)
    i = len(answer) - 20
    tampered = answer[:i] + ("A" if answer[i] != "A" else "B") + answer[i + 1 :]
    assert open_link(a, tampered) == "refused"
    assert messages(a) == before
    assert a.locator("#friend-note").inner_text()
    assert open_link(a, answer) == "your-turn"
    assert friend_state(a) == "your-turn"
