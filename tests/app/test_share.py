"""Share links carry the save string in the fragment: #g=<save string>."""

from __future__ import annotations

from targi.app.session import Session
from targi.app.store import share


def test_link_puts_the_save_string_in_the_fragment_of_the_page_address():
    url = share.link("https://u.github.io/targi/index.html#g=Told", "Tnew")
    assert url == "https://u.github.io/targi/index.html#g=Tnew"


def test_fragment_gives_back_the_save_string():
    assert share.from_fragment("#g=TAbc-_") == "TAbc-_"
    assert share.from_fragment("#x=1&g=TAbc") == "TAbc"
    assert share.from_fragment("#g=T%41bc") == "TAbc"


def test_fragment_without_a_game_gives_none():
    assert share.from_fragment("") is None
    assert share.from_fragment("#top") is None


def test_pasted_link_or_string_both_work():
    s = Session.new(9, 0, "hotseat")
    code = s.encode()
    assert share.from_pasted(f"  {code}\n") == code
    assert share.from_pasted(share.link("http://127.0.0.1:8000/targi/", code)) == code
    assert Session.decode(share.from_pasted(share.link("http://h/", code))).game.seed == 9
