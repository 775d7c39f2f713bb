"""Review math27's fixes, each checked over many draws: C8's sigmoid trap is
not named where it gives the even guess; no printed number reads as an answer."""

from quizgen.generation.quiz import Question
from quizgen.generation.sampling import sample_instance
from quizgen.generation.views import question_view
from quizgen.key.entries import key_entry
from quizgen.validation.leaks import question_leaks, targets_of

DRAWS = 200


def _draws(templates_by_class, cls, count=DRAWS):
    """(instance, key entry) for ``count`` draws of class ``cls``."""
    for k in range(count):
        instance = sample_instance(templates_by_class[cls], f"math27/{cls}/{k}")
        yield instance, key_entry(Question("Q1", instance))


def _trap_codes(part):
    """The codes of the traps this draw names (a trap whose ``when`` fails has no value)."""
    return {t.code for t, v in zip(part.traps, part.trap_values) if v is not None}


def test_c8_sigmoid_trap_is_left_out_where_the_true_logit_is_zero(templates_by_class):
    """sigma(0) = 1/2 and its loss ln 2 are the even guess over two classes: not a named slip."""
    seen = set()
    for instance, entry in _draws(templates_by_class, "C8"):
        env = instance.env
        zero = float(env["z"][int(env["y"])]) == 0
        for part in entry.parts[:2]:
            assert ("sigmoid_instead_of_softmax" in _trap_codes(part)) == (not zero), (instance.seed_label, part.name)
        seen.add(zero)
    assert seen == {True, False}


def _leaks(instance, whole_numbers):
    view = question_view(Question("Q1", instance), "md")
    return [str(leak) for leak in question_leaks(view, targets_of(instance), "md", whole_numbers=whole_numbers)]


def test_c6_prints_no_answer_in_its_question(templates_by_class):
    """10 sequences of 100 tokens at 10% printed every count (100/80/10/10/100): here even a
    whole number equal to a whole-number answer counts."""
    for instance, _ in _draws(templates_by_class, "C6"):
        assert _leaks(instance, whole_numbers=True) == [], instance.seed_label
