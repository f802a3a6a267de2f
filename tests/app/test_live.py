"""Live play through the FakePort (targi.app.live.play): the offer rides on the invitation, the
answer on the answer link, the channel carries every later link both ways and hands what it
brings to the same function as an opened link; without the channel the game goes on by links;
a STUN server only when the setting is on."""

from __future__ import annotations

import hashlib
import json

from targi.app.controller import Controller
from targi.app.live import play, sdp
from targi.app.page import Click
from targi.app.store.storage import Settings
from targi.app.text.catalog import Catalog
from targi.friend import FriendGame

from .fakeport import MESSAGES, FakePort, open_page


def secret(tag: str) -> bytes:
    return hashlib.sha256(tag.encode()).digest()


class Pair:
    """Two pages (inviter, friend) with live play, and the links each one applied."""

    def __init__(self, cat: Catalog) -> None:
        self.pages: list[Controller] = []
        self.ports: list[FakePort] = []
        self.applied: list[list[str]] = [[], []]
        for side in (0, 1):
            port = FakePort()
            port.tab_name = f"tab-{side}"
            page, port = open_page(cat, port)
            page.friend_live.deliver = self.applied[side].append
            self.pages.append(page)
            self.ports.append(port)

    def live(self, side: int) -> play.LivePlay:
        return self.pages[side].friend_live

    def invite(self) -> tuple[FriendGame, str]:
        """The inviter's flow: the offer, then the invitation shown."""
        self.ports[0].spawn(self.live(0).offer())
        self.ports[0].run()
        game = FriendGame.invite(secret("a"))
        assert game.link is not None
        return game, self.live(0).outgoing(game.link)

    def accept(self, invitation: str) -> tuple[FriendGame, str]:
        """The friend's flow: the invitation opened, answered, the answer shown."""
        text = self.live(1).incoming("https://example.org/targi/#" + invitation)
        game = FriendGame.accept(text, secret("b"))
        self.ports[1].spawn(self.live(1).answer())
        self.ports[1].run()
        assert game.link is not None
        return game, self.live(1).outgoing(game.link)

    def connect(self) -> tuple[FriendGame, FriendGame]:
        inviter, invitation = self.invite()
        friend, answer = self.accept(invitation)
        inviter.receive(self.live(0).incoming(answer))
        self.ports[0].run()
        for side in (0, 1):
            self.ports[side].live_open = True
            self.pages[side].live_state("open")
        return inviter, friend


def test_the_invitation_carries_the_offer_and_the_answer_carries_the_answer(cat: Catalog) -> None:
    pair = Pair(cat)
    inviter, invitation = pair.invite()
    assert inviter.link is not None
    link, part = play.split(invitation)
    assert link == inviter.link and part is not None
    assert sdp.read_part(part).role == "actpass"
    assert pair.ports[0].live_calls == [("offer", "")]
    friend, answer = pair.accept(invitation)
    link, part = play.split(answer)
    assert link == friend.link and part is not None
    assert sdp.read_part(part).role == "active"
    # the friend's page answered the offer the invitation carried
    assert pair.ports[1].live_calls[0][0] == "answer"
    assert sdp.read(pair.ports[1].live_calls[0][1]) == sdp.read_part(play.split(invitation)[1])
    # the inviter opens the answer: the game reads the link alone, the channel is set up
    inviter.receive(pair.live(0).incoming(answer))
    pair.ports[0].run()
    assert pair.ports[0].live_calls[-1][0] == "accept"
    assert pair.ports[0].page_state["live"] == "connecting"


def test_links_with_their_live_parts_stay_within_6000_characters(cat: Catalog) -> None:
    pair = Pair(cat)
    _, invitation = pair.invite()
    _, answer = pair.accept(invitation)
    url = "https://example.github.io/targi/#"
    assert len(url + invitation) <= 6000 and len(url + answer) <= 6000
    # a machine with many interfaces: the candidates are cut at MAX_CANDIDATES (IPv6, the
    # largest) and the links still fit
    many = tuple(
        sdp.Candidate(f"2001:db8::{i:x}", 50000 + i, "host") for i in range(sdp.MAX_CANDIDATES)
    )
    worst = sdp.Description("active", "abcd", "p" * 24, bytes(32), many)
    part = sdp.to_part(sdp.write(worst))
    assert len(url + play.split(answer)[0] + "." + part) <= 6000


def test_every_later_link_goes_out_on_the_open_channel(cat: Catalog) -> None:
    pair = Pair(cat)
    inviter, friend = pair.connect()
    assert pair.ports[0].page_state["live"] == "live"
    mover = inviter if inviter.status == "your-turn" else friend
    side = 0 if mover is inviter else 1
    out = None
    while out is None:
        out = mover.play(mover.game.legal_moves()[0])
    shown = pair.live(side).outgoing(out)
    assert shown == out  # no live part on later links
    assert pair.ports[side].live_out == [out]


def test_a_message_on_the_channel_goes_where_an_opened_link_goes(cat: Catalog) -> None:
    pair = Pair(cat)
    inviter, friend = pair.connect()
    pair.pages[1].live_message("F-a-link-from-the-channel")
    pair.pages[0].live_message("https://example.org/targi/#Fanother")
    assert pair.applied == [["https://example.org/targi/#Fanother"], ["F-a-link-from-the-channel"]]


def test_when_the_channel_closes_the_game_goes_on_by_links(cat: Catalog) -> None:
    pair = Pair(cat)
    inviter, friend = pair.connect()
    pair.ports[0].live_open = False
    pair.pages[0].live_state("closed")
    assert pair.ports[0].page_state["live"] == "links"
    assert pair.ports[0].text["friend-live"] == cat.t("live.links")
    assert not pair.ports[0].hidden["friend-live"]
    mover = inviter if inviter.status == "your-turn" else friend
    side = 0 if mover is inviter else 1
    out = None
    while out is None:
        out = mover.play(mover.game.legal_moves()[0])
    assert pair.live(side).outgoing(out) == out  # the link is still shown, to send by hand


def test_a_link_the_channel_cannot_take_turns_the_page_to_links(cat: Catalog) -> None:
    pair = Pair(cat)
    inviter, friend = pair.connect()
    mover = inviter if inviter.status == "your-turn" else friend
    side = 0 if mover is inviter else 1
    pair.ports[side].live_open = False  # closed, and the browser has not said so yet
    out = None
    while out is None:
        out = mover.play(mover.game.legal_moves()[0])
    assert pair.live(side).outgoing(out) == out
    assert pair.ports[side].page_state["live"] == "links"


def test_an_answer_opened_after_a_reload_leaves_the_game_by_links(cat: Catalog) -> None:
    pair = Pair(cat)
    inviter, invitation = pair.invite()
    friend, answer = pair.accept(invitation)
    reloaded = Controller(pair.ports[0], cat)  # the offer's connection went with the old page
    pair.ports[0].live_calls.clear()
    inviter.receive(reloaded.friend_live.incoming(answer))
    pair.ports[0].run()
    assert pair.ports[0].live_calls == []  # no offer of this page: the answer's part is ignored
    assert reloaded.friend_live.mode == "off"


def test_a_damaged_live_part_leaves_the_link_and_plays_by_links(cat: Catalog) -> None:
    pair = Pair(cat)
    inviter, invitation = pair.invite()
    link = play.split(invitation)[0]
    assert pair.live(1).incoming(link + ".AQAE!!") == link
    assert pair.ports[1].page_state["live"] == "links"
    assert pair.ports[1].reports


def test_without_webrtc_links_carry_no_live_part(cat: Catalog) -> None:
    pair = Pair(cat)
    pair.ports[0].live_works = False
    inviter, invitation = pair.invite()
    assert invitation == inviter.link
    assert pair.ports[0].page_state.get("live", "off") == "off"


def test_no_stun_server_is_asked_unless_the_setting_is_on(cat: Catalog) -> None:
    pair = Pair(cat)
    _, invitation = pair.invite()
    pair.accept(invitation)
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
    pair = Pair(english)
    pair.connect()
    port = pair.ports[0]
    port.spawn(pair.pages[0].set_language("de"))
    port.run()
    german = Catalog.from_json((MESSAGES / "de.json").read_text(encoding="utf-8"), "de")
    assert port.text["friend-live"] == german.t("live.on")


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
