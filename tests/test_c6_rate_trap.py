"""C6's used_bert_15_percent: where a run's masking rate is not BERT's 15%,
the counts worked at 15% are named as that slip in every part; where the rate
is 15% the trap is left out of the draw (``when``), so 15% is simply right."""

import pytest
from fractions import Fraction
from pathlib import Path

from quizgen.generation.quiz import Question
from quizgen.generation.sampling import canonical_instance, sample_instance
from quizgen.grading.ecf_at_once import carried_forward
from quizgen.grading.part_checker import check_answer, question_checkers
from quizgen.key.entries import key_entry

CODE = "used_bert_15_percent"
BANK = Path(__file__).resolve().parents[1] / "question_bank"


def _at_15_percent(n: int) -> dict:
    """Each part's count worked at BERT's 15% instead of the run's rate."""
    picked = Fraction(15, 100) * n
    return {"chosen": picked, "masked": picked * Fraction(8, 10), "randomised": picked / 10,
            "unchanged": picked / 10, "graded": picked}


def _written(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))


@pytest.mark.slow
def test_every_part_names_the_15_percent_slip_where_the_rate_differs(templates_by_class):
    seen = set()
    for k in range(30):
        instance = sample_instance(templates_by_class["C6"], f"rate/{k}")
        entry, wrong = key_entry(Question("Q1", instance)), _at_15_percent(int(instance.env["N"]))
        at_15 = instance.env["r"] == Fraction(15, 100)
        for part in entry.parts:
            verdict = check_answer(part, _written(wrong[part.name]))
            if at_15:
                assert verdict.status == "correct"
            else:   # a half position (52.5) too: the slip is named there and at its roundings (tests/test_bank26b.py)
                assert (verdict.status, verdict.misconception) == ("incorrect", CODE), (k, part.name)
                assert "BERT's 15% is a different rate here" in verdict.feedback
        seen.add(at_15)
    assert seen == {True, False}


def test_at_bert_s_own_rate_the_trap_is_left_out_of_the_draw(templates_by_class):
    instance = canonical_instance(templates_by_class["C6"])   # the reference's 15% of 200
    for pv in instance.parts:
        trap = next(t for t in pv.traps if t.code == CODE)
        assert (trap.value, trap.words) == (None, ())
    assert check_answer(key_entry(Question("Q1", instance)).parts[0], "30").status == "correct"


def test_later_parts_worked_from_a_15_percent_pick_get_error_carried_forward(templates_by_class):
    """(a) at 15% is the slip, named once: (b) to (e) worked from it are
    right given that value, not the same slip named again."""
    k = next(k for k in range(50) if sample_instance(templates_by_class["C6"], f"ecf/{k}").env["r"] != Fraction(15, 100))
    instance = sample_instance(templates_by_class["C6"], f"ecf/{k}")
    entry, wrong = key_entry(Question("Q1", instance)), _at_15_percent(int(instance.env["N"]))
    checkers = question_checkers(entry)
    first = checkers["a"](_written(wrong["chosen"]))
    assert first.misconception == CODE
    for part in entry.parts[1:]:
        own = checkers[part.letter](_written(wrong[part.name]))
        verdict = carried_forward(checkers[part.letter], own, {"chosen": first.value})
        assert (own.misconception, verdict.status, verdict.note) == (CODE, "correct", "ecf"), part.name


@pytest.mark.slow
def test_validate_names_a_trap_condition_that_is_not_true_or_false(invoke, tmp_path):
    source = (BANK / "c6_masking_counts.yaml").read_text(encoding="utf-8")
    (tmp_path / "c6.yaml").write_text(source.replace('when: "r != 0.15"', 'when: "r * 2"', 1), encoding="utf-8")
    result = invoke("validate", tmp_path / "c6.yaml")
    assert result.exit_code == 1
    assert "parts.0.traps.0.when: no draw passed" in result.output
    assert "a trap's when must be true or false (a comparison such as 'r != 0.15'), found the number 3/10" \
        in result.output
    (tmp_path / "c6.yaml").write_text(source.replace('when: "r != 0.15"', 'when: "list(r, r)"', 1), encoding="utf-8")
    assert "found a list" in invoke("validate", tmp_path / "c6.yaml").output   # not a repr of Fractions
