"""A Canvas Student Analysis whose rows of one student carry no attempt number
(the attempt column deleted, or a cell of it emptied) or one number twice
(review 43b F2). Before, every such row was attempt 1, so a student's rows
were joined part by part: attempt 1 with (a) wrong and (b), (c) right (4 of
6 points) and attempt 2 with (a) right and the rest blank (2 of 6) graded
6/6, a score no attempt earned, and --attempt first said no student had more
than one attempt. Now each row is an attempt of its own, numbered in file
order with a warning, as the Moodle reader takes rows whose start cannot be
read; one number twice is refused naming both rows."""

import csv
import io

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from test_lms_attempts27 import _canvas, _grade

FIRST = ("0.5", "3.92", "0.0200")   # (a) wrong, (b) and (c) right: 2 + 2 of C7's 2 + 2 + 2 points
SECOND = ("0.0198", "", "")          # (a) right, (b) and (c) left blank: 2


def _without_attempt_column(path):
    """The download at ``path`` with its attempt column deleted (a spreadsheet tidy-up)."""
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    column = rows[0].index("attempt")
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows([c for i, c in enumerate(row) if i != column] for row in rows)
    path.write_text(out.getvalue(), encoding="utf-8")


@pytest.mark.slow
def test_rows_without_an_attempt_column_are_attempts_in_file_order(tmp_path):
    path, key = _canvas(tmp_path, [("s001", 1, FIRST), ("s001", 2, SECOND), ("s002", 1, SECOND)])
    _without_attempt_column(path)
    scores, output = _grade(path, key)
    assert scores["s001"] == 4 and scores["s002"] == 2   # attempt 1 alone; never 6 from both joined
    assert ("analysis.csv: 1 student(s) have several rows and no attempt number to tell them apart (s001: the "
            "student analysis has no 'attempt' column); each of their rows is taken as an attempt of its own, "
            "numbered 1, 2, ... in file order") in " ".join(output.split())
    assert "1 student(s) had more than one attempt (s001)" in output
    first, output = _grade(path, key, "--attempt", "first")
    assert first["s001"] == 4 and "changed nothing" not in output
    last, _ = _grade(path, key, "--attempt", "last")
    assert last["s001"] == 2


@pytest.mark.slow
def test_an_empty_attempt_cell_numbers_that_students_rows_in_file_order(tmp_path):
    path, key = _canvas(tmp_path, [("s001", 2, FIRST), ("s001", "", SECOND), ("s002", "", SECOND)])
    scores, output = _grade(path, key, "--attempt", "last")
    assert scores["s001"] == 2 and scores["s002"] == 2
    flat = " ".join(output.split())
    assert "1 student(s) have several rows and no attempt number to tell them apart (s001: an attempt cell of " \
           "theirs is empty)" in flat
    scores, _ = _grade(path, key)
    assert scores["s001"] == 4


@pytest.mark.slow
def test_one_row_with_an_empty_attempt_cell_is_graded_without_a_warning(tmp_path):
    path, key = _canvas(tmp_path, [("s001", "", FIRST)])
    scores, output = _grade(path, key)
    assert scores["s001"] == 4 and "no attempt number" not in output


@pytest.mark.slow
def test_one_attempt_number_twice_for_a_student_is_refused_naming_both_rows(tmp_path):
    path, key = _canvas(tmp_path, [("s002", 1, SECOND), ("s001", 1, FIRST), ("s001", 1, SECOND)])
    result = CliRunner().invoke(main, ["grade", str(path), "--key", str(key)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert ("the Canvas student analysis's rows 2 and 3 after the header: student 's001' has attempt 1 twice, and "
            "Canvas writes each attempt once") in " ".join(result.output.split())
    assert not (tmp_path / "analysis-graded.csv").exists()


@pytest.mark.slow
def test_attempt_0_beside_attempt_1_is_an_attempt_of_its_own(tmp_path):
    """rev43e F1: a cell "0" was read as no number, so s001's attempts 0 and 1 were joined into
    6/6, a score neither earned, and --attempt first said nobody had two attempts."""
    path, key = _canvas(tmp_path, [("s001", "0", FIRST), ("s001", "1", SECOND), ("s002", "1", SECOND)])
    scores, output = _grade(path, key)
    assert scores["s001"] == 4 and "1 student(s) had more than one attempt (s001)" in output
    first, output = _grade(path, key, "--attempt", "first")
    assert first["s001"] == 4 and "changed nothing" not in output


@pytest.mark.slow
def test_a_row_naming_no_student_is_skipped_whatever_its_attempt_cell_says(tmp_path):
    """rev43e F5: a summary row ("Average", no id, attempt "avg") stopped the whole run once every
    row's attempt cell was read; it is skipped with the warning it had before."""
    path, key = _canvas(tmp_path, [("s001", 1, FIRST)])
    lines = path.read_text(encoding="utf-8").splitlines()
    cells = next(csv.reader([lines[-1]]))
    cells[:3], cells[7] = ["Average", "", ""], "avg"
    path.write_text("\r\n".join(lines) + "\r\n" + ",".join(cells) + "\r\n", encoding="utf-8")
    scores, output = _grade(path, key)
    assert scores["s001"] == 4 and "name no student" in " ".join(output.split())
