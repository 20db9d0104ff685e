"""`calculator` blocks (pymdown-extensions Blocks API): a calculator's form and
its result for the default inputs, computed by the engine while the site builds.

    /// calculator | strike
    ///

renders the labelled form for the view ``strike``, the bar with the answer in one
line, and the engine's result for its defaults, so the page is useful before Pyodide
is ready and with JavaScript off. The result and the answer are written by
calculators.views (page_api.py), the same code the browser's worker runs for every
change, and go into the page exactly as it writes them. The view's inputs, defaults,
example and rule URLs go into the page as JSON for the page script
(docs/assets/javascripts/calculators/), which wires the form to the worker.
An unknown view, or a rule the engine cites that the rulebook lacks, fails the build.
"""

from __future__ import annotations

import json

from markdown.util import AtomicString
from pymdownx.blocks import BlocksExtension
from pymdownx.blocks.block import Block

from build_scripts.model.rule_index import RuleIndex
from build_scripts.site_urls import url_scheme
from calculators.views.catalogue import VIEWS
from calculators.views.form import render_form
from calculators.views.form_elements import Html
from calculators.views.games import game_of
from calculators.views.page_api import render
from calculators.views.page_config import page_config
from calculators.views.values import default_values


class CalculatorBlock(Block):
    NAME = "calculator"
    ARGUMENT = True

    def on_validate(self, parent) -> bool:
        if self.argument not in VIEWS:
            raise ValueError(
                f"calculator block: there is no calculator {self.argument!r}; use one of {', '.join(VIEWS)}"
            )
        return True

    def on_create(self, parent):
        view_id = self.argument
        view = VIEWS[view_id]
        rules = RuleIndex.load(self.config["index"], url_scheme(self.config["mkdocs_config"]))
        cited = game_of(view).cited_rule_ids()
        missing = [rule_id for rule_id in cited if rule_id not in rules]
        if missing:
            raise ValueError(f"calculator {view_id}: the engine cites rules that do not exist: {missing}")
        example = view.get("example")
        if example and example["rule"] not in rules:
            raise ValueError(
                f"calculator {view_id}: its rulebook example is rule {example['rule']}, which does not exist"
            )
        html = Html(rules.markdown_link)
        values = default_values(view)
        rule_urls = {rule_id: rules.url(rule_id) for rule_id in cited}
        shown = render(view_id, values, rule_urls)
        if "error" in shown:
            raise ValueError(f"calculator {view_id}: its defaults are rejected by the engine: {shown['error']}")
        config = page_config(view_id, view, values, rule_urls, lambda given: render(view_id, given, rule_urls))
        box = html.el(
            parent,
            "div",
            {
                "class": "calculator no-glossary",
                "id": f"calc-{view_id}",
                "data-view": view_id,
                "data-config": json.dumps(config, ensure_ascii=False, separators=(",", ":")),
                "data-params": json.dumps(shown["params"], separators=(",", ":")),
            },
        )
        status = html.el(box, "div", {"class": "calc-status", "role": "status"})
        # The page script writes the status line at once; only a browser without scripts shows
        # these words, and the line's one-height place is kept until the script writes it.
        html.el(
            html.el(status, "span", {"class": "calc-status__text"}),
            "noscript",
            None,
            "Showing the result for the default inputs, worked out when the site was built. "
            "Live updates need JavaScript.",
        )
        html.el(
            status,
            "progress",
            {"class": "calc-status__progress", "max": "3", "hidden": "hidden", "aria-label": "Loading the engine"},
        )
        render_form(html, box, view_id, view, values)
        result_id = f"calc-{view_id}-result"
        bar = html.el(box, "a", {"class": "calc-summary", "href": f"#{result_id}"})
        html.el(bar, "span", {"class": "calc-summary__text", "aria-live": "polite"}, shown["summary"])
        html.el(bar, "span", {"class": "calc-summary__go", "aria-hidden": "true"}, "Full result ↓")
        section = html.el(box, "section", {"class": "calc-result", "id": result_id, "aria-label": "Result"})
        section.text = AtomicString(self.md.htmlStash.store(shown["html"]))  # as the views wrote it
        return box


class CalculatorBlocksExtension(BlocksExtension):
    def __init__(self, *args, **kwargs):
        self.config = {
            "index": ["build/rules-index.json", "the rules index written by prebuild"],
            "mkdocs_config": [
                "mkdocs.yml",
                "the MkDocs configuration: the site's URLs (site_url, "
                "use_directory_urls) for the rule links in the results",
            ],
        }
        super().__init__(*args, **kwargs)

    def extendMarkdownBlocks(self, md, block_mgr):
        block_mgr.register(CalculatorBlock, self.getConfigs())


def makeExtension(*args, **kwargs):
    return CalculatorBlocksExtension(*args, **kwargs)
