"""The docs' lists of function names follow maths/functions.py's table (review 54b F12:
a function added as one row, as docs/architecture.md says, left three hand-written lists
in docs/templates.md and docs/maths.md behind, and no test saw it)."""

import re
from pathlib import Path

from quizgen.maths.functions import ANSWER_FUNCTIONS, ROWS, TABLE

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _names(text: str) -> set:
    """Names in backticks, alone (`exp`) or called (`count(list, value)`)."""
    return set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)[`(]", text))


def _between(text: str, start: str, end: str) -> str:
    head = text.index(start) + len(start)
    return text[head:text.index(end, head)]


def test_reserved_names_list_every_function():
    text = (DOCS / "templates.md").read_text(encoding="utf-8")
    listed = _names(_between(text, "the function names", "are\nrefused"))
    assert listed == set(TABLE)


def test_expressions_section_names_every_function():
    text = (DOCS / "templates.md").read_text(encoding="utf-8")
    section = _between(text, "## Expressions", "\n## ")
    assert set(TABLE) - _names(section) == set()


def _row_words(text: str, column: str) -> set:
    row = next(line for line in text.splitlines() if line.startswith(f"| `{column}` |"))
    listed = re.search(r"\(`([a-z0-9 ]+)`", row).group(1)
    return set(listed.split())


def test_maths_table_lists_answer_and_increasing_functions():
    text = (DOCS / "maths.md").read_text(encoding="utf-8")
    assert _row_words(text, "answers") == set(ANSWER_FUNCTIONS)
    assert _row_words(text, "increasing") == {row.name for row in ROWS if row.increasing}
