"""validate reads a stated rounding as denied only by a negation in the phrase of the verb that states
it, or standing alone before it: "Without rounding p first, give the loss to 2 decimal places" states 2
decimal places (an earlier phrase's "without" denied it, and validate then refused the part's matching
tolerance), while "Do not, at this stage, round to 2 decimal places" still denies it."""

import pytest

from quizgen.validation.rounding_phrases import roundings


@pytest.mark.parametrize("text", ["Without rounding p first, give the loss to 2 decimal places.",
                                  "Over the positions that are not masked, give the mean to 2 decimal places."])
def test_a_negation_in_an_earlier_phrase_leaves_the_rounding_stated(text):
    assert [(r.kind, r.n, r.about) for r in roundings(text)] == [("places", 2, "answer")]


@pytest.mark.parametrize("text", ["Do not round the loss to 2 decimal places.",
                                  "Give the loss, not rounded to 2 decimal places.",
                                  "Do not, at this stage, round to 2 decimal places.",
                                  "Never, in any step, give the loss to 2 decimal places.",
                                  "Give p, but do not round the loss to 2 decimal places."])
def test_a_negation_in_the_verbs_own_phrase_still_denies_it(text):
    assert roundings(text) == []
