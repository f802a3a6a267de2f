"""A page never holds a card's face before both pages open it; face-down cards stay shut until
their round ends, and then show their real faces."""

from __future__ import annotations

from targi.friend import FriendGame, wire
from targi.friend import derive as d
from targi.friend.dealer import Dealer
from targi.friend.group import scalar_bytes
from targi.friend.session import INVITER
from targi.friend.shuffle import deal_order

from .scripted import Match, policy, secret

STEPS = 40  # links played while every page's knowledge is inspected


def _held(page: FriendGame) -> bytes:
    """Every byte a page holds: its own random bytes, every message, its unsent items."""
    return page.random + b"".join(page.transcript) + wire.items_bytes(tuple(page.outbox))


def test_no_page_holds_the_other_pages_key_to_a_card_not_yet_turned_up() -> None:
    a, b = secret("ka"), secret("kb")
    m = Match(a, b, first=1, seed=5)
    for _ in range(STEPS):
        for page in m.pages:
            dealer = page.dealer
            assert dealer is not None
            held = _held(page)
            opened = set(dealer.faces)
            for deck_no, deck in enumerate(dealer.decks):
                n = len(deck.cards)
                for j in range(n):
                    if (deck_no, j) in opened:
                        continue
                    if page.role == INVITER:  # the friend's key to position j
                        assert scalar_bytes(d.card_key(b, deck_no, j)) not in held
                    else:  # the inviter's key to the card at position j
                        k = d.permutation(b, deck_no, n)[j]
                        assert scalar_bytes(d.card_key(a, deck_no, k)) not in held
        assert m.step()


def test_the_game_a_page_holds_has_no_deck_order_and_no_face_down_face() -> None:
    m = Match(secret("ka"), secret("kb"), first=0, seed=5)
    seen_face_down = False
    for _ in range(STEPS):
        for page in m.pages:
            g = page.game
            assert g.goods_deck == sorted(g.goods_deck) and g.tribe_deck == sorted(g.tribe_deck)
            for space in page.view()["central"]:
                if not space["face_up"]:
                    seen_face_down |= not space["empty"]
                    assert space["card"] is None
        assert m.step()
    assert seen_face_down


def test_a_face_down_card_opens_only_when_its_round_ends_and_shows_its_real_face() -> None:
    a, b = secret("a0"), secret("b0")
    live = Dealer(0)
    choose = policy(0)
    checked = 0
    while True:
        due = live.due()
        g = live.game
        for x in due:
            if x.sealed:
                assert x.round <= g.rounds_played, "opened before its round ended"
            live.opened(x.deck, x.pos, deal_order(a, b, x.deck, live.decks[x.deck].cards)[x.pos])
        if due:
            continue
        for x in live.draws:
            if x.sealed and x.round == live.game.rounds_played and not live.game.is_over:
                # the first decision after its round: its real face lies on its space
                g = live.game
                if g.central[x.space] != -1 and not g.used[x.space]:
                    assert g.central[x.space] == live.faces[(x.deck, x.pos)]
                    checked += 1
            if x.sealed and x.round > live.game.rounds_played:
                assert (x.deck, x.pos) not in live.faces
        if live.game.is_over:
            break
        live.play(choose(live.game))
    assert checked
