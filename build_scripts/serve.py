"""Serve a built site on 127.0.0.1 with the headers it is deployed with.

    python -m build_scripts.serve [--port 8000] [--directory site]

The Content-Security-Policy here is the one the README's server sample sends and
the browser tests run under; `.wasm` is sent as application/wasm so Pyodide can
compile it while it downloads, and the web app manifest as application/manifest+json.
Everything is revalidated (no-cache), so a rebuild shows at once; the README's sample gives hashed assets long-lived headers instead.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path
from typing import ClassVar

from . import paths

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",   # Pyodide compiles WebAssembly; no inline script, no eval
    "worker-src 'self'",                      # the engine's worker and the service worker
    "connect-src 'self'",
    "style-src 'self' 'unsafe-inline'",       # style attributes: the calculators' chance bars set their width
    "img-src 'self' data:",                   # Material's icons are data: URLs in its CSS
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".whl": "application/zip", ".gz": "application/gzip",
         ".webmanifest": "application/manifest+json"}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self):
        self.send_header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


class QuietSiteHandler(SiteHandler):
    def log_message(self, *args):
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):   # a browser that stops a download is no error
            super().handle_error(request, client_address)


def start_server(site: Path, port: int = 0) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve `site` quietly in a background thread; return the server and its origin (no trailing slash)."""
    handler = functools.partial(QuietSiteHandler, directory=str(site))
    server = QuietServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--directory", type=Path, default=paths.SITE)
    args = parser.parse_args(argv)
    handler = functools.partial(SiteHandler, directory=str(args.directory))
    with http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler) as server:
        print(f"Serving {args.directory} on http://127.0.0.1:{args.port}/ (Ctrl-C to stop)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
