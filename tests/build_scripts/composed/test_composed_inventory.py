"""Every composed text on the built site, listed from the pages themselves, is either evidenced
(it quotes the rules it rests on, and the build checked the quotes) or declared an instruction.

The texts, by where the reader meets them:
    the hand-written pages (build_scripts/composed/page_texts.PAGES): every paragraph, list item
        and table row outside a calculator and the ruling sheet's working area
    the calculators' forms: every hint, label, option and example caption
    the rule pages: each section link's covers, each editor's note, each way to a glossary entry
    the glossary: each definition
    the turn summary and its printable copy: each phase's summary and each step
    the reference card: each line
    the About page's change log: each change (sources/changelog.yaml)
The rule text itself is the source's, and headings, buttons and the site's menus are not composed
statements about the rules. The data these texts are checked against (sources/*.yaml) is read
here as data: a text on a page that none of it declares fails, naming the page and the text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from build_scripts import paths
from build_scripts.composed.calculator_words import load_declarations
from build_scripts.composed.page_texts import page_files, split_sentences
from build_scripts.glossary.terms import load_terms
from build_scripts.model.errata import load_errata
from tests.support.site import soup_of

TEXT_ELEMENTS = ("p", "li", "tr")
NOT_COMPOSED = ".calculator, #ruling, .about-data, h1, h2, h3, h4, h5, h6"  # checked on their own, or headings
UNIT = re.compile(r" \((?:2D6|D6)\)$")  # a roll input's dice, shown after its label
EXAMPLE = re.compile(r"^The book's example: (?P<label>.*) \((?P<rule>[\w.-]+)\)\.$")


def words(element) -> str:
    return " ".join(element.get_text().split())


def built_page(site: Path, page: str) -> Path:
    """docs/calculators/strike.md -> site/calculators/strike/index.html (index.md: the folder's)."""
    stem = page.removesuffix(".md")
    return site / (stem.removesuffix("index") if stem.endswith("index") else stem + "/") / "index.html"


def page_texts(soup) -> list[str]:
    """The texts of a hand-written page: each text element not inside another, nor inside what is
    not composed; a table row reads its cells joined by " | "."""
    article = soup.select_one("article")
    skipped = set(article.select(NOT_COMPOSED))
    found = []
    for element in article.find_all(TEXT_ELEMENTS):
        if any(parent in skipped or parent.name in TEXT_ELEMENTS for parent in element.parents) or element in skipped:
            continue
        if element.name == "tr":
            found.append(" | ".join(words(cell) for cell in element.find_all(["th", "td"])))
        elif words(element):
            found.append(words(element))
    return [sentence for text in found for sentence in split_sentences(text)]


@pytest.fixture(scope="module")
def declared_pages() -> dict:
    return yaml.safe_load((paths.SOURCES / "page-texts.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def declared_words() -> dict:
    return load_declarations(paths.SOURCES / "calculator-words.yaml")


@pytest.mark.parametrize("page", page_files(paths.DOCS))
def test_every_sentence_of_a_hand_written_page_is_evidenced_or_an_instruction(site, declared_pages, page):
    shown = page_texts(soup_of(built_page(site, page)))
    assert shown, page
    entries = {" ".join(text.split()): declaration for text, declaration in declared_pages[page].items()}
    undeclared = [text for text in shown if text not in entries]
    assert undeclared == [], f"docs/{page}: no evidence and no instruction declared in sources/page-texts.yaml"
    assert all(entries[text] == "instruction" or isinstance(entries[text], dict) for text in shown)
    assert sorted(entries) == sorted(set(shown)), f"docs/{page}: declared sentences the built page lacks"


def calculator_words(site: Path) -> list[tuple[str, str, str]]:
    """(section of calculator-words.yaml, text, page) for every hint, label, option and example, and
    why an input the built form disables does not apply."""
    found = []
    for html in sorted((site / "calculators").glob("*/index.html")):
        page = html.parent.name
        for form in soup_of(html).select(".calculator form.calc-form"):
            for hint in form.select(".calc-hint"):
                if hint.find_parent(class_="calc-example"):
                    found.append(("examples", EXAMPLE.fullmatch(words(hint))["label"], page))
                    continue
                text = " ".join(str(part) for part in hint.contents if isinstance(part, str)).strip()
                found.append(("hints" if hint.get("id") else "form", " ".join(text.split()), page))
            found += [("labels", UNIT.sub("", words(label)), page) for label in form.select("label")]
            found += [
                ("options", words(option), page)
                for option in form.select("option")
                # a controller's choices are the characters' names, as the sheet holds them
                if not (option.get("value") and option.find_parent("select", attrs={"data-choices": "names"}))
            ]
            found += [
                ("reasons", words(off).removeprefix("Does not apply: "), page)
                for off in form.select(".calc-off")
                if words(off)
            ]
    return found


def test_every_hint_label_option_and_example_caption_of_a_calculator_is_declared(site, declared_words):
    shown = calculator_words(site)
    assert {section for section, _, _ in shown} == {"hints", "labels", "options", "reasons", "examples", "form"}
    undeclared = [(section, text, page) for section, text, page in shown if text not in declared_words[section]]
    assert undeclared == [], "not declared in sources/calculator-words.yaml"
    rests = [text for section, text, _ in shown if declared_words[section][text]]
    assert len(set(rests)) > 60
    # The views' own words are matched to the file by the build (a compact row shows no hints);
    # the form's are only on the pages.
    on_site = {text for section, text, _ in shown if section == "form"}
    assert set(declared_words["form"]) == on_site


def test_every_section_link_s_covers_on_a_rule_page_is_evidenced(site):
    data = yaml.safe_load((paths.SOURCES / "section-links.yaml").read_text(encoding="utf-8"))
    evidenced = {
        link["covers"]
        for links in data.values()
        for link in links
        if link.get("covers") and isinstance(link.get("evidence"), dict)
    }
    shown = set()
    for html in sorted((site / "rules").glob("*/index.html")):
        for line in soup_of(html).select(".see-also"):
            for link in line.select("a"):
                after = link.next_sibling
                if isinstance(after, str) and after.startswith(": "):
                    shown.add(" ".join(after[2:].split(" · ")[0].split()))
    assert shown and shown <= evidenced, shown - evidenced


def test_every_editor_s_note_and_glossary_way_on_a_rule_page_comes_from_checked_data(site):
    notes = {" ".join(e.note.split()) for e in load_errata(paths.ERRATA) if e.note}  # the build finds each on its line
    terms = {t.term for t in load_terms(paths.SOURCES) if t.defined}
    for html in sorted((site / "rules").glob("*/index.html")):
        soup = soup_of(html)
        for aside in soup.select("aside.editor-note"):
            body = " ".join(words(p) for p in aside.select("p:not(.admonition-title)"))
            assert body in notes, (html.parent.name, body[:80])
        for line in soup.select(".glossary-here"):
            assert words(line).startswith("Glossary: ")
            assert {words(a) for a in line.select("a")} <= terms, words(line)


@pytest.mark.parametrize("page", ["turn-summary", "turn-summary-print"])
def test_every_phase_summary_and_step_of_the_turn_summary_is_evidenced(site, turn_phases, page):
    soup = soup_of(site / page / "index.html")
    for phase, details in zip(turn_phases, soup.select("details.phase"), strict=True):
        summary = details.find("summary").find_next_sibling("p")
        assert words(summary) == phase.summary and phase.summary_evidence, phase.id
        items = details.select(":scope > ol > li")
        assert len(items) == len(phase.steps), phase.id
        for item, step in zip(items, phase.steps, strict=True):
            lead = words(item.find("p"))
            assert lead.split(": ", 1)[1].removesuffix(" Standard Rules") == step.text and step.evidence, lead


def test_every_line_of_the_reference_card_is_a_step_s_card_line_resting_on_its_evidence(site, turn_phases):
    soup = soup_of(site / "turn-summary-card" / "index.html")
    lines = []
    for text in soup.select(".ref-card__text"):
        own = [part for part in text.contents if isinstance(part, str)]
        lines.append(" ".join("".join(own).split()))
    steps = [step for phase in turn_phases for step in phase.steps]
    assert lines == [step.card for step in steps]
    assert all(step.evidence for step in steps)


def test_every_glossary_definition_is_an_evidenced_entry(site):
    terms = {t.anchor: t for t in load_terms(paths.SOURCES)}
    for page in ("glossary", "sbg/glossary"):
        soup = soup_of(site / page / "index.html")
        for heading in soup.select("h3.glossary-term"):
            term = terms[heading["id"]]
            entry = heading.find_next_sibling("div", class_="glossary-entry")
            definition = entry.find("p", class_=False)
            assert words(definition) == term.definition and term.evidence, term.id


def test_every_change_in_the_about_page_s_log_is_a_declared_entry_of_the_change_log(site):
    """The About page's data blocks (build_scripts/markdown/about_blocks.py) say what the site is;
    of them, only the change log says something of the rules, each change from the checked log."""
    data = yaml.safe_load((paths.SOURCES / "changelog.yaml").read_text(encoding="utf-8"))
    declared = {
        " ".join(c["text"].split()): c["evidence"] for version in data for c in version["changes"] if c.get("evidence")
    }
    shown = []
    for item in soup_of(site / "about" / "index.html").select(".about-changelog li"):
        label = item.find("strong")
        rules = item.select_one(".about-changelog__rules")
        text = words(item).removeprefix(words(label)).removesuffix(words(rules) if rules else "").strip()
        shown.append(text)
    assert shown and set(shown) == set(declared)
    assert all(declared[text] == "instruction" or isinstance(declared[text], dict) for text in shown)
