"""The search index postbuild writes (build_scripts/search/), the synonym list, and the search box
every page carries in its header."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from build_scripts import paths
from build_scripts.glossary.terms import load_terms
from build_scripts.search.built_pages import heading_over, page_parts
from build_scripts.search.index import SEARCH_INDEX, site_search_index, twin_rules
from build_scripts.search.synonyms import SynonymError, load_synonyms, missing_rulebook_words
from build_scripts.search.table_words import TableWordsError, load_table_words
from build_scripts.steps import GLOSSARIES
from tests.support.site import ROOT, missing_target, soup_of

INDEX_GZIP_LIMIT = 300_000


@pytest.fixture(scope="module")
def index(site: Path) -> dict:
    return json.loads((site / SEARCH_INDEX).read_text(encoding="utf-8"))


def records(index: dict, kind: str) -> list[dict]:
    return [doc for doc in index["docs"] if doc["kind"] == kind]


def test_every_rule_is_a_record_of_its_own(index, rules):
    by_id = {doc["id"]: doc for doc in records(index, "rule")}
    assert len(records(index, "rule")) == len(rules) == len(by_id)
    for rule in rules:
        record = by_id[rule["id"]]
        assert (record["location"], record["text"], record["section"]) == (rule["url"], rule["text"], rule["section"])


def test_every_section_and_glossary_term_is_a_record(index, rules):
    assert {doc["id"] for doc in records(index, "section")} == {rule["section"] for rule in rules}
    assert {doc["id"] for doc in records(index, "glossary")} == {term.id for term in load_terms(paths.SOURCES)}
    assert {doc["part"] for doc in records(index, "section")} == {
        "Front Matter",
        "Starter Rules",
        "Standard Rules",
        "SBG Advanced Rules",
        "SBG Boats and Water",
    }


def test_pages_other_than_rule_pages_are_records(index):
    locations = {doc["location"] for doc in index["docs"] if doc["kind"] in ("page", "calculator")}
    assert {"", "turn-summary/", "calculators/strike/", "rules/errata-and-coverage/", "sbg/"} <= locations
    assert not [loc for loc in locations if loc.startswith("rules/1-")], "rule pages are there rule by rule"
    assert all(doc["location"].startswith("calculators/") for doc in records(index, "calculator"))


def test_every_location_in_the_index_exists_in_the_site(index, site):
    help_links = list(index["help"].values())
    missing = [
        (location, problem)
        for location in [doc["location"] for doc in index["docs"]] + help_links
        if (problem := missing_target(site, "/", "/" + location))
    ]
    assert missing == []


def test_each_rule_carries_its_game_and_what_replaces_it_from_the_change_map(index, rules):
    """rules.json's game and its "replaces" links (sources/standard-changes.yaml), as the search
    ranks them for the reader's game; the Strategy Battle Game's rules have no game."""
    by_id = {doc["id"]: doc for doc in records(index, "rule")}
    for rule in rules:
        record = by_id[rule["id"]]
        assert record.get("game") == rule["game"], rule["id"]
        replaced_by = [link["rule"] for link in rule["changed_by"] if link["how"] == "replaces"]
        replaces = [link["rule"] for link in rule["changes"] if link["how"] == "replaces"]
        assert record.get("replacedBy", []) == replaced_by and record.get("replaces", []) == replaces, rule["id"]
    assert by_id["1.5.43"]["replacedBy"] == ["2.5.5", "2.5.28"] and by_id["2.5.28"]["replaces"] == ["1.5.43"]
    assert "game" not in by_id["SBG-A.1.2"]


def test_the_synonyms_and_the_help_sit_beside_the_records(index):
    assert index["format"] == 3
    assert ["tie", "tied", "ties"] in [synonym[0] for synonym in index["synonyms"]]
    assert [["DH"], ["Darkhaven"]] in index["synonyms"]
    assert [["tie", "tied", "ties"], ["greater than"], 0.3] in index["synonyms"], "a weaker reading keeps its weight"
    assert index["help"] == {"missing": "rules/errata-and-coverage/#what-the-source-lacks"}


def test_a_section_in_the_middle_of_a_page_leads_to_its_heading(index, site):
    """A Strategy Battle Game text is one page: a section result lands on the section's heading, so
    the heading is on screen; a section that opens a page lands at the page's top."""
    sections = {doc["id"]: doc["location"] for doc in records(index, "section")}
    assert sections["SBG-A.1"] == "rules/sbg-advanced-rules/#water-features"
    assert sections["SBG-B.6"] == "rules/sbg-boats-article/#models-in-the-water"
    assert sections["SBG-A.0"] == "rules/sbg-advanced-rules/"
    assert sections["1.7"] == "rules/1-7-combat/"
    heading = soup_of(site / "rules" / "sbg-advanced-rules" / "index.html").find(id="water-features")
    assert heading.name == "h2" and heading.find_next(class_="rule")["id"] == "rsbg-a-1-1"


def test_a_heading_is_found_only_right_above_the_rule():
    html = (
        '<h1 id="book">Book</h1><div class="rule" id="ra-0-1">x</div><h2 id="water">Water</h2><p>y</p>'
        '<div class="rule" id="ra-1-1">z</div><div class="rule" id="ra-1-2">w</div>'
    )
    assert [heading_over(html, anchor) for anchor in ("ra-0-1", "ra-1-1", "ra-1-2", "nowhere")] == [
        "",
        "water",
        None,
        None,
    ]


def test_a_page_is_read_as_its_own_part_and_one_part_per_second_level_heading():
    html = (
        '<header><h1>Site</h1></header><article class="md-content__inner md-typeset">'
        '<h1 id="t">Title <em>here</em></h1>'
        '<p>Intro &amp; more.</p><script>skip()</script><h2 id="a">Part A</h2><p>Text A</p><h3 id="a1">Sub</h3>'
        '<p>More A</p><h2>No anchor</h2><p>Still A</p><h2 id="b">Part B</h2><p>Text B</p></article><p>after</p>'
    )
    parts = [(p.anchor, p.title, " ".join(" ".join(p.text).split())) for p in page_parts(html)]
    assert parts == [
        ("", "Title here", "Intro & more."),
        ("a", "Part A", "Text A Sub More A No anchor Still A"),
        ("b", "Part B", "Text B"),
    ]


def test_starter_and_standard_twins_point_at_each_other(index):
    rules = {doc["id"]: doc for doc in records(index, "rule")}
    twins = {rule_id: doc["twins"] for rule_id, doc in rules.items() if "twins" in doc}
    assert twins["1.5.50"] == ["2.5.27"] and twins["2.7.6"] == ["1.7.48"]
    for rule_id, others in twins.items():
        assert all(rule_id in rules[other]["twins"] for other in others)
        assert {rule_id[0], *(o[0] for o in others)} == {"1", "2"}


def test_twins_need_most_word_pairs_in_common():
    rules = [
        {"id": "1.1.1", "text": "A Ringwraith may carry items but may not use them."},
        {"id": "2.1.1", "text": "A Ringwraith may carry items but may not use them at all."},
        {"id": "2.1.2", "text": "Corruption cards may not be played on Ringwraiths."},
    ]
    assert twin_rules(rules) == {"2.1.1": ["1.1.1"], "1.1.1": ["2.1.1"]}


def test_the_index_is_small(site):
    assert len(gzip.compress((site / SEARCH_INDEX).read_bytes())) < INDEX_GZIP_LIMIT


def test_a_second_postbuild_gives_the_same_index(index, site):
    again = site_search_index(site, {game: page for game, (page, _, _) in GLOSSARIES.items()})
    assert again == index


def test_every_rulebook_word_of_the_synonyms_is_in_the_rules(rules):
    assert missing_rulebook_words(load_synonyms(paths.SOURCES), [rule["text"] for rule in rules]) == []


@pytest.mark.parametrize(
    "question, rule",
    [
        ("can a ringwraith use a sword", "1.5.49"),  # a thing's kind for the rulebook's item
        ("does my axe tap when he uses it", "1.10.29"),
        ("attack says each character faces one strike", "1.7.22"),  # what a card says, it states
        ("what the card says about strikes", "1.7.10"),
        ("difference between a hazard and a resource", "1.2.2"),  # told apart: distinguished
        ("tell a resource from a hazard", "1.2.2"),
        ("mind goes up", "2.5.9"),  # a number going up or down changes
        ("prowess goes down", "1.7.23"),
        ("allocate strikes", "1.7.10"),  # a strike put on a character is assigned
        ("what scores at the audience", "1.1.14"),  # what scores counts towards marshalling points
        ("he failed the strike is he wounded", "1.7.27"),  # losing to a strike: it was successful
        ("character won the strike", "1.7.24"),  # winning against it: the strike fails
        ("new character joins a company at his site", "1.5.34"),  # joining a company: placed into it
        ("character switches companies", "0.3.4"),  # or reorganizing companies
        ("keeping track of my score", "1.1.19"),  # kept track of: a running total
        ("tally of marshalling points", "1.1.19"),
        ("which rules for a beginner", "0.2.4"),  # a beginner has never played: the Starter Rules
        ("do factions take up influence", "1.9.6"),  # what uses up influence counts against it
        ("character takes up influence", "1.5.18"),  # or is required
        ("can a company skip moving", "1.6.4"),  # a step skipped: one a player does not have to take
        ("skip rolling for the ring", "1.10.40"),
        ("can I bring in a character every turn", "1.5.2"),  # every turn: each turn, a given turn
        ("what if we both pass", "1.10.83"),  # pass, in its game sense: not responding
        ("everyone passes what now", "1.10.83"),
        ("two resources one after another", "1.10.1"),  # in a row: anytime during your own turn
        ("RW moving to a non darkhaven site", "1.6.16"),  # RW: Ringwraith
        ("burn a site after moving", "1.6.6"),  # burn: discard, not the burning eye of 1.2.2
    ],
)
def test_a_class_of_table_words_finds_the_rulebooks_words_first(ask, question, rule):
    """Each a class of words players use at the table and the rules do not (sources/search-synonyms.yaml),
    asked in words of no question of the question set; without its synonym the rule is not first."""
    ids = [r["id"] for r in ask(question)]
    assert ids[:1] == [rule], (question, ids[:5])


def test_a_word_the_glossary_uses_for_a_term_and_no_rule_says_finds_the_terms_rules(ask):
    """The game sense of a word from the rules' own structure, before any hand-written list: the
    glossary's plain words for "ally" call it a helper, which no rule says (search/rank.js,
    gameSenses); without it, combat's rules come first."""
    ids = [r["id"] for r in ask("can my helper fight")]
    assert ids[:1] == ["1.10.22"], ids[:5]


def test_a_synonym_of_no_rule_is_reported():
    synonyms = load_synonyms(paths.SOURCES)
    assert missing_rulebook_words(synonyms, ["The strike is ineffectual."]) != []


@pytest.mark.parametrize(
    "entry, problem",
    [
        ("- players: [tie]\n  rulebook: [equal]\n", "needs exactly players, rulebook and why"),
        ("- players: [tie]\n  rulebook: [equal]\n  why: x\n  weight: 2\n", "weight must be a number above 0"),
        ("- players: [tie]\n  rulebook: [equal]\n  why: x\n  also: y\n", "needs exactly players, rulebook and why"),
        ("- players: tie\n  rulebook: [equal]\n  why: x\n", "players must be a list of words"),
        ("- players: [tie]\n  rulebook: []\n  why: x\n", "rulebook must be a list of words"),
        ("- players: [tie]\n  rulebook: [equal]\n  why: ' '\n", "say why"),
    ],
)
def test_a_malformed_synonym_is_refused_with_its_entry_number(tmp_path, entry, problem):
    (tmp_path / "search-synonyms.yaml").write_text("synonyms:\n" + entry, encoding="utf-8")
    with pytest.raises(SynonymError, match=f"entry 1: {problem}"):
        load_synonyms(tmp_path)


def test_each_rule_carries_the_players_words_written_for_it(index, rules):
    table = load_table_words(paths.SOURCES, {rule["id"] for rule in rules})
    carried = {doc["id"]: tuple(doc["tableWords"]) for doc in records(index, "rule") if "tableWords" in doc}
    assert carried == table and table


@pytest.mark.parametrize(
    "question, rule",
    [("multiplayer", "0.2.1"), ("RFG", "1.2.14"), ("council", "1.1.4"), ("loot a site", "0.3.7")],
)
def test_a_players_word_no_rule_says_finds_the_rule_it_was_written_for(ask, question, rule):
    """Table words from sources/search-table-words.yaml, asked in words of no question of the
    question set; without the rule's players' words the rule is not in the first three."""
    ids = [r["id"] for r in ask(question)]
    assert rule in ids[:3], (question, ids[:5])


@pytest.mark.parametrize(
    "question",
    ["can i play two characters in one turn", "how many characters can i play per turn", "one character per turn"],
)
def test_a_question_the_players_index_lists_together_reaches_its_rule(ask, question):
    """1.5.31 says "one and only one of the following" in an organization phase, not "two" or "turn";
    one entry of its players' index holds those words with the rest of the question, so they count as
    its own. Before, each counted as a stray players' word, and 1.8.5 (one corruption card each turn),
    whose text says them all, and others came first."""
    ids = [r["id"] for r in ask(question)]
    assert "1.5.31" in ids[:3], (question, ids[:5])


@pytest.mark.parametrize(
    "entry, problem",
    [
        ('"9.9.9": [tie]', "rule 9.9.9: no such rule"),
        ('"1.7.25": tie', "rule 1.7.25: needs a list of words"),
        ('"1.7.25": [tie, " "]', "rule 1.7.25: needs a list of words"),
    ],
)
def test_players_words_for_no_rule_or_not_as_a_list_are_refused(tmp_path, entry, problem):
    (tmp_path / "search-table-words.yaml").write_text(f"rules:\n  {entry}\n", encoding="utf-8")
    with pytest.raises(TableWordsError, match=problem):
        load_table_words(tmp_path, {"1.7.25"})


@pytest.mark.parametrize("text", ["", "- tie\n", "rules: [tie]\n"])
def test_a_players_index_without_its_rules_mapping_is_refused(tmp_path, text):
    (tmp_path / "search-table-words.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(TableWordsError, match="needs `rules:`"):
        load_table_words(tmp_path, {"1.7.25"})


def players_index(tmp_path: Path, rule: str, entries: list[str], reviewed: list[str] | None = None) -> Path:
    text = f'rules:\n  "{rule}": {json.dumps(entries)}\n'
    if reviewed is not None:
        text += f'reviewed:\n  "{rule}": {json.dumps(reviewed)}\n'
    (tmp_path / "search-table-words.yaml").write_text(text, encoding="utf-8")
    return tmp_path


# Entries the players' index held that state something about the rule they sat beside, each
# contradicting it or saying what it does not: shown as what "players say", they read
# as claims about the rule.
STATEMENTS = [
    ("1.7.40", "troll attack keyed to shadow-land wounds"),  # L500: a detainment attack, it taps
    ("1.7.39", "shadow-hold automatic attack only taps"),  # L499 says "keyed to"; keying is a creature's (L713)
    ("1.7.26", "failed strike roll character wounded"),  # L477: tapped instead if a detainment attack
    ("1.10.28", "rings don't exhaust"),  # L665 is about special items with the keyword Ring; L678
    ("1.10.28", "site stays untapped"),
    ("1.10.28", "ring card keyword taps character"),  # L665: it does not
    ("2.2.9", "hazard limit halved after i sideboard"),  # L858: only after the L857 fetch
    ("2.5.31", "heralded lord mode discards follower"),  # a mode card's text, which the source does not hold
    ("1.7.32", "wounded twice is body check +2"),  # L487: always +1
    ("1.5.42", "buff applies to guys"),  # L328: no effect on characters
    ("1.10.53", "hazard attack bonuses apply to my characters"),  # L710
    ("2.6.2", "nazgul company region movement allowed"),  # L947: may not
    ("1.10.15", "resource events need untapped site"),  # L642: they do not, generally
    ("SBG-B.5.1", "archers in boat count as moved"),  # they count as stationary
]


@pytest.mark.parametrize("rule, entry", STATEMENTS)
def test_a_statement_in_the_players_index_fails_the_build_naming_its_rule_and_entry(tmp_path, rule, entry):
    with pytest.raises(
        TableWordsError, match=f"rule {re.escape(rule)}: \u201c{re.escape(entry)}\u201d states something"
    ):
        load_table_words(players_index(tmp_path, rule, ["tie", entry]), {rule})


@pytest.mark.parametrize(
    "entry",
    [
        "tie",
        "big s",
        "extra strikes",
        "stack strikes",
        "stay untapped after strike -3",
        "store cards that aren't items",
        "creature vs company that did not move",
        "prowess penalties chart for tapped and wounded",
        "corruption check before final scoring",
        "can i play two characters in one turn?",
        "my ringwraith got killed do i lose?",
        "troll attack keyed to shadow-land wounds?",
    ],
)
def test_words_a_player_types_and_questions_ending_in_a_question_mark_are_taken(tmp_path, entry):
    assert load_table_words(players_index(tmp_path, "1.7.25", [entry]), {"1.7.25"}) == {"1.7.25": (entry,)}


@pytest.mark.parametrize(
    "entry",
    ["can i play two characters in one turn", "what is a detainment attack", "my deck ran out can i call the game"],
)
def test_a_question_without_its_question_mark_is_refused(tmp_path, entry):
    with pytest.raises(TableWordsError, match=f"\u201c{re.escape(entry)}\u201d asks a question"):
        load_table_words(players_index(tmp_path, "1.7.25", [entry]), {"1.7.25"})


def test_a_statement_that_states_nothing_about_the_rules_passes_when_marked_reviewed(tmp_path):
    card_text = "cannot be duplicated on a given character"
    assert load_table_words(players_index(tmp_path, "1.8.6", [card_text], reviewed=[card_text]), {"1.8.6"})
    with pytest.raises(TableWordsError, match="is not one of the rule's entries"):
        load_table_words(players_index(tmp_path, "1.8.6", ["lure"], reviewed=[card_text]), {"1.8.6"})
    with pytest.raises(TableWordsError, match="needs no mark"):
        load_table_words(players_index(tmp_path, "1.8.6", ["lure"], reviewed=["lure"]), {"1.8.6"})


# Entries that are words, not statements, yet misled: words that reverse the book's terms ("the
# strike fails" is the defender's success, L475), that hold for some of the rule's cases only, or
# that belong to another rule (the Standard "leader" is 2.5.6, the company size 1.5.41).
MISPLACED = [
    ("1.7.26", "fail the strike"),
    ("1.10.28", "free"),
    ("1.10.28", "no cost"),
    ("1.5.15", "leadership"),
    ("2.5.2", "max guys"),
    ("2.5.2", "company cap"),
    # the judges' review: each misstates its rule
    ("1.5.23", "di higher than mind take control"),  # L283: greater than or equal to
    ("1.7.30", "roll under body"),  # L482-483: a roll equal to his body also just wounds
    ("1.7.36", "harmless attack"),  # a detainment strike taps (L496), and the attack is never defeated (L505)
    ("2.2.9", "cost of hazard sideboarding"),  # L858 halves it only after the L857 fetch
]


def test_the_players_index_holds_none_of_the_entries_that_said_otherwise_than_their_rule(rules):
    table = load_table_words(paths.SOURCES, {rule["id"] for rule in rules})
    assert [(rule, entry) for rule, entry in STATEMENTS + MISPLACED if entry in table.get(rule, ())] == []


@pytest.mark.parametrize("rule, entry", STATEMENTS[:7] + MISPLACED[3:])
def test_a_result_is_not_shown_beside_an_entry_that_said_otherwise_than_its_rule(ask, rule, entry):
    """Asked in the entry's own words, the rule was listed as found by it."""
    for result in ask(entry):
        if result.get("id") == rule:
            assert entry not in result.get("said", []), (rule, result["said"])


HEADER = "partials/header.html"
MATERIAL = Path(__import__("material").__file__).parent / "templates"


def test_the_header_is_materials_with_the_sites_search_and_the_reading_setting():
    """overrides/partials/header.html is a copy of the theme's but for the site's search in place of
    Material's and the reading setting before the palette: a newer Material's header shows here."""
    theme = (MATERIAL / HEADER).read_text(encoding="utf-8")
    ours = (ROOT / "overrides" / HEADER).read_text(encoding="utf-8")
    search = theme[
        theme.index('    {% if "material/search" in config.plugins %}') : theme.index("    {% if config.repo_url %}")
    ]
    palette = "    {% if config.theme.palette %}\n"
    expected = theme.replace(search, '    {% include "partials/rule-search.html" %}\n').replace(
        palette, '    {% include "partials/reading-as.html" %}\n' + palette, 1
    )
    assert ours.split("-#}\n", 1)[1] == expected.split("-#}\n", 1)[1]


def test_every_page_has_the_sites_search_box_and_not_materials(site):
    pages = [page for page in site.rglob("*.html") if "assets" not in page.parts]
    assert len(pages) > 30
    for page in pages:
        html = page.read_text(encoding="utf-8")
        if 'data-md-component="header"' not in html:
            continue
        name = page.relative_to(site)
        assert html.count("data-rule-search ") == 1 and html.count("data-rule-search-open") == 1, name
        assert 'data-md-component="search"' not in html and 'name="search"' not in html, name
        assert "assets/javascripts/search/box.js" in html, name
