"""Ids that differ only by leading zeros (review 43b F3). An LMS download's `12`
beside `0012`, each with an attempt of their own, are two people: before, with
--roster listing 0012 alone, the roster check took 12 for 0012 (by its zeros)
while grading gave it a paper and a gradebook row of its own, and neither the
leading-zero note nor the not-on-the-roster one appeared. Now 12 is named as
not on the roster and left out of the Moodle gradebook. And with a class key,
where `12` is merged into the roster's `0012`, the note says 0012 answered
under their own id too, whose answers the merge may have replaced."""

import csv
import io

import pytest

from click.testing import CliRunner

from lms_support import moodle_csv
from quizgen.cli import main
from test_canvasecf23 import C7, V01, codes
from test_grade_roster import Q1, write

IDS = ("0012", "0013", "12")


def _invoke(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


def _download(folder):
    """A Moodle download of C7 (v01) by 0012, 0013 and 12, three people, each answering right."""
    _invoke("export", "moodle", "--classes", "C7", "--count", 4, "--seed", 42, "--out", folder / "questions.xml")
    tag = f"[quizgen:{C7}:{codes(folder / 'questions-key.json')[V01]}]"
    header = ["Last name", "First name", "ID number", "Email address", "State", "Started on", "Completed",
              "Duration", "Grade/10.00", "Question 1", "Response 1", "Right answer 1"]
    body = [[f"Last{n}", f"First{n}", sid, f"p{n}@example.org", "Finished", "", "", "", "10.00", f"NSP ... {tag}",
             "part 1: 0.0198; part 2: 3.92; part 3: 0.0200", ""] for n, sid in enumerate(IDS)]
    (folder / "responses.csv").write_text(moodle_csv(header, body), encoding="utf-8")
    (folder / "roster.csv").write_text("ID number,First name,Last name\n0012,First0,Last0\n0013,First1,Last1\n",
                                       encoding="utf-8")
    return folder / "responses.csv"


@pytest.mark.slow
def test_an_lms_id_whose_zero_twin_has_its_own_attempt_is_not_on_the_roster(tmp_path):
    download = _download(tmp_path)
    result = _invoke("grade", download, "--key", tmp_path / "questions-key.json", "--roster", tmp_path / "roster.csv",
                     "--gradebook", "moodle", "--out", f"{tmp_path / 'out'}/")
    flat = " ".join(result.output.split())
    assert "Note: 1 graded student id(s) are not on the roster: 12" in flat
    assert "1 graded student id(s) are not on the roster and are left out of responses-graded-gradebook-moodle.csv" \
        in flat
    assert "as 0012" not in flat   # never matched to the roster's 0012 by its zeros
    book = list(csv.reader(io.StringIO((tmp_path / "out" / "responses-graded-gradebook-moodle.csv")
                                       .read_text(encoding="utf-8-sig"))))
    assert [row[0] for row in book[1:]] == ["0012", "0013"]
    students = (tmp_path / "out" / "responses-graded-students.csv").read_text(encoding="utf-8-sig")
    assert [r["student_id"] for r in csv.DictReader(io.StringIO(students))] == ["0012", "0013", "12"]


def test_a_merge_by_leading_zeros_says_the_known_student_answered_under_their_own_id_too(tmp_path):
    answers = write(tmp_path, {"questions": [Q1]}, [["0012", "Q1", "a", "0.5"], ["0012", "Q1", "b", "3"],
                                                    ["12", "Q1", "a", "0.25"], ["0013", "Q1", "a", "0.5"]])
    (tmp_path / "roster.csv").write_text("student_id\n0012\n0013\n", encoding="utf-8")
    result = _invoke("grade", answers, "--roster", tmp_path / "roster.csv")
    assert ("1 student id(s) matched a known id only by leading zeros, and were graded as that student (check for a "
            "typo): 12 as 0012 (who answered as 0012 too: of a part both answered, one answer was graded, as for "
            "any part answered twice)") \
        in " ".join(result.output.split())
    only = write(tmp_path, {"questions": [Q1]}, [["12", "Q1", "a", "0.25"], ["0013", "Q1", "a", "0.5"]])
    flat = " ".join(_invoke("grade", only, "--roster", tmp_path / "roster.csv").output.split())
    assert "(check for a typo): 12 as 0012" in flat and "answered as 0012 too" not in flat
