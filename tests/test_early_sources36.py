"""``early_sources.rounding_alone`` (ECF's credit full: every wrong earlier
answer is the right value rounded too early or cut off) is ``rounded_only``
(own_trap's credit: no earlier answer wrong otherwise) of the wrong answers,
with one of them at least: one rule for both, as they were written twice.
Not ``bool(rounded_only(...))``: an answer within tolerance but shown to too
few figures (0.14 for 0.1402) is so rounded and not wrong, which alone
leaves nothing wrong upstream."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_sizes import many_copy, quick

from quizgen.marking import early_sources
from quizgen.marking.early_carry import source_wrong
from quizgen.marking.early_sources import _right_rounded, rounded_only, rounding_alone
from quizgen.marking.rule_model import PartRule, Source

A = Source("a", "(a)", 0.7392, (), (0.96267,), {"sigfigs": 3}, "numeric", ("T1",))
B = Source("b", "(b)", 0.1402, (), (), {"sigfigs": 3})
C = Source("c", "(c)", 12.0, (), (), {}, "integer")
RULE = PartRule("d", "(d)", "numeric", 5.0, {"sigfigs": 3}, sources=(A, B, C))
MANY = settings(deadline=None, max_examples=300)


@pytest.mark.parametrize("a, b, alone, rounded", [
    ((0.74, 2), (0.1402, 4), True, ("(a)",)),          # (a) rounded too early, all that is wrong
    ((0.73, 2), (0.14, 2), True, ("(a)", "(b)")),       # (a) cut off; (b) within tolerance, too few figures
    ((0.739, 3), (0.14, 2), False, ("(b)",)),           # nothing wrong upstream: no full credit to give
    ((0.74, 2), (0.2, 1), False, None),                 # (b) wrong otherwise
    ((0.96, 2), (0.1402, 4), False, None),              # (a) a trap's value rounded: a mistake carried
    ((0.75, 2), (0.1402, 4), False, None)])
def test_rounded_earlier_answers(a, b, alone, rounded):
    earlier = {"a": a[0], "b": b[0], "c": 12}
    written = {"a": a[1], "b": b[1], "c": 2}
    assert rounding_alone(RULE, earlier, written) is alone
    assert rounded_only(RULE.sources, earlier, written) == rounded


def test_rounding_alone_is_rounded_only_of_the_wrong_answers(monkeypatch):
    asked = []

    def spy(sources, earlier, written):
        asked.append(tuple(s.name for s in sources))
        return ()
    monkeypatch.setattr(early_sources, "rounded_only", spy)
    assert rounding_alone(RULE, {"a": 0.74, "b": 0.14, "c": 11}, {"a": 2, "b": 2, "c": 2})
    assert asked == [("a", "c")]


def _rounding_alone_as_written_before(rule, earlier, written):
    wrong = [s for s in rule.sources if source_wrong(s, earlier[s.name])]
    return bool(wrong) and all(_right_rounded(s, earlier[s.name], written.get(s.name)) for s in wrong)


def _rounded_only_as_written_before(sources, earlier, written):
    if any(source_wrong(s, earlier[s.name]) and not _right_rounded(s, earlier[s.name], written.get(s.name))
           for s in sources):
        return None
    return tuple(s.label for s in sources if _right_rounded(s, earlier[s.name], written.get(s.name)))


def _answers(right: float, traps=()):
    """Answers to a part: its right value or a trap's rounded or cut to 1-4 figures, or another number."""
    near = st.sampled_from((right, *traps)).flatmap(
        lambda v: st.tuples(st.integers(1, 4), st.booleans()).map(lambda fc: (_shortened(v, *fc), fc[0])))
    other = st.tuples(st.floats(0, 2 * right + 1, allow_nan=False), st.one_of(st.none(), st.integers(1, 5)))
    return st.one_of(near, near, near, other, st.just((right, 5)))


def _shortened(value: float, figures: int, cut: bool) -> float:
    """``value`` rounded, or cut off, to ``figures`` significant figures."""
    if not cut:
        return float(f"{value:.{figures - 1}e}")
    places = figures - 1 - math.floor(math.log10(value))
    return math.trunc(value * 10 ** places) / 10 ** places


EARLIER = st.tuples(_answers(A.value, A.traps), _answers(B.value), st.sampled_from([12, 12, 12, 11]))


@quick(MANY)
@given(EARLIER)
def test_the_one_rule_gives_what_the_two_did(answers):
    (a, a_figures), (b, b_figures), c = answers
    earlier, written = {"a": a, "b": b, "c": c}, {"a": a_figures, "b": b_figures, "c": len(str(c))}
    assert rounding_alone(RULE, earlier, written) == _rounding_alone_as_written_before(RULE, earlier, written)
    for sources in (RULE.sources, RULE.sources[:1], RULE.sources[1:]):
        assert rounded_only(sources, earlier, written) == _rounded_only_as_written_before(sources, earlier, written)


test_the_one_rule_many = many_copy(test_the_one_rule_gives_what_the_two_did, given(EARLIER), MANY)
