"""Session 32's visual review of grade's outputs: the items CSV says why a figure
past a cut at 3 decimals is not flagged."""

import csv
import io

from quizgen.report import analyse, items_csv
from quizgen.grading.feedback_pdf import work_tex
from quizgen.grading.feedback_words import WorkList
from quizgen.report.model import Part, Student, Verdict

R, W = Verdict("correct", 1.0), Verdict("incorrect", 0.0)


def _csv_rows(analysis) -> dict:
    return {f"{row['question_id']}{row['part']}": row for row in csv.DictReader(io.StringIO(items_csv(analysis)[1:]))
            if row["level"] == "part"}


def test_an_items_csv_facility_of_0_901_says_why_it_is_not_very_easy():
    parts = [Part("Q1", "a", "C1", "t", 1.0), Part("Q2", "a", "C1", "t", 1.0)]
    students = [Student(f"s{k}", f"S {k}", [R if k < 901 else W, R if k % 2 else W]) for k in range(1000)]
    row = _csv_rows(analyse(parts, students))["Q1a"]
    assert row["facility"] == "0.901" and "very easy: almost" not in row["note"]
    assert ("not very easy: facility 0.901 is 0.90 to 2 decimals, the figure the flags compare, so not above 0.90"
            in row["note"])
    other = _csv_rows(analyse(parts, [Student(f"s{k}", "", [R if k < 906 else W, R if k % 2 else W])
                                      for k in range(1000)]))["Q1a"]
    assert "very easy: almost everyone scored" in other["note"] and "not very easy" not in other["note"]


def test_a_pdf_sheet_quotes_a_misconception_as_tex_does_and_escapes_its_name():
    name = "the \"chance\" {\\input x} 'of' `none`"
    work = WorkList([f'misconception "{name}": Q5 (c).', "Q1 (C1): marks lost in (b)."], "", ((name, "Q5 (c)"),))
    lines = work_tex(work)
    assert lines[0] == ("misconception ``{}the {\\textquotedbl}chance{\\textquotedbl} \\{\\textbackslash{}input x\\} "
                        "'of' `none`{}'': Q5 (c).")
    assert lines[1] == "Q1 (C1): marks lost in (b)."
