"""The command line: readable text, --json, and one-line errors with status 2."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.cli import run_cli

REPO = Path(__file__).resolve().parents[2]

COMMANDS = {
    "strike": ["--prowess", "5", "--strike-prowess", "11", "--state", "tapped", "--body", "8", "--discard-on", "8"],
    "corruption": ["--points", "5", "--checks", "3"],
    "influence": ["--required", "10", "--direct-influence", "2", "--modifier", "+3", "--modifier", "+2"],
    "keying": ["--path", "s d d s d", "--site", "DH"],
    "hazard-limit": ["--characters", "3", "--halved"],
    "audience": [
        "--me",
        "character=7,item=4,faction=5,ally=2,kill=0,misc=2",
        "--opponent",
        "character=11,item=5,faction=0,ally=2",
        "--revealed-against-me",
        "3",
    ],
}


@pytest.mark.parametrize("name", COMMANDS)
def test_readable_summary(name, capsys):
    status, out, err = run_cli(capsys, name, *COMMANDS[name])
    assert status == 0 and err == ""
    assert "Steps:" in out and "[MELE " in out


@pytest.mark.parametrize("name", COMMANDS)
def test_json_output(name, capsys):
    status, out, _ = run_cli(capsys, name, *COMMANDS[name], "--json")
    assert status == 0
    data = json.loads(out)
    assert data["calculator"] == name
    assert sum(__import__("fractions").Fraction(v) for v in data["outcomes"].values()) == 1


def test_strike_json_fractions(capsys):
    _, out, _ = run_cli(
        capsys, "strike", "--prowess", "4", "--strike-prowess", "10", "--support", "3", "--body", "8", "--json"
    )
    data = json.loads(out)
    assert data["least_roll"] == 4
    assert data["outcomes"]["defeated"] == "11/12"
    assert data["outcomes"]["ineffectual"] == "1/18"


def test_strike_roll_mode(capsys):
    _, out, _ = run_cli(
        capsys,
        "strike",
        "--prowess",
        "5",
        "--strike-prowess",
        "11",
        "--state",
        "tapped",
        "--body",
        "8",
        "--discard-on",
        "8",
        "--roll",
        "3",
        "--body-roll",
        "8",
    )
    assert "Outcome: discarded" in out


def test_keying_json(capsys):
    _, out, _ = run_cli(capsys, "keying", "--path", "s w f b", "--doors-of-night", "--fell-winter", "--json")
    assert json.loads(out)["path"] == ["s", "w", "b", "w"]


def test_corruption_removal_and_ringwraith(capsys):
    _, out, _ = run_cli(capsys, "corruption", "--remove", "6", "--no-tap", "--json")
    assert json.loads(out)["least_roll"] == 10
    _, out, _ = run_cli(capsys, "corruption", "--points", "9", "--ringwraith")
    assert "never make corruption checks" in out


def test_audience_winner(capsys):
    _, out, _ = run_cli(capsys, "audience", *COMMANDS["audience"], "--json")
    data = json.loads(out)
    assert (data["me"]["final_total"], data["opponent"]["final_total"], data["winner"]) == (22, 14, "me")


BAD = [
    (["strike", "--prowess", "55", "--strike-prowess", "10"], "Prowess must be between -20 and 40; you gave 55."),
    (["strike", "--prowess", "5"], "must be given"),
    (["strike", "--prowess", "five", "--strike-prowess", "10"], "whole number"),
    (["strike", "--prowess", "5", "--strike-prowess", "10", "--discard-on", "7,14"], "between 2 and 13"),
    (["strike", "--prowess", "5", "--strike-prowess", "10", "--state", "dead"], "untapped, tapped, wounded"),
    (["strike", "--prowess", "5", "--strike-prowess", "10", "--roll", "13", "--body", "8"], "between 2 and 12"),
    (["corruption", "--points", "-2"], "can't be negative"),
    (["corruption"], "must be given"),
    (["influence", "--required", "10", "--modifier", "x"], "whole number"),
    (["keying", "--path", "s z d"], "Unknown region letter 'z'"),
    (["keying", "--path", "s", "--site", "H"], "DH, F, B, R, S, D"),
    (["hazard-limit", "--characters", "-1"], "between 0 and 50"),
    (["audience", "--me", "wizard=4"], "Unknown marshalling point type"),
    (["teleport"], "invalid choice"),
    (["strike", "--prowess", "5", "--strike-prowess", "10", "--bogus"], "unrecognized arguments"),
]


@pytest.mark.parametrize("argv, words", BAD)
def test_bad_input_is_one_line_with_status_2(argv, words, capsys):
    status, out, err = run_cli(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and words in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["strike", "--prowess", "4", "--strike-prowess", "10", "--support", "3", "--body", "8", "--json"],
        ["strike", "--prowess", "55", "--strike-prowess", "10"],
    ],
)
def test_python_dash_m(argv):
    process = subprocess.run(
        [sys.executable, "-m", "calculators", *argv], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    if "55" in argv:
        assert process.returncode == 2
        assert process.stderr.strip().splitlines() == [
            "python -m calculators strike: error: Prowess must be between -20 and 40; you gave 55."
        ]
    else:
        assert process.returncode == 0, process.stderr
        assert json.loads(process.stdout)["modified_prowess"] == 7
