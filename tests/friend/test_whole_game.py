"""A whole game between two pages passing links, from the invitation to both audits."""

from __future__ import annotations

import copy
import json

import pytest
from targi import Game, save
from targi.chance import script
from targi.friend import FriendError, FriendGame, wire
from targi.scoring import score

from .scripted import Match, secret

RESTORE_AT = 60  # both pages are stored and restored from JSON after this many links


@pytest.fixture(scope="module")
def match() -> Match:
    m = Match(secret("a0"), secret("b0"), first=0, seed=0)
    while m.step():
        if len(m.links) == RESTORE_AT:
            m.pages = [FriendGame.from_dict(json.loads(json.dumps(p.to_dict()))) for p in m.pages]
    return m


def test_a_whole_game_by_links_ends_with_both_audits_verified(match: Match) -> None:
    a, b = match.pages
    assert a.game.is_over and b.game.is_over
    assert a.status == b.status == "verified"
    assert a.audit is not None and a.audit.reason == "verified"
    assert a.audit == b.audit


def test_both_pages_end_with_the_same_game(match: Match) -> None:
    a, b = match.pages
    assert a.game.record == b.game.record
    assert [score(a.game, p) for p in (0, 1)] == [score(b.game, p) for p in (0, 1)]
    assert a.transcript == b.transcript


def test_the_game_has_a_goods_reshuffle_a_caravan_and_a_tribal_expansion(match: Match) -> None:
    g = match.pages[0].game
    assert [d.kind for d in match.pages[0].dealer.decks if d.kind == "goods"][1:], "a reshuffle"
    assert any(e.kind == "reshuffle" and e.deck == "goods" for e in g.log)
    drawn = [e for e in g.log if e.kind == "drawn"]
    assert any(e.card.startswith("G") for e in drawn), "Caravan turns up a goods card"
    assert any(e.card.startswith("T") for e in drawn), "Tribal expansion turns up a tribe card"


def test_a_mid_turn_card_is_answered_by_the_friend_page_without_its_player(match: Match) -> None:
    answered = [(role, moved) for role, status, moved in match.shown if status == "answering"]
    assert {role for role, _ in answered} == {0, 1}
    assert not any(moved for _, moved in answered)


def test_a_verified_game_replays_from_its_dealt_cards_as_both_pages_played_it(
    match: Match,
) -> None:
    """Save version 2: the cards both pages opened, in the order drawn, replace the seed."""
    a, b = match.pages
    cards = a.dealt()
    assert cards is not None and cards == b.dealt()
    replayed = Game.replay(0, a.game.starter, a.game.record, dealt=cards)
    assert replayed.is_over and replayed.record == a.game.record
    assert [score(replayed, p) for p in (0, 1)] == [score(a.game, p) for p in (0, 1)]
    assert replayed.display == a.game.display and replayed.vp == a.game.vp
    loaded, _ = save.decode(save.encode(replayed))
    assert loaded.record == a.game.record and script(loaded) == cards


def test_no_dealt_record_before_the_end_or_after_a_failed_audit(match: Match) -> None:
    page = copy.deepcopy(match.pages[0])
    page.result = page.result._replace(ok=False, code="share") if page.result else None
    assert page.dealt() is None
    m = Match(secret("a0"), secret("b0"), first=0, seed=0)
    for _ in range(30):
        m.step()
    assert all(p.dealt() is None for p in m.pages)


def test_links_fit_their_sizes(match: Match) -> None:
    invitation, answer, *rest = match.links
    assert len(invitation) <= 6000 and len(answer) <= 6000
    assert max(len(link) for link in rest) <= 2000


def test_a_restored_page_keeps_its_game(match: Match) -> None:
    page = match.pages[1]
    again = FriendGame.from_dict(json.loads(json.dumps(page.to_dict())))
    assert again.game.record == page.game.record
    assert again.transcript == page.transcript
    assert again.status == page.status == "verified"


def test_bytes_disclosed_that_did_not_sign_the_game_are_refused(match: Match) -> None:
    page = copy.deepcopy(match.pages[1])
    page.disclosed[0] = None
    with pytest.raises(FriendError, match="do not give the key"):
        page._apply(0, wire.Disclose(secret("not-the-inviter")))


def test_an_inviter_who_plays_red_moves_only_for_red() -> None:
    m = Match(secret("red-a"), secret("red-b"), first=1, seed=4, seat=1)
    assert [p.seat for p in m.pages] == [1, 0]
    for _ in range(12):
        assert m.step()
    sent = [
        (m.pages[message.sender].seat, item.move)
        for message in map(wire.parse, m.pages[0].transcript)
        for item in message.items
        if isinstance(item, wire.Move)
    ]
    g = m.pages[0].game
    assert sent == list(zip(g.record_players, g.record, strict=True))
    assert g.record_players[0] == 1  # Red has the amulet in round 1
