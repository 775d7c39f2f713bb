"""A Moodle download graded with --decimal-comma (reviewer's report: the
built ``-answers.csv`` "keeps decimal points in its score/points columns").
It has no such columns: it is the long answers file grade reads (student_id,
name, question_id, part, answer), each answer as the student typed it. Every
number quizgen works out goes to the graded, students, questions and items
CSVs, which write it with a decimal comma, and so does the plain gradebook, which
no LMS imports (review 47b F7); a Moodle or Canvas gradebook keeps its LMS's decimal
point (docs/grading.md, LMS imports). This pins that."""

import pytest
import csv
import io
import re

from click.testing import CliRunner

from lms_support import moodle_download
from quizgen.cli import main
from quizgen.lms.exportkey import load_export_key, with_codes
from quizgen.lms.papers import ANSWER_COLUMNS
from quizgen.lms.variants import slots as make_slots

POINT_DECIMAL = re.compile(r"^-?\d+\.\d+%?$")


def _typed(part, student):
    """The right answer with a decimal comma, or a wrong one (words for word parts)."""
    if part.is_word:
        return part.words[0]
    return f"{part.value * (1 + student % 2):.4g}".replace(".", ",")


def _cells(path):
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"))))


@pytest.mark.slow
def test_a_decimal_comma_moodle_grade_writes_no_quizgen_number_with_a_point_but_the_gradebook(tmp_path):
    runner = CliRunner()
    assert runner.invoke(main, ["export", "moodle", "--classes", "C1,C5", "--count", "2", "--seed", "5",
                                "--out", str(tmp_path / "questions.xml")]).exit_code == 0
    secret = load_export_key(tmp_path / "questions-key.json")["secret"]
    slots = with_codes(make_slots("C1,C5", count=2, seed=5), secret)
    made = moodle_download(tmp_path / "responses.csv", (tmp_path / "questions.xml").read_text(encoding="utf-8"),
                           slots, 4, _typed)
    result = runner.invoke(main, ["grade", str(tmp_path / "responses.csv"), "--key", str(tmp_path / "questions-key.json"),
                                  "--decimal-comma", "--gradebook", "plain", "--force"])
    assert result.exit_code == 0, result.output
    answers = _cells(tmp_path / "responses-answers.csv")
    assert tuple(answers[0]) == ANSWER_COLUMNS   # no score or points column
    assert sorted(row[4] for row in answers[1:]) == sorted(typed for *_, typed in made if typed)   # as typed
    for name in ("graded", "graded-students", "graded-questions", "graded-items"):
        rows = _cells(tmp_path / f"responses-{name}.csv")
        answer = rows[0].index("answer") if "answer" in rows[0] else None
        pointed = [cell for row in rows[1:] for i, cell in enumerate(row) if i != answer and POINT_DECIMAL.match(cell)]
        assert pointed == [], name
        assert any(re.fullmatch(r"-?\d+,\d+%?", cell) for row in rows[1:] for cell in row), name
    gradebook = _cells(tmp_path / "responses-graded-gradebook-plain.csv")
    assert not [cell for row in gradebook[1:] for cell in row[2:] if POINT_DECIMAL.match(cell)]
    assert any(re.fullmatch(r"\d+,\d+", cell) for row in gradebook[1:] for cell in row[2:])
