"""Round 53's fixer fix53m: the leading word without a sign, carried rounding
through a value near 1 kept short, and C7 (c) after a 4-figure (a).

F3: ``perplexity 14.5`` and ``bits 1.77`` (the word, a space, the number) were
invalid, on a part that declares the word too, while ``perplexity = 14.5`` and
``14.5 perplexity`` were read: the word before the number with no sign now reads
as it does with one."""

from pathlib import Path

import pytest

from quizgen.bank.loader import load_bank, load_template
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import canonical_instance
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from quizgen.marking.bits import BITS_REASON, PERPLEXITY_REASON
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
    from tests.test_near_one51 import _first_draw

    draw = _first_draw("near51", 1.65)
    marked = mark_paper(draw, {"p": a, "loss_y0": "1.835"}, Credits(ecf=0.5, imprecise=0.25))
    assert (marked["p"].status, marked["p"].note) == ("imprecise", "rounded_too_early")
    c = marked["loss_y0"]
    assert (c.status, c.note, c.score) == ("correct", "ecf", 0.5), c
    assert c.feedback.startswith(f"marked from your (a) = {a}: correct given that value"), c.feedback


def test_a_4_figure_answer_no_unrounded_a_gives_stays_judged_at_the_figures_asked():
    """1.84 is no value (a) 0.8403 stands for (0.84025 to 0.84035) gives, at 3 figures: still wrong."""
    from tests.paper_support import mark_paper
    from tests.test_near_one51 import _first_draw

    draw = _first_draw("near51", 1.65)
    for c in ("1.84", "1.8360", "1.8390"):
        assert mark_paper(draw, {"p": "0.8403", "loss_y0": c})["loss_y0"].status == "incorrect", c
