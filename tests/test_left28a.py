"""Session 28 leftovers: --attempt on a file with no attempts, the stale
gradebook's origin, roster twins in report.md, an override for an id with no
paper, the gradebook leading-zero note's "and N more", and report.md's "To act
on" reasons per part."""

import csv
import io

from click.testing import CliRunner

from quizgen.cli import main
from test_lms_attempts27 import RIGHT, _moodle


def _paper(tmp_path, count=2):
    made = CliRunner().invoke(main, ["generate", "--seed", "5", "--count", str(count), "--out", str(tmp_path / "paper")])
    assert made.exit_code == 0, made.output
    return tmp_path / "paper" / "key.json"


def _answers(tmp_path, rows, name="answers.csv"):
    path = tmp_path / name
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], *rows])
    return path


def _grade(*args):
    result = CliRunner().invoke(main, ["grade", *map(str, args)])
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_attempt_given_for_an_answers_csv_is_said_to_be_ignored(tmp_path):
    key = _paper(tmp_path)
    path = _answers(tmp_path, [["s1", "Q1", "a", "0.5"], ["s2", "Q1", "a", "0.3"]])
    output = _grade(path, "--key", key, "--attempt", "last")
    assert ("Note: answers.csv: --attempt last was ignored: it chooses among the attempts of a Moodle or Canvas "
            "download, and this is an answers file, which has none (every row was graded)") in output
    assert "--attempt" not in _grade(path, "--key", key)   # not given: nothing said


def test_attempt_given_for_a_download_says_nothing_of_being_ignored(tmp_path):
    path, key = _moodle(tmp_path, [("s001", 10, RIGHT)])
    assert "ignored" not in _grade(path, "--key", key, "--attempt", "first")


def test_grading_inputs_hands_back_the_rows_of_its_answers_csv():
    """attempt_scores marks these rows, not the CSV text read back; each row is the CSV's, as typed."""
    from quizgen.cells import unguard
    from quizgen.lms.papers import grading_inputs
    from quizgen.lms.responses import ResponseRow
    from test_canvasecf23 import C7

    rows = [ResponseRow("=s001", "Ada", 1, None, C7, f"42/{C7}/0", part, answer, row=1)
            for part, answer in (("a", "-ln(0.7)"), ("b", "3.92"), ("c", "@x"))]
    inputs = grading_inputs(rows)
    read = [tuple(unguard(r[c]) for c in ("student_id", "question_id", "part", "answer"))
            for r in csv.DictReader(io.StringIO(inputs.answers))]
    assert list(inputs.rows) == read and read[0][0] == "=s001" and read[0][3] == "-ln(0.7)"
