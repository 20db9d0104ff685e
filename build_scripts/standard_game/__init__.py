"""The Starter and the Standard game: how the Standard Rules (Part II) change the Starter Rules
(Part I), from one map with evidence (sources/standard-changes.yaml), and what the site shows of it:
the lines on each rule, the fields of rules.json, the comparison page."""
