"""A Moodle Cloze response cell that starts with a part other than 1
(``part -1: 0.5; part 0: =1+1; part 1: 0.5744``: every Moodle Cloze summary
starts with part 1, so the cell was edited) is read whole, as one answer, and
goes to a person with a reason naming that part, in graded.csv and in the
student's words on their sheet, not "a person should read this answer"."""

import csv
import io

import pytest

from quizgen.grading.cloze_twice import part_twice_reason, part_twice_words
from quizgen.grading.feedback_reasons import reason_to_student
from quizgen.lms.cloze_cells import odd_first_part
from tests.lms_support import exported_download, moodle_csv

CELL = "part -1: 0.5; part 99999999999999999999: 0.3; part 0: =1+1; part 1: 0.5744; part 1: 0.9"
REASON = ("this Moodle Cloze response starts with part -1, where Moodle's start with part 1 (an edited cell?), so "
          "quizgen cannot split it into its parts as Moodle saw them: a person reads the whole cell")


@pytest.mark.parametrize("cell, first", [
    (CELL, "-1"), ("part 0: 1; part 1: 2", "0"), ("part 2: 0.5; part 3: 0.7", "2"),
    ("part 1: 0.5; part 2: 0.7", None), ("part 2: 0.5", None), ("0.5; part 2: 0.7", None),
])
def test_the_first_part_named(cell, first):
    assert odd_first_part(cell) == first


def test_the_reason_and_the_students_words():
    assert part_twice_reason(CELL) == REASON
    words = part_twice_words(REASON)
    assert words == reason_to_student(REASON) == (
        "your answer to this question starts with part -1, a part no question of this kind has, so the grader "
        "cannot tell which of your answers belongs to which part; your marker will read your whole answer.")
    assert part_twice_reason("part 1: 0.1; part 1: 0.2").startswith("this Moodle Cloze response names part 1 twice")
    assert part_twice_reason("part 2: 0.5") == ""   # one 'part N:' alone is no Cloze cell


def test_grade_gives_the_cell_to_a_person_with_the_reason(invoke, tmp_path):
    rows = exported_download(invoke, tmp_path, "C7", 1, 2)
    response = rows[0].index("Response 1")
    rows[1][response] = CELL
    (tmp_path / "responses.csv").write_text(moodle_csv(rows[0], rows[1:]), encoding="utf-8")
    run = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json", "--out", tmp_path / "g")
    assert run.exit_code == 0, run.output
    graded = list(csv.DictReader(io.StringIO((tmp_path / "g" / "responses-graded.csv").read_text(encoding="utf-8-sig"))))
    first = [(row["part"], row["answer"], row["status"], row["reason"]) for row in graded if row["student_id"] == "s000"]
    assert first == [("a", CELL, "needs_review", REASON)]
