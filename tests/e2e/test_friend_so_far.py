"""During a friend game the log's Replay opens the game so far from the player's own view
(docs/page.md, *Play a friend by links*): a position reused from storage, not played again."""

from __future__ import annotations

import pytest
from axe import assert_no_violations
from friendpage import put_storage, shoot, stored_friend_game, wait_friend
from pageutil import open_game
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e
LINKS = 25  # round 2 under way: two central cards face down that no page has opened yet

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


def test_friend_game_under_way_opens_its_analysis_so_far_from_the_log(
    reused_page: Page, site_url: str
) -> None:
    pytest.importorskip("targi.friend")
    from targi.cards import CARDS

    local, session, friend = stored_friend_game(LINKS)
    g = friend.game
    down = [i for i, c in enumerate(g.central) if c != -1 and not g.face_up[i]]
    stand_ins = [CARDS[g.central[i]].id for i in down]
    assert stand_ins  # face down, not opened: the engine holds stand-ins there
    page = reused_page
    page.goto(site_url + "build.json")  # the site's origin, the app not started
    put_storage(page, local, session)
    open_game(page, site_url)
    wait_friend(page, "waiting")  # the game put back, as after a reload
    page.locator("#review-from-log").click()
    expect(page.locator("#app")).to_have_attribute("data-view", "review")
    review = page.locator("#review")
    expect(review).to_have_attribute("data-steps", str(len(g.record)))
    expect(page.locator("#review-so-far")).to_be_visible()
    expect(page.locator("#review-export")).to_be_hidden()
    expect(page.locator("#review-board .central.down")).to_have_count(len(down))
    for html in page.evaluate(EVERY_STEP):
        for card in stand_ins:
            assert card not in html
    # the keyboard steps as in any replay; the analysis judges from what was seen then
    page.locator("#review-slider").focus()
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    expect(review).to_have_attribute("data-step", str(len(g.record) - 1))
    page.locator("#analysis-start").click()
    expect(page.locator("#analysis-list li").first).to_be_attached(timeout=60_000)
    page.locator("[data-action=analysis-cancel]").click()
    expect(page.locator("#analysis")).not_to_have_attribute("data-state", "running")
    shoot(page, "so-far")
    assert_no_violations(page, "a friend game's replay so far, analysed")
