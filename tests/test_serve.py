"""What `make serve` (build_scripts/serve.py) sends for a file with compressed copies: Brotli to a
browser that accepts it, else gzip, else the file; gzip only when it serves as a host without Brotli."""

from __future__ import annotations

import gzip
import urllib.request
from pathlib import Path

import brotli
import pytest

from build_scripts.serve import start_server

BODY = b"(module) " * 2000


@pytest.fixture
def site(tmp_path: Path) -> Path:
    wasm = tmp_path / "assets" / "engine.wasm"
    wasm.parent.mkdir(parents=True)
    wasm.write_bytes(BODY)
    wasm.with_name("engine.wasm.gz").write_bytes(gzip.compress(BODY))
    wasm.with_name("engine.wasm.br").write_bytes(brotli.compress(BODY))
    return tmp_path


def fetch(origin: str, accept_encoding: str | None) -> tuple[str | None, str | None, bytes]:
    request = urllib.request.Request(origin + "/assets/engine.wasm")
    if accept_encoding is not None:
        request.add_header("Accept-Encoding", accept_encoding)
    with urllib.request.urlopen(request) as response:
        return response.headers["Content-Encoding"], response.headers["Vary"], response.read()


@pytest.mark.parametrize(("brotli_on", "accepted", "sent"), [
    (True, "gzip, deflate, br, zstd", "br"),
    (True, "gzip, deflate", "gzip"),
    (True, "br;q=0, gzip", "gzip"),
    (True, None, None),
    (False, "gzip, deflate, br, zstd", "gzip"),
])
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
