"""Review 53a F5: a count is typed whole, so a count trap whose value is no
whole number (C6's 4.5, 10% of one sequence's 45 picked positions) is named by
``quizgen grade`` at its two whole neighbours (marking/slips.py, trap_matched).
The LMS holds it there too, with the trap's feedback and grade, unless a
neighbour is the right answer or another trap's value."""

from lms_support import parse_cloze
from quizgen.lms.canvas import slips_html
from quizgen.lms.moodle import cloze
from quizgen.lms.variants import Trap, VariantPart, variant
from quizgen.bank.loader import load_bank

C6 = next(t for t in load_bank() if t.cls == "C6")


def _numbers(part):
    return [(fraction, float(answer), feedback) for fraction, answer, _, feedback in
            parse_cloze(f"<p>{cloze(part)}</p>")[0]["answers"]]


def test_a_count_traps_whole_neighbours_are_exported_with_its_feedback():
    part = variant(C6, "1/mlm-masking-counts/0").parts[2]   # (c) 144, per_sequence_count 4.5
    trap = next(t for t in part.traps if t.code == "per_sequence_count")
    assert (part.kind, part.value, trap.value) == ("integer", 144.0, 4.5)
    answers = _numbers(part)
    said = next(f for _, v, f in answers if v == 4.5)
    assert [(f, v) for f, v, feedback in answers if feedback == said] == [(0.0, 4.5), (0.0, 4.0), (0.0, 5.0)]
    assert "An answer of 4.500 (4 or 5 as a whole number):" in slips_html(part)


def test_a_neighbour_that_is_the_answer_or_another_trap_is_left_out():
    traps = (Trap("half", 4.5, 1e-9, "half of it", credit=0.5), Trap("five", 5.0, 1e-9, "five"),
             Trap("other", 3.5, 1e-9, "other"))
    part = VariantPart("a", "", "integer", 4.0, 1e-9, (), 1.0, traps)
    answers = [(f, v) for f, v, _ in _numbers(part)]
    assert answers == [(1.0, 4.0), (0.5, 4.5), (0.0, 5.0), (0.0, 3.5), (0.0, 3.0)]
    assert "An answer of 3.500 (3 as a whole number):" in slips_html(part)
    assert "An answer of 4.500:" in slips_html(part)
