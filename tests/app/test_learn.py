"""Learning in the app: the crossing preview, first-game tips, "since your last move", where the
points came from, and the reading pages (rules, card reference, about) — without a browser."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from targi.app.controller import Click, Controller
from targi.app.html.markup import esc
from targi.app.html.pages import FACTS, PAGES, RULINGS, SECTIONS, Pages
from targi.app.html.render import Renderer
from targi.app.preview import place_preview
from targi.app.session import Session
from targi.app.store import storage
from targi.app.text.catalog import Catalog, placeholders
from targi.app.text.explain import explain
from targi.app.text.summary import since_last_move, summary
from targi.app.text.tips import TIPS, due_tip, read_seen
from targi.cards import BY_ID, CARDS
from targi.events import Move
from targi.game import Game
from targi.view import view

from .fakeport import FakePort
from .games import finished_session as _finished

MISSING = re.compile(r"\[[a-z_]+\.[A-Za-z0-9_.: ]+\]")


def _text(html: str) -> str:
    return re.sub(r"<[^>]*>", " ", html)


# ---- the crossing preview ----------------------------------------------------------------------
def test_a_first_targi_claims_nothing_yet_and_closes_the_card_facing_it():
    g = Game.new(5, 0)  # the robber stands on card 1 (Noble)
    preview = place_preview(g)
    assert set(preview) == set(g.legal_moves())
    assert preview["t2"] == {"markers": [], "closes": [10]}
    assert preview["t15"] == {"markers": [], "closes": [5]}
    # the card facing 11 is the robber's card 1: the opponent could not take it anyway
    assert preview["t11"] == {"markers": [], "closes": []}


def test_a_targi_at_right_angles_to_yours_claims_the_crossing():
    g = Game.new(5, 0)
    g.play("t2")  # Blue: the column of B, E, H
    g.play("t3")  # Red
    preview = place_preview(g)  # Blue again
    assert preview["t14"]["markers"] == ["E"]  # row D E F crosses column B E H at E
    assert preview["t5"]["markers"] == ["B"]
    assert preview["t10"] == {"markers": [], "closes": []}  # faces Blue's own Targi: no crossing
    assert "t9" not in preview  # faces Red's Targi on 3: not a legal placement


def test_the_preview_agrees_with_the_markers_the_engine_then_places():
    rnd = random.Random(3)
    g = Game.new(11, 1)
    expected: dict[int, set[str]] = {0: set(), 1: set()}
    while g.current_decision.kind == "place":
        p = g.current_decision.player
        move = rnd.choice(g.legal_moves())
        expected[p] |= set(place_preview(g)[move]["markers"])
        g.play(move)
    assert {p: set(g.markers[p]) for p in (0, 1)} == expected


def test_a_placement_closes_nothing_when_the_opponent_has_placed_all_their_targis():
    g = Game.new(5, 0)
    for move in ("t2", "t3", "t14", "t15", "t6"):
        g.play(move)
    assert g.to_place == [0, 1]
    g.play("t7")  # Red's last Targi: Blue has none left to place
    g = Game.new(5, 0)
    for move in ("t2", "t3", "t14", "t15", "t6", "t13"):
        g.play(move)
    assert g.current_decision.kind != "place"
    assert place_preview(g) == {}


def test_only_the_person_to_move_gets_a_preview():
    s = Session.new(4, 1, "ai", "easy")  # the computer places first
    assert s.view()["preview"] == {}
    s = Session.new(4, 0, "ai", "easy")
    assert set(s.view()["preview"]) == set(s.view()["legal"])


def test_legal_border_cards_carry_the_preview_for_the_page(cat: Catalog):
    g = Session.new(5, 0, "hotseat")
    g.play("t2")
    g.play("t3")
    html = Renderer(cat).board(g.view())
    cell = re.search(r'<button[^>]*data-move="t14"[^>]*>', html)
    assert cell is not None
    assert 'data-preview-markers="E"' in cell.group(0)
    assert 'data-preview-closes="6"' in cell.group(0)
    assert "Salt trader (F)" not in cell.group(0)  # only what this Targi would claim
    assert re.search(r'data-preview="[^"]*\(E\)', cell.group(0))


# ---- every card on the table has its full text -------------------------------------------------
def test_every_card_on_the_table_carries_its_full_text(cat: Catalog):
    r = Renderer(cat)
    rnd = random.Random(2)
    s = Session.new(2, 0, "hotseat")
    while s.view()["round"] < 4 and not s.over:
        s.play(rnd.choice(s.game.legal_moves()))
    v = s.view()
    html = r.board(v) + r.players(v)
    cells = re.findall(r'<(?:div|button) class="cell[^"]*"[^>]*>', html)
    assert len(cells) == 25
    face_down = [c for c in cells if " down" in c or " empty" in c]
    assert all("data-text=" in c for c in cells if c not in face_down)
    shown = re.findall(r'data-card="([^"]+)"[^>]*data-text="([^"]+)"', html)
    assert shown, "cards in the centre and the displays"
    for card_id, text in shown:
        assert cat.card_name(card_id).split()[0] in text or BY_ID[card_id].kind == "goods"
    assert 'data-text="Noble (1): Play your hand card, paying its cost, or discard it."' in html


def test_a_tribe_card_text_names_symbol_vp_cost_and_ability(cat: Catalog):
    r = Renderer(cat)
    text = r.full_text("T06")
    assert "Targia" in text and "1 VP" in text and "2 pepper" in text and "1 gold" in text
    assert cat.card_text("T06") in text
    assert cat.t("cardtext.plain") in r.full_text("T01")


# ---- tips --------------------------------------------------------------------------------------
def _place_view(human: bool = True, kind: str = "place") -> dict:
    return {"human_to_move": human, "decision": {"kind": kind}}


def test_a_tip_is_due_at_each_first_decision_of_its_kind_once():
    assert due_tip(_place_view(), True, []) == "place"
    assert due_tip(_place_view(), True, ["place"]) is None
    assert due_tip(_place_view(), False, []) is None
    assert due_tip(_place_view(human=False), True, []) is None
    assert due_tip(_place_view(kind="pay"), True, []) is None
    assert [due_tip(_place_view(kind=k), True, []) for k in TIPS] == list(TIPS)


@pytest.mark.parametrize(
    "stored, tips, seen",
    [
        (None, True, []),
        ("not json", True, []),
        ('{"tips": "no", "tips_seen": "place"}', True, []),
        ('{"tips": false, "tips_seen": ["raid", "zzz", 3, "place"]}', False, ["place", "raid"]),
        ('["tips"]', True, []),
    ],
)
def test_tip_settings_are_read_defensively(stored, tips, seen):
    s = storage.Settings.parse(stored)
    assert (s.tips, s.tips_seen) == (tips, seen)
    again = storage.Settings.parse(s.dump())
    assert (again.tips, again.tips_seen) == (tips, seen)


def test_read_seen_keeps_only_known_tips():
    assert read_seen(["act", "act", "x"]) == ["act"]
    assert read_seen({"place": 1}) == []


def _game_page(cat: Catalog, port: FakePort | None = None) -> tuple[Controller, FakePort]:
    port = port or FakePort()
    page = Controller(port, cat)
    page.start("")
    port.radios.update(level="easy", starter="me")
    page.click(Click("new-game", "ai"))
    port.run()
    return page, port


def _tip(port: FakePort) -> str | None:
    assert port.frame is not None
    found = re.search(r'data-tip="([a-z]+)"', port.frame.regions["tip"])
    return found.group(1) if found else None


def test_the_placement_tip_shows_at_the_first_placement_and_is_remembered(cat: Catalog):
    page, port = _game_page(cat)
    assert _tip(port) == "place"
    assert json.loads(port.storage[storage.SETTINGS_KEY])["tips_seen"] == ["place"]
    page.redraw()
    assert _tip(port) == "place"  # it stays while the position does
    assert page.session is not None
    page.click(Click("move", page.session.legal_for_human()[0]))
    port.run()
    assert _tip(port) is None  # moved on: and it does not come back at the next placement
    reloaded = Controller(port, cat)  # the page loaded again, on the same storage
    reloaded.start("")
    port.run()
    assert reloaded.session is not None and reloaded.session.human_to_move
    assert reloaded.session.view()["decision"]["kind"] == "place"
    assert _tip(port) is None


def test_a_dismissed_tip_goes_and_the_next_kind_still_comes(cat: Catalog):
    page, port = _game_page(cat)
    page.click(Click("tip-dismiss", keyboard=True))
    assert _tip(port) is None
    assert port.focused[-1] == "#choices [data-move]"  # the keyboard goes on to the moves
    s = page.session
    assert s is not None
    while s.view()["decision"]["kind"] == "place":
        page.click(Click("move", s.legal_for_human()[0]))
        port.run()
    if s.human_to_move and s.view()["decision"]["kind"] == "act":
        assert _tip(port) == "act"


def test_tips_off_hides_them_and_on_again_starts_them_over(cat: Catalog):
    page, port = _game_page(cat)
    page.click(Click("tips-off"))
    assert _tip(port) is None
    assert json.loads(port.storage[storage.SETTINGS_KEY])["tips"] is False
    page.click(Click("rules"))
    assert 'aria-pressed="false"' in port.html["page-body"]
    page.click(Click("tips-toggle"))
    assert 'aria-pressed="true"' in port.html["tips-setting"]  # the switch, redrawn in place
    stored = json.loads(port.storage[storage.SETTINGS_KEY])
    assert stored["tips"] is True and stored["tips_seen"] == ["place"]  # shown again at once
    assert _tip(port) == "place"


# ---- since your last move ----------------------------------------------------------------------
def test_the_summary_tells_what_the_computer_did_since_your_last_move(cat: Catalog):
    s = Session.new(4, 0, "ai", "easy")
    assert summary(cat, s.view()) == ("", [])  # nothing happened yet
    s.play("t2")
    assert summary(cat, s.view()) == ("", [])  # you moved last
    s.play(s.game.legal_moves()[0], by_computer=True)
    n = s.game.targis[1][0]
    heading, lines = summary(cat, s.view())
    assert heading == cat.t("since.title.you")
    assert lines[0] == cat.t("since.placed.one", player=cat.t("player.computer"),
                             cards=f"{cat.card_name(f'B{n:02d}')} ({n})")  # fmt: skip


def test_the_summary_keeps_the_cards_taken_and_leaves_out_payments(cat: Catalog):
    rnd = random.Random(7)
    s = Session.new(7, 1, "hotseat")
    while s.view()["round"] < 3:
        s.play(rnd.choice(s.game.legal_moves()))
    v = s.view()
    me = v["current_player"]
    tail = since_last_move(v["log"], me)
    heading, lines = summary(cat, v)
    theirs = [e for e in tail if e[0] == "move" and e[1] == 1 - me]
    if theirs:
        assert heading == cat.t("since.title", player=cat.t(f"player.{['blue', 'red'][me]}"))
    assert not any(line.startswith(cat.t("log.pay", player="", goods="").strip()) for line in lines)
    assert all(not MISSING.search(line) for line in lines)


def test_the_summary_tells_the_events_in_the_order_they_happened(cat: Catalog):
    """The other player's last actions, the end of the round, then their placement in the new
    round (issue 22: the placement came first)."""
    rnd = random.Random(3)
    s = Session.new(3, 0, "hotseat")
    seen = 0
    while not s.over and seen < 3:
        s.play(rnd.choice(s.game.legal_moves()))
        v = s.view()
        me = v["current_player"]
        tail = since_last_move(v["log"], me)
        ends = [i for i, e in enumerate(tail) if e[0] == "round_end"]
        theirs = [e for e in tail if e[0] == "move" and e[1] == 1 - me]
        if not ends or not theirs or theirs[0][2][0] != "u" or theirs[-1][2][0] != "t":
            continue  # not: their actions, the round's end, then their placement
        seen += 1
        _, lines = summary(cat, v)
        end = lines.index(cat.t("log.round_end", n=tail[ends[0]][1]))
        cards = [int(e[2][1:]) for e in theirs if e[2][0] == "t"]
        placed = lines.index(cat.plural("since.placed", len(cards), player=cat.t(
            f"player.{['blue', 'red'][1 - me]}"), cards=cat.join(
            f"{cat.card_name(f'B{n:02d}')} ({n})" for n in cards)))  # fmt: skip
        assert 0 < end < placed, lines
    assert seen == 3


def test_the_summary_tells_the_placements_you_had_no_choice_in(cat: Catalog):
    log = [
        Move("move", 0, "uA", False, 1, "T01"),
        Move("move", 1, "t2", False, 2, "B02"),
        Move("move", 0, "t5", True, 2, "B05"),
        Move("move", 1, "t3", False, 2, "B03"),
    ]
    v = Session.new(1, 0, "ai", "easy").view()
    v.update(log=log)
    _, lines = summary(cat, v)
    cards = cat.join(f"{cat.card_name(f'B{n:02d}')} ({n})" for n in (2, 3))
    you = cat.t("log.place.you", player="", card=cat.card_name("B05"), n=5)
    assert lines == [cat.plural("since.placed", 2, player=cat.t("player.computer"), cards=cards),
                     cat.t("log.forced", text=you)]  # fmt: skip


def test_moves_the_engine_made_for_you_do_not_end_the_summary():
    log = [Move("move", 0, "t2", False, 1, ""), Move("move", 1, "t3", False, 1, ""),
           Move("move", 0, "lS", True, 1, "")]  # fmt: skip
    assert since_last_move(log, 0) == log[1:]
    assert since_last_move(log, 1) == log[2:]
    assert since_last_move([], 0) == []


# ---- where the points came from ----------------------------------------------------------------
def _scored(display: list[list[str]], rows: list[int], bonuses=()) -> dict:
    score = {"tokens": 5, "cards": 9, "card_bonuses": list(bonuses), "rows": rows}
    return {"scores": [score], "players": [{"display": display}]}


def test_each_row_says_why_it_scored(cat: Catalog):
    wells = [c.id for c in CARDS if c.symbol == "Well"][:4]
    different = [next(c.id for c in CARDS if c.symbol == s and c.effect == "")
                 for s in ("Well", "Tent", "Oasis", "Targia")]  # fmt: skip
    mixed = wells[:2] + different[1:3]
    v = _scored([wells, different, mixed], [4, 2, 0])
    lines = dict(explain(cat, v, 0))
    identical = cat.t("why.row.identical", symbol="Well", vp=4)
    assert lines["row1"] == cat.t("why.row", n=1, reason=identical)
    assert lines["row2"].endswith(cat.t("why.row.different", vp=2))
    assert lines["row3"].endswith(cat.t("why.row.mixed"))
    assert lines["tokens"] == cat.t("why.tokens", vp=5)
    short = dict(explain(cat, _scored([wells[:3], [], []], [0, 0, 0]), 0))
    assert short["row1"].endswith(cat.t("why.row.short", n=3, size=4))


def test_a_boosted_row_names_the_card_and_a_bonus_counts_its_symbol(cat: Catalog):
    booster = next(c.id for c in CARDS if c.effect == "diverse_rows_four")  # an Oasis card
    row = [booster] + [next(c.id for c in CARDS if c.symbol == s and not c.effect)
                       for s in ("Well", "Tent", "Targia")]  # fmt: skip
    pairs = next(c for c in CARDS if c.effect == "vp_per_two:Oasis")
    oases = [c.id for c in CARDS if c.symbol == "Oasis" and not c.effect][:2]
    bonus = [{"card": pairs.id, "name": pairs.name, "vp": 2}]
    v = _scored([row, [pairs.id, *oases], []], [4, 0, 0], bonus)
    lines = dict(explain(cat, v, 0))
    assert cat.card_name(booster) in lines["row1"] and "4 VP" in lines["row1"]
    assert f"4 {cat.t('symbol.Oasis')}" in lines[f"bonus-{pairs.id}"]  # booster, pairs, 2 plain


def test_the_score_screen_explains_every_part_of_a_real_game(cat: Catalog):
    s = _finished(8)
    v = s.view()
    html = Renderer(cat).score(v)
    for p in (0, 1):
        keys = [k for k, _ in explain(cat, v, p)]
        assert keys[:2] == ["tokens", "cards"] and keys[-3:] == ["row1", "row2", "row3"]
        lines = dict(explain(cat, v, p))
        for r, vp in enumerate(v["scores"][p]["rows"]):
            said = lines[f"row{r + 1}"]
            assert (vp == 0) == ("→ 0 VP" in said or "only a full row" in said)
            assert vp == 0 or f"→ {vp} VP" in said
    assert html.count('data-why="row1"') == 2
    assert MISSING.findall(_text(html)) == []


# ---- the reading pages -------------------------------------------------------------------------
def test_the_rules_page_has_every_section_ruling_and_drawing(cat: Catalog):
    html = Pages(cat, Renderer(cat)).rules()
    for section, _ in SECTIONS:
        assert f'id="rules-{section}"' in html
    for r in RULINGS:
        assert f'id="ruling-{r}"' in html
    assert html.count('<figure class="rule-drawing">') == sum(1 for _, d in SECTIONS if d)
    assert MISSING.findall(_text(html)) == []


def test_the_crossings_drawing_claims_what_the_engine_would(cat: Catalog):
    html = Pages(cat, Renderer(cat)).drawing("crossings")
    assert html.count('class="central claim p0"') == 2  # E and F
    assert html.count('class="marker p0"') == 2


def test_the_card_reference_lists_all_80_cards(cat: Catalog):
    html = Pages(cat, Renderer(cat)).cards(None)
    assert 'id="cards-unseen"' not in html
    assert len(re.findall(r'<li data-card="B\d\d"', html)) == 16
    goods = re.findall(r'<li data-card="G\d\d">.*?: (\d+)</span></li>', html)
    assert sum(map(int, goods)) == 19
    assert len(re.findall(r'<li data-card="T\d\d"', html)) == 45
    assert MISSING.findall(_text(html)) == []


def test_the_card_reference_counts_what_is_still_unseen(cat: Catalog):
    s = Session.new(9, 0, "hotseat")
    v = s.view()
    html = Pages(cat, Renderer(cat)).cards(v)
    assert sum(v["unseen"]["tribe"].values()) == 45 - 4  # four tribe cards lie face up
    assert sum(v["unseen"]["goods"].values()) == 19 - 5
    assert cat.t("cards.unseen.tribe", n=41) in html
    assert len(re.findall(r'<li data-card="T\d\d" class="unseen"', html)) == 41


def test_unseen_cards_are_counted_as_a_player_may_know_them():
    rnd = random.Random(4)
    g = Game.new(4, 0)

    def hidden() -> list[int]:
        return [i for i in range(9) if not g.face_up[i] and g.central[i] != -1]

    while g.round < 2 or not hidden():  # a central card used this round: one lies face down
        g.play(rnd.choice(g.legal_moves()))
    v = view(g, 0)
    counts = v["unseen"]
    assert sum(counts["goods"].values()) + sum(counts["tribe"].values()) == (
        len(g.goods_deck) + len(g.tribe_deck) + len(hidden())
    )
    assert set(counts["tribe"]) <= {c.symbol for c in CARDS if c.kind == "tribe"}
    assert not any(c.id in json.dumps(counts) for c in CARDS)  # no card named, so no order
    shuffled = g.clone()
    shuffled.tribe_deck = list(reversed(shuffled.tribe_deck))
    assert view(shuffled, 0)["unseen"] == counts


def test_the_cards_marked_unseen_are_as_many_as_the_counts_say(cat: Catalog):
    rnd = random.Random(6)
    s = Session.new(6, 0, "hotseat")
    pages = Pages(cat, Renderer(cat))
    while not s.over:
        v = s.view()
        if s.seq % 25 == 0:
            marked = re.findall(r'<li data-card="T\d\d" class="unseen"', pages.cards(v))
            assert len(marked) == sum(v["unseen"]["tribe"].values()), s.seq
        s.play(rnd.choice(s.game.legal_moves()))


def test_about_names_the_authors_the_facts_and_the_version(cat: Catalog):
    page, port = _game_page(cat)
    page.click(Click("about"))
    port.run()
    assert not port.hidden["dlg-page"]
    assert port.text["page-title"] == cat.t("about.title")
    html = port.html["page-body"]
    assert "Andreas Steiger" in html and "KOSMOS" in html
    assert html.count("data-fact=") == len(FACTS)
    assert port.text["about-version"] == cat.t("about.version", version=port.version)
    page.click(Click("close"))
    assert port.hidden["dlg-page"]


@pytest.mark.parametrize("lang", ["en", "de", "pl", "ja", "zh-Hans"])
def test_about_opens_with_what_follows_the_rulebooks_and_what_was_reconstructed(lang: str):
    """Issue 22: 'faithful' said precisely, first: the rules follow the rulebooks, the card data
    partly a fan-made list, and which tribe card carries which ability is reconstructed."""
    path = Path(__file__).resolve().parents[2] / "web" / "messages" / f"{lang}.json"
    cat = Catalog.from_json(path.read_text(encoding="utf-8"), lang)
    html = Pages(cat, Renderer(cat)).about()
    first, second = re.findall(r"<p>(.*?)</p>", html)[:2]
    said = cat.t("about.faithful").split("\n")
    assert [first, second] == [esc(line) for line in said]
    if lang == "en":
        assert first.startswith("What follows the rulebooks: the whole game")
        assert "which tribe card carries which ability is reconstructed" in second


def test_a_version_that_arrives_after_the_page_was_closed_is_not_written(cat: Catalog):
    page, port = _game_page(cat)
    page.click(Click("about"))
    page.click(Click("close"))
    port.run()
    assert "about-version" not in port.text


@pytest.mark.parametrize("action, anchor", [("rules", 'id="rules-goal"'), ("cards", "B16")])
def test_the_reading_pages_open_from_their_buttons_even_before_a_game(cat, action, anchor):
    port = FakePort()
    page = Controller(port, cat)
    page.start("")
    page.click(Click(action))
    assert not port.hidden["dlg-page"] and port.hidden["dlg-new"]
    assert anchor in port.html["page-body"]
    assert port.text["page-title"] == cat.t(f"{action}.title")
    page.click(Click("close"))
    assert port.hidden["dlg-page"] and not port.hidden["dlg-new"]  # back to the welcome


# ---- the catalog has every word of this part ---------------------------------------------------
def test_the_catalog_has_every_word_of_the_learning_pages(cat: Catalog):
    keys = {f"tip.{k}" for k in TIPS} | {"since.placed.one", "since.placed.other"}
    for section, drawing in SECTIONS:
        keys |= {f"rules.{section}.title", f"rules.{section}.text"}
        if drawing:
            keys.add(f"rules.drawing.{drawing}")
    keys |= {f"rules.ruling.{r}" for r in RULINGS}
    for f in FACTS:
        keys |= {f"about.fact.{f}", f"about.fact.{f}.level", f"about.fact.{f}.why"}
    keys |= {
        "about.faithful",
        "about.credits",
        "about.cards.text",
        "about.reconstruction",
        "rules.rulings.text",
    }
    keys |= {"why.cards.one", "why.cards.other"} | {f"{p}.title" for p in PAGES}
    assert sorted(k for k in keys if not cat.has(k)) == []
    assert placeholders(cat.t("since.placed.one")) == {"player", "cards"}
