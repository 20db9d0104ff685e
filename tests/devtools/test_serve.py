"""What `make serve` (devtools/serve.py) sends for a file with compressed copies: Brotli to a
browser that accepts it, else gzip, else the file; gzip only when it serves as a host without Brotli;
and a copy's own time as its Last-Modified, so a browser never keeps an old copy as a new file's."""

from __future__ import annotations

import gzip
import os
import time
import urllib.error
import urllib.request
from pathlib import Path

import brotli
import pytest

from devtools.serve import start_server

BODY = b"(module) " * 2000


@pytest.fixture
def site(tmp_path: Path) -> Path:
    wasm = tmp_path / "assets" / "engine.wasm"
    wasm.parent.mkdir(parents=True)
    wasm.write_bytes(BODY)
    wasm.with_name("engine.wasm.gz").write_bytes(gzip.compress(BODY))
    wasm.with_name("engine.wasm.br").write_bytes(brotli.compress(BODY))
    return tmp_path


def wasm_request(origin: str, accept_encoding: str | None) -> urllib.request.Request:
    request = urllib.request.Request(origin + "/assets/engine.wasm")
    if accept_encoding is not None:
        request.add_header("Accept-Encoding", accept_encoding)
    return request


def fetch(origin: str, accept_encoding: str | None) -> tuple[str | None, str | None, bytes]:
    with urllib.request.urlopen(wasm_request(origin, accept_encoding)) as response:
        return response.headers["Content-Encoding"], response.headers["Vary"], response.read()


@pytest.mark.parametrize(
    ("brotli_on", "accepted", "sent"),
    [
        (True, "gzip, deflate, br, zstd", "br"),
        (True, "gzip, deflate", "gzip"),
        (True, "br;q=0, gzip", "gzip"),
        (True, None, None),
        (False, "gzip, deflate, br, zstd", "gzip"),
    ],
)
def test_the_server_sends_the_copy_the_browser_accepts(site, brotli_on, accepted, sent):
    server, origin = start_server(site, brotli=brotli_on)
    try:
        encoding, vary, body = fetch(origin, accepted)
    finally:
        server.shutdown()
        server.server_close()
    assert encoding == sent
    decoded = {"br": brotli.decompress, "gzip": gzip.decompress, None: bytes}[sent](body)
    assert decoded == BODY
    if sent:
        assert vary == "Accept-Encoding"


def test_a_copy_older_than_its_file_is_not_confirmed_as_the_new_file(site):
    """A build writes a file, then its copies. A copy sent in between is the old content: the browser
    must not be told later (304) that it is still current once the new copy is written: a service
    worker's update check sent in that moment would keep the old sw.js, and miss the update (the
    likely cause of test_deploy's missed update)."""
    wasm = site / "assets" / "engine.wasm"
    copy = wasm.with_name("engine.wasm.gz")
    now = time.time()
    os.utime(copy, (now - 100, now - 100))  # the old build's copy
    wasm.write_bytes(b"(module new) " * 2000)  # the new build's file, its copy not yet written
    server, origin = start_server(site, brotli=False)
    try:
        with urllib.request.urlopen(wasm_request(origin, "gzip")) as response:
            first_modified, first_body = response.headers["Last-Modified"], gzip.decompress(response.read())
        copy.write_bytes(gzip.compress(wasm.read_bytes()))  # the new copy
        os.utime(copy, (now + 2, now + 2))  # in a later second than the file's
        request = wasm_request(origin, "gzip")
        request.add_header("If-Modified-Since", first_modified)
        try:
            with urllib.request.urlopen(request) as response:
                status, body = response.status, gzip.decompress(response.read())
        except urllib.error.HTTPError as error:
            status, body = error.code, b""
    finally:
        server.shutdown()
        server.server_close()
    assert first_body == BODY
    assert status == 200, "the old copy was confirmed as the new file"
    assert body == wasm.read_bytes()


@pytest.mark.parametrize("path", ["/%00", "/assets/%00engine.wasm", "/%ed%a0%80", "/a%00/"])
def test_a_path_no_file_can_have_is_answered_400(site, path):
    """The base class fails on such a path and closes the connection without an answer."""
    server, origin = start_server(site)
    try:
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(origin + path)
        assert refused.value.code == 400
        with urllib.request.urlopen(wasm_request(origin, None)) as response:  # it still serves the rest
            assert response.read() == BODY
    finally:
        server.shutdown()
        server.server_close()


def test_the_sitemap_lists_the_pages_at_the_servers_own_address(site):
    """Material's instant navigation follows only links its sitemap lists, port included: a site
    built for another address (make build's default has no port) is served with this server's."""
    sitemap = (
        b'<?xml version="1.0" encoding="UTF-8"?>\n<urlset>\n'
        b"<url><loc>http://localhost/</loc></url>\n"
        b"<url><loc>https://rules.example.org:8000/calculators/strike/</loc></url>\n</urlset>\n"
    )
    (site / "sitemap.xml").write_bytes(sitemap)
    (site / "sitemap.xml.gz").write_bytes(gzip.compress(sitemap))
    server, origin = start_server(site)
    try:
        request = urllib.request.Request(origin + "/sitemap.xml", headers={"Accept-Encoding": "gzip, br"})
        with urllib.request.urlopen(request) as response:
            encoding, body = response.headers["Content-Encoding"], response.read()
    finally:
        server.shutdown()
        server.server_close()
    assert encoding is None
    assert body == sitemap.replace(b"http://localhost", origin.encode()).replace(
        b"https://rules.example.org:8000", origin.encode()
    )
