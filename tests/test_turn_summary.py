"""The full turn summary: data rules and the built pages."""

from __future__ import annotations

import pytest

from build_scripts import paths
from build_scripts.turn_summary import PHASE_IDS, TurnSummaryError, load_turn_summary
from tests.conftest import soup_of


def test_all_phases_and_the_audience_are_present_and_every_step_cites_rules(rules):
    ids = {r["id"] for r in rules}
    phases = load_turn_summary(paths.SOURCES / "turn-summary.yaml", ids)
    assert tuple(p.id for p in phases) == PHASE_IDS
    for phase in phases:
        assert phase.steps, phase.id
        for step in phase.steps:
            assert step.rules and set(step.rules) <= ids
    assert any(step.standard for phase in phases for step in phase.steps)


def test_unknown_rule_ids_are_refused(tmp_path):
    data = "phases:\n" + "".join(
        f"  - {{id: {p}, name: {p}, steps: [{{text: t, who: player, rules: ['9.9.9']}}]}}\n" for p in PHASE_IDS)
    (tmp_path / "t.yaml").write_text(data, encoding="utf-8")
    with pytest.raises(TurnSummaryError, match="unknown rules"):
        load_turn_summary(tmp_path / "t.yaml", {"1.1.1"})


def test_turn_summary_page_is_collapsible_with_rule_links(site):
    soup = soup_of(site / "turn-summary" / "index.html")
    phases = soup.select("details.phase")
    assert len(phases) == len(PHASE_IDS)
    assert not any(p.has_attr("open") for p in phases)
    for phase in phases:
        assert phase.select("a.rule-ref"), phase.get("id")
    assert soup.select(".std-badge")
    assert soup.select_one('a[href$="errata-and-coverage/"]')


def test_printable_version_has_every_phase_open(site):
    soup = soup_of(site / "turn-summary-print" / "index.html")
    phases = soup.select("details.phase")
    assert len(phases) == len(PHASE_IDS) and all(p.has_attr("open") for p in phases)


def test_brief_summary_links_to_the_full_one(site):
    soup = soup_of(site / "rules" / "0-3-brief-player-turn-summary" / "index.html")
    assert soup.select_one('.see-also a[href$="turn-summary/"]')
