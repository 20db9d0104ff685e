"""Every file prebuild writes into docs/ says in its first line that it is generated and must not be
edited (build_scripts/generated.py): a page in the first line of its front matter, which MkDocs
needs at the very start of the file (and which still gives the page its title), a JSON file in its
first field, since JSON has no comments."""

from __future__ import annotations

import json
import subprocess

from build_scripts.generated import FIELD_NOTE, NOTE, NOTE_FIELD, generated_data, generated_markdown
from tests.support.site import ROOT, soup_of


def generated_files() -> list[str]:
    """The files under docs/ that git ignores: what prebuild writes there."""
    listed = subprocess.run(
        ["git", "ls-files", "--others", "--ignored", "--exclude-standard", "docs"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return sorted(listed.splitlines())


def says_it_is_generated(name: str, text: str) -> bool:
    if name.endswith(".json"):
        return next(iter(json.loads(text).items()), None) == (NOTE_FIELD, FIELD_NOTE)
    lines = text.splitlines()
    if name.endswith(".css"):
        return lines[:1] == [f"/* {NOTE} */"]
    if name.endswith(".txt"):
        return lines[:1] == [f"# {NOTE}"]
    return lines[:2] == ["---", f"# {NOTE}"] or lines[:1] == [f"<!-- {NOTE} -->"]


def test_every_generated_file_says_so_first(site):
    names = generated_files()
    assert {
        "docs/glossary.md",
        "docs/rules/1-7-combat.md",
        "docs/ruling-data.json",
        "docs/assets/glossary.json",
    } <= set(names)
    silent = [name for name in names if not says_it_is_generated(name, (ROOT / name).read_text(encoding="utf-8"))]
    assert not silent, f"generated without saying so in the first line: {silent}"


def test_a_generated_page_keeps_its_title(site):
    assert soup_of(site / "glossary" / "index.html").title.text.startswith("Glossary - ")


def test_the_note_goes_first_whatever_the_page_or_data():
    page = generated_markdown("---\ntitle: Glossary\n---\n# Glossary\n")
    assert page == f"---\n# {NOTE}\ntitle: Glossary\n---\n# Glossary\n"
    assert generated_markdown("# No front matter\n") == f"<!-- {NOTE} -->\n# No front matter\n"
    assert says_it_is_generated("a.md", page) and not says_it_is_generated("a.md", "---\ntitle: x\n---\n")
    data = json.dumps(generated_data({"terms": {}}))
    assert data.startswith('{"generated": "by ') and says_it_is_generated("a.json", data)
    assert not says_it_is_generated("a.json", '{"terms": {}}')
