"""rev-maths32's findings on the careful marker, driven as a student's answers
through ``grade`` (seed 3's class paper: Q1 (C1) 0.6999, Q4 (C4) 0.8311, Q6
(C6) counts 2580 and 2064, Q10 (C10) (b) 1.0256; since review 52b F1 C10 (b) is the loss of
the [BOS] ... [EOS] sequence and seed 3 draws "bees make honey from nectar", (a) 6, (b) 1.3127)."""

from decimal import ROUND_HALF_UP, Decimal

import pytest

from quizgen.generation.run import generate
from tests.grading_support import graded_with_policy

FOUR_FIGURES = {"Q4": 0.8311, "Q10": 1.3127}   # the answer, and a range of 4-figure answers around it


def _figures(value: Decimal, figures: int) -> str:
    """``value`` written to ``figures`` significant figures, a tie away from zero as the paper rounds."""
    return str(value.quantize(Decimal(1).scaleb(value.adjusted() - figures + 1), rounding=ROUND_HALF_UP))


def _four_and_three() -> list:
    """``(question, part, 4-figure answer, that answer at the 3 figures asked)`` around each answer."""
    found = []
    for question, value in FOUR_FIGURES.items():
        step = Decimal(1).scaleb(Decimal(repr(value)).adjusted() - 3)
        for i in range(-60, 61):
            four = _figures(Decimal(repr(value)) + i * step, 4)
            found.append((question, "a" if question == "Q4" else "b", four, _figures(Decimal(four), 3)))
    return found


@pytest.fixture(scope="module")
def seed3(tmp_path_factory):
    folder = tmp_path_factory.mktemp("seed3")
    generate(folder / "quiz", seed=3, solutions=False)
    return folder


@pytest.fixture(scope="module")
def carried(seed3):
    """Each 4-figure answer and its own 3-figure rounding, given by two students."""
    rows = []
    for question, part, four, three in _four_and_three():
        for student, answer in ((f"f{four}", four), (f"t{four}", three)):
            rows += [(student, question, "a", "6")] if question == "Q10" else []   # the right count
            rows.append((student, question, part, answer))
    return graded_with_policy(seed3 / "carried", seed3 / "quiz" / "key.json", rows, "")


def test_the_key_is_the_reviewers(carried):
    assert carried[("f0.8311", "Q4", "a")]["expected"] == "0.8311"
    assert carried[("f1.313", "Q10", "b")]["expected"] == "1.3127"


@pytest.mark.parametrize("student, answer", [("f0.8319", "0.8319"), ("f0.8330", "0.8330"), ("t0.8319", "0.832"),
                                             ("t0.8330", "0.833")])
def test_an_answer_that_rounds_to_a_carried_answer_at_the_figures_asked_is_carried_rounding(carried, student, answer):
    """0.833 (the losses to 3 figures, their sum 3.325 to 3.33, over 4) is carried rounding, and
    0.8319, 0.832 at the 3 figures asked, is too: it was "rounded too early", 0 marks."""
    row = carried[(student, "Q4", "a")]
    assert (row["answer"], row["status"], row["note"], row["score"]) == (answer, "correct", "carried_rounding", "4")


def test_ten_b_one_point_zero_two_is_reachable_and_carried(carried):
    """1.32: the six losses 1.2040 + 0.1054 + 1.90 + 3.00 + 1.39 + 0.2877 = 7.8871 (-ln of 0.3, 0.9,
    0.15, 0.05, 0.25 and 0.75, some to 3 figures, some to 4), carried as 7.89, over 6 is the tie 1.315,
    1.32 at 3 figures (the exact mean is 1.31269). Until review 52b: 1.02, 6.153 carried as 6.15, over 6."""
    row = carried[("t1.315", "Q10", "b")]
    assert (row["answer"], row["status"], row["note"]) == ("1.32", "correct", "carried_rounding")


def test_more_figures_than_asked_never_mark_lower_than_their_rounding(carried):
    """A student who writes 4 figures never scores less than one who writes them rounded to the 3 asked."""
    lower = [(q, four, carried[(f"f{four}", q, p)]["status"], three, carried[(f"t{four}", q, p)]["status"])
             for q, p, four, three in _four_and_three()
             if float(carried[(f"f{four}", q, p)]["score"]) < float(carried[(f"t{four}", q, p)]["score"])]
    assert lower == []


@pytest.fixture(scope="module")
def fractions(seed3):
    """Seed 3's Q1 (a), 0.69990 (0.700 to 3 figures), answered as fractions and decimals."""
    answers = ["7/10", "70/100", r"\frac{7}{10}", "0.7", "6999/10000", "0.6999"]
    rows = [(f"s{i}", "Q1", "a", answer) for i, answer in enumerate(answers)]
    graded = graded_with_policy(seed3 / "fractions", seed3 / "quiz" / "key.json", rows, "")
    return {row["answer"]: row for row in graded.values()}


@pytest.mark.parametrize("answer", ["7/10", "70/100", r"\frac{7}{10}"])
def test_a_fraction_that_is_a_rounded_value_is_no_more_precise_than_it(fractions, answer):
    """7/10 is 0.7: rounded too early, as 0.7 is (it was correct, judged by value alone), and told
    so exactly (round 35; it was "its value, 0.70, is right to 2 significant figures")."""
    row = fractions[answer]
    assert (row["status"], row["note"], row["score"]) == ("imprecise", "rounded_too_early", "0")
    assert row["feedback"] == ("your fraction is exactly 0.7, but the answer is not exactly 0.7: this part asks for "
                               "a decimal to at least 3 significant figures (expected 0.700; zeros at the end of a "
                               "decimal count as significant figures: 0.700 shows 3, 0.7 shows only 1)")
    assert fractions["0.7"]["status"] == "imprecise"


@pytest.mark.parametrize("answer", ["6999/10000", "0.6999"])
def test_a_fraction_stating_enough_figures_is_correct(fractions, answer):
    assert (fractions[answer]["status"], fractions[answer]["score"]) == ("correct", "2")


@pytest.fixture(scope="module")
def counts(seed3):
    """Seed 3's Q6 (C6): (a) 2580 picked, (b) 2064 [MASK], (c) 258 random."""
    rows = [("r3", "Q6", "b", "2060"), ("r2", "Q6", "c", "260"), ("r1", "Q6", "b", "2000"),
            ("w", "Q6", "b", "2069")]
    return graded_with_policy(seed3 / "counts", seed3 / "quiz" / "key.json", rows, "")


@pytest.mark.parametrize("student, part, said", [("r3", "b", "2060 is 2064 rounded to 3 significant figures"),
                                                 ("r2", "c", "260 is 258 rounded to 2 significant figures")])
def test_a_count_rounded_to_fewer_figures_is_told_a_count_is_exact(counts, student, part, said):
    """2060 for 2064 was a bare incorrect: it stays incorrect, and says why."""
    row = counts[(student, "Q6", part)]
    assert (row["status"], row["score"], row["misconception"]) == ("incorrect", "0", "")
    assert row["feedback"] == f"a count is exact: give all its digits ({said})"


@pytest.mark.parametrize("student", ["r1", "w"])
def test_a_count_wrong_otherwise_is_not_called_rounded(counts, student):
    """2000 (one figure: too coarse to say) and 2069 (no rounding of 2064) get no such words."""
    assert (counts[(student, "Q6", "b")]["status"], counts[(student, "Q6", "b")]["feedback"]) == ("incorrect", "")


@pytest.fixture(scope="module")
def twice(tmp_path_factory):
    """Seed 5's C1 paper of 10 questions: Q2 (a) is 0.91475 (0.915; 0.91 at 2 figures)."""
    folder = tmp_path_factory.mktemp("twice")
    generate(folder / "quiz", classes="C1", count=10, seed=5, solutions=False)
    rows = [("d", "Q2", "a", "0.92"), ("o", "Q2", "a", "0.91")]
    return graded_with_policy(folder / "g", folder / "quiz" / "key.json", rows, "")


def test_a_double_rounding_to_too_few_figures_is_told_why(twice):
    row = twice[("d", "Q2", "a")]
    assert (row["expected"], row["status"], row["score"]) == ("0.9148", "incorrect", "0")
    assert row["feedback"] == ("rounded twice, and to too few figures: 0.915 rounded again to 2 significant figures "
                               "is 0.92, but the value itself, 0.91475, rounds to 0.91 at 2 significant figures: "
                               "round once, from the unrounded value, and this part asks for at least 3 "
                               "(expected 0.915)")
    assert (twice[("o", "Q2", "a")]["status"], twice[("o", "Q2", "a")]["note"]) == ("imprecise", "rounded_too_early")


@pytest.mark.parametrize("answer", ["15% of 17200", "15 percent of 17200"])
def test_a_share_written_out_goes_to_a_person_with_its_value(seed3, answer):
    """Seed 3's Q6 (a), 15% of the 17200 tokens: needs_review, as before, but its reason was
    "two values joined by a word: a person decides which one counts" (the "of" read as Dutch "or")."""
    graded = graded_with_policy(seed3 / f"share{len(answer)}", seed3 / "quiz" / "key.json",
                                [("s", "Q6", "a", answer)], "")
    row = graded[("s", "Q6", "a")]
    assert (row["status"], row["expected"]) == ("needs_review", "2580")
    assert row["reason"] == "working, not a number: 15% of 17200 is 2580; a person decides whether it stands as " \
                            "the answer"


@pytest.fixture(scope="module")
def c7(tmp_path_factory):
    """Seed 8's C7: (a) p = 0.88080, (b) 0.12693, (c) -ln(1 - p) = 2.1269."""
    folder = tmp_path_factory.mktemp("c7")
    generate(folder / "quiz", classes="C7", seed=8, solutions=False)
    rows = [("q", "Q1", "a", "0.881"), ("q", "Q1", "c", "-ln(0.12)"),
            ("b", "Q1", "a", "0.881"), ("b", "Q1", "b", "0.128"), ("b", "Q1", "c", "2.12")]
    return graded_with_policy(folder / "g", folder / "quiz" / "key.json", rows, "")


def test_the_step_rounded_is_named_where_the_answer_shows_it(c7):
    """(a) written in full, 0.881, then (c) -ln(0.12): 1 - 0.881 = 0.119 carried as 0.12. It was told
    "(a) rounded to 2 significant figures (0.88)", a rounding the student's (a) does not show."""
    row = c7[("q", "Q1", "c")]
    assert (row["expected"], row["status"], row["note"]) == ("2.1269", "imprecise", "rounded_too_early")
    assert row["feedback"] == ("marked from your (a) = 0.881: your answer is what the working gives with 1 - (a) = "
                               "0.119 rounded to 2 significant figures (0.12), not with (a) as written: keep at least "
                               "4 significant figures in intermediate results (expected 2.13)")


def test_a_rounding_of_a_shown_in_b_is_still_named_as_a(c7):
    """(b) 0.128 is -ln 0.88: (a) rounded, named at (b); (c) from the same 0.88 is ECF, marked at (b)."""
    assert c7[("b", "Q1", "b")]["feedback"].startswith("marked from your (a) = 0.881: your answer is what the "
                                                       "working gives with (a) rounded to 2 significant figures (0.88)")
    assert (c7[("b", "Q1", "c")]["status"], c7[("b", "Q1", "c")]["note"]) == ("correct", "ecf")
    assert "what the working gives with (a) rounded to 2 significant figures (0.88), as your (b) is" in c7[("b", "Q1", "c")]["feedback"]
