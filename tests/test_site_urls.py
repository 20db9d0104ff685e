"""Rule links survive a change of address: the site built for a sub-path
(https://example.org/mele/) with page URLs as .html files, every link of every page, every
rule URL a calculator's script is given and every URL in rules.json lead to their page and
anchor. (The site as usually built is checked by test_site_build.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from mkdocs.utils.yaml import yaml_load

from build_scripts.cli import write_rules_json
from tests.conftest import ROOT, broken_links, missing_target, soup_of

SITE_URL = "https://example.org/mele/"
BASE = "/mele/"


def moved_config(folder: Path) -> Path:
    """mkdocs.yml with the site on a sub-path and .html page URLs; the calculator blocks read it."""
    with open(ROOT / "mkdocs.yml", encoding="utf-8") as source:
        config = yaml_load(source)
    path = folder / "mkdocs.yml"
    config.update(site_url=SITE_URL, use_directory_urls=False, docs_dir=str(ROOT / "docs"))
    config["theme"]["custom_dir"] = str(ROOT / config["theme"]["custom_dir"])
    for extension in config["markdown_extensions"]:
        if isinstance(extension, dict) and "build_scripts.markdown.calculator_blocks" in extension:
            extension["build_scripts.markdown.calculator_blocks"]["mkdocs_config"] = str(path)
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def moved_site(site, tmp_path_factory) -> tuple[Path, Path]:
    """`site` first: the prebuild's pages and rules index are what this build reads."""
    folder = tmp_path_factory.mktemp("moved")
    config = moved_config(folder)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1"}
    env.pop("SITE_URL", None)
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-f", str(config), "-d",
                    str(folder / "site")], cwd=ROOT, env=env, check=True, timeout=600)
    write_rules_json(folder / "site", config)
    return folder / "site", config


def test_every_link_resolves_on_a_sub_path(moved_site):
    site, _ = moved_site
    assert (site / "rules" / "1-7-combat.html").exists()
    broken = broken_links(site, BASE)
    assert not broken, broken[:10]


def test_calculator_scripts_get_rule_urls_under_the_base(moved_site):
    site, _ = moved_site
    checked = 0
    for page in sorted((site / "calculators").glob("*.html")):
        for box in soup_of(page).select(".calculator[data-config]"):
            urls = json.loads(box["data-config"])["ruleUrls"]
            wrong = {rule_id: url for rule_id, url in urls.items() if missing_target(site, BASE, url)}
            assert not wrong, (page.name, list(wrong.items())[:5])
            checked += len(urls)
    assert checked > 100


def test_rules_json_urls_follow_the_url_style(moved_site):
    site, _ = moved_site
    rules = json.loads((site / "rules.json").read_text(encoding="utf-8"))
    assert rules[0]["url"].partition("#")[0].endswith(".html")
    wrong = [rule["url"] for rule in rules if missing_target(site, BASE, BASE + rule["url"])]
    assert not wrong, wrong[:5]
