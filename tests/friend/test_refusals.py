"""Changed, repeated, out-of-order, foreign and cheating messages are refused; nothing changes."""

from __future__ import annotations

import json

import pytest
from targi.friend import FriendError, FriendGame, LinkError, Refused, wire
from targi.friend.audit import audit
from targi.friend.group import card_point, scalar_bytes
from targi.friend.session import INVITER

from .scripted import Match, secret


def _state(page: FriendGame) -> str:
    return json.dumps(page.to_dict())


def _opening() -> Match:
    """A game after the invitation, the answer and the inviter's first link."""
    m = Match(secret("ra"), secret("rb"), first=0, seed=3)
    m.step()
    return m


def _flip(link: str, at: int) -> str:
    raw = bytearray(wire.decode(link))
    raw[at] ^= 0x01
    return wire.encode(bytes(raw))


def test_a_changed_link_is_refused_and_the_game_is_intact() -> None:
    m = _opening()
    friend = m.pages[1]
    before = _state(friend)
    with pytest.raises(Refused, match="signature"):
        friend.receive(_flip(m.links[-1], len(wire.decode(m.links[-1])) // 2))
    assert _state(friend) == before
    friend.receive(m.links[-1])  # the real link still applies


def test_a_repeated_link_is_refused() -> None:
    m = _opening()
    m.step()
    inviter = m.pages[0]
    before = _state(inviter)
    with pytest.raises(Refused, match="applied already"):
        inviter.receive(m.links[1])
    assert _state(inviter) == before


def test_a_link_out_of_order_is_refused() -> None:
    m = _opening()
    m.step()
    m.step()  # the inviter's newest link, and the one before it the friend has not applied
    behind = _opening().pages[1]
    before = _state(behind)
    with pytest.raises(Refused, match="missing"):
        behind.receive(m.links[-1])
    assert _state(behind) == before
    behind.receive(m.links[-3])  # the one it waits for still applies


def test_a_link_of_another_game_is_refused() -> None:
    m = _opening()
    stranger = Match(secret("xa"), secret("xb"), first=0, seed=3)
    stranger.step()
    before = _state(m.pages[1])
    with pytest.raises(Refused, match="another game"):
        m.pages[1].receive(stranger.links[-1])
    assert _state(m.pages[1]) == before


def test_your_own_link_is_refused() -> None:
    m = _opening()
    with pytest.raises(Refused, match="your own link"):
        m.pages[0].receive(m.links[-1])


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "not a link"),
        ("https://example.org/#g=T123", "not a link"),
        ("F!!!", "characters"),
        ("FAAAA", "too short"),
        ("F" + "A" * 9000, "too long"),
    ],
)
def test_a_mangled_link_gets_a_clear_error(text: str, words: str) -> None:
    m = _opening()
    before = _state(m.pages[1])
    with pytest.raises(LinkError, match=words):
        m.pages[1].receive(text)
    assert _state(m.pages[1]) == before


def test_a_cut_link_is_refused() -> None:
    m = _opening()
    with pytest.raises(LinkError):
        m.pages[1].receive(m.links[-1][: len(m.links[-1]) // 2])


# ---- cheating pages (they sign what they send: only the checks can catch them) ---------------
def _altered(item: wire.Item) -> wire.Item:
    if isinstance(item, wire.FriendShare | wire.InviterShare):
        return item._replace(key=scalar_bytes(int.from_bytes(item.key, "big") + 1))
    return item


class _AltersShares(FriendGame):
    """A page that plays on honestly itself but sends shares of cards that are off by one."""

    def _local(self, item: wire.Item) -> None:
        self._apply(self.role, item)
        self.outbox.append(_altered(item))


def test_a_friend_that_alters_its_share_of_a_card_is_refused_by_name() -> None:
    inviter = FriendGame.invite(secret("ca"))
    assert inviter.link is not None
    cheater = _AltersShares.accept(inviter.link, secret("cb"))
    assert cheater.link is not None
    before = _state(inviter)
    with pytest.raises(Refused, match="does not match the shuffle") as caught:
        inviter.receive(cheater.link)
    assert caught.value.sender == 1 and "the friend" in str(caught.value)
    assert _state(inviter) == before


def test_an_inviter_that_alters_its_share_of_a_card_is_refused_by_name() -> None:
    cheater = _AltersShares.invite(secret("ca"), first_player=1)
    assert cheater.link is not None
    friend = FriendGame.accept(cheater.link, secret("cb"))
    assert friend.link is not None
    cheater.receive(friend.link)
    assert cheater.link is not None
    before = _state(friend)
    with pytest.raises(Refused, match="does not open a card") as caught:
        friend.receive(cheater.link)
    assert caught.value.sender == INVITER and "the inviter" in str(caught.value)
    assert _state(friend) == before


class _StacksTheDeck(FriendGame):
    """An inviter whose first pass puts one goods card in twice (a card of its choice)."""

    def _contribution(self) -> wire.Item | None:
        item = super()._contribution()
        if isinstance(item, wire.Pass1) and item.deck == 1:
            from targi.friend import derive

            order = derive.permutation(self.random, 1, len(item.points))
            cards = self.dealer.decks[1].cards if self.dealer else ()
            k = next(k for k in range(len(order)) if cards[order[k]] != cards[order[0]])
            forged = card_point(cards[order[0]]).times(derive.card_key(self.random, 1, k)).data
            points = list(item.points)
            points[k] = forged
            return item._replace(points=tuple(points))
        return item


def test_an_inviter_that_stacks_a_deck_is_named_by_the_audit() -> None:
    cheater = _StacksTheDeck.invite(secret("sa"))
    assert cheater.link is not None
    friend = FriendGame.accept(cheater.link, secret("sb"))
    result = audit(
        friend.transcript,
        friend.dealer.decks if friend.dealer else [],
        friend.dealer.faces if friend.dealer else {},
        [secret("sa"), secret("sb")],
    )
    assert not result.ok and result.culprit == INVITER
    assert "shuffle of deck 1" in result.reason and "the inviter" in result.reason
    assert result.code == "shuffle"  # the kind, for the page to word in the player's language


def test_an_honest_opening_passes_the_audit() -> None:
    m = _opening()
    friend = m.pages[1]
    assert friend.dealer is not None
    result = audit(friend.transcript[:2], friend.dealer.decks, {}, [secret("ra"), secret("rb")])
    assert result.ok, result.reason
    assert result.code == "verified"


def test_bytes_disclosed_before_the_end_are_refused() -> None:
    m = _opening()
    with pytest.raises(FriendError, match="at the end"):
        m.pages[1]._apply(INVITER, wire.Disclose(secret("ra")))


@pytest.mark.parametrize(
    "change, words",
    [
        ({"version": 99}, "another version"),
        ({"role": 7}, "not a stored friend game"),
        ({"random": "zz"}, "not a stored friend game"),
    ],
)
def test_a_damaged_stored_game_gets_a_clear_error(change: dict[str, object], words: str) -> None:
    state = {**_opening().pages[1].to_dict(), **change}
    with pytest.raises(FriendError, match=words):
        FriendGame.from_dict(state)
