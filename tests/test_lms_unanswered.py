"""Every student and question of an LMS export is accounted for: a question a
student was given but did not answer is counted (missing, or blank for an
empty answer the LMS recorded), never dropped, as for an answers CSV."""

import pytest
import csv
import io
from pathlib import Path

import quizgen
from lms_support import moodle_csv
from quizgen.lms.responses import ResponseRow, read_responses

DATA = Path(__file__).parent / "data" / "lms"
MLM, CLS = "mlm-mean-over-masked", "cls-classifier-head"


def _canvas_with_carol(tmp_path) -> Path:
    """The Canvas fixture plus Carol: no column of the cls group filled (her
    question left unanswered and no points written), MLM variant 0 answered
    blank (points 0.0)."""
    rows = list(csv.reader(io.StringIO((DATA / "canvas_student_analysis.csv").read_text(encoding="utf-8"))))
    header = rows[0]
    carol = [""] * len(header)
    for column, value in (("name", "Carol Shaw"), ("id", "503"), ("sis_id", "s003"), ("attempt", "1")):
        carol[header.index(column)] = value
    mlm0 = next(i for i, h in enumerate(header) if f"{MLM}/0:a]" in h)
    carol[mlm0 + 1] = "0.0"
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows + [carol])
    path = tmp_path / "analysis.csv"
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


def test_canvas_blank_answer_is_blank_and_a_group_with_no_filled_column_was_not_given(tmp_path):
    """Canvas writes points for every question a student was given (0.0 when
    left empty): a group with neither answer nor points was not given to them,
    and no variant of it stands in on their paper."""
    read = read_responses(_canvas_with_carol(tmp_path))
    rows = [r for r in read.rows if r.student_id == "s003"]
    assert rows == [ResponseRow("s003", "Carol Shaw", 1, None, MLM, f"1/{MLM}/0", "a", "")]
    assert read.absent == [(1, ("s003", CLS, "c"))]


@pytest.mark.slow
def test_canvas_blank_is_graded_and_a_group_not_given_is_off_the_paper_with_a_warning(tmp_path):
    result = quizgen.grade(_canvas_with_carol(tmp_path))
    matrix = result.matrix
    carol = matrix.students.index("s003")
    cells = {(s.question_id, s.part): matrix.cell(carol, n) for n, s in enumerate(matrix.slots)
             if matrix.on_paper(carol, n)}
    assert sorted((q, p, c.status and c.status.value) for (q, p), c in cells.items()) == [("Q1", "a", "blank")]
    totals = next(t for t in result.students if t.student_id == "s003")
    assert totals.score == 0 and totals.max_score > 0
    assert any("s003 cls-classifier-head (c)" in w and "left off" in w for w in result.warnings)
    text = (tmp_path / "analysis-graded-students.csv").read_text(encoding="utf-8-sig")
    header, *body = csv.reader(io.StringIO(text))
    row = next(r for r in body if r[0] == "s003")
    assert row[header.index("missing")] == "0" and row[header.index("blank")] == "1"


def test_moodle_dash_and_empty_responses_leave_the_question_unanswered(tmp_path):
    tag = "Q [quizgen:nsp-sigmoid-loss:1/nsp-sigmoid-loss/0]"
    text = moodle_csv(["Last name", "First name", "ID number", "Question 1", "Response 1"],
                      [["A", "B", "s1", tag, "-"], ["C", "D", "s2", tag, ""], ["E", "F", "s3", tag, "  "],
                       ["G", "H", "s4", tag, "part 1: ; part 2: 1.2; part 3: "]])
    (tmp_path / "responses.csv").write_text(text, encoding="utf-8")
    rows = read_responses(tmp_path / "responses.csv").rows
    assert [(r.student_id, r.part, r.answer, r.answered) for r in rows] == [
        ("s1", "", "", False), ("s2", "", "", False), ("s3", "", "", False),
        ("s4", "a", "", True), ("s4", "b", "1.2", True), ("s4", "c", "", True)]


@pytest.mark.slow
def test_a_group_missing_only_from_an_earlier_attempt_was_given(tmp_path):
    """rev-lms19: Carol's first attempt left the cls group unfilled, her second
    (the one graded) answered it; the warning still said it was not given."""
    rows = list(csv.reader(io.StringIO(_canvas_with_carol(tmp_path).read_text(encoding="utf-8"))))
    header = rows[0]
    second = list(rows[-1])
    second[header.index("attempt")] = "2"
    cls = next(i for i, h in enumerate(header) if f"{CLS}/0:c]" in h)
    second[cls], second[cls + 1] = "positive", "1.0"
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows + [second])
    path = tmp_path / "two_attempts.csv"
    path.write_text(out.getvalue(), encoding="utf-8")
    result = quizgen.grade(path)
    assert not any("s003 cls-classifier-head (c)" in w for w in result.warnings)
