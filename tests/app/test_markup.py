"""The page's own HTML escaping does what html.escape(quote=True) does (targi.app.html.markup)."""

from html import escape

import pytest
from targi.app.html.markup import esc


@pytest.mark.parametrize(
    "text",
    ["", "plain", "a & b", "<b>x</b>", "\"quoted\" 'single'", "&amp;", "Fata\u00adMorgana", 12],
)
def test_esc_matches_the_standard_library(text):
    assert esc(text) == escape(str(text), quote=True)
