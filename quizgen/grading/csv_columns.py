"""The columns of the students and questions CSVs grade writes, in one place: the CSVs' rows
(grading/totals_csv.py) write them, and reading an answers file (grading/header_layout.py)
refuses a students CSV given in its place by its first columns."""

from __future__ import annotations

from quizgen.key.status import VERDICTS

_SCORED_NAMES = tuple(s.value for s in VERDICTS)   # the CSV columns correct, imprecise, incorrect, ... blank
STUDENT_START = ("student_id", "name", "score", "max_score", "percent")
"""The students CSV's first columns, which no answers file starts with."""
STUDENT_COLUMNS = (*STUDENT_START, *_SCORED_NAMES, "missing", "unknown_question", "superseded", "misconceptions",
                   "not_read")   # new columns last
QUESTION_COLUMNS = ("question_id", "part", "class", "template", "points", "students", *_SCORED_NAMES,
                    "missing", "percent_correct", "mean_score", "misconceptions", "ecf")   # new columns last
