"""The Starter and the Standard game (build_scripts/standard_game/): the change map's checks, on
data, without a build; what each rule and rules.json say from it; the comparison page; and the
reading setting's logic (docs/assets/javascripts/game/game-choice.js), run in Node."""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess

import pytest

from build_scripts.render.comparison_page import comparison_markdown
from build_scripts.render.standard_block import standard_block
from build_scripts.standard_game.changes import (
    StandardMapError,
    read_standard_map,
    uncovered_rules,
    unlinked_standard_notes,
)
from build_scripts.standard_game.rule_fields import rule_fields, term_changes
from tests.support.site import ROOT


def href(rule_id: str) -> str:
    return f"page.md#r{rule_id}"


def entry(data: dict, rule_id: str) -> dict:
    return next(e for e in data["rules"] if e["rule"] == rule_id)


def test_every_part_ii_rule_is_covered(standard_map, rule_texts):
    part_ii = [r for r in rule_texts if r.startswith("2.")]
    assert len(part_ii) == 94
    assert uncovered_rules(standard_map, rule_texts) == []
    assert list(standard_map.entries) == part_ii  # in the rulebook's order, so the file reads as the book


def test_every_part_i_rule_that_speaks_of_the_standard_rules_is_linked(standard_map, rule_texts):
    assert unlinked_standard_notes(standard_map, rule_texts) == []
    named = {link.starter for link in standard_map.links} | {r for m in standard_map.missing for r in m.rules}
    assert {"1.1.8", "1.5.22", "1.5.38", "1.9.4", "1.10.67"} <= named


def test_a_part_ii_rule_left_out_is_named(data, rule_texts):
    planted = copy.deepcopy(data)
    planted["rules"] = [e for e in planted["rules"] if e["rule"] not in ("2.5.2", "2.7.4")]
    with pytest.raises(StandardMapError, match=r"Part II rules with no entry: 2\.5\.2, 2\.7\.4"):
        read_standard_map(planted, rule_texts)


def test_a_planted_wrong_quote_fails_naming_the_rule(data, rule_texts):
    planted = copy.deepcopy(data)
    entry(planted, "2.5.2")["links"][1]["evidence"]["1.5.41"] = "a company is limited to a size of eight"
    with pytest.raises(
        StandardMapError,
        match=r"rule 2\.5\.2, link to 1\.5\.41: the quote 'a company is "
        r"limited to a size of eight' is not in rule 1\.5\.41",
    ):
        read_standard_map(planted, rule_texts)


def test_unknown_ids_fail_naming_them(data, rule_texts):
    planted = copy.deepcopy(data)
    entry(planted, "2.5.2")["links"][0]["rule"] = "1.5.99"
    with pytest.raises(StandardMapError, match=r"rule 2\.5\.2, link to 1\.5\.99: there is no such rule"):
        read_standard_map(planted, rule_texts)
    planted = copy.deepcopy(data)
    planted["rules"].append({"rule": "2.7.9", "kind": "note"})
    with pytest.raises(StandardMapError, match=r"rule 2\.7\.9: there is no such rule"):
        read_standard_map(planted, rule_texts)
    planted = copy.deepcopy(data)
    entry(planted, "2.5.15")["of"] = "2.5.40"
    with pytest.raises(StandardMapError, match=r"rule 2\.5\.15: is part of 2\.5\.40"):
        read_standard_map(planted, rule_texts)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda e: e["links"][0].update(how="loosens"), r"how must be one of replaces, adds-to, restricts, note"),
        (lambda e: e.update(kind="new"), r"a rule that adds-to 1\.5\.4 is of kind 'changes'"),
        (lambda e: e["links"][0]["evidence"].pop("2.5.2"), r"the evidence must quote both rules, 2\.5\.2 and 1\.5\.4"),
        (lambda e: e["links"][0].update(rule="2.5.3"), r"each link names a Part I rule"),
        (lambda e: e.update(summary="x" * 71), r"its summary has 71 characters"),
        (lambda e: e.update(topic="sideboards"), r"unknown topic 'sideboards'"),
    ],
)
def test_a_malformed_entry_fails_naming_its_rule(data, rule_texts, change, message):
    planted = copy.deepcopy(data)
    change(entry(planted, "2.5.2"))
    with pytest.raises(StandardMapError, match=r"rule 2\.5\.2\b.*" + message):
        read_standard_map(planted, rule_texts)


def test_a_wrong_quote_in_a_missing_text_fails(data, rule_texts):
    planted = copy.deepcopy(data)
    planted["missing"][0]["evidence"]["1.9.4"] = "see page 65"
    with pytest.raises(StandardMapError, match=r"missing text .*the quote 'see page 65' is not in rule 1\.9\.4"):
        read_standard_map(planted, rule_texts)


def test_the_map_reads_the_rules_as_a_judge_would(standard_map):
    """A few readings the rest of the site rests on (the issue's examples among them)."""
    how = {(link.standard, link.starter): link.how for link in standard_map.links}
    assert how[("2.5.2", "1.5.41")] == "adds-to"  # Orc scouts count half towards the seven
    assert how[("2.7.5", "1.7.46")] == "adds-to"  # trophies beside the MP pile
    assert {how[(f"2.1.{n}", "1.1.5")] for n in (3, 4, 5)} == {"restricts"}  # the 2-, 3- and 4-deck games
    assert how[("2.5.28", "1.5.43")] == "replaces"  # "other characters" becomes "non-Ringwraith characters"
    assert how[("2.2.9", "1.10.48")] == "restricts"  # the hazard limit halved
    replaced = {link.starter for link in standard_map.links if link.how == "replaces"}
    assert replaced == {"1.5.43"}  # Part II mostly adds: only this one stops holding, every sentence of it
    assert standard_map.entries["2.5.15"].kind == "part" and standard_map.owner("2.5.15").rule == "2.5.14"


def test_a_rule_changed_in_part_is_not_replaced(standard_map, rule_texts):
    """Item 8: one rule for `replaces`. 1.5.47 still holds but for "with other characters" (L342 against
    L924), and 1.5.5 and 1.5.6 still hold at a Darkhaven: each is added to, not dimmed as replaced."""
    how = {(link.standard, link.starter): link.how for link in standard_map.links}
    assert how[("2.5.24", "1.5.47")] == how[("2.6.5", "1.5.5")] == how[("2.5.34", "1.5.6")] == "adds-to"
    for rule_id in ("1.5.47", "1.5.5", "1.5.6"):
        assert rule_fields(rule_id, rule_texts[rule_id], standard_map)["game"] == "both", rule_id
        assert "    replaced: true" not in standard_block(rule_id, standard_map, rule_texts, href), rule_id
    # What holds instead is on the rule: the Darkhaven is needed only for non-Ringwraiths, and the
    # "only at a Darkhaven" of 1.5.5 and 1.5.6 no longer holds.
    assert "2.5.24 — a Ringwraith needs a Darkhaven only to be with non-Ringwraiths" in "\n".join(
        standard_block("1.5.47", standard_map, rule_texts, href)
    )
    assert "2.6.5 — companies may combine at a non-Darkhaven site" in "\n".join(
        standard_block("1.5.5", standard_map, rule_texts, href)
    )
    assert "2.5.34 — split a company outside a Darkhaven" in "\n".join(
        standard_block("1.5.6", standard_map, rule_texts, href)
    )


def test_a_link_that_replaces_quotes_the_whole_starter_rule(data, rule_texts, standard_map):
    """Item 8: `replaces` dims the Starter rule under its replacement, so it is only for a rule the
    Standard rule restates in full; 2.5.24 changes one clause of 1.5.47 and may not replace it."""
    for link in standard_map.links:
        if link.how == "replaces":
            assert " ".join(rule_texts[link.starter].split()) in link.evidence[link.starter], link.starter
    planted = copy.deepcopy(data)
    next(raw for raw in entry(planted, "2.5.24")["links"] if raw["rule"] == "1.5.47")["how"] = "replaces"
    with pytest.raises(
        StandardMapError,
        match=r"rule 2\.5\.24, link to 1\.5\.47: a link that replaces a Starter rule quotes all of it, but "
        r"1\.5\.47's 'After being revealed, a Ringwraith operates like any other character",
    ):
        read_standard_map(planted, rule_texts)


def test_the_longer_games_change_sudden_call_on_1_1_6_and_1_1_7(standard_map, rule_texts):
    """Item 6: on 1.1.6 and 1.1.7 the longer games' line is their Sudden Call (L779, L782, L785), so
    1.1.7's 20 MPs are seen not to be enough there; on 1.1.5 it is their Audience."""
    for rule_id in ("1.1.6", "1.1.7"):
        block = "\n".join(standard_block(rule_id, standard_map, rule_texts, href))
        assert (
            "2.1.3 — 2-deck game: Sudden Call if a deck has run out twice, or once and its player has at least 25 MPs"
            in block
        )
        assert "or twice and its player has at least 30 MPs" in block and "at least 40 MPs" in block
        assert "the Audience once each deck has run out" not in block
    audience = "\n".join(standard_block("1.1.5", standard_map, rule_texts, href))
    assert "2.1.3 — 2-deck game: the Audience once each deck has run out twice" in audience
    assert "Sudden Call" not in audience


def test_the_longer_games_restrict_the_one_deck_game_s_triggers(standard_map):
    """Judges' review 2, 1: in a 2-deck game one run-out (1.1.5, 1.1.6) or 20 MPs (1.1.7) is no longer
    enough (L779, L782, L785): a requirement the Starter rules lack, so `restricts`, not `adds-to`."""
    how = {(link.standard, link.starter): link.how for link in standard_map.links}
    for game in ("2.1.3", "2.1.4", "2.1.5"):
        assert {how[(game, starter)] for starter in ("1.1.5", "1.1.6", "1.1.7")} == {"restricts"}, game


@pytest.mark.parametrize(
    "rule_id, starter, must_say, must_not_say",
    [
        # L867, L869: revealing your Ringwraith is the exception to the one-manifestation rule
        ("2.2.13", None, ["except a unique Dragon's", "revealing a Ringwraith discards the rest"], []),
        # L869 bans the reveal itself, not the discard
        ("2.2.15", None, ["a reveal not allowed if your opponent revealed him"], ["if your opponent has not"]),
        # L857-858: "in this fashion" is the fetch at the end of the untap phase; "(round up"; in play, not revealed
        ("2.2.9", "1.10.48", ["(round up)", "at the end of the turn's untap phase"], ["revealed"]),
        # L957: composition, not size; one of the companies that moved returns
        ("2.6.5", None, ["composition limits", "one that moved returns"], ["company limits allow"]),
        # L920, L869 (erratum N13): the opponent's reveal discards a follower too
        ("2.5.31", None, ["or when your opponent reveals him"], []),
        # L853: in the opponent's movement/hazard phase, tap and discard; counts against the hazard limit
        ("2.2.6", None, ["tap, discard a Nazgûl hazard", "in his movement/hazard phase", "not its normal result"], []),
        ("2.2.6", "1.10.49", ["not its normal result", "counts against the hazard limit"], []),
        # L900: a forced discard need not be at a Darkhaven
        ("2.5.8", "1.5.31", ["(if forced, need not be)", "not your Ringwraith"], []),
        # L801: any MP total used to see if you can call the Audience, not only 20 MPs
        ("2.1.11", None, ["not for calling it"], ["20 MPs"]),
        # L904: at the end of your next organization phase
        ("2.5.10", None, ["when your next organization phase ends"], []),
        # L912 "another (different)", L918 "each": not only a second one
        ("2.5.14", "1.5.33", ["another (different) Ringwraith"], ["second"]),
        # L909: a character with enough direct influence to control the character to be played
        ("2.5.13", "1.5.2", ["or one with enough direct influence to control the new one"], ["controller"]),
        # L968: a character at one of his home sites may tap
        ("2.7.4", None, ["a character may tap", "only if it is a specific site"], []),
        # L849: during your organization phase; L857: at the end of the untap phase
        ("2.2.4", None, ["in your organization phase"], []),
        ("2.2.5", None, ["in your organization phase", "if it has at least 5 cards"], []),
        ("2.2.8", None, ["as the opponent's untap phase ends", "if his Ringwraith is in play"], ["at his untap,"]),
        # L843 and L782, L785: 25 cards (30, 35 in the longer games); the copy limits, not the play deck's mix
        (
            "2.2.2",
            "1.2.6",
            ["a 25-card sideboard", "30 or 35 cards in the 3-, 4-deck games", "copy limits"],
            ["deck limits"],
        ),
        # L939: the Darkhaven the site's card names; L940: to different sites; L962: in the same company
        (
            "2.5.34",
            None,
            ["one go to the site's Darkhaven", "others to other sites by region movement"],
            ["its Darkhaven"],
        ),
        ("2.7.1", None, ["a target in his company"], []),
    ],
)
def test_a_line_keeps_what_the_judges_found_it_dropped(standard_map, rule_id, starter, must_say, must_not_say):
    """Judges' review 2, 6-12 and the minor findings: each line as a Starter rule shows it."""
    entry_ = standard_map.entries[rule_id]
    link = next((link for link in entry_.links if link.starter == starter), None)
    line = standard_map.line_of(link) if link else entry_.line
    assert all(words in line for words in must_say), line
    assert not any(words in line for words in must_not_say), line


def test_the_forced_discard_on_1_5_29_says_only_what_2_5_8_says(standard_map):
    """Judges' review 2, 2: L900 binds "when you are forced to discard a character due to a lack of available
    influence", and whether the forced discard takes the place of bringing in a character is unclear (the
    turn summary and the glossary say so): the line adds what the rule adds to 1.5.29 (L289 sets no place for
    the discard), "need not be at a Darkhaven", and restricts nothing."""
    link = next(link for link in standard_map.changed_by("1.5.29") if link.standard == "2.5.8")
    assert link.how == "adds-to"
    assert "if you must discard for lack of influence" in link.line
    assert "need not be at a Darkhaven" in link.line
    assert "instead of" not in link.line


def test_summaries_keep_what_their_rule_says(standard_map):
    """Item 7: the lines the review found without their condition or their object."""
    line = {rule_id: entry_.line for rule_id, entry_ in standard_map.entries.items()}
    assert line["2.1.8"].endswith("except kill and miscellaneous points")  # item 1, L796
    assert "if it has at least 5 cards" in line["2.2.5"] and "if it has at least 5 cards" in line["2.2.7"]
    assert "resources/characters" in line["2.2.4"] and "discard pile" in line["2.2.4"]  # L849
    assert " that " not in f" {line['2.2.9']} " and "at the end of the turn's untap phase" in line["2.2.9"]  # L857-858
    assert "if both players agree" in line["2.6.1"] and "never for a Ringwraith's company" in line["2.6.1"]


def test_the_marshalling_point_card_shows_the_exception(standard_map):
    """Item 1: the `marshalling-points` pop-up (defined by 1.1.14) names 2.1.8 with its exception."""
    cards = term_changes(("1.1.14",), standard_map, lambda rule_id: f"#r{rule_id}")
    doubled = next(card for card in cards if card["rule"] == "2.1.8")
    assert doubled["summary"].endswith("except kill and miscellaneous points")


def test_links_the_review_found_missing(standard_map):
    """Items 13, 14 and 15: Standard rules linked to every Starter rule they change."""
    how = {(link.standard, link.starter): link.how for link in standard_map.links}
    assert how[("2.5.32", "1.7.30")] == "adds-to"  # body 8 or more: wounded in the Starter game (L483)
    assert how[("2.5.32", "1.5.33")] == "restricts"  # the two reveal restrictions (L932)
    assert standard_map.entries["2.5.20"].kind == "changes"
    for starter in ("1.9.3", "1.5.24", "1.5.18", "1.6.16", "1.9.4"):
        assert ("2.5.20", starter) in how, starter
    assert how[("2.7.1", "1.7.51")] == "adds-to"
    assert how[("2.5.8", "1.5.29")] == "adds-to"
    assert how[("2.5.20", "1.5.28")] == "restricts"  # L918: always under your Ringwraith, never general influence
    assert "never general influence" in next(link.line for link in standard_map.changed_by("1.5.28"))


def test_notes_and_new_rules_name_what_they_explain(standard_map):
    """2.2.10 (L860) is about every move to and from the sideboard, 2.2.5 and 2.2.7 among them; 2.5.3 (L891)
    only announces 2.5.4-2.5.6, as 2.5.11 announces 2.5.12-2.5.13: a note, not a restriction of 1.5.43."""
    assert {"2.2.3", "2.2.4", "2.2.5", "2.2.6", "2.2.7", "2.2.8"} <= set(standard_map.entries["2.2.10"].explains)
    intro = standard_map.entries["2.5.3"]
    assert intro.kind == "note" and [link.how for link in intro.links] == ["note"]
    assert set(intro.explains) == {"2.5.4", "2.5.5", "2.5.6"}


def test_rules_stating_notes_are_rows_of_the_comparison_page(standard_map):
    """Item 16: clarifications and exceptions that state a rule of their own are `new`, so the page shows them."""
    page = comparison_markdown(standard_map, href)
    for rule_id in ("2.2.16", "2.7.2", "2.2.11", "2.5.10", "2.1.11", "2.2.10"):
        assert standard_map.entries[rule_id].kind == "new", rule_id
        assert (
            f'[{rule_id}](page.md#r{rule_id}){{: .rule-ref }} <span class="std-compare__how">new:</span> **' in page
        ), rule_id
    # A new rule that points to a Starter rule says which.
    assert "Nothing in the Starter Rules</span> (see [1.1.7](page.md#r1.1.7){: .rule-ref })" in page


def test_a_part_i_note_on_the_standard_game_is_not_called_a_starter_rule(standard_map, rule_texts):
    """Item 4: 1.1.8, 1.10.67 and 1.5.38 are Standard-only notes of Part I; 1.0.2 is a Starter rule."""
    for standard, note in (("2.1.13", "1.1.8"), ("2.6.1", "1.10.67"), ("2.5.14", "1.5.38")):
        block = "\n".join(standard_block(standard, standard_map, rule_texts, href))
        assert f"Part I note:</span> [{note}](page.md#r{note})" in block, standard
        assert "Starter rule:" not in block, standard
    assert "Starter rule:</span> [1.0.2]" in "\n".join(standard_block("2.0.2", standard_map, rule_texts, href))


def test_each_rule_says_what_the_other_game_does_with_it(standard_map, rule_texts):
    starter = "\n".join(standard_block("1.5.41", standard_map, rule_texts, href))
    assert "[2.5.2 — Orc scouts count half](page.md#r2.5.2){: .rule-ref }" in starter
    standard = "\n".join(standard_block("2.5.2", standard_map, rule_texts, href))
    assert "Changes" in standard and "[1.5.41 (adds to)](page.md#r1.5.41){: .rule-ref }" in standard
    replaced = standard_block("1.5.43", standard_map, rule_texts, href)
    assert "    replaced: true" in replaced
    assert any(
        line.startswith(
            "> **2.5.28** reads instead: Unless at a Darkhaven, a Ringwraith may not be in a "
            "company with non-Ringwraith characters."
        )
        for line in replaced
    )
    missing = "\n".join(standard_block("1.9.4", standard_map, rule_texts, href))
    assert "Missing from the source:" in missing and "(page 64, Part II section 9)" in missing
    assert "errata-and-coverage.md#what-the-source-lacks" in missing
    assert standard_block("1.7.24", standard_map, rule_texts, href) == []  # untouched by the Standard game


def test_rules_json_fields_come_from_the_map(standard_map, rule_texts):
    scouts = rule_fields("1.5.41", rule_texts["1.5.41"], standard_map)
    assert scouts["game"] == "both" and scouts["changes"] == []
    assert scouts["changed_by"] == [{"rule": "2.5.2", "how": "adds-to", "summary": "Orc scouts count half"}]
    orc = rule_fields("2.5.2", rule_texts["2.5.2"], standard_map)
    assert orc["game"] == "standard" and orc["standard_kind"] == "changes"
    assert {"rule": "1.5.41", "how": "adds-to"} in orc["changes"]
    assert rule_fields("1.5.43", rule_texts["1.5.43"], standard_map)["game"] == "starter"
    assert rule_fields("1.10.67", rule_texts["1.10.67"], standard_map)["game"] == "standard"
    assert (
        rule_fields("1.9.4", rule_texts["1.9.4"], standard_map)["standard_missing"][0]["where"]
        == "page 64, Part II section 9"
    )
    assert rule_fields("SBG-A.1.4", "", standard_map)["game"] is None


def test_the_comparison_page_has_every_change_and_new_rule_by_topic(standard_map):
    page = comparison_markdown(standard_map, href)
    for entry_ in standard_map.entries.values():
        if entry_.kind in ("changes", "new"):
            # The Standard rule, then what it does to which Starter rules, then its line.
            found = re.search(
                r"\[%s\]\(page\.md#r%s\)\{: \.rule-ref \} <span class=\"std-compare__how\">(.*?)</span> \*\*%s\*\*"
                % (re.escape(entry_.rule), re.escape(entry_.rule), re.escape(entry_.line.replace("*", "\\*"))),
                page,
            )
            assert found, entry_.rule
            changed = [link for link in entry_.links if link.how in ("replaces", "adds-to", "restricts")]
            how = re.sub(r"<[^>]+>", "", found.group(1))
            if changed:
                for link in changed:
                    assert link.starter in how and link.how.replace("-", " ") in how, (entry_.rule, how)
            else:
                assert how == "new:", (entry_.rule, how)
            for link in entry_.links:  # a line a link has of its own is on the row too
                assert not link.line or f"**{link.line}**" in page, (entry_.rule, link.starter)
    for topic in standard_map.topics:
        assert f"## {topic.title}" in page
    assert page.index("## Companies") < page.index("## Combat and kill points")
    assert (
        '[1.5.41](page.md#r1.5.41){: .rule-ref } <span class="std-compare__quote">“Normally, a company is '
        "limited to a size of seven”"
    ) in page


STATE_JS = ROOT / "docs" / "assets" / "javascripts" / "game" / "game-choice.js"
STATE_RUNNER = """
import { createSetting, parseGame, otherGame, DEFAULT_GAME } from %(module)s;
const kept = new Map();
const storage = { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, v) };
const refusing = { getItem: () => { throw new Error("denied"); }, setItem: () => { throw new Error("denied"); } };
const seen = [];
const setting = createSetting(storage, "game");
const stop = setting.subscribe((change) => seen.push(change));
const first = setting.current();
const changed = setting.set("starter"), again = setting.set("starter"), bad = setting.set("advanced");
const afterSet = setting.current(), stored = kept.get("game");
kept.set("game", "standard");                 // another tab chose the Standard game
setting.storageChanged("starter");
stop();
setting.set("standard");
const refused = createSetting(refusing, "game");
const refusedFirst = refused.current();
const refusedSet = refused.set("starter");
console.log(JSON.stringify({ first, changed, again, bad, afterSet, stored, seen, refusedFirst, refusedSet,
  refusedAfter: refused.current(), parsed: [parseGame(" Standard "), parseGame("x"), parseGame(null)],
  other: otherGame("starter"), fallback: DEFAULT_GAME }));
"""


def test_the_reading_setting_remembers_the_game_and_tells_its_listeners():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not on PATH")
    done = subprocess.run(
        [node, "--input-type=module", "-e", STATE_RUNNER % {"module": json.dumps(STATE_JS.as_uri())}],
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(done.stdout)
    assert result["first"] == "standard" == result["fallback"]  # a reader who has not chosen
    assert (result["changed"], result["again"], result["bad"]) == (True, False, False)
    assert result["afterSet"] == "starter" and result["stored"] == "starter"
    assert result["seen"] == [{"game": "starter", "previous": "standard"}, {"game": "standard", "previous": "starter"}]
    # Storage refused (a private window): the choice lives as long as the page.
    assert (result["refusedFirst"], result["refusedSet"], result["refusedAfter"]) == ("standard", True, "starter")
    assert result["parsed"] == ["standard", None, None] and result["other"] == "standard"


def test_the_comparison_page_quotes_each_starter_rule_once(standard_map):
    """The 2-, 3- and 4-deck games change the same Starter rules (1.1.5-1.1.7): their words are quoted in
    the first row that changes them, and later rows point up to it."""
    page = comparison_markdown(standard_map, href)
    assert page.count("“When each play deck has been exhausted once") == 1
    rows = [row for row in page.split('<div class="std-compare__row"') if "[2.1.4](page.md#r2.1.4)" in row]
    assert len(rows) == 1 and rows[0].count("(quoted above)") == 3, rows
