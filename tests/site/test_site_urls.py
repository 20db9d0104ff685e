"""Rule links survive a change of address: the site built for a sub-path
(https://example.org/mele/) with page URLs as .html files, every link of every page, every
rule URL a calculator's script is given and every URL in rules.json lead to their page and
anchor. (The site as usually built is checked by test_site_build.py; the `moved_site` fixture,
built once per session, is in tests/conftest.py.)"""

from __future__ import annotations

import json

from tests.support.site import MOVED_BASE as BASE
from tests.support.site import broken_links, missing_target, soup_of


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
    rules = json.loads((site / "rules.json").read_text(encoding="utf-8"))["rules"]
    assert rules[0]["url"].partition("#")[0].endswith(".html")
    wrong = [rule["url"] for rule in rules if missing_target(site, BASE, BASE + rule["url"])]
    assert not wrong, wrong[:5]
