"""The local server (tools/serve.py): site/ under /targi/ with the right MIME types."""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.serve import start_background_server, url_of


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    server = start_background_server(site)
    yield url_of(server)
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(
    ("path", "mime"),
    [
        ("pyodide/pyodide.mjs", "text/javascript"),
        ("pyodide/pyodide.asm.wasm", "application/wasm"),
        ("web/manifest.webmanifest", "application/manifest+json"),
        ("sw.js", "text/javascript"),
        ("index.html", "text/html"),
    ],
)
def test_server_sends_the_right_mime_type_under_the_sub_path(
    served: str, path: str, mime: str
) -> None:
    with urllib.request.urlopen(served + path) as response:
        assert response.headers.get_content_type() == mime
        assert "no-store" not in response.headers.get("Cache-Control", "")


def test_server_answers_only_under_the_sub_path(served: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as error:
        urllib.request.urlopen(served.removesuffix("/targi/") + "/index.html")
    assert error.value.code == 404
    with urllib.request.urlopen(served.removesuffix("/")) as response:
        assert response.url.endswith("/targi/")
