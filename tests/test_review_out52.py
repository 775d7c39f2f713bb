"""``quizgen review --out`` took any long-form answers file (student_id,
question_id, part, answer) for its own review file and appended answers to it,
and --out naming its own graded input said "already lists every answer ...:
nothing added" though no review file existed (round 52's review, F10). Now a
review file is known by review's mark column ``share`` beside those four, and
--out naming the graded file read is refused in one line."""

from test_instr31 import one_line
from test_instr32 import CLASS, LONG


def _graded(course, invoke):
    (course / "answers.csv").write_text(LONG + CLASS, encoding="utf-8")
    assert invoke("grade", "answers.csv").exit_code == 0


def test_another_answers_file_is_never_appended_to(course, invoke):
    _graded(course, invoke)
    week2 = course / "week2.csv"
    week2.write_text(LONG + "s009,Zed,Q1,a,0.7157\n", encoding="utf-8")
    before = week2.read_bytes()
    result = invoke("review", "answers-graded.csv", "--out", "week2.csv")
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    assert ("week2.csv exists already and is no review file quizgen review wrote (no share column among "
            "student_id, name, question_id, part, answer): it is never replaced") in result.output
    assert week2.read_bytes() == before


def test_the_answers_file_and_the_graded_file_are_refused_not_called_complete(course, invoke):
    _graded(course, invoke)
    answers = invoke("review", "answers-graded.csv", "--out", "answers.csv")
    assert answers.exit_code == 2 and "no review file quizgen review wrote (no share column" in answers.output
    assert "nothing added" not in answers.output
    graded = invoke("review", "answers-graded.csv", "--out", "answers-graded.csv")
    assert graded.exit_code == 2 and graded.output.count("\n") == 1, graded.output
    assert one_line(graded) == ("quizgen: error: --out answers-graded.csv: the review file answers-graded.csv would "
                                "overwrite the graded file it reads; choose another --out")


def test_its_own_file_still_grows(course, invoke):
    _graded(course, invoke)
    assert invoke("review", "answers-graded.csv").exit_code == 0
    again = invoke("review", "answers-graded.csv", "--also", "imprecise")
    assert again.exit_code == 0 and one_line(again).startswith("Added 1 answer(s) to decide (1 imprecise)"), again.output
