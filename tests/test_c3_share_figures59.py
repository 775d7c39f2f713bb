"""C3's share step writes 1/V below 0.001 twice, as a decimal and in scientific form
(``1/1857 = 0.000538503, that is 5.38503 \\times 10^{-4}``): both show the key's figures,
4 or the more the key keeps where fewer would be a tie at 3 figures (up to 7), never one
form to 5 figures and the other to 6 (0.00053850 beside 5.38503)."""

import dataclasses
import math
import re

import pytest

from quizgen.generation.quiz import Question
from quizgen.generation.sampling import canonical_instance
from quizgen.generation.views import question_view
from quizgen.maths.numbers import key_answer

SHARE = re.compile(r"= 1/(\d+) = (0\.0+)(\d+)\$, that is \$(\d)\.(\d+) \\times 10\^\{-(\d+)\}\$")


def _share_step(template, size: int, **drawn) -> str:
    """The share step's working of C3 drawn with a toy vocabulary of ``size`` words (or ``drawn``)."""
    params = {**template.canonical["params"], "real_vocab": 0, "toy": size, **drawn}
    instance = canonical_instance(dataclasses.replace(template, canonical={**template.canonical, "params": params}))
    return question_view(Question("Q1", instance), "md")["steps"][2]["work"]


def _check(work: str, size: int) -> None:
    match = SHARE.search(work)
    assert match, work
    zeros, digits, lead, rest, power = match.group(2, 3, 4, 5, 6)
    assert int(match.group(1)) == size
    assert zeros + digits == key_answer(1 / size, "numeric", 4), work   # the key's decimal
    assert lead + rest == digits and int(power) == len(zeros) - 1, work   # the same figures, scientific


@pytest.mark.parametrize("size, shown", [
    (1857, "0.000538503$, that is $5.38503 \\times"),    # 0.00053850 would still be a tie at 3 figures
    (1657, "0.0006035003$, that is $6.035003 \\times"),  # the 7 figures the key keeps
    (1528, "0.00065445$, that is $6.5445 \\times"),
    (1001, "0.0009990$, that is $9.990 \\times"),        # 4 figures, the last a zero
])
def test_the_share_step_shows_1_over_v_to_the_key_s_figures_in_both_forms(templates_by_class, size, shown):
    work = _share_step(templates_by_class["C3"], size)
    assert f"1/{size} = {shown}" in work, work
    _check(work, size)


@pytest.mark.slow
def test_every_vocabulary_whose_share_the_key_keeps_longer_shows_one_precision(templates_by_class):
    template = templates_by_class["C3"]
    longer = [size for size in range(1001, 2001) if len(key_answer(1 / size, "numeric", 4)) > len("0.0001234")]
    assert len(longer) == 98   # 4 figures elsewhere, which the 4-figure cases above pin
    for size in longer:
        loss = math.log(size)
        if abs(loss - round(loss)) > loss / 100:   # the constraint: ln V not near a whole number
            _check(_share_step(template, size), size)
    sizes = next(p.spec for p in template.params if p.name == "vocab")
    for option, vocab in enumerate(sizes):   # the real vocabularies (119547: 0.0000083649)
        _check(_share_step(template, 3, vocab=option, real_vocab=1), vocab["size"])
