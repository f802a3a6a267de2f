"""A finished friend game replayed and analysed like any other (docs/page.md, *Play a friend by
links*): once both pages have verified the deal, every card dealt is known to both, and the
game is a save string of version 2 (its dealt cards instead of a seed)."""

from __future__ import annotations

import pytest
from targi import save
from targi.app.page import Click
from targi.app.review import reviewer as review
from targi.app.review.so_far import SoFarSession
from targi.app.text.catalog import Catalog
from targi.scoring import score

from .fakeport import open_page
from .friends import Pair, fail_audit, reloaded

pytest.importorskip("ecdsa")

from tests.friend.scripted import policy  # noqa: E402

pytestmark = pytest.mark.slow  # one whole friend game for the module (about 5 s of CPU)


@pytest.fixture(autouse=True)
def quick_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    """The easy level judges in milliseconds; the hard one is for the page."""
    monkeypatch.setattr(review, "ANALYSIS_LEVEL", "easy")


# Red's page (the friend's: it makes the last move) once the game was over, before "Deal
# verified": (the log's Replay hidden, its why hidden, its why's words).
ENDED: list[tuple[bool, bool, str]] = []
LAST_ROUNDS = 11  # from then on Blue reads the game so far while the links come and go


@pytest.fixture(scope="module")
def pair(cat: Catalog) -> Pair:
    p = Pair(cat)
    p.start()

    def look() -> None:
        blue, port = p.pages[0], p.ports[0]
        f = blue.friend.game
        late = f is not None and f.dealer is not None and f.game.rounds_played >= LAST_ROUNDS
        if late and port.attrs.get("app") != {"data-view": "review"}:
            blue.click(Click("review"))
        f, port = p.pages[1].friend.game, p.ports[1]
        if f is not None and f.dealer is not None and f.game.is_over and f.result is None:
            why = port.hidden.get("review-why", True), port.text.get("review-why", "")
            ENDED.append((port.hidden["review-from-log"], *why))

    p.play(policy(0), each=look)
    assert (p.state(0), p.state(1)) == ("verified", "verified")
    return p


def test_between_the_end_and_deal_verified_the_log_says_why_there_is_no_replay_yet(
    pair: Pair, cat: Catalog
) -> None:
    assert ENDED and set(ENDED) == {(True, False, cat.t("friend.no_replay.pending"))}
    assert not pair.ports[1].hidden["review-from-log"] and pair.ports[1].hidden["review-why"]


def test_a_replay_so_far_open_when_the_last_link_arrives_becomes_the_whole_game(
    pair: Pair,
) -> None:
    """Blue read the game so far while the last moves came: the link that ended the game
    verified the deal, and the open replay is the whole game, on the step Blue left it, with
    its export."""
    port, played = pair.ports[0], pair.pages[0].friend.game
    assert played is not None and port.attrs["app"] == {"data-view": "review"}
    assert port.attrs["review"]["data-steps"] == str(len(played.game.record))
    assert int(port.attrs["review"]["data-step"]) < len(played.game.record)
    assert port.hidden["review-so-far"] and not port.hidden["review-export"]


def final(g: object) -> tuple[object, ...]:
    return tuple(score(g, p) for p in (0, 1))  # type: ignore[arg-type]


def test_a_verified_friend_game_offers_its_replay_on_the_score_screen(
    pair: Pair, cat: Catalog
) -> None:
    for page, port in zip(pair.pages, pair.ports, strict=True):
        page, port = reloaded(cat, port)
        assert port.frame is not None and port.frame.dataset["phase"] == "over"
        assert 'data-action="review"' in port.frame.regions["choices"]
        assert "data-no-replay" not in port.frame.regions["choices"]
        assert not port.hidden["review-from-log"]


def test_the_replay_of_a_friend_game_is_the_game_both_pages_played(
    pair: Pair, cat: Catalog
) -> None:
    played = pair.pages[0].friend.game
    assert played is not None
    page, port = reloaded(cat, pair.ports[1])
    page.click(Click("review"))
    steps = len(played.game.record)
    assert port.attrs["app"] == {"data-view": "review"}
    assert port.attrs["review"] == {"data-steps": str(steps), "data-step": str(steps)}
    assert port.text["review-where"] == cat.t("review.where_end_over", n=steps)
    page.click(Click("review-nav", "first"))
    assert port.attrs["review"]["data-step"] == "0"
    for _ in range(3):
        page.click(Click("review-nav", "next"))
    assert port.attrs["review"]["data-step"] == "3"
    # the same moves and the same final score as the game on both tables
    s = page.session
    assert s is not None
    replayed = s.replayable()
    assert replayed is not None and replayed.game.record == played.game.record
    assert final(replayed.game) == final(played.game)
    # playing on would need cards nobody can deal: said where the buttons were
    assert port.hidden["play-on-ai"] and port.hidden["play-on-hotseat"]
    assert not port.hidden["play-on-none"]


def test_the_analysis_of_a_friend_game_asks_with_its_save_string_of_dealt_cards(
    pair: Pair, cat: Catalog
) -> None:
    page, port = reloaded(cat, pair.ports[0])
    page.click(Click("review"))
    port.asked.clear()
    page.click(Click("analysis-start"))
    port.run()
    assert port.attrs["analysis"] == {"data-state": "done"}
    codes = {request["save"] for request in port.asked}
    assert len(codes) == 1 and port.asked[0]["op"] == "analyse"
    game, _ = save.decode(codes.pop())
    played = pair.pages[0].friend.game
    assert played is not None and game.record == played.game.record
    assert not port.hidden["analysis-results"]


def test_share_gives_a_friend_games_save_string_that_any_page_loads_and_replays(
    pair: Pair, cat: Catalog
) -> None:
    page, port = reloaded(cat, pair.ports[1])
    page.click(Click("open-share"))
    port.run()
    code = port.values["share-string"]
    assert not port.hidden["dlg-share"] and code.startswith("T")
    assert port.values["share-link"].endswith("#g=" + code)
    other, other_port = open_page(cat)  # someone else's page: no friend game stored
    other_port.values["load-text"] = code
    other.click(Click("load-string"))
    other_port.run()
    assert other.session is not None and other.session.mode == "hotseat"
    played = pair.pages[1].friend.game
    assert played is not None
    assert other.session.game.record == played.game.record
    assert final(other.session.game) == final(played.game)
    other.click(Click("review"))
    assert other_port.attrs["app"] == {"data-view": "review"}


def test_recent_games_offers_the_replay_of_a_finished_friend_game(pair: Pair, cat: Catalog) -> None:
    page, port = reloaded(cat, pair.ports[0])
    game_id = pair.sent[0][0].game_id
    page.click(Click("new-game", "hotseat"))
    page.click(Click("recent"))
    rows = port.html["recent-friend"]
    assert f'data-action="friend-replay" data-target="{game_id}"' in rows
    assert cat.t("status.round", n=12) in rows and cat.t("status.round", n=13) not in rows
    page.click(Click("friend-replay", game_id))
    port.run()
    assert port.attrs["app"] == {"data-view": "review"}
    s = page.session
    assert s is not None and s.mode == "friend"


def test_a_failed_audit_gives_no_replay_and_says_why(pair: Pair, cat: Catalog) -> None:
    page, port = reloaded(cat, pair.ports[0])
    fail_audit(page, port)
    assert port.page_state["friend"] == "failed"
    assert port.frame is not None
    choices = port.frame.regions["choices"]
    assert 'data-action="review"' not in choices
    assert cat.t("friend.no_replay.failed") in choices
    assert port.hidden["review-from-log"]
    assert not port.hidden["review-why"]  # and the log says why too
    assert port.text["review-why"] == cat.t("friend.no_replay.failed")
    page.click(Click("review"))
    assert port.attrs.get("app", {}).get("data-view") != "review"


def test_a_failed_audit_shares_no_save_string_and_recent_games_no_replay(
    pair: Pair, cat: Catalog
) -> None:
    page, port = reloaded(cat, pair.ports[1])
    fail_audit(page, port, culprit=0, code="shuffle")
    page.click(Click("open-share"))
    port.run()
    assert port.hidden["dlg-share"]  # the game's last link again, in the panel
    s = page.session
    assert s is not None and s.replayable() is None
    page.click(Click("recent"))
    assert 'data-action="friend-replay"' not in port.html["recent-friend"]


def test_a_friend_game_under_way_has_no_whole_replay_until_the_deal_is_verified(
    cat: Catalog,
) -> None:
    """Only the game so far, from this player's view (tests/app/test_friend_so_far.py): no
    save string, no replay of a deal nobody has checked."""
    pair = Pair(cat)
    pair.start()
    page = pair.pages[0]
    s = page.session
    assert s is not None and s.replayable() is None
    assert s.view()["no_replay"] == "friend.no_replay.pending"
    assert isinstance(s.reviewable(), SoFarSession)


def test_deleting_a_finished_friend_game_asks_first_with_its_own_sentence(
    pair: Pair, cat: Catalog
) -> None:
    page, port = reloaded(cat, pair.ports[0])
    game_id = pair.sent[0][0].game_id
    page.click(Click("new-game", "hotseat"))
    page.click(Click("recent"))
    page.click(Click("friend-delete", game_id))
    assert cat.t("recent.friend.delete_ask.over") in port.html["recent-friend"]
    page.click(Click("friend-delete-confirm", game_id))
    assert not any(game_id in key for key in port.storage)
