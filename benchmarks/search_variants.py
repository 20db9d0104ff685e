"""The two ways issue 11 could have been built, and the search before it, asked the same
question set in the same search box (benchmarks/search_bench.py), on the phone profile:

  material        Material's own search (lunr) over its own index: the site before issue 11
  material+rules  idea A: Material's search over its index extended at build time with one
                  record per rule (title = number and sub-heading, with the glossary's aliases
                  and the synonyms' player words of each rule in a boosted `keywords` field)
  rules           idea B, built: the rule index and search (build_scripts/search/, search/worker.js)

The site is built once (its own folder); the variants are served from it by replacing, in the
browser, the index Material's bundle fetches and, for the lunr variants, the one script that
points the search box at the rule search worker.

    python -m benchmarks.search_variants [--variant NAME ...] [--json]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

from benchmarks import search_bench
from benchmarks.site_build import ROOT, build_steps

SWITCH_SCRIPT = "**/assets/javascripts/search/use-rule-search.js"
INDEX = "**/search/search_index.json"
KEYWORDS_BOOST = 10.0      # idea A's expansion field, between Material's title (1000) and text (1) boosts
RULE_BOOST = 2.0           # idea A: a rule's record against a section's


def build(out: Path, origin: str) -> dict:
    """Build the site into `out`; return Material's own index, saved before postbuild replaces it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_MKDOCS_2_WARNING": "1", "SITE_URL": origin + "/"}
    material = None
    for step in build_steps(out):
        subprocess.run([sys.executable, *step], cwd=ROOT, env=env, check=True, capture_output=True)
        if "mkdocs" in step:
            material = json.loads((out / "search" / "search_index.json").read_text(encoding="utf-8"))
    return material


def material_plus_rules(material: dict, rules: list[dict], sources: Path = ROOT / "sources") -> dict:
    """Idea A: Material's index with a record per rule, boosted (RULE_BOOST). Material groups a
    page's records under the page, so a rule is shown under its page's title. Synonyms and glossary
    aliases can only be added to the records (lunr has no query expansion): each rule carries the
    player words for the rulebook words it holds."""
    from build_scripts.glossary.terms import load_terms
    from build_scripts.search.synonyms import load_synonyms

    expansions = [(term.names, term.names) for term in load_terms(sources)]
    expansions += [(s.rulebook, s.players) for s in load_synonyms(sources)]
    config = {**material["config"], "fields": {**material["config"]["fields"], "keywords": {"boost": KEYWORDS_BOOST}}}
    docs = list(material["docs"])     # each rule's page record must come first: Material hangs the rule on it
    for rule in rules:
        text = rule["text"].lower()
        words = {word for found, said in expansions
                 if any(re.search(rf"(?<![\w-]){re.escape(w.lower())}", text) for w in found) for word in said}
        docs.append({"location": rule["url"], "title": f"{rule['id']} {rule['heading']}".strip(),
                     "text": rule["text"], "keywords": " ".join(sorted(words)), "boost": RULE_BOOST})
    return {"config": config, "docs": docs}


def variants(material: dict, site: Path) -> dict[str, dict[str, bytes] | None]:
    """Name -> the browser routes that make the site's search box run that search."""
    rules = json.loads((site / "rules.json").read_text(encoding="utf-8"))
    lunr = {SWITCH_SCRIPT: b"/* Material's own search worker */"}
    return {
        "material": {**lunr, INDEX: json.dumps(material).encode()},
        "material+rules": {**lunr, INDEX: json.dumps(material_plus_rules(material, rules)).encode()},
        "rules": None,
    }


def index_size(routes: dict[str, bytes] | None, site: Path) -> int:
    body = routes[INDEX] if routes else (site / "search" / "search_index.json").read_bytes()
    return len(gzip.compress(body, compresslevel=6))


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    from benchmarks.browser_bench import ARGS, chromium_path
    from build_scripts.serve import start_server

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", action="append", choices=["material", "material+rules", "rules"])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    site = ROOT / "build" / f"search-variants-{os.getpid()}"
    site.mkdir(parents=True, exist_ok=True)
    server, origin = start_server(site)
    questions = search_bench.load_questions()
    report = {}
    try:
        material = build(site, origin)
        ids = search_bench.rule_ids_by_address(site)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=ARGS)
            try:
                for name, routes in variants(material, site).items():
                    if args.variant and name not in args.variant:
                        continue
                    answers = search_bench.ask_all(browser, origin, questions, ids, routes)
                    report[name] = {"rates": search_bench.hit_rates(questions, answers),
                                    "median_ms": statistics.median(a["ms"] for a in answers),
                                    "index_gzip_bytes": index_size(routes, site)}
            finally:
                browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(site, ignore_errors=True)
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    for name, figures in report.items():
        rates = figures["rates"]
        print(f"{name:<15} top-1 {rates['all']['top1']:.0%}  top-3 {rates['all']['top3']:.0%}  "
              f"(held-out {rates['held-out']['top1']:.0%} / {rates['held-out']['top3']:.0%})  "
              f"keystroke to results {figures['median_ms']:.0f} ms  index {figures['index_gzip_bytes'] / 1e3:.0f} KB gzip")
    return 0


if __name__ == "__main__":
    sys.exit(main())
