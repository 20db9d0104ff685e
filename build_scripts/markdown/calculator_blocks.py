"""`calculator` blocks (pymdown-extensions Blocks API): a calculator's form and
its result for the default inputs, computed by the engine while the site builds.

    /// calculator | strike
    ///

renders the labelled form for the view ``strike`` and the engine's result for
its defaults, so the page is useful before Pyodide is ready and with
JavaScript off. The view's description (fields, defaults, outcome labels, rule
URLs) goes into the page as JSON; the page script
(docs/assets/javascripts/calculators/) reads it to rebuild the same result
live. The views, the form and the result are built in build_scripts/calculators_ui/.
An unknown view, or a rule the engine cites that the rulebook lacks, fails the build.
"""

from __future__ import annotations

import json

from pymdownx.blocks import BlocksExtension
from pymdownx.blocks.block import Block

from calculators.api import run

from ..calculators_ui.elements import Html
from ..calculators_ui.form_html import render_form
from ..calculators_ui.games import game_of
from ..calculators_ui.page_config import page_config
from ..calculators_ui.result_html import render_result
from ..calculators_ui.values import default_values, engine_params
from ..calculators_ui.views import VIEWS
from ..engine_wheel import wheel_site_path
from ..rule_index import RuleIndex
from ..site_urls import url_scheme


class CalculatorBlock(Block):
    NAME = "calculator"
    ARGUMENT = True

    def on_validate(self, parent) -> bool:
        if self.argument not in VIEWS:
            raise ValueError(f"calculator block: there is no calculator {self.argument!r}; "
                             f"use one of {', '.join(VIEWS)}")
        return True

    def on_create(self, parent):
        view_id = self.argument
        view = VIEWS[view_id]
        rules = RuleIndex.load(self.config["index"], url_scheme(self.config["mkdocs_config"]))
        cited = game_of(view).cited_rule_ids()
        missing = [rule_id for rule_id in cited if rule_id not in rules]
        if missing:
            raise ValueError(f"calculator {view_id}: the engine cites rules that do not exist: {missing}")
        html = Html(rules.markdown_link)
        values = default_values(view)
        result = run(view["engine"], engine_params(view, values))
        if "error" in result:
            raise ValueError(f"calculator {view_id}: its defaults are rejected by the engine: {result['error']}")
        config = page_config(view_id, view, values, {rule_id: rules.url(rule_id) for rule_id in cited},
                             wheel_site_path())
        box = html.el(parent, "div", {"class": "calculator no-glossary", "id": f"calc-{view_id}",
                                      "data-view": view_id, "data-config": json.dumps(config, ensure_ascii=False,
                                                                                     separators=(",", ":"))})
        status = html.el(box, "div", {"class": "calc-status", "role": "status", "aria-live": "polite"})
        html.el(status, "span", {"class": "calc-status__text"},
                "Showing the result for the default inputs, worked out when the site was built. "
                "Live updates need JavaScript.")
        html.el(status, "progress", {"class": "calc-status__progress", "max": "3", "hidden": "hidden",
                                     "aria-label": "Loading the engine"})
        render_form(html, box, view_id, view, values)
        section = html.el(box, "section", {"class": "calc-result", "aria-label": "Result", "aria-live": "polite"})
        names = [row.get("name", "") for row in values.get("rows", [])]
        render_result(html, section, view, result, names)
        return box


class CalculatorBlocksExtension(BlocksExtension):
    def __init__(self, *args, **kwargs):
        self.config = {
            "index": ["build/rules-index.json", "the rules index written by prebuild"],
            "mkdocs_config": ["mkdocs.yml", "the MkDocs configuration: the site's URLs (site_url, "
                                            "use_directory_urls) for the rule links the page script makes"],
        }
        super().__init__(*args, **kwargs)

    def extendMarkdownBlocks(self, md, block_mgr):
        block_mgr.register(CalculatorBlock, self.getConfigs())


def makeExtension(*args, **kwargs):
    return CalculatorBlocksExtension(*args, **kwargs)
