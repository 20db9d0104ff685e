"""The site's search index: every rule, section, glossary term, calculator and page, with
the synonym list, for the site's own search box (docs/assets/javascripts/search/box.js),
which fetches it when the reader first goes to the box. Postbuild writes it into any
generator's build: the pages' text is read from the built HTML (built_pages.py).

Each record has a `kind`, a `location` (from the site root, in the site's URL style) and
its `text`; the synonyms, the numbering help and the calculators a situation opens sit beside
the records.
"""

from __future__ import annotations

import itertools
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

from build_scripts import paths
from build_scripts.glossary.terms import Term, load_terms
from build_scripts.model.rule_index import RuleIndex
from build_scripts.render.coverage import COVERAGE_PATH
from build_scripts.render.section_pages import title_case
from build_scripts.render.turn_summary import PRINT_PATH
from build_scripts.search.built_pages import built_file, heading_over, page_records
from build_scripts.search.referring import parent_rules
from build_scripts.search.sections import SEARCH_SECTIONS
from build_scripts.search.situations import load_situations, situation_records
from build_scripts.search.synonyms import Synonym, load_synonyms, missing_rulebook_words
from build_scripts.search.table_words import load_table_words
from build_scripts.site_urls import UrlScheme, url_scheme

SEARCH_INDEX = Path("search") / "search_index.json"
FORMAT = 3  # bump when the search must read records differently
TWIN_SIMILARITY = 0.6  # Starter and Standard rules this alike are shown together
MISSING_PARTS = "what-the-source-lacks"  # the coverage page's heading a "No rule ..." answer leads to
PAGE_TEXT = 2000  # characters of a page's text kept: pages come after rules, and the search reads it all at start


class SearchIndexError(ValueError):
    pass


def write_search_index(
    site_dir: Path, glossary_pages: dict[str, str], mkdocs_config: Path = paths.MKDOCS_CONFIG
) -> dict:
    """Write the search index into the built site `site_dir`. `glossary_pages`: game -> page."""
    index = site_search_index(site_dir, glossary_pages, mkdocs_config)
    text = json.dumps(index, ensure_ascii=False, separators=(",", ":"))
    path = site_dir / SEARCH_INDEX
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    print(f"search: {len(index['docs'])} records, {len(text.encode()) / 1e3:.0f} KB", file=sys.stderr)
    return index


def site_search_index(
    site_dir: Path, glossary_pages: dict[str, str], mkdocs_config: Path = paths.MKDOCS_CONFIG
) -> dict:
    """The search index of the built site `site_dir`, from the rules index, the sources and its pages."""
    rules = json.loads(paths.RULES_INDEX.read_text(encoding="utf-8"))
    sections = json.loads(SEARCH_SECTIONS.read_text(encoding="utf-8"))
    synonyms = load_synonyms(paths.SOURCES)
    unknown = missing_rulebook_words(synonyms, [rule["text"] for rule in rules])
    if unknown:
        raise SearchIndexError(f"search synonyms: no rule has the rulebook words {unknown}")
    rule_index = RuleIndex.load(paths.RULES_INDEX, url_scheme(mkdocs_config))
    scheme = rule_index.scheme
    glossary_urls = {game: scheme.page_url(page) for game, page in glossary_pages.items()}
    generated = {page.relative_to(paths.DOCS).as_posix() for page in paths.GENERATED_RULES.rglob("*.md")}
    pages = page_records(
        site_dir, scheme, (generated - {COVERAGE_PATH}) | {PRINT_PATH}, set(glossary_urls.values()), PAGE_TEXT
    )
    sections = [{**s, "anchor": section_anchor(site_dir, scheme, s)} for s in sections]
    table_words = load_table_words(paths.SOURCES, {rule["id"] for rule in rules})
    situations = situation_records(site_dir, scheme, pages, load_situations(paths.SOURCES))
    return search_index(
        rules, sections, load_terms(paths.SOURCES), synonyms, table_words, glossary_urls, pages, rule_index, situations
    )


def search_index(
    rules: list[dict],
    sections: list[dict],
    terms: list[Term],
    synonyms: list[Synonym],
    table_words: dict[str, tuple[str, ...]],
    glossary_urls: dict[str, str],
    pages: list[dict],
    rule_index: RuleIndex,
    situations: list[dict] = (),
) -> dict:
    """Locations are from the site root, in the site's URL style (`rule_index.scheme`). `situations`:
    the calculators a query with numbers may open (situations.py)."""
    scheme = rule_index.scheme
    docs = (
        [section_record(s, scheme) for s in sections]
        + rule_records(rules, rule_index, table_words, parent_rules(rules, stating_rules(terms)))
        + [glossary_record(t, glossary_urls[t.game]) for t in terms]
        + pages
    )
    return {
        "format": FORMAT,
        "synonyms": [synonym_record(s) for s in synonyms],
        "help": {"missing": f"{scheme.page_url(COVERAGE_PATH)}#{MISSING_PARTS}"},
        "situations": list(situations),
        "docs": docs,
    }


def synonym_record(synonym: Synonym) -> list:
    """[players' words, rulebook's words], and the weight when the reading is a weaker one."""
    record = [list(synonym.players), list(synonym.rulebook)]
    return record + [synonym.weight] if synonym.weight != 1 else record


def section_anchor(site_dir: Path, scheme: UrlScheme, section: dict) -> str:
    """Where a section result leads: a section that starts mid-page (a Strategy Battle Game text
    is one page) at its heading, so that the heading is in view; else its first rule."""
    if not section["anchor"]:
        return ""
    html = built_file(site_dir, scheme.page_url(section["page"])).read_text(encoding="utf-8")
    heading = heading_over(html, section["anchor"])
    return section["anchor"] if heading is None else heading


def section_record(section: dict, scheme: UrlScheme) -> dict:
    location = scheme.page_url(section["page"]) + (f"#{section['anchor']}" if section["anchor"] else "")
    return {
        "kind": "section",
        "id": section["id"],
        "title": section["title"],
        "part": section["part"],
        "location": location,
        "text": "",
    }


def stating_rules(terms: list[Term]) -> set[str]:
    """The rule that states each glossary term: the first of its defining rules."""
    return {term.defined_by[0] for term in terms if term.defined_by}


def rule_records(
    rules: list[dict], rule_index: RuleIndex, table_words: dict[str, tuple[str, ...]], parents: dict[str, str]
) -> list[dict]:
    """`parents`: the rule each rule that refers back depends on (referring.py)."""
    twins = twin_rules(rules)
    records = []
    for rule in rules:
        heading = title_case(rule["heading"]) if rule["heading"].isupper() else rule["heading"]
        record = {
            "kind": "rule",
            "id": rule["id"],
            "section": rule["section"],
            "heading": heading,
            "block": rule["kind"],
            "location": rule_index.site_url(rule["id"]),
            "text": rule["text"],
        }
        if rule["id"] in twins:
            record["twins"] = twins[rule["id"]]
        if rule["id"] in table_words:
            record["tableWords"] = list(table_words[rule["id"]])
        if rule["id"] in parents:
            record["parent"] = parents[rule["id"]]
        record.update(game_fields(rule))
        records.append(record)
    return records


def game_fields(rule: dict) -> dict:
    """What the search needs of the Standard-game change map (rules.json's `game`, `changes`,
    `changed_by`): the game a rule belongs to ("both", "starter", "standard"; none for the
    Strategy Battle Game) and the rules that replace it in the other game, so that the reader's
    game ranks a replaced rule below its replacement."""
    fields = {"game": rule["game"]} if rule.get("game") else {}
    replaced_by = [link["rule"] for link in rule.get("changed_by") or [] if link["how"] == "replaces"]
    replaces = [link["rule"] for link in rule.get("changes") or [] if link["how"] == "replaces"]
    if replaced_by:
        fields["replacedBy"] = replaced_by
    if replaces:
        fields["replaces"] = replaces
    return fields


def glossary_record(term: Term, page_url: str) -> dict:
    return {
        "kind": "glossary",
        "id": term.id,
        "game": term.game,
        "title": term.term,
        "aliases": list(term.aliases),
        "location": f"{page_url}#{term.anchor}",
        "rules": list(term.defined_in),
        "text": term.definition,
    }


def _bigrams(text: str) -> frozenset:
    words = re.findall(r"[a-z0-9]+", text.lower())
    return frozenset(itertools.pairwise(words))


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
