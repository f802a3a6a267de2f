"""The one-row header (issue 21): its menu (a disclosure button and a list, Escape and a click
outside close it, focus back on its button), the Settings dialog (pace, hints, language, theme,
sound) and sound effects, chosen from the engine's log events and played only when on."""

from __future__ import annotations

import json
import re
from pathlib import Path

from targi.app.controller import Click, Controller
from targi.app.menu import MENU_ITEMS
from targi.app.session import Session
from targi.app.store import storage
from targi.app.table.sound import SOUNDS, sound_for
from targi.app.text.catalog import Catalog
from targi.events import Drawn, GameOver, Move, Raid, RoundEnd

from .fakeport import FakePort
from .fakeport import open_page as _page

ROOT = Path(__file__).resolve().parents[2]


def _hotseat(cat: Catalog, port: FakePort | None = None) -> tuple[Controller, FakePort]:
    page, port = _page(cat, port)
    page.click(Click("new-game", "hotseat"))
    return page, port


def _settings(port: FakePort) -> dict[str, object]:
    loaded: dict[str, object] = json.loads(port.storage[storage.SETTINGS_KEY])
    return loaded


# ---- the menu ----------------------------------------------------------------------------------
def test_the_menu_items_are_those_of_index_html_in_order():
    index = (ROOT / "index.html").read_text(encoding="utf-8")
    menu = index[index.index('<ul id="menu"') : index.index("</ul>", index.index('<ul id="menu"'))]
    assert tuple(re.findall(r'data-action="([^"]+)"', menu)) == MENU_ITEMS
    for name in ("share", "load", "recent", "stats", "rules", "cards", "about", "settings"):
        assert f'data-msg="button.{name}"' in menu  # the list, all in the menu
    header = index[index.index('<header class="top">') : index.index("</header>")]
    outside = header.replace(menu, "")
    assert re.findall(r'data-action="([^"]+)"', outside) == ["open-new", "undo", "hint", "menu"]


def test_the_menu_button_discloses_the_menu_and_says_so(cat: Catalog):
    page, port = _hotseat(cat)
    assert port.hidden["menu"]  # index.html starts it closed: aria-expanded="false"
    page.click(Click("menu"))
    assert not port.hidden["menu"] and port.attrs["menu-button"]["aria-expanded"] == "true"
    page.click(Click("menu"))
    assert port.hidden["menu"] and port.attrs["menu-button"]["aria-expanded"] == "false"


def test_the_menu_opened_from_the_keyboard_puts_focus_on_its_first_usable_item(cat: Catalog):
    page, port = _hotseat(cat)
    page.click(Click("menu", keyboard=True))
    assert port.focused[-1] == "#menu button:not([disabled])"


def test_escape_closes_the_menu_and_gives_focus_back_to_its_button(cat: Catalog):
    page, port = _hotseat(cat)
    page.click(Click("menu", keyboard=True))
    page.click(Click("close", keyboard=True))
    assert port.hidden["menu"] and port.attrs["menu-button"]["aria-expanded"] == "false"
    assert port.focused[-1] == "#menu-button"
    assert page.session is not None  # Escape did nothing else


def test_a_click_outside_closes_the_menu_and_leaves_focus_alone(cat: Catalog):
    page, port = _hotseat(cat)
    page.click(Click("menu"))
    focused = list(port.focused)
    page.click(Click("menu-close"))
    assert port.hidden["menu"] and port.focused == focused


def test_a_control_outside_the_menu_closes_it_and_does_its_own_work(cat: Catalog):
    page, port = _hotseat(cat)
    page.click(Click("menu"))
    assert page.session is not None
    page.click(Click("move", page.session.legal_for_human()[0]))
    assert port.hidden["menu"] and port.frame is not None and port.frame.dataset["seq"] == "1"


def test_an_item_closes_the_menu_and_its_dialog_gives_focus_back_to_the_menu_button(
    cat: Catalog,
):
    page, port = _hotseat(cat)
    page.click(Click("menu", keyboard=True))
    page.click(Click("settings", keyboard=True))
    assert port.hidden["menu"] and not port.hidden["dlg-settings"]
    # the menu button had the focus when the dialog remembered it
    assert port.focused.index("#menu-button") < len(port.focused) - 1
    assert port.focus_memory[-1] == "remember"


def test_a_switch_in_the_menu_keeps_it_open_to_show_the_new_state(cat: Catalog):
    page, port = _hotseat(cat)
    page.click(Click("menu"))
    page.click(Click("sound"))
    assert not port.hidden["menu"] and port.attrs["menu-sound"]["aria-pressed"] == "true"


def test_a_dialog_the_page_opens_by_itself_closes_the_menu(cat: Catalog):
    page, port = _hotseat(cat)
    page.click(Click("menu"))
    page.open("dlg-tabs", opened_by_control=False)
    assert port.hidden["menu"]


# ---- Settings ----------------------------------------------------------------------------------
def test_settings_opens_its_dialog_with_the_tips_switch_saying_its_state(cat: Catalog):
    page, port = _hotseat(cat)
    page.click(Click("settings"))
    assert not port.hidden["dlg-settings"]
    assert port.text["settings-tips"] == cat.t("tips.setting", state=cat.t("tips.on"))
    assert port.attrs["settings-tips"]["aria-pressed"] == "true"
    page.click(Click("settings-tips"))
    assert page.settings.tips is False and _settings(port)["tips"] is False
    assert port.text["settings-tips"] == cat.t("tips.setting", state=cat.t("tips.off"))
    assert port.attrs["settings-tips"]["aria-pressed"] == "false"
    assert not port.hidden["dlg-settings"]  # the switch does not close the dialog


def test_settings_menus_are_written_with_the_stored_choices(cat: Catalog):
    port = FakePort()
    port.storage[storage.SETTINGS_KEY] = json.dumps(
        {"pace": "fast", "hint_level": "expert", "theme": "dark"}
    )
    _page(cat, port)
    assert 'value="fast" selected' in port.html["pace"]
    assert 'value="expert" selected' in port.html["hint-level"]
    assert port.html["theme-choice"].count("<option") == 3
    assert 'value="dark" selected' in port.html["theme-choice"]
    assert port.values["theme-choice"] == "dark"


def test_the_theme_choice_is_system_light_or_dark_and_system_follows_it_again(cat: Catalog):
    page, port = _page(cat)
    port.system_dark = True
    page.prefs.set_theme("light")
    assert port.page_state["theme"] == "light" and _settings(port)["theme"] == "light"
    page.prefs.system_theme_changed()
    assert port.page_state["theme"] == "light"  # a choice wins over the system
    page.prefs.set_theme("system")
    assert port.page_state["theme"] == "dark" and _settings(port)["theme"] == ""
    assert port.values["theme-choice"] == "system"
    page.prefs.set_theme("purple")  # not a choice: nothing changes
    assert port.page_state["theme"] == "dark" and _settings(port)["theme"] == ""


def test_the_theme_switch_in_the_menu_and_the_choice_in_settings_agree(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("theme"))
    assert port.page_state["theme"] == "dark" and port.values["theme-choice"] == "dark"
    assert port.attrs["theme"]["aria-pressed"] == "true"


# ---- sound -------------------------------------------------------------------------------------
def test_sound_is_off_by_default(cat: Catalog):
    page, port = _page(cat)
    assert page.settings.sound is False and port.page_state["sound"] == "off"
    assert port.attrs["sound"]["aria-pressed"] == "false"
    assert port.attrs["menu-sound"]["aria-pressed"] == "false"
    assert port.text["sound"] == cat.t("sound.setting", state=cat.t("tips.off"))


def test_sound_switched_on_is_remembered_across_a_reload(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("sound"))
    assert port.page_state["sound"] == "on" and _settings(port)["sound"] is True
    assert port.text["sound"] == cat.t("sound.setting", state=cat.t("tips.on"))
    port.page_state.clear()
    again, _ = _page(cat, port)
    assert again.settings.sound is True and port.page_state["sound"] == "on"
    assert port.attrs["sound"]["aria-pressed"] == "true"


def test_a_stored_sound_setting_is_read_defensively():
    assert storage.Settings.parse(json.dumps({"sound": "yes"})).sound is False
    assert storage.Settings.parse(json.dumps({"sound": True})).sound is True
    assert storage.Settings.parse("{}").sound is False  # stored before sound existed


def test_which_events_make_which_sound():
    place = Move("move", 0, "t5", False, 1, "")
    assert sound_for([place]) == "place"
    assert sound_for([Move("move", 0, "uE", False, 1, "")]) == "card"  # a central card
    assert sound_for([Move("move", 0, "b", False, 1, "")]) == "card"  # a tribe card bought
    assert sound_for([Move("move", 0, "k", False, 1, "")]) == "card"  # kept in hand
    assert sound_for([Drawn("drawn", 0, "G01")]) == "card"
    assert sound_for([Move("move", 0, "u5", False, 1, "")]) is None  # a border card's action
    assert sound_for([Move("move", 0, "$DS", False, 1, "")]) is None
    assert sound_for([place, Raid("raid", 0, "R1")]) == "raid"
    assert sound_for([place, RoundEnd("round_end", 1)]) == "round"
    assert sound_for([Raid("raid", 0, "R4"), RoundEnd("round_end", 4), GameOver("game_over")]) == (
        "end"
    )
    assert sound_for([]) is None


def test_a_move_makes_no_sound_while_sound_is_off(cat: Catalog):
    page, port = _hotseat(cat)
    assert page.session is not None
    page.click(Click("move", page.session.legal_for_human()[0]))
    assert port.sounds == []


def test_placing_a_targi_makes_the_place_sound_once_sound_is_on(cat: Catalog):
    page, port = _hotseat(cat)
    page.click(Click("sound"))
    assert port.sounds == []  # switching it on plays nothing of the past
    assert page.session is not None
    page.click(Click("move", page.session.legal_for_human()[0]))
    assert port.sounds == ["place"]
    page.click(Click("dismiss-notice"))  # a redraw with nothing new: silence
    assert port.sounds == ["place"]


def test_a_whole_game_sounds_each_kind_and_ends_with_the_end(cat: Catalog):
    page, port = _hotseat(cat)
    page.click(Click("sound"))
    s = page.session
    assert s is not None
    while not s.over:
        page.click(Click("move", s.legal_for_human()[0]))
    assert set(port.sounds) == set(SOUNDS)
    assert port.sounds[-1] == "end" and port.sounds.count("end") == 1


def test_the_computers_moves_make_sound_too(cat: Catalog):
    port = FakePort()
    page, _ = _page(cat, port)
    page.click(Click("sound"))
    port.radios.update(level="easy", starter="computer")
    page.click(Click("new-game", "ai"))
    port.run()
    assert page.session is not None and not page.session.computer_to_move
    assert "place" in port.sounds  # the computer placed its first Targi


def test_undo_and_a_game_put_on_the_table_make_no_sound(cat: Catalog):
    page, port = _hotseat(cat)
    page.click(Click("sound"))
    s = page.session
    assert s is not None
    page.click(Click("move", s.legal_for_human()[0]))
    page.click(Click("undo"))
    page.click(Click("new-game", "hotseat"))
    assert port.sounds == ["place"]


def test_a_loaded_game_far_on_makes_no_sound_for_its_past(cat: Catalog):
    page, port = _page(cat)
    page.click(Click("sound"))
    s = Session.new(7, 0, "hotseat")
    for _ in range(30):
        s.play(s.legal_for_human()[0])
    page.replace_with(Session.decode(s.encode()))
    assert port.sounds == []
