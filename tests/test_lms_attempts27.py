"""Which attempt of a student with several is graded (``grade --attempt``).
Moodle's default grading method is "Highest grade" (mod/quiz/settings.php,
QUIZ_GRADEHIGHEST) and Canvas's default scoring policy "keep_highest"; grade
took each student's last attempt, silently: s001 right in attempt 1 and blank
in attempt 2 got 0 in the gradebook, with nothing said."""

import pytest
import csv
import io

from click.testing import CliRunner

from lms_support import moodle_csv
from quizgen.cli import main
from test_canvasecf23 import C7, V01, codes

RIGHT, WRONG, BLANK = ("0.0198", "3.92", "0.0200"), ("0.5", "0.5", "0.5"), ("", "", "")


def _grade(path, key, *options):
    result = CliRunner().invoke(main, ["grade", str(path), "--key", str(key), "--gradebook", "plain", *options])
    assert result.exit_code == 0, result.output
    book = (path.parent / f"{path.stem}-graded-gradebook-plain.csv").read_text(encoding="utf-8-sig")
    return {r["student_id"]: float(r["score"]) for r in csv.DictReader(io.StringIO(book))}, result.output


def _moodle(tmp_path, attempts: list):
    """A Moodle Responses download of C7 (v01 given): ``attempts`` [(student, start, answers)]."""
    CliRunner().invoke(main, ["export", "moodle", "--classes", "C7", "--count", "4", "--seed", "42",
                              "--out", str(tmp_path / "questions.xml")])
    tag = f"[quizgen:{C7}:{codes(tmp_path / 'questions-key.json')[V01]}]"
    header = ["Last name", "First name", "ID number", "Email address", "State", "Started on", "Completed",
              "Duration", "Grade/10.00", "Question 1", "Response 1", "Right answer 1"]
    body = [[student, "T", student, "", "Finished", f"3 December 2026  9:{start:02d} AM", "", "", "5.00",
             f"NSP ... {tag}", "; ".join(f"part {i}: {a}" for i, a in enumerate(typed, start=1)) if any(typed)
             else "-", ""] for student, start, typed in attempts]
    path = tmp_path / "responses.csv"
    path.write_text(moodle_csv(header, body), encoding="utf-8")
    return path, tmp_path / "questions-key.json"


def _canvas(tmp_path, attempts: list):
    """A Canvas Student Analysis of C7 (every part from v01): ``attempts`` [(student, attempt, answers)],
    an answer None for a part not given (answer and points cells empty); each student is a Canvas user
    of their own (id 500, 501, ... in order of first row)."""
    CliRunner().invoke(main, ["export", "canvas", "--classes", "C7", "--count", "1", "--seed", "42",
                              "--out", str(tmp_path / "quiz.zip")])
    code = codes(tmp_path / "quiz-key.json")[f"42/{C7}/0"]
    header = ["name", "id", "sis_id", "section", "section_id", "section_sis_id", "submitted", "attempt"]
    for n, letter in enumerate("abc"):
        header += [f"{9100 + n}: NSP ... [quizgen:{C7}:{code}:{letter}]", "2.0"]
    users = {student: str(500 + n) for n, student in enumerate(dict.fromkeys(s for s, _, _ in attempts))}
    body = [[f"S {student}", users[student], student, "A", "77", "", "2026-11-30 15:43:20 UTC", str(number)]
            + [cell for answer in typed for cell in ((answer, "0.0") if answer is not None else ("", ""))]
            + ["0", "3", "0.0"]
            for student, number, typed in attempts]
    path = tmp_path / "analysis.csv"
    path.write_text(moodle_csv(header + ["n correct", "n incorrect", "score"], body), encoding="utf-8")
    return path, tmp_path / "quiz-key.json"


@pytest.mark.slow
def test_moodle_grades_the_highest_attempt_by_default_and_says_so(tmp_path):
    path, key = _moodle(tmp_path, [("s001", 10, RIGHT), ("s001", 50, BLANK), ("s002", 20, WRONG)])
    scores, output = _grade(path, key)
    assert scores["s001"] > 0 and scores["s002"] == 0
    assert ("Note: responses.csv: 1 student(s) had more than one attempt (s001); --attempt highest graded each one's "
            "attempt that quizgen marks highest (ties: the later)") in output
    assert "their 1 other attempt(s) are not graded" in output
    answers = (tmp_path / "responses-answers.csv").read_text(encoding="utf-8")
    assert "0.0198" in answers   # the answers file holds the attempt graded, and only it
    last, output = _grade(path, key, "--attempt", "last")
    assert last["s001"] == 0 and "--attempt last graded each one's last attempt" in output
    first, _ = _grade(path, key, "--attempt", "first")
    assert first["s001"] == scores["s001"]


@pytest.mark.slow
def test_moodle_highest_is_the_later_of_two_equal_attempts(tmp_path):
    """Attempt 1 all wrong and attempt 2 all wrong the other way: equal, so the later; the
    answers file shows which was graded."""
    path, key = _moodle(tmp_path, [("s001", 10, WRONG), ("s001", 50, ("0.6", "0.6", "0.6"))])
    scores, _ = _grade(path, key)
    assert scores["s001"] == 0
    assert "0.6" in (tmp_path / "responses-answers.csv").read_text(encoding="utf-8")


@pytest.mark.slow
def test_canvas_grades_the_highest_attempt_by_default(tmp_path):
    path, key = _canvas(tmp_path, [("s001", 1, ("0.0198", "3.92", "0.02")), ("s001", 2, BLANK)])
    scores, output = _grade(path, key)
    assert scores["s001"] > 0
    assert "analysis.csv: 1 student(s) had more than one attempt (s001); --attempt highest" in output
    last, _ = _grade(path, key, "--attempt", "last")
    assert last["s001"] == 0


@pytest.mark.slow
def test_a_bad_attempt_rule_is_one_line(tmp_path):
    path, key = _moodle(tmp_path, [("s001", 10, RIGHT)])
    result = CliRunner().invoke(main, ["grade", str(path), "--key", str(key), "--attempt", "best"])
    assert result.exit_code == 2 and "Traceback" not in result.output


@pytest.mark.slow
def test_one_attempt_each_gives_no_note(tmp_path):
    path, key = _moodle(tmp_path, [("s001", 10, RIGHT), ("s002", 20, BLANK)])
    _, output = _grade(path, key)
    assert "more than one attempt" not in output


@pytest.mark.slow
def test_canvas_questions_not_given_are_those_of_the_attempt_graded(tmp_path):
    """Attempt 2 (the last) was not given part (c); attempt 1, graded as the highest, was:
    the warning of questions not given is about the attempt graded."""
    path, key = _canvas(tmp_path, [("s001", 1, ("0.0198", "3.92", "0.02")), ("s001", 2, BLANK)])
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    cells = next(csv.reader([lines[2]]))
    cells[12:14] = ["", ""]   # part (c)'s answer and points: not given in attempt 2
    path.write_text("".join(lines[:2]) + moodle_csv(cells, []), encoding="utf-8")
    scores, output = _grade(path, key)
    assert scores["s001"] > 0 and "not given" not in output
    _, output = _grade(path, key, "--attempt", "last")
    assert "1 question(s) were not given to the student" in output


@pytest.mark.slow
def test_highest_counts_error_carried_forward_as_grade_does(tmp_path):
    """Attempt 1: a sign error in (a), then (b) and (c) worked from it (ECF); attempt 2: (a)
    right, (b) and (c) wrong. Marked answer by answer alone attempt 2 scores more; as grade
    marks them, with ECF, attempt 1 does, and it is the one graded."""
    path, key = _moodle(tmp_path, [("s001", 10, ("0.980", "0.0202", "3.92")), ("s001", 50, ("0.0198", "0.5", "0.5"))])
    highest, _ = _grade(path, key)
    first, _ = _grade(path, key, "--attempt", "first")
    last, _ = _grade(path, key, "--attempt", "last")
    assert first["s001"] > last["s001"] and highest["s001"] == first["s001"]


def test_a_damaged_attempt_not_graded_is_refused_naming_the_student_and_attempt():
    """An attempt answering one part in two variants (a download not as the LMS wrote it) is
    refused while the attempts are marked, named by the student, not the id it was marked under."""
    import pytest

    from quizgen.errors import InputFileError
    from quizgen.grading.attempt_choice import AttemptChoice, chosen_attempts
    from quizgen.lms.responses import ResponseRow

    def row(attempt, label, part, line):
        return ResponseRow("s001", "Ada", attempt, None, C7, f"42/{C7}/{label}", part, "0.5", row=line)

    rows = [row(1, 0, "a", 1), row(2, 0, "a", 2), row(2, 1, "a", 2)]
    with pytest.raises(InputFileError, match=r"^row 2: student s001 \(attempt 2\) answered part \(a\)"):
        chosen_attempts(rows, AttemptChoice("highest", decimal_comma=False))


@pytest.mark.slow
def test_highest_names_an_attempt_whose_answers_a_person_must_read(tmp_path):
    """Attempt 1 all hedged ("maybe 3.92": needs_review, 0 until read) could score more than
    attempt 2 (one right): highest grades attempt 2, and the note names attempt 1."""
    hedged = tuple("maybe " + a for a in RIGHT)
    path, key = _moodle(tmp_path, [("s001", 10, hedged), ("s001", 50, (RIGHT[0], "0.5", "0.5"))])
    scores, output = _grade(path, key)
    assert scores["s001"] > 0
    assert ("s001: attempt 1 has 3 answer(s) a person must read, counted 0, and could score more than the "
            "attempt graded once read; --attempt first grades it") in " ".join(output.split())
    _, output = _grade(path, key, "--attempt", "first")
    assert "a person must read, counted 0" not in " ".join(output.split())


@pytest.mark.slow
def test_a_canvas_attempt_given_no_question_is_an_attempt(tmp_path):
    """s001's attempt 1 was given none of the questions (every cell empty): --attempt first
    graded attempt 2 and said nothing of a second attempt."""
    path, key = _canvas(tmp_path, [("s001", 1, (None, None, None)), ("s001", 2, RIGHT), ("s002", 1, WRONG)])
    _, output = _grade(path, key, "--attempt", "first")
    assert "1 student(s) had more than one attempt (s001)" in output
    assert "0.0198" not in (tmp_path / "analysis-answers.csv").read_text(encoding="utf-8")
    scores, output = _grade(path, key)
    assert scores["s001"] > 0 and "their 1 other attempt(s) are not graded" in " ".join(output.split())
