"""The local server: site/ under a sub-path, as GitHub Pages serves a project site."""

from __future__ import annotations

import http.server
import sys
import threading
from pathlib import Path
from typing import Any

from tools.paths import SITE, SUBPATH
from tools.site import build_site

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".css": "text/css",
    ".html": "text/html",
    ".png": "image/png",
    ".txt": "text/plain",
    ".py": "text/plain",
    ".csv": "text/csv",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder under a URL prefix."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    prefix = SUBPATH
    quiet = False

    def send_head(self) -> Any:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path + "/" == self.prefix or (path == "/" and self.prefix != "/"):
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if not path.startswith(self.prefix):
            self.send_error(404, "Not under " + self.prefix)
            return None
        return super().send_head()

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0].split("#", 1)[0]
        return super().translate_path("/" + path.removeprefix(self.prefix))

    def end_headers(self) -> None:
        # Revalidate every time, like a fresh deploy: the service worker does the caching.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - base signature
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that stops reading (navigation, closed page) is normal, not an error.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(
    port: int = 0,
    directory: Path = SITE,
    prefix: str = SUBPATH,
    quiet: bool = False,
    handler: type[SiteHandler] = SiteHandler,
) -> SiteServer:
    """`handler`: SiteHandler or a subclass (a test's host that serves differently)."""
    bound: type[SiteHandler] = type(
        "BoundSiteHandler", (handler,), {"prefix": prefix, "quiet": quiet}
    )

    def factory(*args: Any, **kwargs: Any) -> SiteHandler:
        return bound(*args, directory=str(directory), **kwargs)

    return SiteServer(("127.0.0.1", port), factory)


def start_background_server(directory: Path = SITE) -> SiteServer:
    """A quiet server on a free port, answering from a daemon thread (for tests and benches)."""
    server = make_server(port=0, directory=directory, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def url_of(server: SiteServer) -> str:
    """The URL of the site a server from make_server serves."""
    return f"http://127.0.0.1:{server.server_address[1]}{SUBPATH}"


def serve(port: int, build: bool) -> None:
    if build:
        build_site()
    try:
        server = make_server(port)
    except OSError as error:
        raise SystemExit(
            f"build.py: cannot listen on 127.0.0.1:{port} ({error.strerror}); "
            "pick another with --port N (0 = any free port)"
        ) from None
    print(f"Serving {SITE} at {url_of(server)}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print()
    finally:
        server.server_close()
