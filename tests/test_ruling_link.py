"""The ruling's address (docs/assets/javascripts/ruling/link.js), run in Node: what a
link holds, what it leaves out and why, and that a ruling written to an address reads
back the same. Nothing here needs the site or a browser."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from tests.support.site import ROOT

LINK_JS = ROOT / "docs" / "assets" / "javascripts" / "ruling" / "link.js"
KNOWN = ["1.7.25", "1.7.28", "1.1.21", "1.5.41", "SBG-A.1.4"]
CALCULATORS = {"calculators/strike/": {}}
SITE_ROOT = "https://rules.example.org/mele/"

# Reads each search with link.js and prints the results as JSON.
RUNNER = """
import { calculatorPath, readRuling, rulingQuery, sameRuling, TEXT_LIMIT } from %(module)s;
const [known, pages, root, searches] = JSON.parse(process.argv[1]);
const read = (search) => readRuling(search, (id) => known.includes(id), (link) => calculatorPath(link, root, pages));
const out = searches.map((search) => {
  const { ruling, problems } = read(search);
  const again = read(rulingQuery(ruling)).ruling;
  return { ruling, problems, query: rulingQuery(ruling), roundTrip: sameRuling(ruling, again) };
});
console.log(JSON.stringify({ limit: TEXT_LIMIT, out }));
"""


def read_links(*searches: str) -> list[dict]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not on PATH")
    script = RUNNER % {"module": json.dumps(LINK_JS.as_uri())}
    done = subprocess.run([node, "--input-type=module", "-e", script,
                           json.dumps([KNOWN, CALCULATORS, SITE_ROOT, list(searches)])],
                          capture_output=True, text=True, check=True)
    result = json.loads(done.stdout)
    assert result["limit"] == 2000
    return result["out"]


def test_a_clean_link_reads_back_exactly():
    [link] = read_links("?r=1.7.25,1.7.28&question=Does%20it%20tap%3F&a=No.&c=calculators%2Fstrike%2F%3Fstrike.prowess%3D6%23calc-strike")
    assert link["ruling"] == {"rules": ["1.7.25", "1.7.28"], "question": "Does it tap?", "answer": "No.",
                              "calculator": "calculators/strike/?strike.prowess=6#calc-strike", "game": ""}
    assert link["problems"] == []
    assert link["query"].startswith("?r=1.7.25,1.7.28&question=")   # ids stay readable in the address
    assert link["roundTrip"]


def test_unknown_duplicated_and_malformed_ids_leave_the_rest_and_say_so():
    [link] = read_links("?r=1.7.25,9.9.99,1.7.25,abc,1.7,sbg-a.1.4,,%3Cscript%3E")
    assert link["ruling"]["rules"] == ["1.7.25", "SBG-A.1.4"]
    problems = " ".join(link["problems"])
    assert "No such rule on this site, left out: 9.9.99." in problems
    assert "Listed more than once, shown once: 1.7.25." in problems
    assert "Not rule numbers, left out: “abc”, “1.7”, “<script>”." in problems
    assert link["roundTrip"]


def test_a_flood_of_bad_ids_is_summed_up_not_listed():
    [link] = read_links("?r=" + ",".join(f"x{n}" for n in range(500)))
    assert link["ruling"]["rules"] == []
    [problem] = link["problems"]
    assert problem.count("“") == 8 and "and 492 more" in problem


def test_an_over_long_question_is_kept_whole_and_the_reader_told():
    question = "q" * 2345
    [link] = read_links(f"?r=1.7.25&question={question}&a=short")
    assert link["ruling"]["question"] == question   # the page shows the first 2,000 (browser test)
    assert link["problems"] == ["The question in this link is 2,345 characters long; only the first 2,000 are shown."]


@pytest.mark.parametrize("calculator", [
    "javascript:alert(1)",
    "https://evil.example/mele/calculators/strike/",
    "//evil.example/mele/calculators/strike/",
    "https://user:pw@rules.example.org/mele/calculators/strike/",
    "https://rules.example.org/calculators/strike/",          # outside the site's root
    "calculators/no-such-calculator/",
    "rules/1-7-combat/",
])
def test_only_this_sites_calculator_pages_can_be_attached(calculator):
    [link] = read_links("?r=1.7.25&c=" + calculator.replace("&", "%26").replace("#", "%23"))
    assert link["ruling"]["calculator"] == ""
    assert link["problems"] == ["The calculator link was left out: a ruling can only link to this site's calculator pages."]
    assert link["ruling"]["rules"] == ["1.7.25"]


def test_a_calculator_link_is_kept_relative_to_the_site():
    [link] = read_links("?c=https%3A%2F%2Frules.example.org%2Fmele%2Fcalculators%2Fstrike%2F%3Fstrike.prowess%3D6")
    assert link["ruling"]["calculator"] == "calculators/strike/?strike.prowess=6"
    assert link["problems"] == []


def test_a_ruling_link_carries_the_game_it_was_made_for():
    """A ruling records the game (the reading setting) in its link, and the link reads it back;
    a game the site does not know is left out with a sentence, the rest of the ruling kept."""
    made, shouting, unknown, alone = read_links("?r=1.5.41&g=standard", "?r=1.5.41&g=%20Starter",
                                                "?r=1.7.25&g=advanced", "?g=starter")
    assert made["ruling"]["game"] == "standard" and made["query"] == "?r=1.5.41&g=standard" and made["problems"] == []
    assert shouting["ruling"]["game"] == "starter" and shouting["query"].endswith("&g=starter")
    assert unknown["ruling"] == {"rules": ["1.7.25"], "question": "", "answer": "", "calculator": "", "game": ""}
    assert unknown["problems"] == ["The game in this link, “advanced”, is not one this site knows (starter or standard): "
                                   "the ruling is shown in the game you are reading."]
    assert alone["query"] == "" and alone["ruling"]["game"] == "starter"   # an empty ruling has no address
