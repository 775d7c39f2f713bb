"""Numbers a question's text prints in every draw count as printed, as its heading's do (review
48a F6): C9's stem writes BERT's masking rate 0.15 and one C9 draw in 10,000 of a course had
(a) = 0.1500; C4's stem writes it too and seed 1's Q3315 had (a) = 0.1499. generate never runs
validate's leak check on its draws, so the draw is refused where it is made (plan.text_numbers,
separation.check_printed), like a draw whose answer reads as the heading's points."""

import pytest

from quizgen.generation.plan import plan_for, text_numbers
from quizgen.generation.sampling import sample_instance
from quizgen.maths.tolerance import matches

LEAKED = [("C9", "3701001257353188079/bert-total-loss-twist/628"), ("C4", "1/mlm-mean-over-masked/314/redraw4")]


def test_the_text_numbers_are_read_outside_the_tags(templates_by_class):
    # 20 and 128: the cap on BERT's masking count, 20 for 128-token sequences (review 52b F7)
    assert text_numbers(templates_by_class["C9"]) == (1.0, 0.15, 20.0, 128.0, 0.0, 3.0, 4.0)
    assert 0.15 in plan_for(templates_by_class["C4"]).printed


@pytest.mark.parametrize("cls, label", LEAKED)
def test_a_draw_whose_answer_the_stem_prints_is_drawn_again(templates_by_class, cls, label):
    first = sample_instance(templates_by_class[cls], label).parts[0]
    assert not matches(0.15, float(first.value), first.part.tolerance)


@pytest.mark.slow
def test_no_draw_answers_a_number_its_text_prints(bank):
    """200 draws of every class: no answer that is not whole lies within tolerance of a number
    the stem or a question writes outside its tags."""
    for template in bank:
        printed = text_numbers(template)
        for n in range(200):
            for pv in sample_instance(template, f"printed48/{template.id}/{n}").parts:
                if pv.value is None or pv.part.kind != "numeric" or float(pv.value).is_integer():
                    continue
                assert not any(matches(x, float(pv.value), pv.part.tolerance) for x in printed), (template.id, n)
