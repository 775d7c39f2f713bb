"""Review 55a F7: C6 (d), "the remaining 10%", worked as what (a) leaves after (b) and (c),
is error carried forward from the student's own (a), (b) and (c) (the template's
``ecf_also``), as the sister route ((a) - (b))/2 already was."""

from quizgen.generation.quiz import Question
from quizgen.grading.ecf_at_once import carried_forward
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from test_marking_students_gen import _instances


def _d_after(instance, a: int, b: int, c: int, d: int):
    """(d)'s verdict, marked as the drill and grade's ECF pass do, after (a), (b), (c) as given."""
    checkers = question_checkers(key_entry(Question("Q1", instance)))
    names = [pv.part.name for pv in instance.parts]
    values, figures = {}, {}
    for letter, name, text in zip("abc", names, (a, b, c)):
        first = checkers[letter](str(text))
        values[name], figures[name] = first.value, first.figures
    return carried_forward(checkers["d"], checkers["d"](str(d)), values, figures)


def test_the_remaining_count_after_a_wrong_c_is_ecf():
    for instance in _instances("C6", 4):
        a, b, c = (int(pv.value) for pv in instance.parts[:3])
        verdict = _d_after(instance, a, b, c - 15, a - b - (c - 15))   # (c) slipped, (d) what is left
        assert (verdict.status.value, verdict.note) == ("correct", "ecf"), (instance.params, verdict)
        assert verdict.feedback.startswith(f"marked from your (a) = {a}, (b) = {b}, (c) = {c - 15}: "), verdict
        slipped = _d_after(instance, a, b - 20, c, a - (b - 20) - c)   # (b) slipped, (c) right
        assert (slipped.status.value, slipped.note) == ("correct", "ecf"), (instance.params, slipped)


def test_with_a_b_c_right_only_the_answer_is_right():
    instance = _instances("C6", 1)[0]
    a, b, c = (int(pv.value) for pv in instance.parts[:3])
    assert _d_after(instance, a, b, c, c + 15).status.value == "incorrect"
