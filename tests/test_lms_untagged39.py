"""A question cell of an LMS download with no ``[quizgen:...]`` tag: a
question of the teacher's own (untagged on every row) or a quizgen question
whose tag line one row lost. Both were dropped without a word, the student's
paper shrinking and their grade going up; now one warning names them (and
since lost40, a person marks the lost-tag cell: test_lms_lost_tag40.py)."""

import csv
import io
import re
from pathlib import Path

import pytest

from lms_support import exported_download, moodle_csv
from quizgen.lms.responses import read_responses
from quizgen.lms.untagged import Untagged, untagged_warning

DATA = Path(__file__).parent / "data" / "lms"
TAG = re.compile(r"\[quizgen:[^\]]*\]")


def _moodle_rows() -> list:
    return list(csv.reader(io.StringIO((DATA / "moodle_responses.csv").read_text(encoding="utf-8"))))


def test_a_moodle_cell_that_lost_its_tag_is_listed_with_its_row_and_student(tmp_path):
    header, *rows = _moodle_rows()
    column = header.index("Question 1")
    rows[0][column] = TAG.sub("", rows[0][column])
    path = tmp_path / "responses.csv"
    path.write_text(moodle_csv(header, rows), encoding="utf-8")
    read = read_responses(path)
    assert read.untagged == [Untagged("Question 1", "s001", 1, 1, True)]
    lost = [r for r in read.rows if r.student_id == "s001" and r.attempt == 1 and r.slot == 1]   # lost40: read, for a person
    assert [(r.template, r.variant, r.part, r.answer, r.tag_lost) for r in lost] == [
        ("", "", "a", "0.5744", True), ("", "", "b", "0.5544", True), ("", "", "c", "", True)]


def test_a_moodle_question_of_ones_own_is_one_entry_and_a_description_none(tmp_path):
    """Question 3 (a description: '-' on every row) is no question; an answered
    Question 4 with no tag on any row (an honour code) is listed once."""
    header, *rows = _moodle_rows()
    header += ["Question 4", "Response 4", "Right answer 4"]
    rows = [row + ["I confirm this is my own work.", "True", "True"] for row in rows]
    path = tmp_path / "responses.csv"
    path.write_text(moodle_csv(header, rows), encoding="utf-8")
    assert read_responses(path).untagged == [Untagged("Question 4", answered=True)]


def test_a_canvas_column_with_no_tag_is_listed_unless_it_is_worth_no_points(tmp_path):
    header, *rows = list(csv.reader(io.StringIO((DATA / "canvas_student_analysis.csv").read_text(encoding="utf-8"))))
    where = header.index("n correct")
    header[where:where] = ["9999: I confirm this is my own work.", "1.0"]
    rows = [row[:where] + ["True", "1.0"] + row[where:] for row in rows]
    path = tmp_path / "analysis.csv"
    path.write_text(moodle_csv(header, rows), encoding="utf-8")
    assert read_responses(path).untagged == [Untagged("9999: I confirm this is my own work.", answered=True)]   # not 9104 (0.0 points)


def test_the_warning_names_columns_and_a_bounded_list_of_rows():
    lost = [Untagged("Question 2", f"s{n:03d}", 1, n, True) for n in range(1, 9)]
    whole, cells = untagged_warning("r.csv", "moodle", [Untagged("Question 11", answered=True)] + lost)
    assert whole.startswith("r.csv: 1 question column(s) carry no [quizgen:...] tag on any row ('Question 11')")
    assert "left out of quizgen's maximum" in whole and "Moodle's own grade still counts it" in whole
    assert cells.startswith("r.csv: 8 question cells lost the [quizgen:...] tag the other rows of their column "
                            "carry ('Question 2' of row 1 (s001), 'Question 2' of row 2 (s002), ")
    assert "of row 5 (s005) and 3 more)" in cells and "each part of it is needs_review" in cells
    assert "left out of that student's maximum" not in cells   # lost40: a person marks it
    left = untagged_warning("r.csv", "moodle", [lost[0]._replace(left_out=True)])
    assert left[0].startswith("r.csv: 1 question cell lost the [quizgen:...] tag the other rows of its column "
                              "carry ('Question 2' of row 1 (s001)), and the other rows of the attempts graded do not "
                              "tell which parts and points it has")
    assert "left out of that student's maximum" in left[0]
    assert untagged_warning("r.csv", "canvas", []) == []


@pytest.mark.slow
def test_grade_warns_of_a_lost_tag_and_a_question_of_ones_own(tmp_path, invoke):
    """s000's Question 1 lost its tag line, and the teacher added an answered
    Question 3 of their own: both were left out of the marks without a word."""
    header, *rows = exported_download(invoke, tmp_path, "C1,C7", 2, 2)
    column = header.index("Question 1")
    rows[0][column] = TAG.sub("", rows[0][column])
    header += ["Question 3", "Response 3", "Right answer 3"]
    rows = [row + ["Honour code: I worked alone.", "True", "True"] for row in rows]
    (tmp_path / "responses.csv").write_text(moodle_csv(header, rows), encoding="utf-8")
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json",
                    "--out", f"{tmp_path / 'out'}/")
    assert result.exit_code == 0, result.output
    said = " ".join(result.stderr.split())
    assert ("quizgen: warning: responses.csv: 1 question column(s) carry no [quizgen:...] tag on any row "
            "('Question 3')") in said
    assert ("quizgen: warning: responses.csv: 1 question cell lost the [quizgen:...] tag the other rows of its "
            "column carry ('Question 1' of row 1 (s000))") in said


@pytest.mark.slow
def test_grade_warns_of_a_canvas_question_of_ones_own(tmp_path):
    from test_canvasecf23 import V01, canvas_download, invoke

    path = canvas_download(tmp_path, [{letter: (V01, "0.5") for letter in "abc"}] * 2)
    assert invoke("grade", path, "--key", tmp_path / "quiz-key.json", "--out", f"{tmp_path / 'plain'}/").exit_code == 0
    header, *rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    where = header.index("n correct")
    header[where:where] = ["9999: I confirm this is my own work.", "1.0"]
    path.write_text(moodle_csv(header, [row[:where] + ["True", "1.0"] + row[where:] for row in rows]),
                    encoding="utf-8")
    result = invoke("grade", path, "--key", tmp_path / "quiz-key.json", "--out", f"{tmp_path / 'out'}/")
    assert result.exit_code == 0, result.output
    said = " ".join(result.stderr.split())
    assert ("analysis.csv: 1 question column(s) carry no [quizgen:...] tag on any row ('9999: I confirm this is my "
            "own work.')") in said and "Canvas's own score still counts it" in said
    # lost40: Canvas keeps the tag in the column's header, so no row loses it: the column stays left out of every
    # paper (a Moodle cell that lost its tag is a person's to mark: test_lms_lost_tag40.py)
    for name in ("analysis-graded.csv", "analysis-graded-students.csv", "analysis-key.json"):
        assert (tmp_path / "out" / name).read_bytes() == (tmp_path / "plain" / name).read_bytes(), name
