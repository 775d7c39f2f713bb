"""Review 55a: a trap worked from the student's own wrong (a).

F2: C3 (b)'s log-base and sign slips from their own (a) are named (the bank writes them
over p, so their recipes are derived). F3: such a slip wins over a key trap from the
right p that the student did not write. F4: a trap this draw leaves out by its ``when:``
(its key value too near something else) is still tried from their own wrong (a)."""

import math

from quizgen.generation.quiz import Question
from quizgen.grading.ecf_at_once import carried_forward
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from quizgen.maths.numbers import significant
from test_marking_students_gen import _instances


def _marked(instance, a_text: str, b_text: str, letter: str = "b"):
    """Part ``letter``'s verdict, marked as the drill and grade's ECF pass do, after (a) ``a_text``."""
    checkers = question_checkers(key_entry(Question("Q1", instance)))
    first = checkers["a"](a_text)
    name = instance.parts[0].part.name
    return carried_forward(checkers[letter], checkers[letter](b_text), {name: first.value}, {name: first.figures})


def test_c3_log_and_sign_slips_from_the_students_own_a_are_named():
    """F2: (a) 0.8/V, then (b) log10, log2 and ln of that (a): each slip named from it."""
    for instance in _instances("C3", 6):
        wrong = float(significant(0.8 * float(instance.parts[0].value), 3))
        a_text = significant(wrong, 3)
        for code, value in (("log10_instead_of_ln", -math.log10(wrong)), ("log2_instead_of_ln", -math.log2(wrong)),
                            ("missing_minus_sign", math.log(wrong))):
            verdict = _marked(instance, a_text, significant(value, 3))
            assert verdict.misconception == code, (instance.params, code, verdict)
            assert verdict.feedback.startswith(f"marked from your (a) = {a_text}: "), verdict


def _log10_of_own_a_is_log2_of_key(instance):
    """An (a) whose -log10 is the key's log2 trap at 3 figures, or None."""
    p = float(instance.parts[0].value)
    a = float(significant(10 ** math.log2(p), 4))
    if abs(a - p) < 0.05 * p or a < 1e-4:
        return None
    b = significant(-math.log10(a), 3)
    return (significant(a, 4), b) if b == significant(-math.log2(p), 3) else None


def test_a_slip_from_the_students_own_wrong_a_beats_a_key_trap_of_the_right_p():
    """F3: C1 (a) wrong, (b) = -log10 of it, which is also -log2 of the right p: log10, from their (a)."""
    cases = [(inst, found) for inst in _instances("C1", 12) if (found := _log10_of_own_a_is_log2_of_key(inst))]
    assert cases
    for instance, (a_text, b_text) in cases:
        verdict = _marked(instance, a_text, b_text)
        assert verdict.misconception == "log10_instead_of_ln", verdict
        assert verdict.feedback.startswith(f"marked from your (a) = {a_text}: "), verdict
        written = _marked(instance, a_text, f"log10(1/{a_text})")
        assert written.misconception == "log10_instead_of_ln", written


def test_a_key_trap_stands_when_a_is_blank_or_right():
    """F3's limit: with (a) blank or right, -log2 of the right p is the key's log2 trap."""
    instance = _instances("C1", 1)[0]
    p = float(instance.parts[0].value)
    b_text = significant(-math.log2(p), 3)
    checkers = question_checkers(key_entry(Question("Q1", instance)))
    assert checkers["b"](b_text).misconception == "log2_instead_of_ln"
    assert _marked(instance, significant(p, 3), b_text).misconception == "log2_instead_of_ln"


def test_a_trap_left_out_of_the_draw_is_still_tried_from_the_students_own_wrong_a():
    """F4: C7 (b)'s both_label_terms, left out where it sits near the answer, from a wrong (a)."""
    cases = [inst for inst in _instances("C7", 80)
             if any(t.code == "both_label_terms" and t.value is None for t in inst.parts[1].traps)]
    assert cases, "no draw leaves both_label_terms out of (b)"
    for instance in cases[:3]:
        p = float(instance.parts[0].value)
        wrong = float(significant(p * 0.8 if p > 0.5 else p * 1.25, 3))
        both = significant(-math.log(wrong) - math.log(1 - wrong), 3)
        verdict = _marked(instance, significant(wrong, 3), both)
        assert verdict.misconception == "both_label_terms", (instance.params, verdict)
        assert verdict.feedback.startswith(f"marked from your (a) = {significant(wrong, 3)}: "), verdict
