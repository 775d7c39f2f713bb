"""One early rounding carried into two later parts is named once (issue 12).
A student who writes C7's (a) in full (seed 24: 0.961) and then works BOTH (b)
and (c) from it rounded to 2 figures (0.96) made one early rounding: (b), the
first part worked so, is rounded too early, and (c) is error carried forward,
saying the rounding is marked at (b). Before, both were rounded too early (0
marks by default): 2 of 6, while the student who wrote (a) 0.96 scored 4 of 6.

The property, over draws of every template where two later parts read one
decimal earlier part, by default and with ``ecf_credit: 0.5, imprecise_credit:
0.25``: the student who wrote that part in full and carried it on rounded to 2
figures scores at least as much on the question as the one who wrote it to 2
figures, the same working after it. Marked as the drill and validate mark, a
part at once (paper_support.mark_paper); seed 24 also through grade, which must
agree with them."""


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_sizes import many_copy, quick

from quizgen.generation.sampling import canonical_instance, sample_instance
from quizgen.grading.ecf_at_once import carried_forward
from quizgen.grading.part_checker import question_checkers
from quizgen.key.load import load_key_file
from quizgen.maths.numbers import significant
from quizgen.marking.rule_model import Credits
from quizgen.marking.rules import figures_asked
from quizgen.validation.marking import careful_student
from tests.grading_support import graded_with_policy
from tests.paper_support import mark_paper, part_rules
from test_early_once31 import BANK, POLICIES, _later, _read_by_later_parts, _worked_on


def _read_twice(rules: dict) -> list:
    """The decimal parts two or more later parts read."""
    return [name for name in _read_by_later_parts(rules) if len(_later(rules, name)) >= 2]


TWICE = sorted(cls for cls, template in BANK.items() if _read_twice(part_rules(canonical_instance(template))))


def _students(instance, rules: dict, careful: dict, earlier: str) -> tuple | None:
    """``(carried short, written short)``: (a) in full then carried on rounded to 2
    figures, and (a) written to 2 figures, each with the same working after it."""
    value, asked = float(rules[earlier].value), figures_asked(rules[earlier].kind, rules[earlier].spec)
    short = significant(value, 2)
    if not asked or asked <= 2 or float(short) == float(significant(value, asked)):
        return None
    written_short = _worked_on(instance, rules, {**careful, earlier: short}, earlier)
    if written_short is None:
        return None
    return {**written_short, earlier: careful[earlier]}, written_short


def _total(instance, answers: dict, credits: Credits) -> float:
    return sum(v.score for v in mark_paper(instance, answers, credits).values())


def _check_instance(instance) -> int:
    """The property on one instance; the number of comparisons where the carried student
    is marked rounded too early at more than one part without the rule."""
    rules, careful = part_rules(instance), careful_student(instance, 3)
    compared = 0
    for earlier in _read_twice(rules):
        found = _students(instance, rules, careful, earlier)
        if found is None:
            continue
        carried, short = found
        for credits in POLICIES:
            marks = mark_paper(instance, carried, credits)
            later = _later(rules, earlier)
            early = [n for n in later if marks[n].note == "rounded_too_early"]
            assert len(early) <= 1, (instance.seed_label, earlier, carried, early)   # named once
            mine, theirs = _total(instance, carried, credits), _total(instance, short, credits)
            assert mine >= theirs - 1e-9, (instance.seed_label, earlier, carried, short, credits, mine, theirs)
            compared += sum(", as your (" in marks[n].feedback for n in later)
    return compared


MANY = settings(deadline=None, max_examples=60)
DRAWS = given(cls=st.sampled_from(TWICE), seed=st.integers(0, 10 ** 6))


@quick(MANY)
@DRAWS
@pytest.mark.slow
def test_carried_short_into_two_parts_never_scores_below_written_short(cls, seed):
    _check_instance(sample_instance(BANK[cls], f"once31b/{cls}/{seed}"))


test_carried_short_into_two_parts_many = many_copy(
    test_carried_short_into_two_parts_never_scores_below_written_short, DRAWS, MANY)


def test_c7_is_among_the_templates_read_twice():
    assert "C7" in TWICE


@pytest.mark.parametrize("cls", TWICE)
@pytest.mark.slow
def test_every_template_read_twice_is_compared(cls):
    """Each such template has instances where the second part is ECF by the rule."""
    assert sum(_check_instance(sample_instance(BANK[cls], f"once31b/{cls}/{k}")) for k in range(4)) > 0


ROWS = [("c5", "Q3", "a", "0.961"), ("c5", "Q3", "b", "-ln(0.96)"), ("c5", "Q3", "c", "-ln(0.04)"),
        ("s", "Q3", "a", "0.96"), ("s", "Q3", "b", "-ln(0.96)"), ("s", "Q3", "c", "-ln(0.04)")]
FEEDBACK_C = ("marked from your (a) = 0.961: your answer is what the working gives with (a) rounded to 2 significant "
              "figures (0.96), as your (b) is: correct given that value (error carried forward; that early rounding is "
              "marked at (b) only)")


def _cells(rows, student, part) -> tuple:
    row = rows[(student, "Q3", part)]
    return row["status"], row["note"], float(row["score"])


@pytest.mark.parametrize("policy, ecf, imprecise", [("", 2.0, 0.0),
                                                   ("ecf_credit: 0.5\nimprecise_credit: 0.25\n", 2.0, 0.5)])
@pytest.mark.slow
def test_seed_24_c7_one_early_rounding_is_named_at_b_alone(seed24, policy, ecf, imprecise):
    """(a) 0.961, then (b) and (c) from 0.96: (b) rounded too early, (c) ECF naming (b);
    4 of 6 by default, as after (a) 0.96 written short."""
    rows = graded_with_policy(seed24 / "graded", seed24 / "quiz" / "key.json", ROWS, policy)
    assert _cells(rows, "c5", "a") == ("correct", "", 2.0)
    assert _cells(rows, "c5", "b") == ("imprecise", "rounded_too_early", imprecise)
    assert _cells(rows, "c5", "c") == ("correct", "ecf", ecf)
    assert rows[("c5", "Q3", "c")]["feedback"].startswith(FEEDBACK_C[:-1])
    total = {s: sum(float(rows[(s, "Q3", p)]["score"]) for p in "abc") for s in ("c5", "s")}
    assert total["c5"] >= total["s"]


@pytest.mark.slow
def test_seed_24_the_drill_marks_as_grade_does(seed24):
    """The drill marks a part at once from the answers already given (values and
    figures, no statuses): the same verdicts as grade's pass, c5's (c) ECF in both."""
    rows = graded_with_policy(seed24 / "graded", seed24 / "quiz" / "key.json", ROWS, "")
    question = next(q for q in load_key_file(seed24 / "quiz" / "key.json").questions if q.id == "Q3")
    drilled = {}
    for student in ("c5", "s"):
        checkers, values, figures = question_checkers(question), {}, {}
        for part in question.parts:
            checker = checkers[part.letter]
            verdict = carried_forward(checker, checker(rows[(student, "Q3", part.letter)]["answer"]), values, figures)
            values[part.name], figures[part.name] = verdict.value, verdict.figures
            row = rows[(student, "Q3", part.letter)]
            assert (verdict.status.value, verdict.note, verdict.score, verdict.feedback) == (
                row["status"], row["note"], float(row["score"]), row["feedback"]), (student, part.letter)
            drilled[(student, part.letter)] = verdict
    assert (drilled[("c5", "c")].status.value, drilled[("c5", "c")].note) == ("correct", "ecf")
