"""The lost-part rule (quizgen.lost_parts) everywhere: a student marked only by overrides answered
nothing, so they are not counted among the LOST_AMONG students answering; grade's summary note on a
part nobody answered follows the same rule as the class report and the feedback sheets."""

import pytest

from quizgen.lost_parts import lost_columns
from quizgen.report import analyse
from quizgen.report.model import Part, Student, Verdict
from test_review50b import answer, key_of, run, write

RIGHT, MISSING = Verdict("correct", 1.0), Verdict("missing", 0.0)
PARTS = [Part("Q1", "a", "C1", "t", 1), Part("Q2", "a", "C1", "t", 1), Part("Q3", "a", "C1", "t", 1)]


def test_a_student_marked_only_by_overrides_is_not_counted_among_the_three():
    rows = [[True, False, True]] * 2 + [[True, False, False]]
    assert lost_columns(rows, 3) == {1}
    assert lost_columns(rows, 3, only_marked=[2]) == frozenset()
    assert lost_columns(rows + [[False, False, True]], 3, only_marked=[2]) == {1}   # three answering again


@pytest.mark.parametrize("overridden, lost", [(True, []), (False, ["Q2a"])])
def test_the_report_does_not_count_them_either(overridden, lost):
    students = [Student(f"s{n}", "", [RIGHT, MISSING, RIGHT]) for n in range(2)]
    students.append(Student("s3", "", [RIGHT, MISSING, MISSING], only_overrides=overridden))
    assert analyse(PARTS, students).unanswered == lost


def _grade(folder, students: list, overridden: bool = False) -> tuple:
    """``students`` answering every part of a C1,C2 paper but Q2b (and, when ``overridden``, s9 on the
    roster marked only by an override on Q1a): grade's output, the report and s1's sheet."""
    folder.mkdir()
    rows = [["student_id", "question_id", "part", "answer"]]
    rows += [[s, q, letter, answer(part)] for q, letter, part in key_of(folder, "C1,C2") if (q, letter) != ("Q2", "b")
             for s in students]
    write(folder / "answers.csv", rows)
    write(folder / "ov.csv", [["student_id", "question_id", "part", "points", "comment"], ["s9", "Q1", "a", "1", "paper"]])
    args = ["grade", "answers.csv", "--key", "quiz/key.json", "--out", "out", "--feedback", "out/sheets", "--no-html"]
    write(folder / "roster.csv", [["student_id", "name"], *([s, ""] for s in students), ["s9", "On Paper"]])
    output = run(args + ["--overrides", "ov.csv", "--roster", "roster.csv"] * overridden, folder)
    out = folder / "out"
    return output, (out / "answers-graded-report.md").read_text(encoding="utf-8"), \
        (out / "sheets" / "s1.md").read_text(encoding="utf-8")


@pytest.mark.slow
def test_summary_report_and_sheets_follow_one_rule(tmp_path):
    output, report, sheet = _grade(tmp_path / "two", ["s1", "s2"], overridden=True)
    assert "(and 1 row made by overrides) from 3 students" in output   # s9 graded, marked only by the override
    assert "No student answered" not in output and "No student answered" not in report
    assert "Q2 (b): you gave no answer" in sheet and "from anyone in the class" not in sheet
    output, report, sheet = _grade(tmp_path / "three", ["s1", "s2", "s3"])
    assert "Note: No student answered Q2 (b): no row of the answers file names it" in output
    assert "No student answered Q2b: the answer form or its export likely lost it" in report
    assert "No answers to Q2 (b) were received from anyone in the class" in sheet
