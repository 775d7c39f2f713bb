"""The worked solution ends where the key does: the last value the working
shows for each answer, rounded to the 3 significant figures the paper asks
for, is the key's answer to 3 figures. C1 (seed 5117) showed
-ln 0.9430 = 0.05869 beside a key of 0.05864, and C8 (seed 6203)
-ln 0.9242 = 0.07883 beside 0.07889: p to 4 figures carried the loss of a
probability near 1 to only 2 or 3."""

import re
from decimal import ROUND_HALF_UP, Decimal

import pytest
from worked_steps import without_carried_note

from quizgen.bank.loader import load_bank
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.generation.views import question_view
from quizgen.maths.numbers import key_answer

DRAWS = 250
BANK = {t.cls: t for t in load_bank(())}
# class: {part: index of the worked step whose last number is that part's answer}
STEPS = {"C1": {"p": 2, "loss": 3}, "C2": {"p": 2, "loss": 3}, "C4": {"lmlm": 2}, "C8": {"p": 1, "loss": 2},
         "C7": {"p": 0, "loss_y1": 1, "loss_y0": 2}, "C10": {"loss": 3}}
# the last value a step shows: a sum or mean of rounded losses that misses the key in its
# 4th figure goes on to give the unrounded value, "..., the answer (the losses ... rounded)"
LAST_NUMBER = re.compile(r"=\s*(-?[0-9]+(?:\.[0-9]+)?)\s*\$?(?:, the answer \([^)]*\)\.)?\s*$")


def three_figures(text: str) -> Decimal:
    """A written decimal to 3 significant figures, a tie away from zero, as a student rounds it."""
    value = Decimal(text)
    return value.quantize(Decimal(1).scaleb(value.adjusted() - 2), rounding=ROUND_HALF_UP)


def shown_and_key(template, draw: int) -> list:
    """(part, the working's last value for it, the key's answer) for one draw."""
    instance = sample_instance(template, seed_label(5, template.id, draw))
    steps = question_view(Question("Q1", instance), "md")["steps"]
    found = []
    for part in instance.parts:
        if part.part.name in STEPS[template.cls]:
            work = steps[STEPS[template.cls][part.part.name]]["work"].strip()
            work = without_carried_note(work)   # the note on 4-figure carrying after it is no working of the key
            match = LAST_NUMBER.search(work)
            assert match, (template.cls, draw, work)
            found.append((part.part.name, match.group(1), key_answer(part.value, "numeric", part.part.decimals)))
    return found


QUICK_DRAWS = 40   # the quick suite's; the slow copy checks DRAWS


@pytest.mark.parametrize("draws", [QUICK_DRAWS, pytest.param(DRAWS, marks=pytest.mark.slow)])
@pytest.mark.parametrize("cls", sorted(STEPS, key=lambda c: int(c[1:])))
def test_the_working_rounds_to_the_keys_answer(cls, draws):
    template, checked, wrong = BANK[cls], 0, []
    for draw in range(draws):
        for part, shown, key in shown_and_key(template, draw):
            checked += 1
            if three_figures(shown) != three_figures(key):
                wrong.append((draw, part, shown, key))
    assert checked >= draws and wrong == [], wrong[:5]


@pytest.mark.slow
def test_a_probability_near_one_keeps_four_figures_of_its_complement():
    """p > 0.9 is shown to 4 significant figures of 1 - p, so that -ln p,
    about 1 - p, keeps 4 figures too; the working's p still recomputes."""
    seen = 0
    for draw in range(DRAWS):
        instance = sample_instance(BANK["C1"], seed_label(5, BANK["C1"].id, draw))
        work = question_view(Question("Q1", instance), "md")["steps"][2]["work"]
        shown = LAST_NUMBER.search(re.split(r", while the unrounded|; unrounded,", work)[0].strip()).group(1)
        if Decimal(shown) > Decimal("0.9"):
            seen += 1
            complement = 1 - Decimal(shown)
            assert complement.as_tuple().exponent <= complement.adjusted() - 3, (draw, shown)
    assert seen >= 10
