"""report.md's list of the items CSV's columns ended "and, last, `name`" while
an `ecf` column follows it (round 52's review, F4): the list is held to
report/tables.ITEM_COLUMNS here, every column named and the last one last."""

import re
from pathlib import Path

from quizgen.report.tables import ITEM_COLUMNS

ROOT = Path(__file__).resolve().parents[1]


def test_report_md_lists_every_items_column_and_the_last_one_last():
    text = (ROOT / "docs" / "report.md").read_text(encoding="utf-8")
    listed = text[text.index("## The items CSV"):]
    listed = " ".join(listed[:listed.index("`students` is the number of students")].split())
    assert set(ITEM_COLUMNS) <= set(re.findall(r"`(\w+)`", listed))
    assert re.search(r"and, last, `(\w+)`", listed)[1] == ITEM_COLUMNS[-1]
