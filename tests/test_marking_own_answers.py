"""The student's own earlier answers in feedback, in grade and in the drill's
marking path (``carried_forward``): quoted as written (0.0100, not 0.01); an
answer carried from fewer figures than the policy's ``carried_figures`` is
told so; a copy of their own trapped (a) that is also a rounding of the
answer is named as the trap. Students are generated from the key's instances."""

import pytest
import math

from quizgen.generation.quiz import Question
from quizgen.grading.ecf_at_once import carried_forward
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from quizgen.maths.numbers import significant
from quizgen.marking.rules import Credits
from test_marking_grade import _grade, _instances


def _padded(value: float, figures: int) -> str:
    """``value`` to ``figures`` significant figures, then one trailing zero more (0.0474 -> 0.04740)."""
    text = significant(value, figures)
    return text + "0" if "." in text else text + ".0"


def _checkers(instance, credits=None):
    return question_checkers(key_entry(Question("Q1", instance)), credits)


def test_ecf_and_own_trap_feedback_quote_the_earlier_answer_with_its_trailing_zeros(tmp_path):
    """C2 (a) 0.04740 (a wrong value, 4 figures shown): (b) by ECF and (b) as the
    log10 trap from it both quote '(a) = 0.04740', never 0.0474."""
    instance = _instances("C2", 1)[0]
    slip = _padded(float(instance.parts[0].value) * 0.9, 3)
    names = [pv.part.name for pv in instance.parts]
    rows = _grade(tmp_path, {"ecf": instance, "trap": instance},
                  {"ecf": {names[0]: slip, names[1]: significant(-math.log(float(slip)), 3)},
                   "trap": {names[0]: slip, names[1]: significant(-math.log10(float(slip)), 3)}})
    assert rows[("ecf", "b")]["note"] == "ecf"
    assert rows[("ecf", "b")]["feedback"].startswith(f"marked from your (a) = {slip}: correct given"), rows
    assert rows[("trap", "b")]["misconception"] == "log10_instead_of_ln"
    assert rows[("trap", "b")]["feedback"].startswith(f"marked from your (a) = {slip}: "), rows


def test_the_drills_marking_quotes_the_earlier_answer_as_written():
    """``carried_forward`` given the figures each earlier answer showed (the drill's path)."""
    instance = _instances("C2", 1)[0]
    checkers = _checkers(instance)
    p, loss = (pv.part for pv in instance.parts[:2])
    slip = _padded(float(instance.parts[0].value) * 0.9, 3)
    first = checkers["a"](slip)
    values, figures = {p.name: first.value}, {p.name: first.figures}
    ecf = carried_forward(checkers["b"], checkers["b"](significant(-math.log(float(slip)), 3)), values, figures)
    trap = carried_forward(checkers["b"], checkers["b"](significant(-math.log10(float(slip)), 3)), values, figures)
    assert ecf.feedback.startswith(f"marked from your (a) = {slip}: "), ecf
    assert trap.misconception == "log10_instead_of_ln" and trap.feedback.startswith(f"marked from your (a) = {slip}: ")


def _short_carry_case():
    """A C7 instance whose (c) worked from (a) at 3 s.f. differs from (c) at 3 s.f.;
    the (a) and the (c) such a student writes."""
    for instance in _instances("C7", 40):
        p3 = significant(float(instance.parts[0].value), 3)
        loss = significant(-math.log(1 - float(p3)), 3)
        if float(loss) != float(significant(float(instance.parts[2].value), 3)):
            return instance, p3, loss
    raise AssertionError("no such instance")


@pytest.mark.slow
def test_an_answer_carried_from_fewer_figures_than_the_policy_asks_is_told_so(tmp_path):
    """carried_figures: 4 and (c) from a 3 s.f. (a): imprecise, rounded too early,
    scored by imprecise_credit, and the feedback says what was carried short."""
    instance, p3, loss = _short_carry_case()
    names = [pv.part.name for pv in instance.parts]
    (tmp_path / "policy.yaml").write_text("carried_figures: 4\nimprecise_credit: 0.5\n", encoding="utf-8")
    expected = significant(float(instance.parts[2].value), 3)
    rows = _grade(tmp_path, {"s001": instance, "right": instance},
                  {"s001": {names[0]: p3, names[2]: loss}, "right": {names[2]: expected}}, policy=tmp_path / "policy.yaml")
    row = rows[("s001", "c")]
    assert (row["status"], row["note"]) == ("imprecise", "rounded_too_early"), row
    assert row["feedback"] == (f"marked from your (a) = {p3}: right if (a) is carried as written, to 3 significant "
                               f"figures; this paper asks you to keep at least 4 in intermediate steps (expected {expected}), "
                               "which earns half of the marks in this course")
    assert float(row["score"]) == float(rows[("right", "c")]["score"]) * 0.5 > 0


def test_the_drill_tells_a_short_carry_as_grade_does():
    """The pass alone (no earlier answers) says it in general; with the (a) given, it names (a)."""
    instance, p3, loss = _short_carry_case()
    checkers = _checkers(instance, Credits(carried_figures=4))
    first = checkers["a"](p3)
    alone = checkers["c"](loss)
    assert (alone.status, alone.note) == ("imprecise", "rounded_too_early"), alone
    assert alone.feedback.startswith("right if intermediate results are carried to fewer than 4 significant figures")
    named = carried_forward(checkers["c"], alone, {instance.parts[0].part.name: first.value},
                            {instance.parts[0].part.name: first.figures})
    assert named.feedback.startswith(f"marked from your (a) = {p3}: right if (a) is carried as written"), named


def _copied_trap_case():
    """A C8 instance and an (a) that is its loss rounded to 2 figures, written
    with 3 (0.470): (b) 0.4700 copies that (a) and is the loss rounded too early too."""
    for instance in _instances("C8", 60):
        loss = float(instance.parts[1].value)
        two = float(significant(loss, 2))
        if abs(two - loss) > 0.001 * abs(loss) and 0.05 < two < 0.95:
            return instance, _padded(two, 2), _padded(two, 2) + "0"
    raise AssertionError("no such instance")


@pytest.mark.slow
def test_a_copy_of_the_students_own_a_is_named_as_the_trap_even_when_it_looks_rounded_too_early(tmp_path):
    """C8 (b) 0.4700 after (a) 0.470: probability_as_loss from their own (a),
    not 'rounded too early' (padded), in grade and in the drill's path."""
    instance, a, b = _copied_trap_case()
    names = [pv.part.name for pv in instance.parts]
    row = _grade(tmp_path, {"s1": instance}, {"s1": {names[0]: a, names[1]: b}})[("s1", "b")]
    assert (row["status"], row["misconception"]) == ("incorrect", "probability_as_loss"), row
    assert row["feedback"].startswith(f"marked from your (a) = {a}: That is p itself, the softmax's share for the true class"), row
    checkers = _checkers(instance)
    first, alone = checkers["a"](a), checkers["b"](b)
    assert alone.status == "imprecise"   # what the pass says before it knows (a)
    named = carried_forward(checkers["b"], alone, {names[0]: first.value}, {names[0]: first.figures})
    assert (named.status, named.misconception) == ("incorrect", "probability_as_loss"), named


def test_an_answer_written_to_too_few_figures_is_told_so_under_carried_figures():
    """rev-mark16: with carried_figures: 4, (a) 0.75 for 0.7488 was told "right if
    intermediate results are carried to fewer than 4 significant figures": a
    2-figure answer is rounded too early, whatever carrying also reaches it."""
    from quizgen.marking.carry import inside

    for cls in ("C1", "C2", "C7", "C8"):
        for instance in _instances(cls, 40):
            checkers = _checkers(instance, Credits(carried_figures=4))
            value = float(instance.parts[0].value)
            two = significant(value, 2)
            if float(two) == float(significant(value, 3)) or len(two.rstrip("0").lstrip("0.")) != 2 \
                    or not inside(float(two), checkers["a"].rule.short_carried):
                continue   # wanted: a 2-figure (a) that carrying 3 figures also reaches
            verdict = checkers["a"](two)
            assert (verdict.status, verdict.note) == ("imprecise", "rounded_too_early"), verdict
            assert verdict.feedback.startswith("rounded too early: right to 2 significant figures"), verdict
            return
    raise AssertionError("no draw whose 2-figure (a) carrying also reaches")
