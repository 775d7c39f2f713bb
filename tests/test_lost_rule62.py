"""One rule for a part lost by the answer form or its export, shared by the class report and the
feedback sheets: no student answered it while at least LOST_AMONG (3) students answered some part."""

from pathlib import Path

import pytest

from quizgen.lost_parts import LOST_AMONG, lost_columns
from quizgen.report import analyse, markdown_sections
from quizgen.report.model import Part, Student, Verdict
from test_review50b import answer, key_of, run, write

RIGHT, MISSING = Verdict("correct", 1.0), Verdict("missing", 0.0)
PARTS = [Part("Q1", "a", "C1", "t", 1), Part("Q2", "a", "C1", "t", 1), Part("Q3", "a", "C1", "t", 1)]


def _class(size: int) -> list:
    """``size`` students who answered Q1a and Q3a, none Q2a (a part in the middle)."""
    return [Student(f"s{n}", "", [RIGHT, MISSING, RIGHT]) for n in range(size)]


def test_the_rule_needs_three_students_answering_something():
    assert LOST_AMONG == 3
    rows = [[True, False, True]] * 2
    assert lost_columns(rows, 3) == frozenset()
    assert lost_columns(rows + [[False, False, False]], 3) == frozenset()   # nothing answered: not counted
    assert lost_columns(rows + [[True, False, False]], 3) == {1}


@pytest.mark.parametrize("size, lost", [(2, []), (3, ["Q2a"])])
def test_the_report_calls_a_part_lost_only_among_three_or_more(size, lost):
    analysis = analyse(PARTS, _class(size))
    assert analysis.unanswered == lost
    assert ("No student answered Q2a" in markdown_sections(analysis)) == bool(lost)


def _grade(folder: Path, students: list) -> tuple:
    """Grade ``students`` answering every part of a C1,C2 paper but Q2b; the report and s1's sheet."""
    folder.mkdir()
    rows = [["student_id", "question_id", "part", "answer"]]
    rows += [[s, q, letter, answer(part)] for q, letter, part in key_of(folder, "C1,C2") if (q, letter) != ("Q2", "b")
             for s in students]
    write(folder / "answers.csv", rows)
    run(["grade", "answers.csv", "--key", "quiz/key.json", "--out", "out", "--feedback", "out/sheets"], folder)
    out = folder / "out"
    return (out / "answers-graded-report.md").read_text(encoding="utf-8"), \
        (out / "sheets" / "s1.md").read_text(encoding="utf-8")


@pytest.mark.slow
def test_report_and_sheets_agree_on_a_part_nobody_answered(tmp_path):
    report, sheet = _grade(tmp_path / "two", ["s1", "s2"])
    assert "No student answered Q2b" not in report and "- s1: Q2b" in report   # stopped early, as the sheet says
    assert "Q2 (b): you gave no answer" in sheet and "from anyone in the class" not in sheet
    report, sheet = _grade(tmp_path / "three", ["s1", "s2", "s3"])
    assert "No student answered Q2b: the answer form or its export likely lost it" in report
    assert "No answers to Q2 (b) were received from anyone in the class" in sheet
    assert "you gave no answer" not in sheet
