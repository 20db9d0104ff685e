"""The gzip copies a server sends instead of the files (build_scripts/precompress.py)."""

from __future__ import annotations

import gzip
from pathlib import Path

from build_scripts.precompress import SUFFIX, precompress

# Compresses well, and not so regularly that level 9 already finds every match.
TEXT = "".join(f"rule {n}: a strike of {n % 13} against a prowess of {n * 7 % 11}\n" for n in range(4000)).encode()


def test_the_engines_files_get_zopflis_smaller_copy_and_the_pages_level_9(tmp_path: Path):
    engine_file = tmp_path / "assets" / "pyodide" / "python_stdlib.trimmed.zip"
    page = tmp_path / "rules" / "index.html"
    for path in (engine_file, page):
        path.parent.mkdir(parents=True)
        path.write_bytes(TEXT)
    precompress(tmp_path)
    level_9 = gzip.compress(TEXT, compresslevel=9, mtime=0)
    engine_copy = engine_file.with_name(engine_file.name + SUFFIX).read_bytes()
    page_copy = page.with_name(page.name + SUFFIX).read_bytes()
    assert gzip.decompress(engine_copy) == TEXT and gzip.decompress(page_copy) == TEXT
    assert page_copy == level_9
    assert len(engine_copy) < len(level_9)


def test_every_gzip_copy_in_the_site_is_its_file(site: Path):
    copies = sorted(site.rglob(f"*{SUFFIX}"))
    assert any(copy.name == "pyodide.asm.wasm.gz" for copy in copies)
    for copy in copies:
        original = copy.with_name(copy.name.removesuffix(SUFFIX))
        if original.is_file():     # engine-snapshot.bin.gz is the file itself, with no other
            assert gzip.decompress(copy.read_bytes()) == original.read_bytes(), copy
