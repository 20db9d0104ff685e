"""The Strategy Battle Game calculators through the command line and api.run."""

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from calculators.api import run
from tests.support.cli import run_cli

REPO = Path(__file__).resolve().parents[2]

COMMANDS = {
    "swim": ["--edition", "advanced", "--cavalry", "--shield", "--banner"],
    "passenger-hit": [],
    "mount": [],
}


@pytest.mark.parametrize("name", COMMANDS)
def test_readable_summary_cites_sbg_rules(name, capsys):
    status, out, err = run_cli(capsys, name, *COMMANDS[name])
    assert status == 0 and err == ""
    assert "Steps:" in out and "[SBG-A." in out and "[MELE " not in out


@pytest.mark.parametrize("name", COMMANDS)
def test_json_output(name, capsys):
    status, out, _ = run_cli(capsys, name, *COMMANDS[name], "--json")
    assert status == 0
    data = json.loads(out)
    assert data["calculator"] == name and data["mode"] == "chances"
    assert sum(Fraction(v) for v in data["outcomes"].values()) == 1


def test_swim_json(capsys):
    _, out, _ = run_cli(capsys, "swim", "--edition", "advanced", "--heavy-armour", "--shield", "--json")
    data = json.loads(out)
    assert data["outcomes"] == {"sink": "1/2", "swim": "1/2", "swim_strongly": "0"}
    assert data["modifier"] == -2 and data["chart_missing"] is False


def test_swim_article_json_says_the_chart_is_missing(capsys):
    _, out, _ = run_cli(capsys, "swim", "--edition", "article", "--no-armour", "--shield", "--json")
    data = json.loads(out)
    assert data["chart_missing"] is True
    assert data["outcomes"] == {str(n): "1/6" for n in range(1, 7)}
    assert any("missing" in step["note"] for step in data["explain"])
    _, out, _ = run_cli(capsys, "swim", "--edition", "article")
    assert "Swimming chart is missing" in out


def test_roll_mode(capsys):
    _, out, _ = run_cli(capsys, "swim", "--edition", "advanced", "--cavalry", "--roll", "1")
    assert "Outcome: swim" in out and "Modified roll: 2" in out
    _, out, _ = run_cli(capsys, "passenger-hit", "--roll", "3")
    assert "Outcome: passenger" in out
    _, out, _ = run_cli(capsys, "mount", "--roll", "6", "--json")
    assert json.loads(out)["outcome"] == "mounts_cavalry_may_activate"


BAD = [
    (["swim"], "The edition must be given"),
    (["swim", "--edition", "modern"], "advanced, article"),
    (["swim", "--edition", "article", "--cavalry"], "mounted models may not attempt to swim"),
    (["swim", "--edition", "article", "--banner"], "no modifier for a banner"),
    (["swim", "--edition", "article", "--prone-in-deep"], "no -1 for a model knocked Prone"),
    (["swim", "--edition", "article", "--no-armour", "--heavy-armour"], "at once"),
    (["swim", "--edition", "advanced", "--no-armour"], "advanced edition has no modifier"),
    (["swim", "--edition", "advanced", "--roll", "7"], "between 1 and 6"),
    (["swim", "--edition", "advanced", "--roll", "two"], "whole number"),
    (["passenger-hit", "--roll", "0"], "between 1 and 6"),
    (["mount", "--roll", "9"], "between 1 and 6"),
    (["mount", "--cavalry"], "unrecognized arguments"),
]


@pytest.mark.parametrize("argv, words", BAD)
def test_bad_input_is_one_line_with_status_2(argv, words, capsys):
    status, out, err = run_cli(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and words in err
    assert "Traceback" not in err


def test_python_dash_m():
    process = subprocess.run(
        [sys.executable, "-m", "calculators", "swim", "--edition", "article", "--cavalry"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert process.returncode == 2
    lines = process.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("python -m calculators swim: error: In the boats article")
    process = subprocess.run(
        [sys.executable, "-m", "calculators", "mount", "--json"], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    assert process.returncode == 0, process.stderr
    assert json.loads(process.stdout)["outcomes"]["mounts"] == "2/3"


@pytest.mark.parametrize(
    "name, params, field",
    [
        ("swim", {}, "edition"),
        ("swim", {"edition": "both"}, "edition"),
        ("swim", {"edition": "article", "cavalry": True}, "cavalry"),
        ("swim", {"edition": "article", "banner": "true"}, "banner"),
        ("swim", {"edition": "article", "prone_in_deep": True}, "prone_in_deep"),
        ("swim", {"edition": "article", "no_armour": True, "heavy_armour": True}, "no_armour"),
        ("swim", {"edition": "advanced", "no_armour": True}, "no_armour"),
        ("swim", {"edition": "advanced", "shield": "maybe"}, "shield"),
        ("swim", {"edition": "advanced", "roll": 0}, "roll"),
        ("swim", {"edition": "advanced", "light_shield": True}, "light_shield"),
        ("passenger-hit", {"roll": 7}, "roll"),
        ("passenger-hit", {"passengers": 2}, "passengers"),
        ("mount", {"roll": "six"}, "roll"),
    ],
)
def test_api_error_shape(name, params, field):
    data = run(name, params)
    assert set(data) == {"error"}
    assert set(data["error"]) == {"field", "message"}
    assert data["error"]["field"] == field
    assert data["error"]["message"].endswith(".")


def test_api_accepts_url_strings():
    data = run("swim", {"edition": " Advanced ", "cavalry": "true", "shield": "false", "roll": "5"})
    assert (data["mode"], data["modified_roll"], data["outcome"]) == ("roll", 6, "swim_strongly")
    assert run("swim", {"edition": "article", "heavy_armour": True, "shield": True})["modifier"] == -2
