"""Play a friend by links, the page's side: two FakePort pages pass links as the address bar
carries them (targi.app.friendplay; docs/page.md, *Play a friend by links*)."""

from __future__ import annotations

import json

import pytest
from targi.app.friendplay.store import PREFIX, TAB_KEY
from targi.app.friendplay.table import FriendSession
from targi.app.page import Click
from targi.app.text.catalog import Catalog

from .fakeport import MESSAGES, open_page
from .flaky import FULL
from .friends import Pair, fragment

pytest.importorskip("ecdsa")

from targi.friend import wire  # noqa: E402

from tests.friend.scripted import policy  # noqa: E402


def test_play_a_friend_makes_an_invitation_link_of_this_site_from_the_port_random_bytes(
    cat: Catalog,
) -> None:
    pair = Pair(cat)
    link = pair.invite()
    port = pair.ports[0]
    assert link.startswith(port.url + "#F")
    assert port.random_count == 1  # 32 bytes, once
    assert port.hidden["dlg-friend"] and not port.hidden["friend"]
    assert pair.state(0) == "waiting"
    assert port.text["friend-send-what"] == cat.t("friend.send.invitation")
    assert [o.kind for o in pair.sent[0]] == ["invitation"]
    assert any(k.startswith(PREFIX) for k in port.storage)


def test_an_invitation_opened_puts_the_focus_on_accept_so_enter_alone_joins(cat: Catalog) -> None:
    """A link opens a new page, whose focus is on the body: Accept and join gets it, as the
    welcome's Play does (tests/app/test_a11y.py); focus the player put elsewhere stays."""
    pair = Pair(cat)
    invitation = pair.invite()
    b = pair.ports[1]
    b.focused.clear()
    pair.open(1, invitation)
    assert b.focused == ["#friend [data-action=friend-accept]"]
    b.focused.clear()
    b.focus_gone = False
    pair.pages[1].shown()
    assert b.focused == []


def test_an_invitation_opened_says_who_plays_what_and_accepting_answers_with_a_link(
    cat: Catalog,
) -> None:
    pair = Pair(cat, seat="red", starter="friend")
    pair.open(1, pair.invite())
    b = pair.ports[1]
    assert pair.state(1) == "invited"
    assert b.text["friend-offer-text"] == cat.t(
        "friend.offer", colour=cat.t("player.blue"), starter=cat.t("player.blue")
    )
    assert pair.pages[1].session is None  # nothing joined before Accept
    pair.pages[1].click(Click("friend-accept"))
    b.run()
    assert [o.kind for o in pair.sent[1]] == ["answer"]
    assert isinstance(pair.pages[1].session, FriendSession)
    # the opening nine lie face down until both pages' shares turn them up
    assert b.frame is not None and b.frame.regions["board"].count(" down k-") == 9
    assert b.frame.prompt == cat.t("friend.status.waiting")
    pair.open(0, b.text["friend-link"])
    # the inviter plays Red, the friend (Blue) starts: the inviter's page sends its shares of
    # the opening cards by itself
    assert (pair.state(0), pair.state(1)) == ("answering", "waiting")
    assert pair.sent[0][-1].kind == "reply"
    pair.deliver(0)
    assert pair.state(1) == "your-turn"
    assert pair.pages[1].session is not None and pair.pages[1].session.player == 0


@pytest.mark.slow
def test_a_whole_friend_game_by_links_ends_with_deal_verified_and_the_score_screen(
    cat: Catalog,
) -> None:
    pair = Pair(cat)
    pair.start()
    pair.play(policy(0))
    assert (pair.state(0), pair.state(1)) == ("verified", "verified")
    for port in pair.ports:
        assert port.text["friend-verdict"] == cat.t("friend.verified")
        assert port.frame is not None and port.frame.dataset["phase"] == "over"
        assert 'data-action="rematch"' not in port.frame.regions["choices"]
    kinds = {o.kind for o in pair.sent[0] + pair.sent[1]}
    assert kinds == {"invitation", "answer", "turn", "request", "reply", "end"}


def test_a_refused_link_names_what_was_wrong_and_changes_nothing(cat: Catalog) -> None:
    pair = Pair(cat)
    pair.start()
    pair.turn(0, policy(0))  # a turn's link, not delivered yet
    fresh = pair.sent[0][-1].url
    i = len(fresh) - 30
    changed = fresh[:i] + ("A" if fresh[i] != "A" else "B") + fresh[i + 1 :]
    cases = [
        (1, pair.sent[1][-1].url, "friend.refused.own"),
        (1, pair.sent[0][0].url, "friend.refused.repeated"),  # the invitation, joined
        (0, pair.sent[0][0].url, "friend.refused.own"),
        (0, pair.sent[1][-1].url, "friend.refused.repeated"),
        (1, changed, "friend.refused.changed"),
        (1, fresh[: len(fresh) // 2], "friend.refused.damaged"),
    ]
    for i, url, key in cases:
        page, port = pair.pages[i], pair.ports[i]
        seq = page.session.seq if page.session is not None else -1
        kept = {k: v for k, v in port.storage.items() if k.startswith(PREFIX)}
        pair.open(i, url)
        assert pair.state(i) == "refused", key
        assert port.text["friend-note"] == cat.t(key)
        assert page.session is not None and page.session.seq == seq
        assert {k: v for k, v in port.storage.items() if k.startswith(PREFIX)} == kept
    pair.deliver(0)  # the link as it was made still applies
    assert pair.state(1) in ("your-turn", "answering")
    assert not pair.ports[1].text["friend-note"]


@pytest.mark.parametrize(
    ("item", "key"),
    [(wire.Move("t99"), "friend.refused.move"), (wire.Params(0, 0), "friend.refused.deal")],
)
def test_a_link_that_does_not_check_is_refused_in_the_page_s_own_words(
    item: wire.Item, key: str
) -> None:
    """A broken or cheating page's link, signed as it should be (a move the rules forbid, the
    deal's settings again): the refusal is the catalog's sentence, never the protocol's English."""
    german = Catalog(json.loads((MESSAGES / "de.json").read_text(encoding="utf-8")), "de")
    pair = Pair(german)
    pair.start()
    sender = pair.to_move()
    assert sender is not None
    game = pair.pages[sender].friend.game
    assert game is not None
    game.outbox = [item]
    forged = game._send()  # signed by the sender's own key: only the checks can catch it
    port = pair.ports[1 - sender]
    pair.open(1 - sender, "#" + forged)
    assert pair.state(1 - sender) == "refused"
    assert port.text["friend-note"] == german.t(key)
    assert any("refused" in line for line in port.reports)  # the English is for the console


def test_every_refusal_the_protocol_makes_has_its_words() -> None:
    from targi.app.friendplay.words import REFUSAL_KEYS
    from targi.friend.errors import REFUSAL_CODES

    assert sorted(REFUSAL_KEYS) == sorted(REFUSAL_CODES)


def test_the_friend_panel_says_when_its_game_is_on_the_table(cat: Catalog) -> None:
    """`#friend[data-on-table]`: on a phone the dock's prompt then says whose turn it is and
    the panel's head keeps one line (web/friend.css)."""
    pair = Pair(cat)
    pair.invite()
    assert pair.ports[0].attrs["friend"]["data-on-table"] == "false"  # only an invitation
    pair.start()
    assert pair.ports[0].attrs["friend"]["data-on-table"] == "true"
    assert pair.ports[1].attrs["friend"]["data-on-table"] == "true"


def test_a_link_of_a_game_this_page_does_not_hold_is_refused(cat: Catalog) -> None:
    pair, other = Pair(cat), Pair(cat)
    other.ports[0].random_tag = other.ports[1].random_tag = "someone else"
    pair.start()
    other.start()
    pair.open(1, other.sent[1][-1].url)
    assert pair.state(1) == "refused"
    assert pair.ports[1].text["friend-note"] == cat.t("friend.refused.unknown_game")


def test_a_link_out_of_order_is_refused_as_missing(cat: Catalog) -> None:
    pair = Pair(cat)
    pair.start()
    pair.turn(0, policy(0))
    pair.deliver(0)
    pair.turn(1, policy(0))
    pair.deliver(1)
    pair.turn(0, policy(0))
    later = pair.sent[0][-1].url
    fresh = Pair(cat)  # the same two pages' bytes: the same game, one link behind
    fresh.start()
    fresh.open(1, later)
    assert fresh.state(1) == "refused"
    assert fresh.ports[1].text["friend-note"] == cat.t("friend.refused.missing")


def test_offline_before_first_use_says_so_and_keeps_nothing(cat: Catalog) -> None:
    page, port = open_page(cat)
    port.friend_offline = True
    page.click(Click("new-game", "friend"))
    page.click(Click("friend-invite"))
    port.run()
    assert port.text["friend-dialog-status"] == cat.t("friend.offline")
    assert not port.hidden["dlg-friend"]
    assert not any(k.startswith(PREFIX) for k in port.storage)
    port.friend_offline = False
    page.click(Click("friend-invite"))
    port.run()
    assert port.hidden["dlg-friend"] and port.text["friend-link"]


def test_a_reload_puts_the_friend_game_back_and_a_repeated_link_is_refused(
    cat: Catalog,
) -> None:
    pair = Pair(cat)
    pair.start()
    port = pair.ports[0]
    seq = pair.pages[0].session.seq if pair.pages[0].session else -1
    again, _ = open_page(cat, port)  # the same storage and tab: a reload
    port.run()
    assert isinstance(again.session, FriendSession) and again.session.seq == seq
    assert port.page_state["friend"] == "your-turn"
    again.open_fragment(fragment(pair.sent[1][-1].url))
    port.run()
    assert port.page_state["friend"] == "refused"
    assert port.text["friend-note"] == cat.t("friend.refused.repeated")
    assert again.session is not None and again.session.seq == seq


def test_recent_games_lists_friend_games_with_whose_turn_and_the_last_link(
    cat: Catalog,
) -> None:
    pair = Pair(cat)
    pair.start()
    port, page = pair.ports[1], pair.pages[1]
    page.click(Click("recent"))
    rows = port.html["recent-friend"]
    assert "data-friend-id" in rows and cat.t("recent.friend.waiting") in rows
    assert not port.hidden["recent-friend-box"]
    # another game on the table; the friend game comes back with its last link
    page.click(Click("new-game", "hotseat"))
    assert port.hidden["friend"]
    game_id = pair.sent[1][-1].game_id
    page.click(Click("friend-open", game_id))
    port.run()
    assert isinstance(page.session, FriendSession)
    assert port.text["friend-link"] == pair.sent[1][-1].url


@pytest.mark.parametrize(
    ("lang", "for_good"),
    [
        ("en", "for good"),
        ("de", "endgültig"),
        ("pl", "na stałe"),
        ("ja", "完全に"),
        ("zh-Hans", "永久"),
    ],
)
def test_recent_games_header_says_a_friend_game_is_deleted_for_good(
    lang: str, for_good: str
) -> None:
    """The header's "can be undone until you close the page" is not so for a friend game:
    it says so, with the word its own question uses."""
    words = Catalog(json.loads((MESSAGES / f"{lang}.json").read_text(encoding="utf-8")), lang)
    assert for_good in words.t("recent.friend.delete_ask.under_way")
    page, port = open_page(words)
    page.click(Click("recent"))
    assert for_good in port.text["recent-help"]


def test_deleting_a_friend_game_under_way_asks_first_and_says_the_friend_cannot_continue(
    cat: Catalog,
) -> None:
    pair = Pair(cat)
    pair.start()
    port, page = pair.ports[1], pair.pages[1]
    game_id = pair.sent[1][-1].game_id
    page.click(Click("recent"))
    assert 'data-action="friend-delete"' not in port.html["recent-friend"]  # on the table
    page.click(Click("new-game", "hotseat"))
    page.click(Click("recent"))
    page.click(Click("friend-delete", game_id))
    rows = port.html["recent-friend"]
    assert cat.t("recent.friend.delete_ask.under_way") in rows.replace("&#x27;", "'")
    assert 'data-action="friend-delete-confirm"' in rows
    assert PREFIX + game_id in port.storage  # nothing gone before the yes
    page.click(Click("friend-delete-keep", game_id))
    assert 'data-action="friend-delete-confirm"' not in port.html["recent-friend"]
    assert PREFIX + game_id in port.storage
    page.click(Click("friend-delete", game_id))
    page.click(Click("friend-delete-confirm", game_id))
    assert PREFIX + game_id not in port.storage
    assert port.hidden["recent-friend-box"] and not port.html["recent-friend"]
    # the friend's next link finds no game here: refused, nothing made up
    pair.turn(0, policy(0))
    pair.deliver(0)
    assert port.text["friend-note"] == cat.t("friend.refused.unknown_game")


def test_a_hint_on_a_friend_game_is_searched_on_the_page_only_on_your_turn(
    cat: Catalog,
) -> None:
    pair = Pair(cat)
    pair.start()
    a, port = pair.pages[0], pair.ports[0]
    a.click(Click("hint"))
    port.run()
    assert port.asked == []  # never the worker: no save string holds a friend game
    assert a.session is not None and a.computer.hint is not None
    assert a.computer.hint.move in a.session.legal_for_human()
    b = pair.pages[1]
    assert b.session is not None and b.session.hint_game() is None  # not your turn


def test_a_full_storage_keeps_the_friend_game_in_memory_and_says_so(cat: Catalog) -> None:
    pair = Pair(cat)
    pair.start()
    port = pair.ports[0]
    port.local.fail["set"] = FULL
    pair.turn(0, policy(0))
    assert port.text["notice-text"] == cat.t("storage.full")
    page = pair.pages[0]
    assert page.friend.store.pending and page.keeping.has_unsaved()  # closing asks first
    port.local.fail.clear()
    page.keeping.retry_save()  # the page is being hidden: written now
    assert not page.friend.store.pending and not page.keeping.has_unsaved()
    game = page.friend.game
    assert game is not None
    stored = json.loads(port.storage[PREFIX + game.game_id])
    assert stored["state"]["transcript"] == game.to_dict()["transcript"]


def test_another_tab_that_played_on_is_never_overwritten(cat: Catalog) -> None:
    pair = Pair(cat)
    pair.start()
    port = pair.ports[0]
    game_id = pair.sent[0][0].game_id
    key = PREFIX + game_id
    data = json.loads(port.storage[key])
    data["rev"] += 5  # another tab wrote it since
    port.storage[key] = json.dumps(data)
    pair.turn(0, policy(0))
    assert json.loads(port.storage[key])["rev"] == data["rev"]
    assert port.text["notice-text"] == cat.t("friend.other_tab")


def test_the_friend_game_on_a_tab_is_remembered_per_tab(cat: Catalog) -> None:
    pair = Pair(cat)
    pair.start()
    assert pair.ports[0].tab.data[TAB_KEY] == pair.sent[0][0].game_id
    pair.pages[0].click(Click("new-game", "hotseat"))
    assert TAB_KEY not in pair.ports[0].tab.data


def test_every_link_goes_out_through_the_outbox_once(cat: Catalog) -> None:
    """The seam a live channel uses: every link in passes receive(), every link out the
    outbox, once each: what one page sent is what the other page applied."""
    pair = Pair(cat)
    pair.start()
    for _ in range(12):
        i = pair.to_move()
        assert i is not None
        pair.turn(i, policy(0))
        while any(len(pair.sent[j]) > pair.delivered[j] for j in (0, 1)):
            pair.deliver(next(j for j in (0, 1) if len(pair.sent[j]) > pair.delivered[j]))
    for i in (0, 1):
        game = pair.pages[i].friend.game
        assert game is not None
        mine = [wire.encode(r) for r in game.transcript if wire.parse(r).sender == game.role]
        assert [o.text for o in pair.sent[i]] == mine
        other = pair.pages[1 - i].friend.game
        assert other is not None and other.transcript == game.transcript


def test_an_audit_that_fails_names_what_was_wrong_and_whose_page_sent_it(cat: Catalog) -> None:
    from targi.app.friendplay.words import verdict

    assert verdict(cat, True, None, 0, "verified") == cat.t("friend.verified")
    by_friend = verdict(cat, False, 1, 0, "share")
    assert by_friend == cat.t("friend.failed.share", who=cat.t("friend.who.friend"))
    assert verdict(cat, False, 0, 0, "shuffle") == cat.t(
        "friend.failed.shuffle", who=cat.t("friend.who.you")
    )


@pytest.mark.parametrize("lang", ["en", "de", "pl", "ja", "zh-Hans"])
def test_every_kind_of_audit_failure_has_its_own_sentence_in_every_language(lang: str) -> None:
    from targi.app.friendplay.words import verdict
    from targi.friend.audit import CODES

    words = Catalog(json.loads((MESSAGES / f"{lang}.json").read_text(encoding="utf-8")), lang)
    said = {verdict(words, False, 1, 0, code) for code in CODES}
    assert len(said) == len(CODES)  # one sentence per kind, none the protocol's English
    assert not any("sent by" in s or "{" in s for s in said)


def test_a_link_goes_to_its_own_game_when_several_friend_games_are_kept(cat: Catalog) -> None:
    pair = Pair(cat)
    pair.start()  # game 1: the inviter (page 0) is to move
    third, port3 = open_page(cat)
    port3.random_tag = "third page"
    third.click(Click("new-game", "friend"))
    third.click(Click("friend-invite"))
    port3.run()
    friend, port = pair.pages[1], pair.ports[1]
    pair.open(1, port3.text["friend-link"])  # game 2's invitation, on the friend's page
    friend.click(Click("friend-accept"))
    port.run()
    second = friend.friend.game
    assert second is not None and second.game_id != pair.sent[0][0].game_id
    pair.turn(0, policy(0))
    pair.deliver(0)  # game 1's link, while game 2 is on the table
    assert pair.state(1) in ("your-turn", "answering")
    shown = friend.friend.game
    assert shown is not None and shown.game_id == pair.sent[0][0].game_id
    assert isinstance(friend.session, FriendSession)
    assert friend.session.friend.game_id == shown.game_id
    kept = {k for k in port.storage if k.startswith(PREFIX)}
    assert kept == {PREFIX + shown.game_id, PREFIX + second.game_id}


def test_the_friend_panel_speaks_the_language_switched_to_mid_game() -> None:
    english = Catalog.from_json((MESSAGES / "en.json").read_text(encoding="utf-8"))  # switched
    pair = Pair(english)
    pair.start()
    page, port = pair.pages[1], pair.ports[1]
    port.spawn(page.prefs.set_language("de"))
    port.run()
    german = json.loads((MESSAGES / "de.json").read_text(encoding="utf-8"))
    assert port.text["friend-status"] == german["friend.status.waiting"]
    assert port.text["friend-send-what"] == german["friend.send.answer"]
