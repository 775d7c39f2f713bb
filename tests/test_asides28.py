"""asides28: working whose value is not the value after it goes to a person (never a
silent incorrect), whichever order it is written in; working that rounds to it reads as before."""

import io

import pytest

from grading_support import paper_grader
from quizgen.drill.session import run_drill
from quizgen.marking.forms import NUMBER, REVIEW, read_number


@pytest.fixture(scope="module")
def grade(tmp_path_factory):
    """Seed 7's Q1: (a) p = 0.7891 (33.1155/41.9642), (b) -ln p = 0.2368 (trap -log10 p = 0.1028)."""
    return paper_grader(tmp_path_factory.mktemp("asides28"), seed=7, count=1)


@pytest.mark.parametrize("part, answer, working, value, last", [
    ("b", "-ln(0.789) = 0.300", "-ln(0.789)", "0.237", "0.300"),
    ("b", "-ln(0.7891) ≈ 0.300", "-ln(0.7891)", "0.237", "0.300"),
    ("a", "33.1155/41.9642 = 0.700", "33.1155/41.9642", "0.789", "0.700"),
    ("a", "33.1155/41.9642 = 0.7000", "33.1155/41.9642", "0.7891", "0.7000")])   # as many figures as the value
@pytest.mark.slow
def test_working_and_a_different_final_value_go_to_a_person(grade, part, answer, working, value, last):
    row = grade([("Q1", part, answer)])["Q1", part, answer]
    assert row["status"] == "needs_review", row
    assert f"({working} is {value}, not {last})" in row["reason"], row


@pytest.mark.parametrize("part, answer, named", [
    ("b", "0.300 = -ln(0.789)", "(0.300 and -ln(0.789))"), ("a", "0.700 = 33.1155/41.9642", "(0.700 and 33.1155/41.9642)")])
def test_the_mirror_order_still_goes_to_a_person(grade, part, answer, named):
    row = grade([("Q1", part, answer)])["Q1", part, answer]
    assert row["status"] == "needs_review" and named in row["reason"], row


@pytest.mark.slow
def test_working_that_rounds_to_its_value_is_read_and_a_trap_is_still_named(grade):
    graded = grade([("Q1", "b", "-ln(0.7891) = 0.237"), ("Q1", "b", "-log10(0.789) = 0.103"),
                    ("Q1", "a", "33.1155/41.9642 = 0.789")])
    assert graded["Q1", "b", "-ln(0.7891) = 0.237"]["status"] == "correct"
    assert graded["Q1", "a", "33.1155/41.9642 = 0.789"]["status"] == "correct"
    trap = graded["Q1", "b", "-log10(0.789) = 0.103"]
    assert trap["status"] == "incorrect" and trap["misconception"], trap


@pytest.mark.parametrize("text, value", [
    ("-ln(0.695) = 0.364", 0.364), ("L = 0.394 + 1.171 = 1.565", 1.565), ("6-1 = 5", 5.0),
    ("(1-0.3)*100 = 70%", 0.7), ("e = 2.72", 2.72), ("L = -ln(0.695) = 0.364", 0.364)])
def test_working_that_agrees_or_a_label_reads_the_last_value(text, value):
    reading = read_number(text)
    assert (reading.status, reading.value) == (NUMBER, value), reading


def test_a_wrong_step_inside_longer_working_is_named():
    reading = read_number("L = 0.394 + 1.171 = 1.965")
    assert reading.status == REVIEW and "(0.394 + 1.171 is 1.565, not 1.965)" in reading.reason, reading


def test_the_grouping_patterns_are_named_for_what_they_hold():
    """marks._THOUSANDS_DOT held comma-grouped thousands with a decimal point (1,234.5), and
    _THOUSANDS_COMMA the opposite: each is now named for its grouping mark, then its decimal mark."""
    from quizgen.marking import marks
    assert marks._COMMA_GROUPED_POINT_DECIMAL.fullmatch("1,234.5")
    assert not marks._COMMA_GROUPED_POINT_DECIMAL.fullmatch("1.234,5")
    assert marks._POINT_GROUPED_COMMA_DECIMAL.fullmatch("1.234,5")
    assert not hasattr(marks, "_THOUSANDS_DOT") and not hasattr(marks, "_THOUSANDS_COMMA")
    assert marks.read_marks("1,234.5") == "1234.5" and marks.read_marks("1.234,5") == "1234.5"


@pytest.mark.slow
def test_a_run_of_dashes_beside_a_number_is_read_in_linear_time():
    """Ending ``rest`` at each dash of ``1 - - ... x`` tried the tag after it there, reading the run
    to its end: quadratic (4,000 dashes took 2 s; 200 characters about 1-9 ms an answer)."""
    from quizgen.marking.asides import _TAG_BESIDE
    from redos_support import best_seconds
    for make in (lambda n: "1" + " -" * n + " x", lambda n: "1" + " -" * n + "\n x",
                 lambda n: "n/a " + "- " * n + "x", lambda n: "1" + " \u2212  " * n + "?x"):
        small, large = best_seconds(_TAG_BESIDE.fullmatch, make(50)), best_seconds(_TAG_BESIDE.fullmatch, make(4_000))
        assert large < 0.05 or large < 200 * small, (make(3), small, large)


OLD_TAG_BESIDE = (r"\s*+(?P<before>(?:{tag})(?=\s))?\s*+(?P<rest>.*?\S)\s*+"
                  r"(?P<after>(?<=\s|\d)(?:{tag}))?\s*+\.?\s*+")


@pytest.mark.parametrize("tokens, most", [
    ([" ", "  ", "\t", "\n", ".", "-", "\u2014", "?", "n/a", "n", "a", "n.a.", "idk", "0.5", "1", "x", "no",
      "idea", "don't", "know", "skipped", "i", "do", "not", "/", "--"], 12),
    ([" ", "-", "\u2013", "\u2212", " - ", "\n", "\r", "x", "1", ".", "..", "?", "n/a", "idk", "- -", "\t-", "-\n",
      "0.5", "no answer", "  "], 25)])
@pytest.mark.slow
def test_what_a_tag_beside_reads_is_unchanged_by_the_dash_step(tokens, most):
    import re

    from quizgen.marking.asides import _TAG, _TAG_BESIDE
    from redos_support import token_sample
    old = re.compile(OLD_TAG_BESIDE.replace("{tag}", _TAG), re.IGNORECASE)
    for text in token_sample(tokens, most):
        was, now = old.fullmatch(text), _TAG_BESIDE.fullmatch(text)
        assert (was and was.groupdict()) == (now and now.groupdict()), text


@pytest.fixture(scope="module")
def grade_seed1(tmp_path_factory):
    return paper_grader(tmp_path_factory.mktemp("asides28b"), seed=1, count=1)


@pytest.mark.parametrize("question, part, answer", [
    ("Q1", "b", "L = -ln 0.7157 = 0.3345 = 0.335"), ("Q1", "b", "-ln(0.7157) = 0.3345 ≈ 0.335"),
    ("Q1", "b", "-ln(0.7157) = 0.335"), ("Q4", "a", "3.4981 / 4 = 0.8746"),
    ("Q4", "a", "(0.5978 + 1.609 + 0.6931 + 0.5978)/4 = 0.875"), ("Q7", "b", "-ln(0.9340) = 0.06827"),
    ("Q10", "b", "(1.204 + 0.5978 + 0.05129 + 1.204 + 0.2231 + 1.050 + 1.609 + 2.996)/8 = 1.117")])
@pytest.mark.slow
def test_right_answers_after_working_in_rounded_numbers_are_correct(grade_seed1, question, part, answer):
    """Working in the 4-figure numbers the paper asks students to keep moves its value a little
    (rev-final28: each of these was held for a person at 0 points)."""
    row = grade_seed1([(question, part, answer)])[question, part, answer]
    assert row["status"] == "correct", row


@pytest.mark.parametrize("typed, said", [
    ("-ln(0.789) = 0.300", "working and a different value after it (-ln(0.789) is 0.237, not 0.300)"),
    ("33.45%", "a % sign makes it a hundredth of the number before it, but this part's answer is no percentage "
               "(and no probability or share); write the number without %")])
def test_the_drill_says_why_it_asks_again(typed, said):
    """The drill gave only "type just the answer" for these (rev-final28): the learner is told what to change."""
    out = io.StringIO()
    run_drill(io.StringIO(f"0.7157\n{typed}\nq\n"), out, io.StringIO(), classes="C1", seed=1, save=False)
    assert said in " ".join(out.getvalue().split()), out.getvalue()
