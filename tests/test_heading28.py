"""The numbers a question's heading prints count as printed (heading28): its
points and the numbers of its title (plan.heading_numbers). C6 keeps every
printed number off its counts, so its ``printed`` list holds the heading's
"5 points"; for every class, an answer that is not a whole number must not
read as a heading number (separation.check_printed)."""

from fractions import Fraction

import pytest

from quizgen.bank.loader import builtin_bank_dir, load_template
from quizgen.errors import TemplateError
from quizgen.generation.plan import heading_numbers
from quizgen.generation.sampling import canonical_instance, sample_instance


def test_heading_numbers_are_the_points_and_the_title_numbers(templates_by_class):
    assert heading_numbers(templates_by_class["C6"]) == (5.0, 80.0, 10.0, 10.0)
    assert heading_numbers(templates_by_class["C7"]) == (6.0,)


def test_c6_never_answers_its_heading_points(templates_by_class):
    """2 sequences of 100 tokens at 25%: 50 picked, 5 random and 5 unchanged under "(5 points, C6)"."""
    with pytest.raises(TemplateError, match="constraint"):
        canonical_instance(templates_by_class["C6"], {"r": 0.25, "B": 2, "L": 100})


def test_c6_seed_that_drew_5_draws_again(templates_by_class):
    """rep/mlm-masking-counts/1069 drew (50, 40, 5, 5, 50) before the heading counted."""
    template = templates_by_class["C6"]
    answers = [pv.value for pv in sample_instance(template, f"rep/{template.id}/1069").parts]
    assert 5 not in answers


def test_every_printed_list_holds_the_heading_numbers(bank):
    """A template's ``printed`` let (the numbers its counts must avoid) includes its heading's,
    so a change of points or title cannot leave the list behind."""
    checked = 0
    for template in bank:
        if "printed" in dict(template.lets):
            printed = {float(v) for v in canonical_instance(template).env["printed"]}
            assert set(heading_numbers(template)) <= printed, template.id
            checked += 1
    assert checked


@pytest.mark.slow
def test_a_fractional_answer_reading_as_a_title_number_is_redrawn(tmp_path):
    """C3's canonical loss, ln 4 = 1.3863, under a title printing 1.386: refused
    (a canonical draw cannot be redrawn); the same title with 2.5 is fine."""
    source = (builtin_bank_dir() / "c3_uniform_logits.yaml").read_text(encoding="utf-8")
    for number, fails in (("1.386", True), ("2.5", False)):
        path = tmp_path / f"c3_{fails}.yaml"
        path.write_text(source.replace('title: "Masked-token loss: a model with no preference"',
                                       f'title: "Masked-token loss: {number} nats"'), encoding="utf-8")
        template = load_template(path)
        if fails:
            with pytest.raises(TemplateError, match="question prints"):
                canonical_instance(template)
        else:
            canonical_instance(template)


@pytest.mark.slow
def test_a_whole_answer_may_equal_a_heading_number(tmp_path):
    """C10 worth 7 points: its 6-word scenes ask for 7 predictions (with [BOS] and [EOS], review
    51c F10) under "(7 points, C10)": a count gives nothing away. (The shipped C10, 4 points,
    asked for 4 predictions of its 5-word scene until round 51.)"""
    source = (builtin_bank_dir() / "c10_causal_lm.yaml").read_text(encoding="utf-8")
    assert "\npoints: 4\n" in source
    path = tmp_path / "c10.yaml"
    # (a) 2 and (b) 2 since review 52b F3: (b) takes the 3 points more
    source = source.replace("\npoints: 4\n", "\npoints: 7\n").replace("    points: 2\n    space: 8\n", "    points: 5\n    space: 8\n")
    path.write_text(source, encoding="utf-8")
    template = load_template(path)
    found = [sample_instance(template, f"heading28/{k}").parts[0].value for k in range(40)]
    assert Fraction(7) in found


_BANK = """id: mask-rate
class: C11
title: "{title}"
points: 2
params:
  N: {{integer: [100, 120]}}
let:
  m: "0.15 * N"
  k: "{answer}"
stem: |
  BERT masks 15% of {{{{ N }}}} tokens, that is {{{{ m }}}} tokens.
parts:
  - name: k
    ask: "How many?"
    answer: k
    tolerance: {{sigfigs: 3}}
solution:
  forecast: "A number."
  steps:
    - title: "Work"
      why: "As asked."
      work: "$k = {{{{ k | dec(4) }}}}$"
  verify: "$k > 0$."
canonical:
  params: {{N: 100}}
  expect: {{k: {expect}}}
"""


@pytest.mark.parametrize("title, answer", [("Counting masks", "log2(N * 0 + 4)"),   # whole, held as a log
                                           ("The 0.15 masking rate", "0.15")])      # the same in every draw
def test_whole_or_constant_answers_are_not_redrawn(tmp_path, title, answer):
    """log2(4) = 2 under "2 points" is whole however it is held; a constant answer
    the title prints is the author's: neither is refused (both were, 500 draws in vain)."""
    path = tmp_path / "c11_mask.yaml"
    path.write_text(_BANK.format(title=title, answer=answer, expect=2 if "log2" in answer else 0.15), encoding="utf-8")
    template = load_template(path)
    values = {float(sample_instance(template, f"heading28b/{k}").parts[0].value) for k in range(5)}
    assert values == {2.0 if "log2" in answer else 0.15}
