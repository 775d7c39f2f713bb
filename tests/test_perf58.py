"""The fifty-eighth round's cuts (docs/performance.md): work the grader did that told it nothing.

ECF asks of every trap answer whether it was named as the trap's value rounded to fewer figures or cut
off (``ecf_at_once._slip_named``); that is read from the key part's own trap values, and the part's
marking rule (its traps' carried-rounding windows) is made only for an answer that is such a slip."""

from types import SimpleNamespace

import pytest

from quizgen.generation.run import generate
from quizgen.grading.ecf_at_once import _slip_named
from quizgen.grading.part_checker import question_checkers
from quizgen.key.load import load_key_file
from quizgen.marking.roundings import sig_roundings, truncate_sig
from quizgen.marking.rule_model import figures_asked
from quizgen.marking.slips import trap_rounded_or_cut


@pytest.fixture(scope="module")
def questions(tmp_path_factory):
    folder = tmp_path_factory.mktemp("perf58")
    generate(folder / "seed11", count=1, seed=11)
    generate(folder / "seed3", count=2, seed=3)
    return [*load_key_file(folder / "seed11" / "key.json").questions,
            *load_key_file(folder / "seed3" / "key.json").questions]


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
