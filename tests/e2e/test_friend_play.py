"""Play a friend by links in the browser: the inviter's page opens each link its friend sends,
as a player does (docs/page.md, *Play a friend by links*).

The whole game: the page's random bytes are fixed (friendpage.fixed_random_bytes, run in the
page before it invites) to the protocol tests' `secret("a0")`, and the moves are the scripted
policy `policy(0)` (tests/friend/scripted.py). How that game was found:
tests/friend/test_whole_game.py plays exactly this match between two CPython endpoints and
checks it has a goods-deck reshuffle, a Caravan and a Tribal expansion turning a card up
mid-turn (its `test_the_game_has_a_goods_reshuffle_a_caravan_and_a_tribal_expansion`).

The friend's seat is played by the CPython side of the same protocol: `friendpage.script()`
plays the match in CPython, link by link, the friend's end with `secret("b0")`; its links are
what the friend's page would send, byte for byte (the same bytes and moves give the same
links), and the page's links are checked against the ones the CPython friend took. So the
page plays a whole game against an end that checks everything a page checks, and what this
test proves is the page: every link of the friend's opened in its tab, refused or applied,
its own moves clicked, its own links, reloads, the audit. The friend's page in a browser (an
invitation opened and accepted, links applied, the friend's audit to "Deal verified") is
tests/e2e/test_friend_live.py's: the same `FriendFlow.receive` takes a link from the channel
as from the address (until 2026-11-27 a second browser page played the friend's seat here,
half of this test's time).

The page is the worker's reused page (`reused_page`: the site cached, storage empty).
"""

from __future__ import annotations

import time

import pytest
from axe import Audit
from friendpage import (
    LINK_TAKEN,
    PLAY_MOVES,
    WATCH_DRAWS,
    fixed_random_bytes,
    friend_state,
    invite,
    messages,
    open_and_play,
    open_link,
    scripted_game,
    scripted_so_far,
    shoot,
    wait_friend,
)
from pageutil import ExternalRequests, open_game
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e
RELOAD = 20  # the step at which the page is reloaded, the friend's link in its address
# After the page's step 22 (25 links made) round 2 is under way and two central cards lie face
# down that no page has opened yet: the log's Replay shows the game so far from there.
SO_FAR, SO_FAR_LINKS = 22, 25

# Every step of the replay, drawn by clicking "Next" from the deal (each click redraws at
# once): the board of each step and whether a face-down space shows a back there.
EVERY_STEP = """() => {
  const first = document.querySelector('#review [data-action=review-nav][data-target=first]');
  const next = document.querySelector('#review [data-action=review-nav][data-target=next]');
  first.click();
  const steps = Number(document.getElementById('review').dataset.steps);
  const html = [];
  for (let k = 0; k <= steps; k++) {
    html.push(document.getElementById('review').innerHTML);
    next.click();
  }
  return html;
}"""


def on_a_phone_the_panel_is_one_line(page: Page) -> None:
    """At 360x640 the panel above the board is one line of status (about 30 px, not 70)."""
    size = page.viewport_size
    page.set_viewport_size({"width": 360, "height": 640})
    page.wait_for_function("document.getElementById('friend').offsetHeight < 48")
    if size is not None:
        page.set_viewport_size(size)


def link_text(url: str) -> str:
    return url.split("#", 1)[1]


@pytest.mark.slow
def test_friend_whole_game_by_links_tampered_link_refused_reshuffle_caravan_expansion_verified(
    reused_page: Page, site_url: str, external_requests: ExternalRequests
) -> None:
    """The scripted game by links to "Deal verified", the friend's end played in CPython
    (module docstring). Before the first move a changed answer is refused, named, and changes
    nothing (the game then goes on to its end with the real one); axe checks the friend
    screens on the way (options, invitation, refused, your turn, both themes; the end and the
    replay). Once two tests that each paid the same two pages, invitation and answer
    (2026-11-26)."""
    scripted = pytest.importorskip("tests.friend.scripted")
    game = scripted_game()  # computed in CPython while the page opens
    so_far = scripted_so_far(SO_FAR_LINKS)
    a = open_game(reused_page, site_url)
    a.emulate_media(reduced_motion="reduce")
    started = time.perf_counter()
    a.evaluate(fixed_random_bytes(scripted.secret("a0")))
    audit = Audit()
    invitation = invite(a, on_options=lambda page: audit.check(page, "Play a friend: options"))
    # the panel says it all: "No game on the table" steps aside (its <main> stays: axe below)
    expect(a.locator("#no-game-title")).to_be_hidden()
    shoot(a, "invitation")
    audit.check(a, "invitation to send")
    first, steps = game.result()
    assert link_text(invitation) == first[0]
    base = invitation.split("#", 1)[0]
    sent = f"{base}#{first[1]}"  # the friend's answer, as its page would send it
    a_changed_answer_is_refused_and_the_real_one_then_taken(a, sent, audit)
    set_up = time.perf_counter() - started
    said, applied, opened = set(), [], 0
    for n, (to, moves, out) in enumerate(steps):
        if to == 1:  # the friend's turn, played by CPython: the link it sent
            assert out is not None, f"step {n}: the page's game ended before the friend's"
            sent = f"{base}#{out}"
            continue
        if n == 0:  # the answer, taken above: its moves
            shown = a.evaluate(PLAY_MOVES, moves)
        elif n == RELOAD:  # a reload of the page, with the link in it
            open_link(a, sent, reload=True)
            shown = a.evaluate(PLAY_MOVES, moves)
        else:  # the link opened in the page's tab: a hash change
            shown = open_and_play(a, sent, moves)
            assert shown["applied"], f"step {n}: the link was neither applied nor refused"
            applied.append(shown["ms"])
        opened += 1
        assert shown["state"] != "refused", f"step {n}: the link was refused"
        assert shown["missing"] is None, f"step {n}: no button for {shown['missing']!r}"
        assert shown["hash"] == ""  # consumed: a reload does not apply it again
        if out is None:
            break
        assert shown["link"] is not None and link_text(shown["link"]) == out, f"step {n}"
        said.add(shown["what"])
        if n == SO_FAR:
            the_game_so_far_replays_from_what_the_player_saw(a, *so_far.result(), audit)
    assert out is None and n == len(steps) - 1, "the page's game ended with the script's"
    played = time.perf_counter() - started
    wait_friend(a, "verified")
    assert a.locator("#friend-verdict").inner_text().startswith("Deal verified")
    assert a.locator("#score").is_visible()
    audit.check(a, "deal verified, the score screen")
    shoot(a, "verified")
    the_finished_game_replays_and_its_analysis_runs(a, sum(len(m) for _, m, _ in steps), audit)
    audit.assert_clean()
    # a mid-turn card: the request, and the page answering its friend's by itself
    assert any(s.startswith("A card is to be turned up") for s in said)
    assert any(s.startswith("Your friend's page asked") for s in said)
    assert list(external_requests) == []
    applied.sort()
    median, p95 = applied[len(applied) // 2], applied[int(len(applied) * 0.95)]
    print(
        f"friend game: set-up {set_up:.1f} s (the install included), {opened} of {len(steps)}"
        f" links opened in the page, one applied: median {median:.0f} ms, p95 {p95:.0f} ms,"
        f" max {applied[-1]:.0f} ms; the whole game {played:.1f} s, then the end"
        f" {time.perf_counter() - started - played:.1f} s"
    )


def a_changed_answer_is_refused_and_the_real_one_then_taken(
    a: Page, answer: str, audit: Audit
) -> None:
    """A changed answer is refused, named, and changes nothing; the real one then puts the
    inviter at its first turn (the friend screens axe-checked, both themes)."""
    before = messages(a)
    i = len(answer) - 20
    tampered = answer[:i] + ("A" if answer[i] != "A" else "B") + answer[i + 1 :]
    assert open_link(a, tampered) == "refused"
    assert messages(a) == before
    assert a.locator("#friend-note").inner_text().startswith("This link was changed")
    shoot(a, "refused")
    audit.check(a, "a refused link")
    # Before the answer is even opened, the refused state would answer a wait for any
    # "refused": open_link waits for the panel drawn since the link (friendpage.LINK_TAKEN).
    a.evaluate(WATCH_DRAWS)
    assert friend_state(a) == "refused" and not a.evaluate(LINK_TAKEN, before)
    assert open_link(a, answer) == "your-turn"
    assert friend_state(a) == "your-turn"
    assert a.locator("#friend-note").is_hidden()
    assert a.evaluate("location.hash") == ""  # consumed: a reload does not apply it again
    shoot(a, "your-turn")
    audit.check(a, "your turn")
    on_a_phone_the_panel_is_one_line(a)
    a.emulate_media(color_scheme="dark")
    audit.check(a, "your turn (dark)")
    a.emulate_media(color_scheme="light")


def the_game_so_far_replays_from_what_the_player_saw(
    page: Page, moves: int, stand_ins: list[str], audit: Audit
) -> None:
    """During a friend game the log's Replay opens the game so far from the player's own view
    (docs/page.md, *Play a friend by links*): every step's board without the cards the engine
    holds as stand-ins for cards no page has opened (their backs shown), the keyboard steps,
    and the computer's verdicts judge from what was known then. Closed, the game goes on.
    (A test of its own until 2026-11-27, test_friend_so_far.py, on this game's position put in
    a reused page's storage: the same game, the same page's Replay.)"""
    assert stand_ins  # face down, not opened: the engine holds stand-ins there
    wait_friend(page, "waiting")
    page.locator("#review-from-log").click()
    expect(page.locator("#app")).to_have_attribute("data-view", "review")
    review = page.locator("#review")
    expect(review).to_have_attribute("data-steps", str(moves))
    expect(page.locator("#review-so-far")).to_be_visible()
    expect(page.locator("#review-export")).to_be_hidden()
    expect(page.locator("#review-board .central.down")).to_have_count(len(stand_ins))
    for html in page.evaluate(EVERY_STEP):
        for card in stand_ins:
            assert card not in html
    # the keyboard steps as in any replay; the analysis judges from what was seen then
    page.locator("#review-slider").focus()
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    expect(review).to_have_attribute("data-step", str(moves - 1))
    page.locator("#analysis-start").click()
    expect(page.locator("#analysis-list li").first).to_be_attached(timeout=60_000)
    page.locator("[data-action=analysis-cancel]").click()
    expect(page.locator("#analysis")).not_to_have_attribute("data-state", "running")
    shoot(page, "so-far")
    audit.check(page, "a friend game's replay so far, analysed")
    page.locator("#review [data-action=review-close]").click()
    expect(page.locator("#app")).not_to_have_attribute("data-view", "review")


def the_finished_game_replays_and_its_analysis_runs(page: Page, moves: int, audit: Audit) -> None:
    """After "Deal verified": the score screen's Replay opens the game both pages played
    (every move of it), a few steps of it, and the computer's verdicts start (the worker reads
    the game's save string of dealt cards); playing on is not offered, and it says why."""
    page.locator("#score [data-action=review]").click()
    expect(page.locator("#app")).to_have_attribute("data-view", "review")
    review = page.locator("#review")
    expect(review).to_have_attribute("data-steps", str(moves))
    expect(review).to_have_attribute("data-step", str(moves))
    page.click("#review [data-action=review-nav][data-target=first]")
    expect(review).to_have_attribute("data-step", "0")
    for step in (1, 2, 3):
        page.click("#review [data-action=review-nav][data-target=next]")
        expect(review).to_have_attribute("data-step", str(step))
    expect(page.locator("#play-on-none")).to_be_visible()
    expect(page.locator("#play-on-ai")).to_be_hidden()
    shoot(page, "replay")
    audit.check(page, "the replay of a friend game")
    analysis = page.locator("#analysis")
    page.click("[data-action=analysis-start]")
    expect(analysis).to_have_attribute("data-state", "running")
    # the first batch of verdicts is back: the worker replayed the game from its dealt cards
    page.wait_for_function(
        "Number(document.getElementById('analysis-progress').value) > 0", timeout=120_000
    )
    page.click("[data-action=analysis-cancel]")
    expect(analysis).to_have_attribute("data-state", "cancelled")
