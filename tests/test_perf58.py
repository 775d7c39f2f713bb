"""The fifty-eighth round's cuts (docs/performance.md): work the grader did that told it nothing.

ECF asks of every trap answer whether it was named as the trap's value rounded to fewer figures or cut
off (``ecf_at_once._slip_named``); that is read from the key part's own trap values, and the part's
marking rule (its traps' carried-rounding windows) is made only for an answer that is such a slip.

A wrong answer is looked at for a value near 1 kept short (``near_one.near_one``) only within the hull of
the part's working over every such keeping at once (``near_one._beyond``, hull.spans_reach): the keepings
themselves (C9's total, C7's losses) are worked out only for an answer they may explain."""

from types import SimpleNamespace

import pytest

from quizgen.grading.ecf_at_once import _slip_named
from quizgen.grading.part_checker import question_checkers
from quizgen.maths.tolerance import matches
from quizgen.marking import near_one
from quizgen.marking.roundings import sig_roundings, truncate_sig
from quizgen.marking.rule_model import figures_asked, tolerance_kind
from quizgen.marking.slips import trap_rounded_or_cut


@pytest.fixture(scope="module")
def questions():
    """Three draws of every class, as their key records."""
    from quizgen.generation.quiz import Question
    from quizgen.key.entries import key_entry
    return [key_entry(Question(f"Q{k + 1}", draw)) for cls in CLASSES for k, draw in enumerate(_draws(cls, 3))]


CLASSES = tuple(f"C{n}" for n in range(1, 11))


def _by_rule(checker, outcome):
    """``_slip_named`` as it was: from the part's whole marking rule."""
    rule = checker.rule
    asked = figures_asked(rule.kind, rule.spec)
    found = trap_rounded_or_cut(rule.traps, asked, outcome.value, outcome.figures, rule.value) if asked else None
    return found[0] if found is not None and found[0].code == outcome.misconception else None


def _trap_answers(part):
    """(value, figures shown, code) near each of ``part``'s traps: the trap, rounded to 1 and 2 figures and
    to the figures asked, cut off there, and a little off; each named by every trap code of the part."""
    asked = figures_asked(part.kind, part.tolerance) or 3
    codes = [t.code for t in part.traps]
    for value in (v for v in part.trap_values if v):
        for x, shown in ((value, None), *((r, f) for f in (1, 2, asked) for r in sig_roundings(value, f)),
                         (truncate_sig(value, asked), asked), (value * 1.004, asked + 1)):
            for code in codes:
                yield x, shown, code


def test_slip_named_as_from_the_rule(questions):
    """Over every class's numeric parts with traps, the slip read from the key part is the rule's very TrapRule,
    or None where the rule gives None."""
    looked = slips = 0
    for question in questions:
        for checker in question_checkers(question).values():
            if checker.kind != "numeric" or not any(v is not None for v in checker.part.trap_values):
                continue
            for x, shown, code in _trap_answers(checker.part):
                outcome = SimpleNamespace(value=x, figures=shown, misconception=code)
                found = _slip_named(checker, outcome)
                assert found is _by_rule(checker, outcome), (question.id, checker.part.letter, x, shown, code)
                looked, slips = looked + 1, slips + (found is not None)
    assert looked > 1000 and slips > 50, (looked, slips)


def test_no_rule_made_for_a_trap_answer_that_is_no_slip(questions):
    """A trap answer that is no slip of its trap makes no marking rule; a slip does (its window is the rule's)."""
    seen = set()
    for question in questions:
        for part in question.parts:
            if part.kind != "numeric":
                continue
            for x, shown, code in _trap_answers(part):
                checker = question_checkers(question)[part.letter]   # fresh: no rule made yet
                found = _slip_named(checker, SimpleNamespace(value=x, figures=shown, misconception=code))
                assert bool(checker.question_rules()._rules) == (found is not None), (question.id, part.letter, x)
                seen.add(found is None)
            if seen == {True, False}:
                return
    pytest.fail("no trap answer both ways")


def _draws(cls: str, count: int):
    from quizgen.bank.loader import load_bank
    from quizgen.generation.sampling import sample_instance
    template = {t.cls: t for t in load_bank(())}[cls]
    return [sample_instance(template, f"perf58/{cls}/{k}") for k in range(count)]


@pytest.fixture(scope="module")
def near_one_rules(questions):
    """Every numeric part's rule: the fixture's papers (every class) and 25 draws each of C7 and C9."""
    from tests.paper_support import part_rules
    rules = [r for q in questions for r in question_checkers(q)["a"].question_rules().rules.values()]
    rules += [r for cls in ("C7", "C9") for draw in _draws(cls, 25) for r in part_rules(draw).values()]
    return [r for r in rules if r.kind == "numeric" and r.value is not None]


FACTORS = (0.5, 0.9, 0.95, 0.98, 0.99, 0.995, 0.999, 1.0, 1.001, 1.005, 1.01, 1.02, 1.05, 1.1, 2.0, -1.0)


def test_beyond_means_no_value_kept_short_is_near(near_one_rules):
    """Wherever ``_beyond`` says so, no value ``kept_short`` gives lies within the part's tolerance of the
    answer, nor within CARRIED_NEAR of it (where near_one looks at the carried workings): over every class,
    answers near and far."""
    looked = beyond = told = 0
    for rule in near_one_rules:
        for factor in FACTORS:
            x = rule.value * factor
            far = near_one._beyond(rule, x)
            looked, beyond = looked + 1, beyond + far
            if far:
                values = [c[0] for c in near_one.kept_short(rule)]
                told += bool(values)
                assert not any(matches(x, v, rule.spec, tolerance_kind(rule)) or
                               abs(x - v) <= near_one.CARRIED_NEAR * abs(v) for v in values), (rule.name, x)
                rule.carried.near.pop((bool(rule.sources), False), None)   # the hull again for the next answer
    assert looked > 1000 and beyond > looked // 2 and told > 200, (looked, beyond, told)


def test_a_far_answer_works_out_no_keeping():
    """C9's total and C7's losses twice the key: nothing is worked out but the hull, and nothing is said;
    near the key, the values are worked out as before."""
    from tests.paper_support import part_rules
    for cls, names in (("C9", ("total",)), ("C7", ("loss_y0", "loss_y1"))):
        rules = part_rules(_draws(cls, 1)[0])
        for name in names:
            rule = rules[name]
            assert near_one.near_one(rule, 2 * rule.value) == ""
            assert ("bounds", bool(rule.sources)) in rule.carried.near
            assert (bool(rule.sources), False) not in rule.carried.near
            near_one.near_one(rule, rule.value * 1.001)
            assert (bool(rule.sources), False) in rule.carried.near


def test_an_instance_asked_nothing_holds_no_caches(questions):
    """The checkers of a question whose answers are all right keep no ECF verdicts, and its rules no carried
    sets, float functions or trap reads: most instances of a per-student key (a --jobs 1 grade of the per-student
    workload held 6.5 MB less at ECF's end). Asked, each is made and kept."""
    for question in questions[:10]:
        checkers = question_checkers(question)
        for checker in checkers.values():
            assert checker(checker.part.answer).status.value == "correct"
        rules = next(iter(checkers.values())).question_rules()
        assert all(checker._remarked is None for checker in checkers.values())
        assert rules._carried is None and rules._compiled is None and rules._beyond is None
        assert rules.carried is rules.carried and rules._carried == {}
        last = list(checkers.values())[-1]
        last.remark(1.0, 3, {})
        assert last._remarked is not None
