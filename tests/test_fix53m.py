"""Round 53's fixer fix53m: the leading word without a sign, carried rounding
through a value near 1 kept short, and C7 (c) after a 4-figure (a).

F3: ``perplexity 14.5`` and ``bits 1.77`` (the word, a space, the number) were
invalid, on a part that declares the word too, while ``perplexity = 14.5`` and
``14.5 perplexity`` were read: the word before the number with no sign now reads
as it does with one."""

from fractions import Fraction
from pathlib import Path

import pytest

from quizgen.bank.loader import load_bank, load_template
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import canonical_instance
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from quizgen.marking.quantity_words import BITS_REASON, PERPLEXITY_REASON
from quizgen.marking.forms import read_number

BANK = {t.cls: t for t in load_bank(())}
C13 = Path(__file__).parent.parent / "docs" / "examples" / "bert_bank" / "c13_perplexity.yaml"


def _graded(template, letter: str, answer: str):
    """The verdict on ``answer`` to part ``letter`` of ``template``'s canonical question."""
    return question_checkers(key_entry(Question("Q1", canonical_instance(template))))[letter](answer)


@pytest.mark.parametrize("text, reason", [("perplexity 1.105", PERPLEXITY_REASON), ("PPL 1.105", PERPLEXITY_REASON),
                                          ("the perplexity 1.105", PERPLEXITY_REASON), ("bits 1.105", BITS_REASON),
                                          ("Bit 1.105", BITS_REASON)])
def test_the_word_before_the_number_without_a_sign_is_read_as_with_one(text, reason):
    reading = read_number(text)
    assert (reading.status, reading.reason, reading.value) == ("needs_review", reason, 1.105)


def test_the_word_before_the_number_names_its_trap():
    """C10's canonical loss is 1.1910, its perplexity 3.2904 (the trap)."""
    verdict = _graded(BANK["C10"], "b", "ppl 3.290")
    assert (verdict.status.value, verdict.misconception) == ("incorrect", "perplexity_instead_of_loss")
    verdict = _graded(BANK["C10"], "b", "perplexity 1.191")
    assert (verdict.status.value, verdict.score, verdict.reason) == ("needs_review", 0.0, PERPLEXITY_REASON)


def test_a_part_that_declares_the_word_reads_it_before_the_number():
    """The example bank's C13 (b) asks for the perplexity, 3.4041, and declares the word."""
    template = load_template(C13)
    for answer in ("perplexity 3.40", "PPL 3.40", "Perplexity 3.40"):
        assert _graded(template, "b", answer).status.value == "correct", answer
    assert read_number("bits 1.77", units=("bits",)).value == 1.77


def test_a_letter_before_the_number_is_still_no_label():
    assert read_number("L 0.851").status == "invalid"
    assert read_number("L = 0.851").value == 0.851


# F2: C7 at s = 1.65 ((a) 0.838891, (c) 1.82567): after (a) 0.840, (c) 1.835 was ECF, after (a) 0.8403
# (both 1/1.19, 1 + e^-s kept short, named at (a)) it was named at (c) again, at the imprecise credit.
# (c) = -ln(1 - 0.840336) = 1.83468 is what that (a), carried unrounded, gives: ECF after both.

@pytest.mark.parametrize("a", ["0.840", "0.8403", "0.84034"])
def test_c_from_a_kept_short_and_written_to_4_figures_is_ecf(a):
    from quizgen.marking.rules import Credits
    from tests.paper_support import mark_paper
    from test_near_one51 import _first_draw

    draw = _first_draw("near51", 1.65)
    marked = mark_paper(draw, {"p": a, "loss_y0": "1.835"}, Credits(ecf=0.5, imprecise=0.25))
    assert (marked["p"].status, marked["p"].note) == ("imprecise", "rounded_too_early")
    c = marked["loss_y0"]
    assert (c.status, c.note, c.score) == ("correct", "ecf", 0.5), c
    # -ln(1 - 0.840) = 1.8326, -ln(1 - 0.8403) = 1.8345: 1.835 is what a value they round gives (review 53b F2)
    given = "that value" if a == "0.84034" else "a value that rounds to it, carried on unrounded"
    assert c.feedback.startswith(f"marked from your (a) = {a}: correct given {given}"), c.feedback


def test_a_4_figure_answer_no_unrounded_a_gives_stays_judged_at_the_figures_asked():
    """1.84 is no value (a) 0.8403 stands for (0.84025 to 0.84035) gives, at 3 figures: still wrong."""
    from tests.paper_support import mark_paper
    from test_near_one51 import _first_draw

    draw = _first_draw("near51", 1.65)
    for c in ("1.84", "1.8360", "1.8390"):
        assert mark_paper(draw, {"p": "0.8403", "loss_y0": c})["loss_y0"].status == "incorrect", c


# F1: review 52d F11, C9 with 1 + e^-s kept short and the masked-LM mean carried to 4 figures (0.2681 +
# ln 1.08 = 0.3451) was a bare incorrect where 0.3450 (the mean unrounded) was named; and at s < 0, C7's
# 1 - p-hat worked as e^-s/(1 + e^-s) with the sum kept to 3 figures (e^1.75 = 5.755, 1 + e^1.75 = 6.755
# as 6.76, (c) -ln(5.755/6.76) = 0.161 for 0.1602) was a bare incorrect: every step kept to 3 figures.

def _c9(label: str):
    from quizgen.generation.sampling import sample_instance
    return sample_instance(BANK["C9"], label)


@pytest.mark.parametrize("label, answer, kept", [("rev52dC/50", "0.3451", "1.08208 as 1.08"),
                                                 ("rev52dC/206", "0.5839", "1.1496 as 1.15")])
def test_c9_kept_short_beside_a_mean_carried_to_4_figures_is_named(label, answer, kept):
    from tests.paper_support import mark_paper
    draw = _c9(label)
    marked = mark_paper(draw, {"total": answer})["total"]
    assert (marked.status, marked.note) == ("imprecise", "rounded_too_early"), marked
    assert f"(1 + e^(-s) = {kept})" in marked.feedback


@pytest.mark.parametrize("s, answers", [(-1.75, ("0.161", "0.1613"))])
def test_c7_complement_worked_as_the_solutions_write_it_is_carried_rounding(s, answers):
    from tests.paper_support import mark_paper
    from test_near_one52 import _draw
    draw = _draw(s, 0)
    for answer in answers:
        for a in ({}, {"p": f"{float(draw.parts[0].value):.3g}"}):
            marked = mark_paper(draw, {"loss_y0": answer, **a})["loss_y0"]
            assert (marked.status, marked.note, marked.score) == ("correct", "carried_rounding", 1.0), (answer, marked)


def test_c7_complement_near_1_sum_kept_to_4_figures_is_carried_rounding():
    """At s = -3.1, 1 - p-hat = e^3.1/(1 + e^3.1) = 0.95689 is over 0.9, and 23.198 kept as 23.20 (23.2) is
    its sum to the 4 figures of its difference from 1 the stems ask: (c) -ln(22.198/23.20) = 0.04415 is
    carried rounding, as it was before review 55a F6's fix named it (review 55c N1: the student did as the
    stem says; 3 figures of a sum that differ from its 4, 31.0 for 30.964, stay named:
    tests/test_complement_near_one55.py)."""
    from tests.paper_support import mark_paper
    from test_near_one52 import _draw
    draw = _draw(-3.1, 0)
    for answer in ("0.0442", "0.04415"):
        for a in ({}, {"p": f"{float(draw.parts[0].value):.3g}"}):
            marked = mark_paper(draw, {"loss_y0": answer, **a})["loss_y0"]
            assert (marked.status, marked.note, marked.score) == ("correct", "carried_rounding", 1.0), marked


@pytest.mark.parametrize("s, answers", [(-1.75, ("0.162", "0.1615", "0.158")), (-3.1, ("0.0443", "0.0439"))])
def test_c7_complement_route_reaches_no_further(s, answers):
    """What no rounding to 3 figures or more reaches, by either route, stays wrong."""
    from tests.paper_support import mark_paper
    from test_near_one52 import _draw
    draw = _draw(s, 0)
    for answer in answers:
        assert mark_paper(draw, {"loss_y0": answer})["loss_y0"].status == "incorrect", answer


def test_the_complement_route_is_taken_only_where_the_sum_is_over_2():
    """Below 2, 3 figures of 1 + X are fewer of X: a value near 1 kept short, near_one's (s = 0.35's (c)
    -ln(0.704688/1.70) = 0.881 stays imprecise, test_review51e); over 2, with as many figures before the
    point as X, the route is ordinary carrying."""
    from quizgen.bank.loader import load_bank
    from quizgen.marking.complement_route import complement_routes
    from quizgen.marking.recipes import part_paths
    from test_near_one52 import _draw

    c7 = next(t for t in load_bank() if t.cls == "C7")
    paths = part_paths(c7)
    # 1 + e^0.3 = 2.35: over 2; 1 + e^2.2 = 10.025: 4 figures of it keep 3 of e^2.2 = 9.025, no route;
    # 1 + e^3.1 = 23.198: e^3.1 over it is 0.957, near 1, a route for (c) that keeps the sum and quotient to 4
    # figures of their difference from 1 (review 55a F6, 55c N1), (a)'s sum a step
    for s, routes, near in ((-1.75, 1, 1), (0.35, 0, 0), (-0.3, 1, 1), (-2.2, 0, 0), (-3.1, 1, 1)):
        env = {**_draw(-1.75, 0).params, "s": Fraction(str(s))}
        assert len(complement_routes(paths, "loss_y0", env)) == routes, s
        assert len(complement_routes(paths, "p", env)) == near, s   # (a)'s 1 + e^(-s) written down, a step


def test_c9_sum_over_2_kept_to_3_figures_is_carried_rounding():
    """Review 52d F11's last cases: C9 at s = -1, y = 1 (total 1.82409), 1 + e^1 = 3.71828 kept as 3.72 (3
    figures of e^1), the NSP loss ln 3.72 to 4 figures, 1.314, beside the mean to 4, 0.5108: 1.825."""
    from tests.paper_support import mark_paper
    draw = _c9("rev52dC/173")
    assert (float(draw.params["s"]), int(draw.params["y"])) == (-1.0, 1)
    marked = mark_paper(draw, {"total": "1.825"})["total"]
    assert (marked.status, marked.note) == ("correct", "carried_rounding"), marked
    for answer in ("1.835", "1.84"):   # no rounding to 3 figures or more reaches them
        assert mark_paper(draw, {"total": answer})["total"].status == "incorrect", answer
