"""`calculator` blocks: the form with the limits of the engine's option tables, the result
for the defaults with rule links, the page script's data with every rule's site URL, and
the errors that stop the build."""

from __future__ import annotations

import json

import pytest
from bs4 import BeautifulSoup

from calculators.influence import INFLUENCE_OPTIONS
from calculators.views.games import GAMES
from tests.support.markdown_extensions import convert, write_index

EXTENSIONS = ["build_scripts.markdown.calculator_blocks"]


def configs(index_file, mkdocs_config) -> dict:
    return {"build_scripts.markdown.calculator_blocks": {"index": str(index_file), "mkdocs_config": str(mkdocs_config)}}


def test_the_block_holds_the_form_the_result_and_the_page_data(index_file, mkdocs_config):
    html = convert("/// calculator | influence\n///", EXTENSIONS, configs(index_file, mkdocs_config))
    box = BeautifulSoup(html, "html.parser").select_one("div.calculator#calc-influence")
    required = box.select_one("input#calc-influence-required")
    option = INFLUENCE_OPTIONS["required"]
    assert (required["data-min"], required["data-max"], required["value"]) == (str(option.low), str(option.high), "10")
    assert required["inputmode"] == "numeric"
    assert box.select_one(".calc-headline").get_text() == "2D6 +2 must be greater than 10 (unused direct influence 2)"
    assert box.select_one(".calc-outcomes tr[data-outcome=success] .calc-pct").get_text() == "27.8%"
    assert (
        box.select_one(".calc-summary__text").get_text() == "Faction comes into play 27.8% · needs a natural 9 or more"
    )
    # The result is the views' HTML as they wrote it, linking with the index's URLs (the worker's too).
    assert box.select_one(".calc-explain a.rule-ref")["href"] == "/mele/rules/1-9.html#r1-9-3"
    config = json.loads(box["data-config"])
    assert config["fields"][0] == {"name": "required", "kind": "int", "neutral": None, "more": False, "requires": []}
    assert config["ruleUrls"]["1.9.3"] == "/mele/rules/1-9.html#r1-9-3"
    assert set(config["ruleUrls"]) == set(GAMES["MELE"].cited_rule_ids())
    assert config["example"]["modifier"] == "3,2"
    # The form's own links are Markdown links that MkDocs resolves on each page.
    assert box.select_one(".calc-example a.rule-ref")["href"] == "/rules/1-9.md#r1-9-10"


def test_the_result_is_inserted_as_the_views_wrote_it(index_file, mkdocs_config):
    from calculators.views.catalogue import VIEWS
    from calculators.views.page_api import render
    from calculators.views.values import default_values

    html = convert("/// calculator | attack\n///", EXTENSIONS, configs(index_file, mkdocs_config))
    config = json.loads(BeautifulSoup(html, "html.parser").select_one("#calc-attack")["data-config"])
    written = render("attack", default_values(VIEWS["attack"]), config["ruleUrls"])["html"]
    assert f'id="calc-attack-result">{written}</section>' in html


def test_an_sbg_block_carries_only_sbg_rules(index_file, mkdocs_config):
    html = convert("/// calculator | swim\n///", EXTENSIONS, configs(index_file, mkdocs_config))
    config = json.loads(BeautifulSoup(html, "html.parser").select_one("#calc-swim")["data-config"])
    assert set(config["ruleUrls"]) == set(GAMES["SBG"].cited_rule_ids())
    assert config["fields"][0]["name"] == "edition" and config["example"] is None


def test_an_unknown_calculator_fails_with_its_id(index_file, mkdocs_config):
    with pytest.raises(ValueError, match="there is no calculator 'strik'; use one of strike, attack"):
        convert("/// calculator | strik\n///", EXTENSIONS, configs(index_file, mkdocs_config))


def test_a_rule_the_engine_cites_must_be_in_the_index(tmp_path, mkdocs_config):
    cited = GAMES["MELE"].cited_rule_ids()
    index = write_index(tmp_path, [rule_id for rule_id in cited if rule_id != "1.7.24"])
    with pytest.raises(
        ValueError, match=r"calculator strike: the engine cites rules that do not exist: \['1\.7\.24'\]"
    ):
        convert("/// calculator | strike\n///", EXTENSIONS, configs(index, mkdocs_config))


def test_a_block_without_its_calculator_fails(index_file, mkdocs_config):
    extensions = EXTENSIONS + ["build_scripts.markdown.rule_blocks"]
    with pytest.raises(ValueError, match="a block could not be read: '/// calculator'"):
        convert("/// calculator\n///", extensions, configs(index_file, mkdocs_config))
