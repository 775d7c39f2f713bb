"""Review math27's fixes, each checked over many draws: C8's sigmoid trap is
not named where it gives the even guess; no printed number reads as an answer;
a worked mean keeps 4 significant figures; the p step's note on rounding is true."""

import re
from decimal import Decimal
from fractions import Fraction

import pytest

from quizgen.errors import TemplateError
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import canonical_instance, sample_instance
from quizgen.generation.views import question_view
from quizgen.key.entries import key_entry
from quizgen.text.conventions import without_conventions
from quizgen.text.printed_numbers import numbers_in
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


@pytest.mark.slow
def test_c8_sigmoid_trap_is_left_out_where_the_true_logit_is_zero(templates_by_class):
    """sigma(0) = 1/2 and its loss ln 2 are the even guess over two classes: not a named
    slip there; over 3 to 5 classes (the even guess 1/K) they still are (tidy27c)."""
    seen = set()
    for instance, entry in _draws(templates_by_class, "C8"):
        env = instance.env
        even = float(env["z"][int(env["y"])]) == 0 and int(env["K"]) == 2
        for part in entry.parts[:2]:
            assert ("sigmoid_instead_of_softmax" in _trap_codes(part)) == (not even), (instance.seed_label, part.name)
        seen.add((even, int(env["K"]) > 2 and float(env["z"][int(env["y"])]) == 0))
    assert seen >= {(True, False), (False, True), (False, False)}


def _leaks(instance, whole_numbers):
    view = question_view(Question("Q1", instance), "md")
    return [str(leak) for leak in question_leaks(view, targets_of(instance), "md", whole_numbers=whole_numbers)]


@pytest.mark.slow
def test_c6_prints_no_answer_in_its_question(templates_by_class):
    """10 sequences of 100 tokens at 10% printed every count (100/80/10/10/100): here even a
    whole number equal to a whole-number answer counts."""
    for instance, _ in _draws(templates_by_class, "C6"):
        assert _leaks(instance, whole_numbers=True) == [], instance.seed_label


MEAN_STEP = re.compile(r"= (\d+\.\d+) / (\d+) = (\d+\.\d+)")
SMALL_MEANS = [   # a mean below 0.1, where 4 decimals show 3 figures
    ("C4", {"m": 3, "pos": [3, 5, 7], "p": ["0.95", "0.9", "0.95"]}),
    ("C9", {"m": 3, "pos": [3, 5, 7], "p": ["0.95", "0.9", "0.95"]}),
    # C10 since review 52b F1: p_first is at most 0.4, so no draw has a mean below 0.1 (-ln 0.4 / 8 = 0.11);
    # its working still keeps 4 figures for one, given here beyond the grid
    ("C10", {"p_inner": [0.95, 0.9, 0.95, 0.9, 0.95], "p_first": 0.95, "p_end": 0.9}),
]


def _figures(shown: str) -> int:
    return len(shown.replace(".", "").lstrip("0"))


def _check_mean_steps(instance):
    """Every worked mean ``sum / count = mean`` shows 4 figures and recomputes to its last place."""
    works = [step["work"] for step in question_view(Question("Q1", instance), "md")["steps"]]
    means = [m for work in works for m in MEAN_STEP.findall(work)]
    assert means, instance.seed_label
    for total, count, mean in means:
        places = len(mean.split(".")[1])
        assert _figures(mean) >= 4, (instance.seed_label, total, count, mean)
        assert abs(Fraction(total) / int(count) - Fraction(mean)) <= Fraction(1, 2 * 10 ** places)
    return [float(mean) for _, _, mean in means]


@pytest.mark.parametrize("cls, swap", SMALL_MEANS)
def test_a_worked_mean_below_a_tenth_keeps_four_figures(templates_by_class, cls, swap):
    """0.15669 / 2 = 0.0783 and 0.36749 / 4 = 0.0919 showed 3 figures (the paper asks for 4)."""
    assert min(_check_mean_steps(canonical_instance(templates_by_class[cls], swap))) < 0.1


@pytest.mark.parametrize("cls", ["C4", "C9", "C10"])
@pytest.mark.slow
def test_every_worked_mean_keeps_four_figures(templates_by_class, cls):
    for instance, _ in _draws(templates_by_class, cls, 60):
        _check_mean_steps(instance)


P_STEPS = {"C1": 2, "C7": 0, "C8": 1}   # the step that divides the shown weights into p
DOUBLE_ROUNDED = [("C1", "12"), ("C1", "142"), ("C7", "31")]   # seeds whose paper showed it (Q1, Q1, Q7)


def _sig(value, figures: int) -> Decimal:
    """``value`` (a Fraction, or an exact value by its float) to ``figures`` significant
    figures, a tie away from zero."""
    value = value if isinstance(value, Fraction) else Fraction(float(value))
    exponent = Decimal(value.numerator) / Decimal(value.denominator)
    places = figures - 1 - exponent.adjusted()
    scaled = value * Fraction(10) ** places
    whole = int(scaled + Fraction(1, 2))
    return Decimal(whole).scaleb(-places)


def _check_p_note(instance) -> str:
    """Where the shown p rounds to another 4 figures than the exact p, the p step says why: the
    weights' rounding only where the shown p differs from the exact p at the figures shown,
    else that the answer is the exact p rounded (not the shown p rounded again). Returns which
    case the draw is."""
    env = instance.env
    work = question_view(Question("Q1", instance), "md")["steps"][P_STEPS[instance.template.cls]]["work"]
    figures = int(env["p_figs"])
    differs = _sig(env["p"], figures) != _sig(env["p_s"], figures)
    answers_differ = _sig(env["p"], 4) != _sig(env["p_s"], 4)   # p below 0.1 has 4 figures too
    assert ("while the unrounded" in work) == (answers_differ and differs), (instance.seed_label, work)
    assert ("; unrounded, " in work) == (answers_differ and not differs), (instance.seed_label, work)
    return "none" if not answers_differ else "weights" if differs else "again"


@pytest.mark.parametrize("cls, seed", DOUBLE_ROUNDED)
def test_a_shown_p_rounded_twice_is_not_blamed_on_the_weights(templates_by_class, cls, seed):
    """0.96105 shown, exact 0.9610453: the weights' rounding changed nothing at 5 figures; the
    answer 0.9610 is the exact p rounded, which the step says."""
    instance = sample_instance(templates_by_class[cls], seed_label(seed, templates_by_class[cls].id, 0))
    assert _check_p_note(instance) == "again"


@pytest.mark.parametrize("cls", sorted(P_STEPS))
@pytest.mark.slow
def test_the_p_step_note_matches_the_rounding(templates_by_class, cls):
    seen = {_check_p_note(instance) for instance, _ in _draws(templates_by_class, cls, 120)}
    assert "none" in seen and len(seen) >= 2, seen   # the note is tried both ways


def _near_printed(instance) -> list:
    """(printed, answer) pairs of the question's text (stem and asks) within 1% of each other,
    the margin C1's and C2's constraints keep."""
    view = question_view(Question("Q1", instance), "md")   # the shared sentences left out, as the leak check does
    text = " ".join([without_conventions(view["stem"])] + [part["ask"] for part in view["parts"]])
    answers = [float(pv.value) for pv in instance.parts if pv.part.kind == "numeric"]
    return [(shown, a) for shown, x in numbers_in(text) for a in answers if abs(x - a) <= abs(a) / 100]


@pytest.mark.parametrize("cls", ["C3", "C8"])
@pytest.mark.slow
def test_no_printed_number_reads_as_an_answer(templates_by_class, cls):
    """C8: a loss of 1.0046 beside z = 1.0; C3: ln 20 = 2.9957 beside the 3 of "3 significant figures"."""
    for instance, _ in _draws(templates_by_class, cls):
        assert _leaks(instance, whole_numbers=False) == [], instance.seed_label
        assert _near_printed(instance) == [], instance.seed_label


@pytest.mark.parametrize("cls, swap", [("C3", {"toy": 20}), ("C3", {"toy": 55, "c": 4.0}),
                                       ("C8", {"task": 1, "z": [1.0, 1.5, -1.5], "y": 0})])
def test_the_reviewers_leaking_draws_are_not_drawn(templates_by_class, cls, swap):
    """ln 20 = 2.9957 reads as the stem's 3, ln 55 = 4.007 as z = 4.0; C8's loss 1.0046 as its z = 1.0."""
    with pytest.raises(TemplateError, match="constraint"):
        canonical_instance(templates_by_class[cls], swap)


@pytest.mark.slow
def test_c3s_loss_is_no_whole_number(templates_by_class):
    """The stem prints 3 and 4 (the conventions sentence) and whole logits: ln V keeps 1% from every whole number."""
    for instance, _ in _draws(templates_by_class, "C3"):
        loss = float(instance.env["loss"])
        assert abs(loss - round(loss)) > loss / 100, instance.seed_label
