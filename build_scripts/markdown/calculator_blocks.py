"""`calculator` blocks (pymdown-extensions Blocks API): a calculator's form and
its result for the default inputs, computed by the engine while the site builds.

    /// calculator | strike
    ///

renders the labelled form for the view ``strike`` and the engine's result for
its defaults, so the page is useful before Pyodide is ready and with
JavaScript off. The view's description (fields, defaults, outcome labels, rule
links) goes into the page as JSON; the page script
(docs/assets/javascripts/calculators/) reads it to rebuild the same result
live. The views, the form and the result are built in build_scripts/calculators_ui/.
"""

from __future__ import annotations

import json

from pymdownx.blocks import BlocksExtension
from pymdownx.blocks.block import Block

from calculators.api import run

from ..calculators_ui.elements import Html
from ..calculators_ui.form_html import render_form
from ..calculators_ui.formatting import percent_text
from ..calculators_ui.games import game_of
from ..calculators_ui.glossary_links import GLOSSARY
from ..calculators_ui.result_html import render_result
from ..calculators_ui.rule_index import engine_rule_ids, rule_index
from ..calculators_ui.rulebook_links import calculator_link_lines, calculator_links
from ..calculators_ui.values import default_values, engine_params
from ..calculators_ui.views import VIEWS
from ..engine_wheel import wheel_site_path
from .rule_marks import rule_urls

# The browser tests import these from here.
__all__ = ["GLOSSARY", "VIEWS", "Html", "calculator_link_lines", "calculator_links", "default_values",
           "engine_params", "makeExtension", "percent_text", "render_result"]


class CalculatorBlock(Block):
    NAME = "calculator"
    ARGUMENT = True

    def on_validate(self, parent) -> bool:
        return self.argument in VIEWS

    def on_create(self, parent):
        view_id = self.argument
        view = VIEWS[view_id]
        index = self.config["index"]
        rules = rule_index(index)
        cited = engine_rule_ids(game_of(view))
        missing = [rule_id for rule_id in cited if rule_id not in rules]
        if missing:
            raise ValueError(f"calculator {view_id}: the engine cites rules that do not exist: {missing}")
        html = Html(lambda rule_id: "/" + rule_urls(index)[rule_id])
        values = default_values(view)
        result = run(view["engine"], engine_params(view, values))
        if "error" in result:
            raise ValueError(f"calculator {view_id}: its defaults are rejected by the engine: {result['error']}")
        config = {
            "view": view_id, "engine": view["engine"], "render": view["render"], "title": view["title"],
            "fields": view["fields"], "rollFields": view.get("roll_fields", []), "rows": view.get("rows"),
            "outcomes": view.get("outcomes", {}), "strikeOutcomes": view.get("strike_outcomes", {}),
            "leastLabel": view.get("least_label", ""), "params": view.get("params", {}),
            "defaults": values, "ruleUrls": {rule_id: rules[rule_id] for rule_id in cited},
            "wheel": wheel_site_path(),
        }
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
        self.config = {"index": ["build/rules-index.json", "the rules index written by prebuild"]}
        super().__init__(*args, **kwargs)

    def extendMarkdownBlocks(self, md, block_mgr):
        block_mgr.register(CalculatorBlock, self.getConfigs())


def makeExtension(*args, **kwargs):
    return CalculatorBlocksExtension(*args, **kwargs)
