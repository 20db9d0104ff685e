"""The site's search index: every rule, section, glossary term, calculator and page, with
the synonym list. Written over Material's own index (site/search/search_index.json),
which Material's bundle fetches on every page and hands to its search worker; the
site's worker (docs/assets/javascripts/search/worker.js) ranks it instead of lunr.

Records keep Material's `location` and `text`; `kind` says what each one is. The
search configuration stays Material's (its `search.highlight` reads it), with the
synonyms and the numbering help added under `rule_search`.
"""

from __future__ import annotations

import html
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

from .. import paths
from ..glossary.terms import Term, load_terms
from ..render.coverage import COVERAGE_PATH
from ..render.pages import title_case
from ..rule_index import RuleIndex
from ..site_urls import UrlScheme, url_scheme
from ..turn_summary import PRINT_PATH
from .sections import SEARCH_SECTIONS
from .synonyms import Synonym, load_synonyms, missing_rulebook_words

SEARCH_INDEX = Path("search") / "search_index.json"
FORMAT = 1                      # bump when the worker must read records differently
TWIN_SIMILARITY = 0.6           # Starter and Standard rules this alike are shown together
MISSING_PARTS = "what-the-source-lacks"   # the coverage page's heading a "No rule ..." answer leads to
CALCULATORS = "calculators/"
PAGE_TEXT = 2000    # characters of a page's text kept: pages come after rules, and the worker reads it all at start


class SearchIndexError(ValueError):
    pass


def write_search_index(site_dir: Path, glossary_pages: dict[str, str],
                       mkdocs_config: Path = paths.MKDOCS_CONFIG) -> dict | None:
    """Replace Material's index in `site_dir` with the rule search index; None if the site has
    no Material index (a Zensical build keeps its own search). `glossary_pages`: game -> page."""
    path = site_dir / SEARCH_INDEX
    if not path.exists():
        print(f"search: {SEARCH_INDEX} not found; the generator's own search stays", file=sys.stderr)
        return None
    rules = json.loads(paths.RULES_INDEX.read_text(encoding="utf-8"))
    sections = json.loads(SEARCH_SECTIONS.read_text(encoding="utf-8"))
    synonyms = load_synonyms(paths.SOURCES)
    unknown = missing_rulebook_words(synonyms, [rule["text"] for rule in rules])
    if unknown:
        raise SearchIndexError(f"search synonyms: no rule has the rulebook words {unknown}")
    index = search_index(json.loads(path.read_text(encoding="utf-8")), rules, sections,
                         load_terms(paths.SOURCES), synonyms, glossary_pages,
                         RuleIndex.load(paths.RULES_INDEX, url_scheme(mkdocs_config)))
    text = json.dumps(index, ensure_ascii=False, separators=(",", ":"))
    path.write_text(text, encoding="utf-8")
    print(f"search: {len(index['docs'])} records, {len(text.encode()) / 1e3:.0f} KB", file=sys.stderr)
    return index


def search_index(material: dict, rules: list[dict], sections: list[dict], terms: list[Term],
                 synonyms: list[Synonym], glossary_pages: dict[str, str], rule_index: RuleIndex) -> dict:
    """Locations are from the site root, in the site's URL style (`rule_index.scheme`), as Material's are."""
    scheme = rule_index.scheme
    config = {key: value for key, value in material["config"].items() if key != "rule_search"}
    config["rule_search"] = {
        "format": FORMAT,
        "synonyms": [[list(s.players), list(s.rulebook)] for s in synonyms],
        "help": {"missing": f"{scheme.page_url(COVERAGE_PATH)}#{MISSING_PARTS}"},
    }
    glossary_urls = {game: scheme.page_url(page) for game, page in glossary_pages.items()}
    docs = ([section_record(s, scheme) for s in sections]
            + rule_records(rules, rule_index)
            + [glossary_record(t, glossary_urls[t.game]) for t in terms]
            + page_records(material, scheme, set(glossary_urls.values())))
    return {"config": config, "docs": docs}


def section_record(section: dict, scheme: UrlScheme) -> dict:
    location = scheme.page_url(section["page"]) + (f"#{section['anchor']}" if section["anchor"] else "")
    return {"kind": "section", "id": section["id"], "title": section["title"], "part": section["part"],
            "location": location, "text": ""}


def rule_records(rules: list[dict], rule_index: RuleIndex) -> list[dict]:
    twins = twin_rules(rules)
    records = []
    for rule in rules:
        heading = title_case(rule["heading"]) if rule["heading"].isupper() else rule["heading"]
        record = {"kind": "rule", "id": rule["id"], "section": rule["section"], "heading": heading,
                  "block": rule["kind"], "location": rule_index.site_url(rule["id"]), "text": rule["text"]}
        if rule["id"] in twins:
            record["twins"] = twins[rule["id"]]
        records.append(record)
    return records


def glossary_record(term: Term, page_url: str) -> dict:
    return {"kind": "glossary", "id": term.id, "game": term.game, "title": term.term, "aliases": list(term.aliases),
            "location": f"{page_url}#{term.anchor}", "rules": list(term.defined_in), "text": term.definition}


def page_records(material: dict, scheme: UrlScheme, glossary_urls: set[str]) -> list[dict]:
    """Pages other than the rule pages (whose rules are records of their own), from the generator's
    index; on a second postbuild of the same site, from the index this module wrote. Glossary
    entries have records of their own; the printable turn summary repeats the turn summary."""
    if "rule_search" in material["config"]:
        return [doc for doc in material["docs"] if doc["kind"] in ("page", "calculator")]
    coverage, printable = scheme.page_url(COVERAGE_PATH), scheme.page_url(PRINT_PATH)
    records = []
    for doc in material["docs"]:
        location = doc["location"]
        page, _, anchor = location.partition("#")
        if ((location.startswith("rules/") and page != coverage) or page == printable
                or (page in glossary_urls and anchor)):
            continue
        text = plain_text(doc["text"])
        if not doc["title"].strip():
            continue
        kind = "calculator" if location.startswith(CALCULATORS) else "page"
        records.append({"kind": kind, "title": plain_text(doc["title"]), "location": location,
                        "text": text[:PAGE_TEXT].rsplit(" ", 1)[0] if len(text) > PAGE_TEXT else text})
    return records


def plain_text(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def _bigrams(text: str) -> frozenset:
    words = re.findall(r"[a-z0-9]+", text.lower())
    return frozenset(zip(words, words[1:]))


def twin_rules(rules: list[dict]) -> dict[str, list[str]]:
    """Starter (part 1) and Standard (part 2) versions of the same rule: for each Standard rule,
    the most alike Starter rule if their word pairs are TWIN_SIMILARITY alike (Dice coefficient)."""
    pairs = {rule["id"]: _bigrams(rule["text"]) for rule in rules if rule["id"].split(".")[0] in ("1", "2")}
    starter_by_pair = defaultdict(list)
    for rule_id, grams in pairs.items():
        if rule_id.startswith("1."):
            for gram in grams:
                starter_by_pair[gram].append(rule_id)
    twins: dict[str, list[str]] = defaultdict(list)
    for rule_id, grams in pairs.items():
        if not rule_id.startswith("2."):
            continue
        shared = Counter(starter for gram in grams for starter in starter_by_pair.get(gram, ()))
        alike = [(2 * count / (len(pairs[starter]) + len(grams)), starter) for starter, count in shared.items()]
        if alike and max(alike)[0] >= TWIN_SIMILARITY:
            starter = max(alike)[1]
            twins[rule_id].append(starter)
            twins[starter].append(rule_id)
    return dict(twins)
