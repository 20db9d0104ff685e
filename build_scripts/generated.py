"""What prebuild writes into docs/ says so in its first line, for a reader who opens it there: a
page's generated Markdown, a page of data's JSON, a stylesheet, the plain-text rulebook. tests/site/test_generated_files.py holds every
generated file to it."""

from __future__ import annotations

NOTE_FIELD = "generated"  # JSON has no comments: the note is its first field, {"generated": "by ..."}
FIELD_NOTE = "by `python -m build_scripts prebuild` from sources/, do not edit"
NOTE = f"{NOTE_FIELD} {FIELD_NOTE}"
FRONT_MATTER = "---\n"


def generated_markdown(markdown: str) -> str:
    """The page with the note first: as a comment on the first line inside its front matter (MkDocs
    reads front matter only at the very start of a file), or as an HTML comment before a page that
    has none."""
    if markdown.startswith(FRONT_MATTER):
        return f"{FRONT_MATTER}# {NOTE}\n{markdown.removeprefix(FRONT_MATTER)}"
    return f"<!-- {NOTE} -->\n{markdown}"


def generated_data(data: dict) -> dict:
    """The object with the note as its first field."""
    return {NOTE_FIELD: FIELD_NOTE, **data}


def generated_css(css: str) -> str:
    return f"/* {NOTE} */\n{css}"


def generated_text(text: str) -> str:
    """Plain text (rules.txt, whose own lines begin with "#" for headings) with the note first."""
    return f"# {NOTE}\n{text}"
