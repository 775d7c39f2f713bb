"""Issue 12's "one mistake is named once" for early rounding: an earlier answer
that is the right value rounded too early or cut off (seed 24's 0.74 for
p = 0.7392) is marked for it at its own part, and a later part worked correctly
from it as written is error carried forward, scored by ECF's credit. Before, the
later part was rounded too early as well (0 marks by default), while a wrong
earlier answer (0.75, no rounding of p or a trap) earned full ECF.

The property, both ways, for every later part that reads such an earlier part,
over draws of the shipped bank, by default and with ``ecf_credit: 0.5,
imprecise_credit: 0.25``: the student whose earlier answer is the right value
rounded short (to 2 or 1 figures, or cut off) earns at least as many marks on
that later part as one whose earlier answer is wrong, each doing the same
working from their own earlier answer; and the early rounding still costs them
at the earlier part (named once, not never). Students are made from the key
each instance writes and marked as grade marks them (paper_support)."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_sizes import many_copy, quick

from quizgen.bank.loader import load_bank
from quizgen.generation.sampling import canonical_instance, sample_instance
from quizgen.maths.numbers import significant
from quizgen.marking.carry import reachable
from quizgen.marking.rule_model import Credits
from quizgen.marking.rules import figures_asked
from quizgen.marking.sources import OWN_RECIPE_ERRORS
from quizgen.validation.marking import careful_student
from tests.grading_support import graded_with_policy
from tests.paper_support import mark_paper, part_rules

BANK = {t.cls: t for t in load_bank()}
POLICIES = (Credits(), Credits(ecf=0.5, imprecise=0.25))
SHORTENINGS = ("round 2", "round 1", "cut 2", "cut asked")
OFFSETS = (-3, -2, -1, 1, 2, 3)   # a wrong earlier answer: the right one to 2 figures, moved by units of its last
NOTE = "early rounding is marked at"


def _read_by_later_parts(rules: dict) -> list:
    """The names of the decimal parts some later part's recipe reads."""
    return [name for name, rule in rules.items() if rule.kind == "numeric" and figures_asked(rule.kind, rule.spec)
            and any(r.recipe is not None and name in r.recipe.depends for r in rules.values())]


DEPENDENT = sorted(cls for cls, template in BANK.items() if _read_by_later_parts(part_rules(canonical_instance(template))))


def _cut(value: float, figures: int) -> float:
    """``value`` cut off (truncated) at ``figures`` significant figures."""
    scale = 10.0 ** (figures - 1 - math.floor(math.log10(abs(value))))
    return math.trunc(value * scale) / scale


def _shortened(value: float, how: str, asked: int) -> str | None:
    """The right value ``value`` rounded too early or cut off, as a student writes it; None when that is no change."""
    kind, figures = how.split()
    figures = asked if figures == "asked" else int(figures)
    text = significant(value, figures) if kind == "round" else significant(_cut(value, figures), figures)
    return None if float(text) == float(significant(value, asked)) else text


def _worked_on(instance, rules: dict, answers: dict, earlier: str) -> dict | None:
    """``answers`` with each part whose recipe reads ``earlier`` (directly or through
    such parts) worked from the student's own answers as written, to the figures
    asked: the same working whatever the earlier answer; None where it has no value."""
    answers, touched = dict(answers), {earlier}
    for name, rule in rules.items():
        if rule.recipe is None or not touched & set(rule.recipe.depends):
            continue
        given = {d: (float(answers[d]),) for d in rule.recipe.depends}
        try:
            values = reachable(rule.recipe, instance.env, given, levels=())
        except OWN_RECIPE_ERRORS:
            return None
        if not values or not all(math.isfinite(v) for v in values):
            return None
        asked = figures_asked(rule.kind, rule.spec)
        answers[name] = str(round(values[0])) if rule.kind == "integer" else significant(values[0], asked or 3)
        touched.add(name)
    return answers


def _later(rules: dict, earlier: str) -> list:
    """The parts whose recipe reads ``earlier``."""
    return [name for name, rule in rules.items() if rule.recipe is not None and earlier in rule.recipe.depends]


def _wrong_answers(instance, rules: dict, careful: dict, earlier: str) -> list:
    """Wrong earlier answers written to 2 figures that are no rounding of the right
    value or a trap (marked alone: incorrect, no misconception, nothing said of
    rounding), each with the same working after it."""
    value = float(rules[earlier].value)
    unit = 10.0 ** (math.floor(math.log10(abs(value))) - 1)
    found = []
    for offset in OFFSETS:
        text = significant(float(significant(value, 2)) + offset * unit, 2)
        alone = mark_paper(instance, {earlier: text})[earlier]
        if (alone.status, alone.misconception, alone.feedback) != ("incorrect", "", ""):
            continue
        worked = _worked_on(instance, rules, {**careful, earlier: text}, earlier)
        if worked is not None:
            found.append(worked)
    return found


def _check_instance(instance) -> int:
    """Check the property on one instance; the number of comparisons made."""
    rules, careful = part_rules(instance), careful_student(instance, 3)
    compared = 0
    for earlier in _read_by_later_parts(rules):
        rule = rules[earlier]
        asked = figures_asked(rule.kind, rule.spec)
        wrongs = _wrong_answers(instance, rules, careful, earlier)
        for how in SHORTENINGS:
            text = _shortened(float(rule.value), how, asked)
            short = _worked_on(instance, rules, {**careful, earlier: text}, earlier) if text else None
            if short is None:
                continue
            for credits in POLICIES:
                compared += _compare(instance, rules, earlier, short, wrongs, careful, credits)
    return compared


def _compare(instance, rules, earlier: str, short: dict, wrongs: list, careful: dict, credits: Credits) -> int:
    """The property for one right-but-short student against each wrong one and the careful one."""
    mine = mark_paper(instance, short, credits)
    where = (instance.seed_label, earlier, short[earlier], credits)
    if mine[earlier].status == "correct":
        return 0   # carried rounding reaches it (0.785 for 0.7856): no early rounding to name
    assert mine[earlier].score <= credits.imprecise + 1e-9, where
    full = mark_paper(instance, careful, credits)
    for name in _later(rules, earlier):
        verdict = mine[name]
        if verdict.status == "correct" and verdict.note in ("", "carried_rounding"):
            continue   # the rounding did not move it out of what the part accepts: right on its own
        # ... and there alone: ECF from the (a) as written, losing nothing for it whatever ECF's credit (review 34)
        assert (verdict.status, verdict.note) == ("correct", "ecf"), (where, name, short[name], verdict)
        alone = NOTE in verdict.feedback   # (a) marked rounded early there, and said: no more lost here
        assert verdict.score == pytest.approx(1.0 if alone else credits.ecf), (where, name, verdict)
        assert verdict.score <= full[name].score + 1e-9, (where, name)
        for wrong in wrongs:
            theirs = mark_paper(instance, wrong, credits)[name]
            if theirs.status == "correct" and theirs.note in ("", "carried_rounding"):
                continue   # a wrong (a) near enough that what follows is right on its own (-ln 0.000034 for p = 3.27e-5)
            assert verdict.score >= theirs.score - 1e-9, (where, name, wrong[earlier], wrong[name], theirs)
    return len(wrongs)


MANY = settings(deadline=None, max_examples=120)
DRAWS = given(cls=st.sampled_from(DEPENDENT), seed=st.integers(0, 10 ** 6))


@quick(MANY)
@DRAWS
@pytest.mark.slow
def test_a_right_earlier_answer_rounded_short_never_earns_less_later_than_a_wrong_one(cls, seed):
    _check_instance(sample_instance(BANK[cls], f"once31/{cls}/{seed}"))


test_a_right_earlier_answer_rounded_short_many = many_copy(
    test_a_right_earlier_answer_rounded_short_never_earns_less_later_than_a_wrong_one, DRAWS, MANY)


@pytest.mark.parametrize("cls", DEPENDENT)
@pytest.mark.slow
def test_every_dependent_template_is_compared(cls):
    """Each template whose later parts read a decimal earlier part has wrong students to compare with."""
    assert sum(_check_instance(sample_instance(BANK[cls], f"once31/{cls}/{k}")) for k in range(3)) > 0


def _graded(folder, rows: list, policy: str = "") -> dict:
    """``rows`` (student, question, part, answer) graded against seed 24's key; graded.csv's rows by those three."""
    return graded_with_policy(folder / "graded", folder / "quiz" / "key.json", rows, policy)


ROWS = [("r", "Q1", "a", "0.74"), ("r", "Q1", "b", "0.301"),     # right, rounded early; (b) = -ln 0.74
        ("w", "Q1", "a", "0.75"), ("w", "Q1", "b", "0.288"),     # wrong, no rounding; (b) = -ln 0.75
        ("t", "Q1", "a", "0.739"), ("t", "Q1", "b", "0.301"),    # (a) in full, carried on as 0.74 into (b)
        ("s", "Q1", "a", "0.74"), ("s", "Q1", "b", "0.30"),      # (b) short itself too
        ("c", "Q3", "a", "0.96"), ("c", "Q3", "b", "-ln(0.96)"), ("c", "Q3", "c", "-ln(0.04)"),
        ("x", "Q1", "a", "0.74"), ("x", "Q1", "b", "0.131"),     # (b) -log10 p: a trap stays the trap
        ("y", "Q1", "a", "0.74"), ("y", "Q1", "b", "0.302")]     # (b) right on its own stays correct


def _cells(rows, student, question, part) -> tuple:
    row = rows[(student, question, part)]
    return row["status"], row["note"], float(row["score"])


@pytest.mark.slow
def test_seed_24_the_early_rounding_is_named_once_at_a(seed24):
    """The reviewer's case by default (2 points a part): (a) 0.74 is rounded too early
    at (a), and (b) from it is full ECF, as after the wrong (a) 0.75; (a) written 0.739
    and carried as 0.74 is named in (b) instead; a (b) short itself is told so; after
    (a) 0.74 a trap stays the trap and a right (b) stays correct."""
    rows = _graded(seed24, ROWS)
    assert _cells(rows, "r", "Q1", "a") == ("imprecise", "rounded_too_early", 0.0)
    assert _cells(rows, "r", "Q1", "b") == ("correct", "ecf", 2.0) == _cells(rows, "w", "Q1", "b")
    assert rows[("r", "Q1", "b")]["feedback"] == ("marked from your (a) = 0.74: correct given that value (error "
                                                 "carried forward; (a)'s early rounding is marked at (a) only)")
    assert rows[("w", "Q1", "b")]["feedback"] == ("marked from your (a) = 0.75: correct given that value (error "
                                                 "carried forward)")   # a wrong (a) says nothing of rounding
    assert _cells(rows, "t", "Q1", "a") == ("correct", "", 2.0)
    assert _cells(rows, "t", "Q1", "b") == ("imprecise", "rounded_too_early", 0.0)
    assert rows[("t", "Q1", "b")]["feedback"].startswith(
        "marked from your (a) = 0.739: your answer is what the working gives with (a) rounded to 2")
    assert _cells(rows, "s", "Q1", "b") == ("imprecise", "rounded_too_early", 0.0)
    assert rows[("s", "Q1", "b")]["feedback"].startswith("marked from your (a) = 0.74: rounded too early: right to "
                                                        "2 significant figures given that value")
    assert _cells(rows, "c", "Q3", "a") == ("imprecise", "rounded_too_early", 0.0)
    for part in "bc":
        assert _cells(rows, "c", "Q3", part) == ("correct", "ecf", 2.0), part
    assert (rows[("x", "Q1", "b")]["status"], rows[("x", "Q1", "b")]["misconception"]) == (
        "incorrect", "log10_instead_of_ln")
    assert _cells(rows, "y", "Q1", "b") == ("correct", "", 2.0)


@pytest.mark.slow
def test_seed_24_with_part_credits(seed24):
    """ecf_credit 0.5, imprecise_credit 0.25: (a) 0.74 earns a quarter at (a) and (b)
    from it full marks, its rounding marked at (a) alone (review 34: it was half, as
    after the wrong 0.75, which still earns half); the short (b) the imprecise credit."""
    rows = _graded(seed24, ROWS, "ecf_credit: 0.5\nimprecise_credit: 0.25\n")
    assert _cells(rows, "r", "Q1", "a") == ("imprecise", "rounded_too_early", 0.5)
    assert _cells(rows, "r", "Q1", "b") == ("correct", "ecf", 2.0)
    assert _cells(rows, "w", "Q1", "b") == ("correct", "ecf", 1.0)
    assert rows[("r", "Q1", "b")]["feedback"].endswith("(error carried forward; (a)'s early rounding is marked at "
                                                      "(a) only)")
    assert rows[("w", "Q1", "b")]["feedback"].endswith("which earns half of the marks in this course")
    assert _cells(rows, "t", "Q1", "b") == ("imprecise", "rounded_too_early", 0.5)
    assert _cells(rows, "s", "Q1", "b") == ("imprecise", "rounded_too_early", 0.5)


@pytest.mark.slow
def test_with_no_ecf_credit_the_later_part_earns_nothing_and_says_why(seed24):
    """ECF's policy scores it: with ecf_credit 0, (b) after the wrong (a) 0.75 is no
    correct answer, and says so; after (a) 0.74, the right value rounded early and
    marked there, (b) is full marks (review 34)."""
    rows = _graded(seed24, ROWS, "ecf_credit: 0\n")
    assert _cells(rows, "w", "Q1", "b") == ("incorrect", "ecf", 0.0)
    assert rows[("w", "Q1", "b")]["feedback"].endswith("which earns no marks in this course")
    assert _cells(rows, "r", "Q1", "b") == ("correct", "ecf", 2.0)
    assert "in this course" not in rows[("r", "Q1", "b")]["feedback"]
