"""Serve a built site on 127.0.0.1 with the headers it is deployed with.

    python -m devtools.serve [--port 8000] [--directory site]

The Content-Security-Policy here is the one the README's server sample sends and
the browser tests run under; `.wasm` is sent as application/wasm so Pyodide can
compile it while it downloads, and the web app manifest as application/manifest+json.
Everything is revalidated (no-cache), so a rebuild shows at once; the README's sample gives
hashed assets long-lived headers instead.
Compressed like the sample too: a file's Brotli copy from the build (`x.wasm.br`, nginx
`brotli_static`) when the browser accepts Brotli, else its gzip copy (`x.wasm.gz`, nginx
`gzip_static`) when it accepts gzip, else text compressed on the fly (nginx `gzip`), so a
site built without the copies is measured fairly. `--no-brotli` serves as a host without
Brotli does (the benchmark's first visits measure both).
`sitemap.xml` is sent with this server's own address in it, whatever address the site was built
for: Material's instant navigation follows only the links its sitemap lists, matched port included,
so a site served at another port than its `site_url`'s would load every page anew (and start the
calculators' engine again on each).

`--watch` (`make serve`): rebuild when a source changes (devtools/watch.py) and reload the
open pages: each HTML page gets /__dev__/reload.js (devtools/reload/), a module script from
this server only, under the same Content-Security-Policy; it listens on /__dev__/events
(Server-Sent Events). The files in site/ are never changed.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import io
import json
import os
import re
import signal
import sys
import threading
from pathlib import Path
from typing import ClassVar
from urllib.parse import unquote, urlsplit

from build_scripts import paths
from devtools.watch import AsideBuild, QuickPasses, Rebuilder

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",  # Pyodide compiles WebAssembly; no inline script, no eval
        "worker-src 'self'",  # the engine's worker and the service worker
        "connect-src 'self'",
        "style-src 'self' 'unsafe-inline'",  # style attributes: the calculators' chance bars set their width
        "img-src 'self' data:",  # Material's icons are data: URLs in its CSS
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/zip",
    ".gz": "application/gzip",
    ".webmanifest": "application/manifest+json",
}


COMPRESSIBLE = ("text/", "javascript", "json", "wasm", "svg", "xml")
SITEMAP = "/sitemap.xml"
SITEMAP_ORIGIN = re.compile(rb"(<loc>\s*)https?://[^/<\s]+")
ON_THE_FLY_LEVEL = 6  # nginx's gzip_comp_level in the README's sample


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    _compressed: ClassVar[dict[tuple[str, int, int], bytes]] = {}  # (path, mtime, size) -> on-the-fly gzip

    def __init__(self, *args, brotli: bool = True, **kwargs):
        self.brotli = brotli  # send a file's Brotli copy to a browser that accepts it
        super().__init__(*args, **kwargs)  # last: the base class's __init__ answers the request

    def parse_request(self) -> bool:
        """The request line and headers, as the base class reads them; a path that names no file
        any file system has (a NUL byte, a character that has no bytes) is answered 400, as nginx
        does, where the base class would fail on it and close the connection without an answer."""
        if not super().parse_request():
            return False
        path = unquote(urlsplit(self.path).path, errors="surrogatepass")
        try:
            if "\x00" not in path:
                os.fsencode(path)
                return True
        except UnicodeError:
            pass
        self.send_error(400, "Bad path")
        return False

    def end_headers(self):
        self.send_header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        if urlsplit(self.path).path == SITEMAP:
            return self._send_sitemap()
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.partition("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")  # the folder's page, as the base class serves it
        if not os.path.isfile(path):
            return super().send_head()
        kind = self.guess_type(path)
        for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
            packed = path + suffix
            if (encoding == "gzip" or self.brotli) and self._accepts(encoding) and os.path.isfile(packed):
                body = open(packed, "rb")  # noqa: SIM115 (the base class closes it once sent)
                return self._send_compressed(packed, kind, encoding, body, os.path.getsize(packed))
        if self._accepts("gzip") and any(marker in kind for marker in COMPRESSIBLE):
            body = self._gzip_on_the_fly(path)
            return self._send_compressed(path, kind, "gzip", io.BytesIO(body), len(body))
        return super().send_head()

    def _send_sitemap(self):
        """The site's sitemap.xml with this server's origin in each page's address."""
        path = os.path.join(self.directory, SITEMAP.lstrip("/"))
        if not os.path.isfile(path):
            return super().send_head()
        host = self.headers.get("Host") or "{}:{}".format(*self.server.server_address[:2])
        origin = b"http://" + host.encode("ascii", "replace")
        with open(path, "rb") as source:
            body = SITEMAP_ORIGIN.sub(lambda loc: loc.group(1) + origin, source.read())
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(os.stat(path).st_mtime))
        self.end_headers()
        return io.BytesIO(body)

    def send_error(self, code, message=None, explain=None):
        """A missing page gets the site's own 404 page (nginx: `error_page 404 /404.html`)."""
        page = os.path.join(self.directory, "404.html")
        if code != 404 or self.command != "GET" or not os.path.isfile(page):
            return super().send_error(code, message, explain)
        with open(page, "rb") as source:
            body = source.read()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        return None

    def _accepts(self, encoding: str) -> bool:
        offered = self.headers.get("Accept-Encoding", "")
        return any(
            part.split(";")[0].strip() == encoding and "q=0" not in part.replace(" ", "") for part in offered.split(",")
        )

    def _gzip_on_the_fly(self, path: str) -> bytes:
        stat = os.stat(path)
        key = (path, stat.st_mtime_ns, stat.st_size)
        if key not in self._compressed:
            with open(path, "rb") as source:
                self._compressed[key] = gzip.compress(source.read(), compresslevel=ON_THE_FLY_LEVEL, mtime=0)
        return self._compressed[key]

    def _send_compressed(self, source: str, kind: str, encoding: str, body, length: int):
        """The headers SimpleHTTPRequestHandler would send for a file, for its compressed body.
        `source` is the file the body comes from (the compressed copy, or the file itself when
        compressed on the fly): its time is the Last-Modified, as nginx's gzip_static gives. A build
        writes a file before its copy; a copy sent in between, under the file's newer time, would be
        confirmed later (304) as if it were the new file (a service worker's update then went unseen)."""
        modified = os.stat(source).st_mtime
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                if int(modified) <= email.utils.parsedate_to_datetime(since).timestamp():
                    body.close()
                    self.send_response(304)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
            except (TypeError, ValueError, OverflowError, IndexError):
                pass
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(length))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return body


DEV_PREFIX = "/__dev__/"
DEV_FILES = Path(__file__).parent / "reload"  # served under DEV_PREFIX by --watch only
DEV_EVENTS = DEV_PREFIX + "events"
RELOAD_TAG = f'<script type="module" src="{DEV_PREFIX}reload.js"></script>'.encode()
KEEPALIVE_S = 15


def with_reload_script(html: bytes) -> bytes:
    """The page with the live-reload script at the end of its head (else at its start)."""
    head_end = html.find(b"</head>")
    if head_end < 0:
        return RELOAD_TAG + html
    return html[:head_end] + RELOAD_TAG + html[head_end:]


class WatchingSiteHandler(SiteHandler):
    """SiteHandler, plus the live-reload script and its events; a request for the site waits while
    a build runs."""

    def __init__(self, *args, rebuilder: Rebuilder, **kwargs):
        self.rebuilder = rebuilder
        super().__init__(*args, **kwargs)

    def do_GET(self):
        if urlsplit(self.path).path == DEV_EVENTS:
            self._stream_events()
        else:
            super().do_GET()

    def send_head(self):
        route = urlsplit(self.path).path
        if route.startswith(DEV_PREFIX):
            return self._send_dev_file(route.removeprefix(DEV_PREFIX))
        with self.rebuilder.reading():  # the file is open (or read) once this ends
            path = self.translate_path(self.path)
            if os.path.isdir(path) and route.endswith("/"):
                path = os.path.join(path, "index.html")
            if path.endswith(".html") and os.path.isfile(path):
                with open(path, "rb") as source:
                    return self._send_body(with_reload_script(source.read()), "text/html; charset=utf-8")
            return super().send_head()

    def _send_dev_file(self, name: str):
        source = DEV_FILES / name
        if "/" in name or source.suffix != ".js" or not source.is_file():
            self.send_error(404)
            return None
        return self._send_body(source.read_bytes(), "text/javascript")

    def _send_body(self, body: bytes, kind: str):
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def _stream_events(self):
        """One `build` event with the news now, then one per change, until the page goes."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        version, news = self.rebuilder.version, self.rebuilder.news()
        try:
            while not self.rebuilder.stopping:
                if news is None:
                    self.wfile.write(b": still here\n\n")  # a closed page shows as a broken pipe
                else:
                    self.wfile.write(f"event: build\ndata: {json.dumps(news)}\n\n".encode())
                self.wfile.flush()
                update = self.rebuilder.wait_for_news(version, KEEPALIVE_S)
                version, news = update if update else (version, None)
        except (BrokenPipeError, ConnectionResetError):
            pass


class QuietSiteHandler(SiteHandler):
    def log_message(self, *args):
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a browser that stops a download is no error
            super().handle_error(request, client_address)


class QuietWatchingSiteHandler(WatchingSiteHandler, QuietSiteHandler):
    pass


def start_server(
    site: Path, port: int = 0, brotli: bool = True, rebuilder: Rebuilder | None = None
) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve `site` quietly in a background thread; return the server and its origin (no trailing slash).
    `brotli=False`: as a host that sends gzip only. With a `rebuilder` (started by the caller), as `--watch`."""
    if rebuilder is None:
        handler = functools.partial(QuietSiteHandler, directory=str(site), brotli=brotli)
    else:
        handler = functools.partial(QuietWatchingSiteHandler, directory=str(site), brotli=brotli, rebuilder=rebuilder)
    server = QuietServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def _interrupted(_signal, _frame):
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--directory", type=Path, default=paths.SITE)
    parser.add_argument("--no-brotli", dest="brotli", action="store_false", help="send gzip only, never Brotli")
    parser.add_argument(
        "--watch",
        action="store_true",
        help="rebuild when a source changes and reload the open pages (development only)",
    )
    args = parser.parse_args(argv)
    if args.watch and args.directory.resolve() != paths.SITE.resolve():
        parser.error(f"--watch serves the project's own site folder, {paths.SITE}, where the build writes")
    rebuilder = quick = None
    if args.watch:
        quick = QuickPasses()
        rebuilder = Rebuilder(
            args.directory,
            log=lambda line: print(line, file=sys.stderr, flush=True),
            quick=quick,
            aside=AsideBuild,
        )
        handler = functools.partial(
            WatchingSiteHandler, directory=str(args.directory), brotli=args.brotli, rebuilder=rebuilder
        )
    else:
        handler = functools.partial(SiteHandler, directory=str(args.directory), brotli=args.brotli)
    signal.signal(signal.SIGTERM, _interrupted)  # stopped as by Ctrl-C: the builds it started stop too
    with http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler) as server:
        watching = ", rebuilding on a change" if args.watch else ""
        print(
            f"Serving {args.directory} on http://127.0.0.1:{server.server_address[1]}/{watching} (Ctrl-C to stop)",
            flush=True,
        )
        if rebuilder:
            rebuilder.start()
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            if rebuilder:
                rebuilder.stop()
                quick.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
