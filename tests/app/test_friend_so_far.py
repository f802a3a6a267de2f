"""The replay and analysis of a friend game in progress (docs/friend-play.md, *Replay and
analysis*): only what the player saw, never a stand-in read as a card.

Games are dealt through targi.friend's Dealer without the cryptography (tests/friend/scripted's
dry run: each position opened to the card the two pages' shuffles put there), stopped mid-game.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from targi.app import protocol
from targi.app.controller import Controller
from targi.app.friendplay.table import FriendSession
from targi.app.html.render import Renderer
from targi.app.page import Click
from targi.app.review import reviewer as review
from targi.app.review.replay import Replay
from targi.app.review.review_render import ReviewRenderer
from targi.app.review.so_far import MODE, SoFarSession, seen_so_far
from targi.app.text.catalog import Catalog
from targi.cards import CARDS
from targi.chance import script
from targi.game import Game
from targi.view import observe

pytest.importorskip("ecdsa")

from targi.friend import FriendGame  # noqa: E402
from targi.friend.dealer import Dealer  # noqa: E402
from targi.friend.shuffle import deal_order  # noqa: E402

from tests.friend.scripted import policy, secret  # noqa: E402

from .fakeport import FakePort  # noqa: E402
from .friends import Pair, reloaded  # noqa: E402

A, B = secret("a0"), secret("b0")
MID = 87  # decisions: round 5's actions, three face-down central cards not turned up yet
AFTER_RESHUFFLE = 128  # a goods card face down, drawn from the goods deck made again
SEAT = 0


class OtherStandIns(Dealer):
    """A page whose dealer picks other stand-ins (the last card that may stand in, not the
    first): the same game to both players, other cards in the engine's face-down spaces."""

    def _stand_in(self, outcomes: list[int]) -> int:
        return super()._stand_in(outcomes[::-1])


def dealt(moves: int, kind: type[Dealer] = Dealer, open_last: bool = True) -> Dealer:
    """The scripted game 0 after `moves` decisions (with open_last=False: the cards due after
    the last one are not turned up yet, as while a page waits for the friend's share)."""
    d, choose = kind(0), policy(0)
    while True:
        due = d.due()
        if due and (open_last or len(d.moves) < moves):
            for x in due:
                d.opened(x.deck, x.pos, deal_order(A, B, x.deck, d.decks[x.deck].cards)[x.pos])
        elif d.game.is_over or len(d.moves) >= moves:
            return d
        else:
            d.play(choose(d.game))


def so_far(d: Dealer, seat: int = SEAT) -> Replay:
    known = d.known()
    assert known is not None
    return Replay.of(seen_so_far(d.game.starter, d.game.record, known, seat))


def pages(cat: Catalog, r: Replay) -> list[dict[str, str]]:
    """Every step of the replay as the page draws it, and its words."""
    words = ReviewRenderer(cat, Renderer(cat))
    out = []
    for k in range(r.steps + 1):
        regions = words.table(r, k, SEAT)
        regions["where"] = words.where(r, k)
        regions["move"] = words.next_decision(r, k, None)
        out.append(regions)
    return out


def verdicts(r: Replay, seat: int = SEAT) -> list[dict[str, object]]:
    """The computer's verdicts on `seat`'s decisions, asked as the page asks the worker."""
    g = r.session.game
    steps = [k for k, p in enumerate(r.movers) if p == seat]
    out: list[dict[str, object]] = []
    for i in range(0, len(steps), protocol.MAX_STEPS):
        request = protocol.dealt_analysis_request(
            g.starter, r.record, script(g) or [], "easy", 0, steps[i : i + protocol.MAX_STEPS]
        )
        out += json.loads(protocol.answer(request))["verdicts"]
    return out


def stand_ins(d: Dealer) -> set[str]:
    """The cards the engine holds face down in place of cards no page has opened."""
    return {CARDS[c].id for c in d._stand_ins.values()}


def test_the_replay_so_far_never_reads_a_stand_in(cat: Catalog) -> None:
    first, other = dealt(MID), dealt(MID, OtherStandIns)
    assert first.game.record == other.game.record
    assert stand_ins(first) and stand_ins(first) != stand_ins(other)
    a, b = so_far(first), so_far(other)
    assert pages(cat, a) == pages(cat, b)
    for k in range(a.steps + 1):
        assert observe(a.game_at(k)).key() == observe(b.game_at(k)).key()
    assert verdicts(a) == verdicts(b)
    assert verdicts(a, 1 - SEAT) == verdicts(b, 1 - SEAT)  # the friend's decisions too


@pytest.mark.parametrize("moves", [MID, AFTER_RESHUFFLE])
def test_the_replay_so_far_is_the_game_with_its_real_cards_as_the_player_saw_it(
    cat: Catalog, moves: int
) -> None:
    """The cards still face down are different cards on the real table: the pages and the
    verdicts are those of the real game, shown from this player's view (also after the goods
    deck was made again from its discards: cards turned up before are in it again)."""
    d = dealt(moves)
    known = d.known() or []
    assert None in known
    if moves == AFTER_RESHUFFLE:
        made_again = [x for x, c in zip(d.draws, known, strict=False) if c is None and x.deck > 1]
        assert any(d.decks[x.deck].kind == "goods" for x in made_again)
    whole = dealt(10_000)  # the same game to its end: every card opened
    real = [whole.faces[(x.deck, x.pos)] for x in whole.draws]
    game = Game.replay(0, d.game.starter, d.game.record, dealt=real)
    truth = Replay.of(SoFarSession(game, MODE, seat=SEAT))
    mine = so_far(d)
    assert mine.hidden and script(mine.session.game) != script(truth.session.game)
    assert pages(cat, mine) == pages(cat, truth)
    assert verdicts(mine) == verdicts(truth)


def test_a_card_seen_before_and_now_a_placeholder_shows_where_it_was_seen(cat: Catalog) -> None:
    """After a reshuffle a placeholder may be a card turned up earlier in the game: where it
    lay face up then, the replay shows it (only the last step turns placeholders down)."""
    d = dealt(MID)
    so_far = seen_so_far(d.game.starter, d.game.record, d.known() or [], SEAT)
    seen = Replay.of(so_far).game_at(0).central[0]  # dealt face up: say it were a placeholder
    r = Replay.of(SoFarSession(so_far.game, MODE, hidden=frozenset({seen}), seat=SEAT))
    assert r.view(0, SEAT)["central"][0]["card"] == CARDS[seen].id


def test_a_card_face_down_never_shows_in_the_replay_so_far(cat: Catalog) -> None:
    d = dealt(MID)
    r = so_far(d)
    whole = dealt(10_000)
    unopened = {
        CARDS[whole.faces[(x.deck, x.pos)]].id
        for x in whole.draws[: len(d.known() or [])]
        if (x.deck, x.pos) not in d.faces
    }
    secret_ids = unopened | stand_ins(d) | {CARDS[c].id for c in r.hidden}
    assert unopened and secret_ids
    for k, regions in enumerate(pages(cat, r)):
        for html in regions.values():
            for card in secret_ids:
                assert card not in html, (k, card)
        g = r.game_at(k)
        backs = [i for i, c in enumerate(g.central) if c != -1 and not g.face_up[i]]
        v = r.view(k, SEAT)
        for i in backs:
            assert v["central"][i]["card"] is None and not v["central"][i]["face_up"]


def test_a_round_ended_waiting_for_its_face_down_cards_shows_them_face_down(
    cat: Catalog,
) -> None:
    """The engine has turned the round's face-down cards up (its stand-ins): until both pages
    open them, the replay's last step shows their backs and counts them as unseen."""
    waiting = (dealt(n, open_last=False) for n in range(40, 140))
    d = next(d for d in waiting if any(x.sealed for x in d.due()))
    r = so_far(d)
    v = r.view(r.steps, SEAT)
    spaces = [x.space for x in d.due() if x.sealed]
    for i in spaces:
        assert v["central"][i]["card"] is None and not v["central"][i]["face_up"]
    down = [c for c in v["central"] if not c["face_up"] and not c["empty"]]
    for kind in ("goods", "tribe"):
        shown_down = sum(1 for c in down if c["kind"] == kind)
        assert sum(v["unseen"][kind].values()) == v["decks"][kind] + shown_down
    html = "".join(pages(cat, r)[-1].values())
    for card in stand_ins(d) | {CARDS[c].id for c in r.hidden}:
        assert card not in html


def test_an_analysis_request_for_a_game_under_way_is_checked() -> None:
    ask = {"op": "analyse", "level": "easy", "seed": 0, "steps": [0]}
    with pytest.raises(protocol.ProtocolError, match="first player"):
        protocol.answer(json.dumps({**ask, "first": 2, "moves": [], "dealt": []}))
    with pytest.raises(protocol.ProtocolError, match="dealt cards"):
        protocol.answer(json.dumps({**ask, "first": 0, "moves": ["t5"], "dealt": [99]}))
    with pytest.raises(protocol.ProtocolError, match="not a game"):
        protocol.answer(json.dumps({**ask, "first": 0, "moves": ["t5"], "dealt": [0, 1]}))


# ---- the page (FakePorts: two pages playing by links) -----------------------------------------
@pytest.fixture
def quick_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    """The easy level judges in milliseconds; the hard one is for the page."""
    monkeypatch.setattr(review, "ANALYSIS_LEVEL", "easy")


def mid_game(cat: Catalog) -> Pair:
    """Two pages in round 2 or later, Red to move, with a card face down no page has opened."""

    def face_down(pair: Pair, friend: FriendGame) -> bool:
        assert friend.dealer is not None
        return bool(friend.game.rounds_played and friend.dealer._stand_ins) and (
            pair.to_move() == 1
        )

    return play_until(Pair(cat), face_down)


def play_until(pair: Pair, done: Callable[[Pair, FriendGame], bool]) -> Pair:
    """The scripted game 0 between the two pages, each link opened at once, until `done` holds
    for the inviter's page (checked after every link and every turn)."""
    choose = policy(0)
    pair.start()
    while True:
        friend = pair.pages[0].friend.game
        assert friend is not None
        if done(pair, friend):
            return pair
        waiting = [i for i in (0, 1) if len(pair.sent[i]) > pair.delivered[i]]
        if waiting:
            pair.deliver(waiting[0])
            continue
        i = pair.to_move()
        assert i is not None
        pair.turn(i, choose)


def test_the_table_at_a_round_end_counts_the_cards_not_turned_up_yet_as_unseen(
    cat: Catalog,
) -> None:
    """The engine has turned up the round's stand-ins; until their cards are opened the table
    shows them face down, and the unseen counts do not give a stand-in's kind away."""

    def sealed(pair: Pair, friend: FriendGame) -> bool:
        assert friend.dealer is not None
        return any(x.sealed for x in friend.dealer.due())

    pair = play_until(Pair(cat), sealed)
    s = pair.pages[0].session
    assert isinstance(s, FriendSession)
    v = s.view()
    down = [c for c in v["central"] if not c["face_up"] and not c["empty"]]
    assert down
    for kind in ("goods", "tribe"):
        shown_down = sum(1 for c in down if c["kind"] == kind)
        assert sum(v["unseen"][kind].values()) == v["decks"][kind] + shown_down


def review_html(port: FakePort) -> str:
    return "".join(port.html[k] for k in REVIEW_REGIONS) + port.text["review-move"]


REVIEW_REGIONS = ("review-board", "review-choices", "review-players", "review-status", "review-log")


@pytest.mark.usefixtures("quick_analysis")
def test_during_a_friend_game_the_logs_replay_opens_the_game_so_far_from_your_view(
    cat: Catalog,
) -> None:
    pair = mid_game(cat)
    page, port = pair.pages[1], pair.ports[1]  # the friend: Red
    s = page.session
    assert isinstance(s, FriendSession) and s.friend.dealer is not None
    hidden = {CARDS[c].id for c in s.friend.dealer._stand_ins.values()}
    assert not port.hidden["review-from-log"]
    page.click(Click("review"))
    steps = len(s.game.record)
    assert port.attrs["app"] == {"data-view": "review"}
    assert port.attrs["review"] == {"data-steps": str(steps), "data-step": str(steps)}
    assert 'data-target="1" aria-pressed="true"' in port.html["review-sides"]  # your side
    assert " disabled" not in port.html["review-sides"]  # the friend saw the same
    assert not port.hidden["review-so-far"] and port.hidden["review-export"]
    assert port.hidden["play-on-ai"] and port.hidden["play-on-hotseat"]
    assert port.hidden["play-on-none"]
    page.click(Click("export"))
    assert port.hidden["dlg-export"]  # no save string of a deal not over
    page.click(Click("review-nav", "first"))
    for _ in range(steps + 1):
        for card in hidden:
            assert card not in review_html(port)
        page.click(Click("review-nav", "next"))
    page.click(Click("analysis-start"))
    port.run()
    assert port.attrs["analysis"]["data-state"] == "done"
    asked = port.asked[-1]
    assert "save" not in asked and asked["first"] == s.game.starter and asked["dealt"]
    red = sum(1 for e in s.game.log if e.kind == "move" and not e.forced and e.player == 1)
    assert port.html["analysis-list"].count("<li data-step=") == red
    page.click(Click("review-close"))
    assert port.attrs["app"] == {"data-view": "table"}


@pytest.mark.usefixtures("quick_analysis")
def test_the_analysis_so_far_opens_after_a_reload_and_keeps_its_verdicts_as_the_game_goes_on(
    cat: Catalog,
) -> None:
    pair = mid_game(cat)
    again, port = reloaded(cat, pair.ports[0])  # Blue's page, reloaded
    assert not port.hidden["review-from-log"]
    again.click(Click("review"))
    assert port.attrs["app"] == {"data-view": "review"}
    assert not port.hidden["review-so-far"]
    # Blue's page (not reloaded) judges its decisions, the game goes on, Blue looks again:
    # only the new decisions are left to judge
    page, port = pair.pages[0], pair.ports[0]
    page.click(Click("review"))
    page.click(Click("analysis-start"))
    port.run()
    judged = port.html["analysis-list"].count("<li data-step=")
    assert judged and port.attrs["analysis"]["data-state"] == "done"
    page.click(Click("review-close"))
    blue = blue_decisions(page)
    while blue_decisions(page) == blue or pair.to_move() == 0:
        waiting = [i for i in (0, 1) if len(pair.sent[i]) > pair.delivered[i]]
        if waiting:
            pair.deliver(waiting[0])
        else:
            pair.turn(pair.to_move() or 0, policy(0))
    page.click(Click("review"))
    assert port.html["analysis-list"].count("<li data-step=") == judged
    assert port.text["analysis-start"] == cat.t("analysis.resume")
    assert not port.hidden["analysis-start"]
    before = {k for q in port.asked for k in q["steps"]}
    asked = len(port.asked)
    page.click(Click("analysis-start"))
    port.run()
    new = {k for q in port.asked[asked:] for k in q["steps"]}
    assert new and not new & before
    assert port.attrs["analysis"]["data-state"] == "done"
    assert port.html["analysis-list"].count("<li data-step=") == judged + len(new)


def test_an_open_replay_so_far_takes_the_moves_that_arrive_and_stays_on_its_step(
    cat: Catalog,
) -> None:
    """Blue reads the game so far while Red moves: Red's link extends the open replay (it was
    a snapshot: the table beneath changed, the replay did not), and Blue stays on step 3."""
    pair = mid_game(cat)
    page, port = pair.pages[0], pair.ports[0]
    page.click(Click("review"))
    page.click(Click("review-goto", "3"))
    before = int(port.attrs["review"]["data-steps"])
    pair.turn(1, policy(0))
    pair.deliver(1)
    now = len(page.session.game.record) if page.session else 0
    assert now > before and port.attrs["app"] == {"data-view": "review"}
    assert port.attrs["review"] == {"data-steps": str(now), "data-step": "3"}
    assert port.attrs["review-slider"]["max"] == str(now)
    page.click(Click("review-nav", "last"))
    followed = review_html(port)
    page.click(Click("review-close"))
    page.click(Click("review"))  # opened afresh: the same last step
    assert review_html(port) == followed


def blue_decisions(page: Controller) -> int:
    s = page.session
    assert s is not None
    return sum(1 for e in s.game.log if e.kind == "move" and not e.forced and e.player == 0)


def test_there_is_no_replay_before_the_opening_cards_are_turned_up(cat: Catalog) -> None:
    pair = Pair(cat)
    pair.open(1, pair.invite())
    port = pair.ports[0]
    assert port.hidden["review-from-log"]
