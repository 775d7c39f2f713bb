"""forms22: answers as a class writes them by hand (seed 5's paper: Q1 C1, Q4 C4, Q5 C5,
Q6 C6 masking counts, Q7 C7, Q8 C8, Q9 C9, Q10 C10). A count's thousands separator was
read by the file's decimal mark (`1,950` was 1.95 in a ';' file, `1.950` in a ',' file: a
silent incorrect); a value restated beside its number (`0.695 (69.5%)`, `0.6952 ≈ 0.695`)
and a unit per token were "not a number"; `n/a`, `-`, `idk` were invalid ("unknown name
'n'"); and some word answers that say one meaning plainly went to a person."""

import io

import pytest

from grading_support import paper_grader
from quizgen.drill.session import run_drill
from quizgen.marking.forms import read_number
from quizgen.marking.words import read_words

NO_VALUE = "read as no answer, but on this part it may be the answer itself"


@pytest.fixture(scope="module")
def grade(tmp_path_factory):
    """Grade ``rows`` (question, part, answer) in a file with ``delimiter``: {(question, part, answer): graded row}."""
    return paper_grader(tmp_path_factory.mktemp("forms22"), seed=5, count=1)


# 1. a count's thousands separator, whichever the file's decimal mark

COUNTS = [("Q6", "a", "1,950"), ("Q6", "b", "1,560"), ("Q6", "a", "1.950"), ("Q6", "b", "1.560")]


@pytest.mark.parametrize("delimiter", [",", ";"])
@pytest.mark.slow
def test_a_count_with_one_thousands_separator_is_that_count_in_either_file(grade, delimiter):
    graded = grade(COUNTS + [("Q6", "a", "1,95"), ("Q5", "d", "1.000")], delimiter)
    assert {graded[row]["status"] for row in COUNTS} == {"correct"}, graded
    assert graded["Q6", "a", "1,95"]["status"] == "incorrect"   # no group of three: 1.95
    # a count's 1.000 is whole read either way: the file's decimal mark decides (1 here, 1000 with decimal commas),
    # and when the other reading is the answer (|M| = 1) a person decides (forms23)
    assert graded["Q5", "d", "1.000"]["status"] == ("correct" if delimiter == "," else "needs_review")


def test_the_drill_reads_a_count_s_thousands_point_as_grade_does():
    out = io.StringIO()
    result = run_drill(io.StringIO("1,950\nq\n"), out, io.StringIO(), classes="C6", seed=5, save=False,
                       decimal_comma=True)
    assert [str(p.status) for p in result.parts] == ["correct"], out.getvalue()


# 2-3. a value restated beside its number; units per token (seed 5's C10 (b) is 0.77701 since review 52b F1)

RESTATED = [("Q1", "a", "0.695 (69.5%)"), ("Q5", "c", "0.518 (51.8%)"), ("Q1", "a", "0.6952 ≈ 0.695"),
            ("Q1", "a", "0.6952 ~ 0.695"), ("Q1", "b", "0.364 (nats)"), ("Q10", "b", "0.777 nats/token"),
            ("Q10", "b", "0.777 nats per token"), ("Q1", "a", "p = 0.695 (= 69.5 %)")]
FOR_A_PERSON = [("Q6", "a", "1950 (25%)"), ("Q1", "a", "0.6952 ≈ 0.9"), ("Q5", "a", "0 (empty sum)"),
                ("Q10", "a", "5 (not 6)"), ("Q4", "a", "1.55 nats (mean)"), ("Q6", "a", "1950 (25% of 7800)"),
                ("Q1", "a", "0.695 (59.5%)")]


@pytest.mark.parametrize("delimiter", [",", ";"])
@pytest.mark.slow
def test_a_value_restated_beside_its_number_is_read_when_both_agree(grade, delimiter):
    graded = grade(RESTATED + FOR_A_PERSON, delimiter)
    assert {row: graded[row]["status"] for row in RESTATED} == {row: "correct" for row in RESTATED}
    for row in FOR_A_PERSON:
        assert graded[row]["status"] == "needs_review" and graded[row]["reason"], (row, graded[row])
        assert "not a number" not in graded[row]["reason"]
    assert "(25%)" in graded["Q6", "a", "1950 (25%)"]["reason"]


def test_restated_values_agree_within_the_rounding_of_the_less_precise():
    assert read_number("0.7 (69.5%)").value == 0.695          # they agree: the more precise (forms22b)
    assert read_number("0.6952 (69.5%)").value == 0.6952
    assert read_number("0.68 (69.5%)").status == "needs_review"
    assert read_number("0,695 (69,5%)", decimal_comma=True).value == 0.695
    assert read_number("0.5 = 0.7").status == "needs_review"   # a plain chain that disagrees
    assert read_number("-ln(0.695) ≈ 0.364").value == 0.364   # working, then its value
    assert read_number("0.426 = 42.6%").value == pytest.approx(0.426)


# 4. explicit non-answers

NON_ANSWERS = ["-", "—", "n/a", "N/A", "?", "idk", "don't know", "skipped", "no answer"]


@pytest.mark.parametrize("delimiter", [",", ";"])
@pytest.mark.slow
def test_an_explicit_non_answer_is_blank_with_a_reason(grade, delimiter):
    rows = [("Q1", "a", text) for text in NON_ANSWERS] + [("Q9", "b", "-"), ("Q8", "c", "n/a"), ("Q6", "a", "idk")]
    graded = grade(rows + [("Q5", "a", "n/a"), ("Q5", "b", "n/a"), ("Q5", "b", "skipped")], delimiter)
    for row in rows:
        assert graded[row]["status"] == "blank", (row, graded[row])
        assert graded[row]["reason"].startswith("read as no answer: "), graded[row]
    for row in [("Q5", "a", "n/a"), ("Q5", "b", "n/a")]:   # "no value" may be the answer (or a trap's) here
        assert (graded[row]["status"], graded[row]["reason"][:len(NO_VALUE)]) == ("needs_review", NO_VALUE)
    assert graded["Q5", "b", "skipped"]["misconception"] == "batch_contribution_not_formula"   # a listed word


def test_a_non_answer_in_the_drill_asks_for_an_answer_and_counts_nothing():
    out = io.StringIO()
    result = run_drill(io.StringIO("n/a\nq\n"), out, io.StringIO(), classes="C1", seed=5, save=False)
    assert "unknown name" not in out.getvalue() and "Type an answer" in out.getvalue()
    assert not result.parts or all(str(p.status) != "invalid" for p in result.parts)


# 5. word answers that say one meaning plainly

@pytest.mark.parametrize("delimiter", [",", ";"])
@pytest.mark.slow
def test_a_word_answer_with_its_reason_is_read_on_meaning(grade, delimiter):
    right = [("Q5", "b", "not defined (division by zero)"), ("Q5", "b", "Undefined since |M|=0"),
             ("Q9", "c", "It won't double"), ("Q8", "c", "neutral, not positive")]
    graded = grade(right + [("Q5", "b", "undefined since L = 0"), ("Q8", "c", "neutral, not neutral"),
                            ("Q9", "c", "it doesn't stay the same")], delimiter)
    assert {row: graded[row]["status"] for row in right} == {row: "correct" for row in right}
    assert graded["Q5", "b", "undefined since L = 0"]["status"] == "needs_review"   # L = 0 says the loss is 0
    assert graded["Q8", "c", "neutral, not neutral"]["status"] == "needs_review"
    assert graded["Q9", "c", "it doesn't stay the same"]["status"] != "correct"   # it changes: never the no


def test_a_meaning_said_and_another_denied_is_never_a_contradiction_accepted():
    three = (["neutral"], {"pos": ["positive"], "neg": ["negative"]})
    assert read_words("neutral, not positive", *three, choices=3).status == "accept"
    assert read_words("positive, not neutral", *three, choices=3).code == "pos"
    assert read_words("neutral and positive", *three, choices=3).status == "needs_review"
