"""An earlier answer whose only fault is its early rounding (the right value
rounded short or cut off) is marked for it at its own part alone: a later part
worked correctly from it as written is ECF that loses nothing for it, whatever
the policy's ``ecf_credit``, as its words say ("(a)'s early rounding is marked
at (a) only"). Before, with ``ecf_credit: 0.5`` the later part earned half, so
the one rounding cost marks twice (review 34). A trap's value rounded, or a
wrong value, is a mistake carried forward: ECF's credit still scores it."""

import math

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.sampling import sample_instance
from quizgen.maths.numbers import significant
from quizgen.marking.rule_model import Credits
from quizgen.marking.rules import figures_asked
from quizgen.validation.marking import careful_student
from tests.paper_support import mark_paper, part_rules
from test_early_once31 import DEPENDENT, _later, _read_by_later_parts, _worked_on

BANK = {t.cls: t for t in load_bank()}
POLICIES = (Credits(), Credits(ecf=0.5, imprecise=0.25), Credits(ecf=0.0, imprecise=0.25), Credits(ecf=0.25))


def _cut(value: float, figures: int) -> str:
    scale = 10.0 ** (figures - 1 - math.floor(math.log10(abs(value))))
    return significant(math.trunc(value * scale) / scale, figures)


def _cases(cls: str) -> list:
    """(instance, earlier part, student's answers) for draws of ``cls``: the earlier
    part the right value rounded to 2 figures or cut off at the figures asked, the
    later parts worked from it as written, to the figures asked."""
    found = []
    for k in range(6):
        instance = sample_instance(BANK[cls], f"alone34/{cls}/{k}")
        rules, careful = part_rules(instance), careful_student(instance, 3)
        for earlier in _read_by_later_parts(rules):
            value, asked = float(rules[earlier].value), figures_asked(rules[earlier].kind, rules[earlier].spec)
            for text in {significant(value, 2), _cut(value, asked)} - {significant(value, asked)}:
                worked = _worked_on(instance, rules, {**careful, earlier: text}, earlier)
                if worked is not None:
                    found.append((instance, earlier, worked))
    return found


@pytest.mark.parametrize("cls", DEPENDENT)
def test_a_later_part_loses_nothing_for_an_earlier_rounding_marked_there(cls):
    compared = 0
    for instance, earlier, answers in _cases(cls):
        rules = part_rules(instance)
        for credits in POLICIES:
            marked = mark_paper(instance, answers, credits)
            if marked[earlier].status == "correct" or marked[earlier].misconception:
                continue   # carried rounding reaches it, or it is also a trap's value: not this case
            assert marked[earlier].score <= credits.imprecise + 1e-9
            for name in _later(rules, earlier):
                verdict, where = marked[name], (instance.seed_label, earlier, answers[earlier], name, credits)
                if verdict.note != "ecf":
                    continue   # right on its own, or worked from a rounded step of its own
                compared += 1
                assert (verdict.status, verdict.score) == ("correct", pytest.approx(1.0)), (where, verdict)
                assert "early rounding is marked at" in verdict.feedback, where
                assert "in this course" not in verdict.feedback, where
    assert compared, cls


def test_a_trap_value_rounded_early_still_earns_ecf_credit_later():
    """C7's sign-error trap rounded to 2 figures at (a) is a mistake besides the
    rounding: (b) worked from it is ECF at ECF's credit, as before."""
    instance = sample_instance(BANK["C7"], "alone34/C7/trap")
    rules = part_rules(instance)
    first = next(iter(rules))
    trap = next(t.value for t in rules[first].traps if t.value is not None and t.code == "sigmoid_sign_error")
    text = significant(trap, 2)
    answers = _worked_on(instance, rules, {**careful_student(instance, 3), first: text}, first)
    marked = mark_paper(instance, answers, Credits(ecf=0.5, imprecise=0.25))
    ecf = [marked[name] for name in _later(rules, first) if marked[name].note == "ecf"]
    assert ecf and all(v.score == pytest.approx(0.5) for v in ecf), marked


def test_a_later_part_rounded_itself_after_an_earlier_rounding_earns_the_imprecise_credit_alone():
    """(a) cut off at the figures asked (C1's 0.797 for 0.7973..., marked there),
    then (b) worked from (a) rounded to 2 figures: (b)'s own early rounding earns
    the imprecise credit, not times ECF's, as after a right (a) written in full (it
    was both credits: (a)'s rounding counted as a wrong answer carried forward)."""
    credits, compared = Credits(ecf=0.5, imprecise=0.25), 0
    for cls in DEPENDENT:
        for k in range(6):
            instance = sample_instance(BANK[cls], f"alone34/{cls}/{k}")
            rules, careful = part_rules(instance), careful_student(instance, 3)
            for earlier in _read_by_later_parts(rules):
                value, asked = float(rules[earlier].value), figures_asked(rules[earlier].kind, rules[earlier].spec)
                text = _cut(value, asked)
                worked = _worked_on(instance, rules, {**careful, earlier: significant(float(text), 2)}, earlier)
                if worked is None or text == significant(value, asked):
                    continue
                marked = mark_paper(instance, {**worked, earlier: text}, credits)
                if marked[earlier].status != "imprecise":
                    continue
                for name in _later(rules, earlier):
                    if (marked[name].status, marked[name].note) == ("imprecise", "rounded_too_early"):
                        compared += 1
                        assert marked[name].score == pytest.approx(credits.imprecise), (cls, k, name, marked[name])
    assert compared >= 3
