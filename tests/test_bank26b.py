"""A count's trap that is no whole number is still a trap (C6 (c), (d): 10% of
one sequence's 45 picked positions, 4.5; 10% of BERT's 15% of 26500, 397.5),
named at its value and at its whole roundings, and never credited as error
carried forward; C6's stem wording; C4 and C9 say when fewer positions are
masked than BERT's rule picks (tests/test_bank_expert_review.py checks every
case of that sentence)."""

from fractions import Fraction

import pytest

from quizgen.generation.quiz import Question
from quizgen.generation.sampling import build_instance, canonical_instance, sample_instance
from quizgen.generation.views import question_view
from quizgen.grading.ecf_at_once import carried_forward
from quizgen.grading.part_checker import check_answer, question_checkers
from quizgen.key.entries import key_entry
from quizgen.marking.rule_model import TrapRule
from quizgen.marking.slips import trap_matched
from quizgen.validation.marking import marking_problems

PER_SEQUENCE, AT_15 = "per_sequence_count", "used_bert_15_percent"
ROUNDED = "(That value, {}, rounded to a whole number.)"


def _c6(template, B: int, L: int, r: Fraction):
    """C6 with the batch and rate given (its other numbers follow from them)."""
    params = dict(canonical_instance(template).params)
    params.update(B=Fraction(B), L=Fraction(L), r=r, N=Fraction(B * L), chosen=r * B * L)
    return key_entry(Question("Q6", build_instance(template, f"B={B},L={L}", params)))


@pytest.fixture
def seed1_c6(templates_by_class):
    """generate --seed 1's Q6: 32 sequences of 300 tokens at 15%; (c) = 144."""
    return _c6(templates_by_class["C6"], 32, 300, Fraction(15, 100))


def test_a_fractional_trap_is_matched_at_its_value_and_whole_roundings_on_a_count():
    traps = (TrapRule("whole", 7.0, "a whole slip."), TrapRule("half", 4.5, "one sequence's share."))
    assert trap_matched(traps, 4.5, {}, "integer") == (traps[1], "one sequence's share.")
    for x in (4.0, 5.0):
        assert trap_matched(traps, x, {}, "integer") == (traps[1], f"one sequence's share. {ROUNDED.format('4.5')}")
    assert trap_matched(traps, 7.0, {}, "integer") == (traps[0], "a whole slip.")
    for x in (3.0, 6.0, 8.0, 4.4):   # a whole trap has no roundings; 3 and 6 are no neighbours of 4.5
        assert trap_matched(traps, x, {}, "integer") == (None, "")
    assert trap_matched((TrapRule("half", 4.5),), 4.0, {}, "numeric") == (None, "")   # a decimal part: tolerance only


def test_a_trap_s_own_value_wins_over_another_trap_s_rounding():
    traps = (TrapRule("half", 4.5, "rounded one."), TrapRule("five", 5.0, "exact one."))
    assert trap_matched(traps, 5.0, {}, "integer")[0].code == "five"
    assert trap_matched(traps, 4.0, {}, "integer")[0].code == "half"


def test_seed_1_c6_names_one_sequence_s_share_and_its_roundings(seed1_c6):
    randomised, unchanged = seed1_c6.parts[2], seed1_c6.parts[3]
    assert (randomised.value, unchanged.value) == (144, 144)
    verdict = check_answer(randomised, "4.5")
    assert (verdict.status, verdict.misconception) == ("incorrect", PER_SEQUENCE)
    assert "one sequence's picked positions" in verdict.feedback and "round a count" not in verdict.feedback
    for part, text in ((unchanged, "4"), (randomised, "5")):
        verdict = check_answer(part, text)
        assert (verdict.status, verdict.misconception, verdict.score) == ("incorrect", PER_SEQUENCE, 0.0)
        assert verdict.feedback.endswith(ROUNDED.format("4.5")), verdict.feedback
    assert check_answer(unchanged, "6").misconception == ""
    assert check_answer(unchanged, "144").status == "correct"


def test_bert_s_15_percent_at_a_fraction_is_named_at_its_roundings(templates_by_class):
    """drill --seed 2 --classes C6: 53 sequences of 500 at 10%; 15% of 26500 / 10 = 397.5."""
    entry = _c6(templates_by_class["C6"], 53, 500, Fraction(1, 10))
    for part in entry.parts[2:4]:
        assert part.value == 265
        for text in ("397.5", "397", "398"):
            verdict = check_answer(part, text)
            assert (verdict.status, verdict.misconception) == ("incorrect", AT_15), (part.name, text)
            assert "BERT's 15% is a different rate here" in verdict.feedback


def test_per_sequence_throughout_is_named_once_and_a_fraction_never_credited(seed1_c6):
    """(a) 45 is the per-sequence slip; (b), (d), (e) worked from it are ECF
    (docs/grading.md: a named trap at (a), the parts worked from it correctly);
    (c) 4.5, their (a)'s count unrounded, is told to round it, not named again
    and not credited as the same misconception carried on."""
    checkers, earlier = question_checkers(seed1_c6), {}
    first = checkers["a"]("45")
    assert first.misconception == PER_SEQUENCE
    earlier["chosen"] = first.value
    marks = {}
    for part, text in zip(seed1_c6.parts[1:], ("36", "4.5", "5", "45")):
        marks[part.letter] = carried_forward(checkers[part.letter], checkers[part.letter](text), earlier)
    assert [(v.status, v.note) for v in marks.values()] == [
        ("correct", "ecf"), ("incorrect", ""), ("correct", "ecf"), ("correct", "ecf")]
    assert marks["c"].misconception == "" and marks["c"].score == 0
    assert "4 or 5 is correct given that value" in marks["c"].feedback
    for text in ("4", "5"):   # rounded, as the feedback says: ECF
        assert carried_forward(checkers["c"], checkers["c"](text), earlier).note == "ecf"


def test_c6_stem_says_the_random_token_replaces_the_token(templates_by_class):
    for k in range(5):
        instance = sample_instance(templates_by_class["C6"], f"stem/{k}")
        stem = " ".join(question_view(Question("Q1", instance), "text")["stem"].split())
        assert "10% have their token replaced by a random vocabulary token, and the remaining 10%" in stem, stem
        assert "in its place" not in stem


def test_validate_writes_a_count_s_fractional_trap_as_a_count_reads_it(templates_by_class):
    """validate marks each trap's value as written: 4.500 on a count reads as 4500 (thousands)."""
    template = templates_by_class["C6"]
    params = dict(canonical_instance(template).params)
    params.update(B=Fraction(32), L=Fraction(300), N=Fraction(9600), chosen=Fraction(1440))
    assert marking_problems(build_instance(template, "seed 1's", params)) == []
