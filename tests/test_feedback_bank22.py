"""A paper made from a user bank, graded with --feedback but without --bank:
the instructor is warned once, the students' sheets say only that no worked
solution is available, and their drill command names only the classes the
drill knows without --bank (a student's machine has no instructor folders)."""

from types import SimpleNamespace

from quizgen.grading.feedback import Solutions
from quizgen.grading.feedback_words import work_list


def _line(letter="a", score="0", points="2"):
    return SimpleNamespace(letter=letter, status="incorrect", score=score, points=points, misconception="",
                           name="", note="", feedback="")


def test_the_drill_command_names_only_the_classes_the_drill_knows():
    questions = [SimpleNamespace(id="Q1", cls="C1"), SimpleNamespace(id="Q2", cls="C11")]
    work = work_list(questions, [[_line()], [_line()]], "needs_review", Solutions(()).drill_classes())
    assert work.command == "quizgen drill --classes C1"
    assert "Q2 (C11): marks lost in (a)." in work.lines   # the lost marks are still listed


def test_the_built_in_bank_is_what_a_students_drill_knows(tmp_path):
    assert Solutions(()).drill_classes() == frozenset(f"C{n}" for n in range(1, 11))
