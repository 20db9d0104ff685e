"""A page with an unknown calculator, an unknown rule or a block that cannot be read fails
`mkdocs build --strict`, and the message names the page and the id."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.support.site import ROOT

PAGES = {
    "calculators/strik.md": ("# Strike\n\n/// calculator | strik\n///\n", "there is no calculator 'strik'"),
    "rules/unknown-rule.md": ("# Combat\n\nSee {ref:9.9.9}.\n", "{ref:9.9.9}: there is no rule 9.9.9"),
    "rules/bad-block.md": (
        "# Combat\n\n//// rule | 1.7.24\n    colour: red\n\nText.\n////\n",
        "a block could not be read: '//// rule | 1.7.24'",
    ),
}


@pytest.mark.builds
@pytest.mark.parametrize("page", PAGES)
def test_the_build_fails_naming_the_page_and_the_id(tmp_path, index_file, page):
    text, message = PAGES[page]
    (tmp_path / "docs" / page).parent.mkdir(parents=True)
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    (tmp_path / "docs" / page).write_text(text, encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text(
        f"""site_name: Bad ids
site_url: https://example.org/
docs_dir: docs
theme:
  name: mkdocs
markdown_extensions:
  - build_scripts.markdown.rule_blocks
  - build_scripts.markdown.rule_marks:
      index: {index_file}
  - build_scripts.markdown.calculator_blocks:
      index: {index_file}
      mkdocs_config: {config}
""",
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"}
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(tmp_path / "site")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert build.returncode != 0
    assert f"Error reading page '{page}': " in build.stderr and message in build.stderr, build.stderr[-2000:]
