"""Live play through the FakePort (targi.app.live.play): the offer rides on the invitation, the
answer on the answer link, the channel carries every later link both ways and hands what it
brings to the same function as an opened link; without the channel the game goes on by links;
a STUN server only when the setting is on."""

from __future__ import annotations

import json

import pytest
from targi.app.live import play, sdp
from targi.app.page import Click
from targi.app.store.storage import Settings
from targi.app.text.catalog import Catalog
from targi.friend import FriendGame

from tests.friend.scripted import policy

from .fakeport import MESSAGES, FakePort, open_page
from .friends import Pair, fragment


class LivePair(Pair):
    """The friend tests' two pages (tests/app/friends.py), the links opened as the address
    bar carries them; the inviter chooses live play (or not) in Play a friend."""

    def __init__(self, cat: Catalog) -> None:
        super().__init__(cat)
        for side, port in enumerate(self.ports):
            port.tab_name = f"tab-{side}"  # two devices: each its own Web Locks and storage

    def live(self, side: int) -> play.LivePlay:
        return self.pages[side].friend_live

    def shown(self, side: int) -> str:
        """The link the panel shows to send (the text of [data-friend-link])."""
        return self.ports[side].text["friend-link"]

    def game(self, side: int) -> FriendGame:
        game = self.pages[side].friend.game
        assert game is not None
        return game

    def invite(self, live: bool = True) -> str:
        """New game → Play a friend (moves: live too, or by links) → Invite: the invitation."""
        self.ports[0].check("friend-live", "live" if live else "links")
        return super().invite()

    def accept(self, invitation: str) -> str:
        """The invitation opened, Accept: the answer shown."""
        self.open(1, invitation)
        self.pages[1].click(Click("friend-accept"))
        self.ports[1].run()
        return self.shown(1)

    def connect(self) -> None:
        self.open(0, self.accept(self.invite()))
        for side in (0, 1):
            self.ports[side].live_open = True
            self.pages[side].friend_live.state("open")

    def mover(self) -> int:
        side = self.to_move()
        assert side is not None
        return side

    def move(self, side: int) -> None:
        """The player of `side` makes a move (clicked on the table)."""
        self.turn(side, lambda g: g.legal_moves()[0])


def test_the_invitation_carries_the_offer_and_the_answer_carries_the_answer(cat: Catalog) -> None:
    pair = LivePair(cat)
    invitation = pair.invite()
    link, part = play.split(invitation)
    assert link.endswith("#" + (pair.game(0).link or "")) and part is not None
    assert sdp.read_part(part).role == "actpass"
    assert pair.ports[0].live_calls == [("offer", "")]
    assert pair.ports[0].page_state["live"] == "waiting"
    answer = pair.accept(invitation)
    link, part = play.split(answer)
    assert link.endswith("#" + (pair.game(1).link or "")) and part is not None
    assert sdp.read_part(part).role == "active"
    # the friend's page answered the offer the invitation carried
    call = pair.ports[1].live_calls[0]
    assert call[0] == "answer"
    assert sdp.read(call[1]) == sdp.read_part(play.split(invitation)[1] or "")
    # the inviter opens the answer: the game reads the link alone, the channel is set up
    pair.open(0, answer)
    assert pair.ports[0].live_calls[-1][0] == "accept"
    assert pair.ports[0].page_state["live"] == "connecting"
    assert len(pair.game(0).transcript) >= 2  # the answer applied: the game is on


def test_a_link_splits_from_its_live_part_whatever_form_it_comes_in() -> None:
    assert play.split("https://example.org/targi/#Fabc.def") == (
        "https://example.org/targi/#Fabc",
        "def",
    )
    assert play.split(" #Fabc.def\n") == ("#Fabc", "def")
    assert play.split("Fabc") == ("Fabc", None)
    # not a friend link: left whole (a host name's dots are no live part)
    assert play.split("https://example.org/targi/") == ("https://example.org/targi/", None)
    assert play.split("https://example.org/#g=abc.d") == ("https://example.org/#g=abc.d", None)


def test_links_with_their_live_parts_stay_within_6000_characters(cat: Catalog) -> None:
    pair = LivePair(cat)
    invitation = pair.invite()
    answer = pair.accept(invitation)
    assert len(invitation) <= 6000 and len(answer) <= 6000
    # a machine with many interfaces: the candidates are cut at MAX_CANDIDATES (IPv6, the
    # largest) and the links still fit
    many = tuple(
        sdp.Candidate(f"2001:db8::{i:x}", 50000 + i, "host") for i in range(sdp.MAX_CANDIDATES)
    )
    worst = sdp.Description("active", "abcd", "p" * 24, bytes(32), many)
    part = sdp.to_part(sdp.write(worst))
    assert len(play.split(answer)[0] + "." + part) <= 6000


def test_every_later_link_goes_out_on_the_open_channel_and_is_still_shown(cat: Catalog) -> None:
    pair = LivePair(cat)
    pair.connect()
    assert pair.ports[0].page_state["live"] == "live"
    assert pair.ports[0].text["friend-live-text"] == cat.t("live.on")
    side = pair.mover()
    pair.move(side)
    sent = pair.ports[side].live_out
    assert sent and sent[-1] == pair.game(side).link  # the link's text, no live part
    assert pair.shown(side).endswith("#" + sent[-1])  # and shown, to send by hand if need be


def test_once_live_the_answer_is_no_longer_shown_to_send_the_friend_opened_it(
    cat: Catalog,
) -> None:
    """The channel opens only after the inviter opened the answer: the friend's page stops
    saying "Send this answer to your friend" (live, waiting, it said to send what arrived)."""
    pair = LivePair(cat)
    pair.connect()
    b = pair.ports[1]
    assert pair.state(1) == "waiting" and b.page_state["live"] == "live"
    assert b.hidden["friend-send"], b.text["friend-send-what"]
    assert pair.ports[0].hidden["friend-send"]


def test_a_link_the_channel_took_is_worded_as_sent_live_and_by_hand_only_if_it_drops(
    cat: Catalog,
) -> None:
    pair = LivePair(cat)
    pair.connect()
    side = pair.mover()
    pair.move(side)
    assert pair.ports[side].text["friend-send-what"] == cat.t("friend.send.live")
    for page in (0, 1):  # the connection drops
        pair.ports[page].live_open = False
        pair.pages[page].friend_live.state("closed")
    pair.open(1 - side, pair.shown(side))  # sent by hand, as the panel says
    mover = pair.mover()
    pair.move(mover)
    assert pair.ports[mover].text["friend-send-what"] != cat.t("friend.send.live")


def test_the_live_indicator_is_a_word_with_its_sentence_and_marks_a_link_sent_live(
    cat: Catalog,
) -> None:
    """On a phone the panel is one line: the indicator's word, its sentence on demand, and a
    link the channel took is marked for the layout (its block folds away)."""
    pair = LivePair(cat)
    pair.connect()
    port = pair.ports[0]
    assert port.text["friend-live-word"] == cat.t("live.short.on")
    assert port.text["friend-live-text"] == cat.t("live.on")
    side = pair.mover()
    pair.move(side)
    assert pair.ports[side].attrs["friend-send"] == {"data-kind": "turn", "data-sent": "live"}


def test_a_message_on_the_channel_is_applied_as_an_opened_link(cat: Catalog) -> None:
    pair = LivePair(cat)
    pair.connect()
    side = pair.mover()
    other = 1 - side
    before = len(pair.game(other).transcript)
    pair.move(side)
    while pair.game(side).status == "your-turn":  # a placement may leave the turn to play on
        pair.move(side)
    for text in pair.ports[side].live_out:
        pair.pages[other].friend_live.message(text)
        pair.ports[other].run()
    assert len(pair.game(other).transcript) > before
    assert pair.game(other).status in ("your-turn", "answering")
    # what the friend's page answered by itself went back on the channel
    if pair.game(other).status == "answering":
        assert pair.ports[other].live_out[-1] == pair.game(other).link


def test_when_the_channel_closes_the_game_goes_on_by_links(cat: Catalog) -> None:
    pair = LivePair(cat)
    pair.connect()
    pair.ports[0].live_open = False
    pair.pages[0].friend_live.state("closed")
    assert pair.ports[0].page_state["live"] == "links"
    assert pair.ports[0].text["friend-live-text"] == cat.t("live.links")
    assert not pair.ports[0].hidden["friend-live"]
    if pair.mover() == 0:
        pair.move(0)
        assert pair.ports[0].live_out == []
        assert pair.shown(0).endswith("#" + (pair.game(0).link or ""))


def test_a_link_the_channel_cannot_take_turns_the_page_to_links(cat: Catalog) -> None:
    pair = LivePair(cat)
    pair.connect()
    side = pair.mover()
    pair.ports[side].live_open = False  # closed, and the browser has not said so yet
    pair.move(side)
    assert pair.ports[side].page_state["live"] == "links"
    assert pair.shown(side).endswith("#" + (pair.game(side).link or ""))


def test_an_answer_opened_after_a_reload_plays_by_links_and_says_where_live_would_open(
    cat: Catalog,
) -> None:
    pair = LivePair(cat)
    answer = pair.accept(pair.invite())
    reloaded, _ = open_page(cat, pair.ports[0])  # the offer's connection went with the page
    pair.ports[0].live_calls.clear()
    pair.ports[0].run()
    reloaded.open_fragment(fragment(answer))
    pair.ports[0].run()
    assert pair.ports[0].live_calls == []  # no offer of this page: the answer's part is left
    assert reloaded.friend_live.mode == "elsewhere"
    assert pair.ports[0].page_state["live"] == "elsewhere"
    assert pair.ports[0].text["friend-live-text"] == cat.t("live.elsewhere")
    assert reloaded.friend.game is not None and len(reloaded.friend.game.transcript) >= 2


def test_an_answer_opened_in_another_tab_says_to_open_it_in_the_inviting_tab(
    cat: Catalog,
) -> None:
    """Two tabs of one browser: the invitation made in one, the friend's answer opened in
    the other. The game goes on there by links; the tab says where live play would open."""
    pair = LivePair(cat)
    answer = pair.accept(pair.invite())
    port = FakePort()
    port.local = pair.ports[0].local  # the same browser: one localStorage, its own tab
    port.tab_name = "tab-other"
    other, _ = open_page(cat, port)
    other.open_fragment(fragment(answer))
    port.run()
    assert port.live_calls == []
    assert port.page_state["live"] == "elsewhere"
    assert port.text["friend-live-word"] == cat.t("live.short.links")
    assert port.text["friend-live-text"] == cat.t("live.elsewhere")
    assert not port.hidden["friend-live"]
    assert other.friend.game is not None and len(other.friend.game.transcript) >= 2
    # the inviting tab, which holds the connection, still opens it from the same link
    pair.open(0, answer)
    assert pair.ports[0].live_calls[-1][0] == "accept"


def test_an_answer_opened_in_another_tab_is_handed_to_the_inviting_tab_which_connects(
    cat: Catalog,
) -> None:
    """The tabs of one browser (a BroadcastChannel): the tab that opened the answer posts it;
    the tab holding the offer takes it over, connects and shows the game; the first tab then
    says that live play is in the other tab."""
    pair = LivePair(cat)
    answer = pair.accept(pair.invite())
    port = FakePort()
    port.local = pair.ports[0].local
    port.tab_name = "tab-other"
    other, _ = open_page(cat, port)
    other.open_fragment(fragment(answer))
    port.run()
    assert len(port.tab_posts) == 1
    inviting, its_port = pair.pages[0], pair.ports[0]
    inviting.friend_live.tab_message(port.tab_posts[0])  # the BroadcastChannel's delivery
    its_port.run()
    assert its_port.live_calls[-1][0] == "accept"
    assert its_port.page_state["live"] == "connecting"
    game = inviting.friend.game
    assert game is not None and other.friend.game is not None
    assert game.transcript == other.friend.game.transcript  # the game the other tab stored
    assert its_port.page_state["friend"] != "refused"
    assert len(its_port.tab_posts) == 1
    other.friend_live.tab_message(its_port.tab_posts[0])
    assert port.page_state["live"] == "handed"
    assert port.text["friend-live-text"] == cat.t("live.handed")
    # a tab that holds no offer for it ignores a handed answer; nonsense changes nothing
    third, third_port = open_page(cat)
    third.friend_live.tab_message(port.tab_posts[0])
    third.friend_live.tab_message("not json")
    third.friend_live.tab_message("[1, 2]")
    assert third_port.live_calls == [] and third_port.tab_posts == []


def test_an_answer_handed_over_keeps_the_game_it_replaces_and_says_so(cat: Catalog) -> None:
    """The inviting tab played another game while it waited: the answer, opened in another
    tab and handed over, puts the friend game on its table; the game that was there stays in
    Recent games, ready to reopen, and the panel says what happened."""
    pair = LivePair(cat)
    answer = pair.accept(pair.invite())
    inviting, its_port = pair.pages[0], pair.ports[0]
    inviting.click(Click("new-game", "hotseat"))
    assert inviting.session is not None
    inviting.click(Click("move", inviting.session.game.legal_moves()[0]))
    its_port.run()
    waiting = inviting.games.current
    port = FakePort()
    port.local = its_port.local
    port.tab_name = "tab-other"
    other, _ = open_page(cat, port)
    other.open_fragment(fragment(answer))
    port.run()
    inviting.friend_live.tab_message(port.tab_posts[0])
    its_port.run()
    assert its_port.page_state["friend"] == "your-turn"
    assert its_port.text["friend-told"] == cat.t("live.handed_here.kept")
    assert not its_port.hidden["friend-told"]
    inviting.click(Click("recent"))
    kept = its_port.html["recent"]
    assert f'data-action="recent-open" data-target="{waiting}"' in kept
    assert cat.t("recent.current") not in kept  # the friend game is on the table, not this one
    inviting.click(Click("recent-open", waiting))
    assert inviting.session is not None and inviting.session.seq == 1
    assert its_port.hidden["friend"]  # and the panel with its words steps aside


def test_the_inviter_opening_its_own_invitation_keeps_its_offer(cat: Catalog) -> None:
    pair = LivePair(cat)
    invitation = pair.invite()
    pair.open(0, invitation)  # refused by the flow ("your own link"), and the offer stays
    answer = pair.accept(invitation)
    pair.open(0, answer)
    assert pair.ports[0].live_calls[-1][0] == "accept"


def test_an_invitation_opened_again_on_a_live_game_leaves_the_channel(cat: Catalog) -> None:
    pair = LivePair(cat)
    invitation = pair.invite()
    pair.open(0, pair.accept(invitation))
    pair.pages[1].friend_live.state("open")
    calls = list(pair.ports[1].live_calls)
    pair.open(1, invitation)  # "applied already"
    # Recent games: the game opened again, its last link (the answer) shown to send again;
    # no new answer replaces the live connection
    pair.pages[1].click(Click("friend-open", pair.game(1).game_id))
    pair.ports[1].run()
    assert pair.ports[1].live_calls == calls
    assert pair.ports[1].page_state["live"] == "live"


def test_a_damaged_live_part_is_left_and_the_invitation_still_opens(cat: Catalog) -> None:
    pair = LivePair(cat)
    link = play.split(pair.invite())[0]
    pair.open(1, link + ".AQAE!!")
    assert pair.ports[1].page_state["live"] == "links"
    assert pair.ports[1].reports
    assert pair.pages[1].friend.offer is not None  # the invitation is offered to accept


def test_without_webrtc_links_carry_no_live_part(cat: Catalog) -> None:
    pair = LivePair(cat)
    pair.ports[0].live_works = False
    invitation = pair.invite()
    assert play.split(invitation)[1] is None
    answer = pair.accept(invitation)
    assert play.split(answer)[1] is None
    assert pair.ports[1].live_calls == []
    assert pair.ports[0].page_state.get("live", "off") == "off"


def test_by_links_unless_live_is_chosen_and_the_choice_is_remembered(cat: Catalog) -> None:
    pair = LivePair(cat)
    assert "friend-live" not in pair.ports[0].radios  # index.html's default: by links
    invitation = pair.invite(live=False)
    assert play.split(invitation)[1] is None
    assert pair.ports[0].live_calls == []
    assert play.split(pair.accept(invitation))[1] is None
    assert pair.ports[1].live_calls == []
    pair.invite(live=True)
    assert json.loads(pair.ports[0].storage["targi.settings"])["live"] is True
    open_page(cat, pair.ports[0])  # a reload: the dialog offers live again
    assert pair.ports[0].radios["friend-live"] == "live"


def test_no_stun_server_is_asked_unless_the_setting_is_on(cat: Catalog) -> None:
    pair = LivePair(cat)
    pair.accept(pair.invite())
    assert pair.ports[0].live_calls[0] == ("offer", "")
    assert pair.ports[1].live_calls[0][2] == ""
    pair.pages[0].settings.stun = True
    pair.invite()
    assert pair.ports[0].live_calls[-1] == ("offer", play.STUN_URL)


def test_the_stun_setting_is_off_by_default_and_remembered() -> None:
    assert Settings().stun is False
    assert Settings.parse('{"pace": "fast"}').stun is False
    assert Settings.parse(Settings(stun=True).dump()).stun is True
    assert Settings.parse('{"stun": "yes"}').stun is False


def test_the_live_indicator_is_worded_again_in_another_language() -> None:
    english = Catalog.from_json((MESSAGES / "en.json").read_text(encoding="utf-8"))  # switched
    pair = LivePair(english)
    pair.connect()
    port = pair.ports[0]
    port.spawn(pair.pages[0].prefs.set_language("de"))
    port.run()
    german = Catalog.from_json((MESSAGES / "de.json").read_text(encoding="utf-8"), "de")
    assert port.text["friend-live-text"] == german.t("live.on")


def test_the_stun_switch_in_settings_is_off_then_on_and_remembered(cat: Catalog) -> None:
    page, port = open_page(cat)
    page.click(Click("settings"))
    assert port.attrs["settings-stun"]["aria-pressed"] == "false"
    assert port.text["settings-stun"] == cat.t("settings.stun", state=cat.t("tips.off"))
    page.click(Click("live-stun"))
    assert port.attrs["settings-stun"]["aria-pressed"] == "true"
    assert port.text["settings-stun"] == cat.t("settings.stun", state=cat.t("tips.on"))
    assert json.loads(port.storage["targi.settings"])["stun"] is True
    again, _ = open_page(cat, port)  # a reload
    assert again.settings.stun is True
    assert "stun.l.google.com" in cat.t("settings.stun_note")
    assert play.STUN_URL.startswith("stun:stun.l.google.com:")


@pytest.mark.slow  # a whole friend game's cryptography in CPython: ~5 s
def test_a_whole_game_over_the_channel_ends_with_both_deals_verified(cat: Catalog) -> None:
    """Every link after the answer goes on the channel and is applied from it, the friend's
    page answers a card turned up mid-turn on it by itself, and both pages end with the deal
    verified. (The browser plays the scripted game's start live, through two such answers,
    then drops: tests/e2e/test_friend_live.py.)"""
    pair = LivePair(cat)
    pair.connect()
    choose, delivered = policy(0), [0, 0]
    for _ in range(2000):
        side = next((s for s in (0, 1) if len(pair.ports[s].live_out) > delivered[s]), None)
        if side is not None:
            pair.pages[1 - side].friend_live.message(pair.ports[side].live_out[delivered[side]])
            pair.ports[1 - side].run()
            delivered[side] += 1
            continue
        mover = pair.to_move()
        if mover is None:
            break
        pair.turn(mover, choose)
    assert (pair.state(0), pair.state(1)) == ("verified", "verified")
    for port in pair.ports:
        assert port.text["friend-verdict"] == cat.t("friend.verified")
        assert port.page_state["live"] == "live"
    later = pair.sent[0][1:] + pair.sent[1][1:]  # every link but the invitation and answer
    assert {o.kind for o in later} == {"turn", "request", "reply", "end"}
    assert delivered == [len(pair.sent[0]) - 1, len(pair.sent[1]) - 1]  # all but invite, answer
