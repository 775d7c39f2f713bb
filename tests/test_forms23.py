"""forms23: where reading a written answer had to guess, a person decides (seed 9's paper,
`generate --seed 9 --count 10`: Q1 (a) p is 0.8228, Q11 (b) a loss of 3.835, Q41 (d) the
count |M| = 1, Q54 (a) and (e) a count of 2000, its (b) 1600; Q60's 4000 before a paper's
scenes were spread, paper43). A chain ending in a fraction was read as
the fraction whatever came before it (`0.5 ≈ 8228/10000` was correct); a restated value
"agreed" through a guessed decimal comma (`3.835 (3,835)`); a count's `4.000` in a ',' file
(or `4,000` in a ';' file) was 4, a silent incorrect for the answer 4000."""

import pytest

from grading_support import paper_grader
from quizgen.marking.forms import misread_count, read_number


@pytest.fixture(scope="module")
def grade(tmp_path_factory):
    """Grade ``rows`` (question, part, answer) in a file with ``delimiter``: {(question, part, answer): graded row}."""
    return paper_grader(tmp_path_factory.mktemp("forms23"), seed=9, count=10)


# 1. a chain that ends in a fraction or expression: its values must agree too

@pytest.mark.parametrize("delimiter", [",", ";"])
@pytest.mark.slow
def test_a_chain_ending_in_a_fraction_that_its_values_contradict_goes_to_a_person(grade, delimiter):
    rows = [("Q1", "a", "0.5 ≈ 8228/10000"), ("Q1", "a", "0.5 = 8228/10000"), ("Q1", "a", "0.8228 ≈ 8228/10000")]
    graded = grade(rows, delimiter)
    for row in rows[:2]:
        assert graded[row]["status"] == "needs_review", graded[row]
        assert "different value beside it (0.5 and 8228/10000)" in graded[row]["reason"]
    assert graded[rows[2]]["status"] == "correct"   # they agree: the exact value is read


def test_a_chain_ending_in_an_expression_agrees_within_the_rounding_of_its_plain_values():
    assert read_number("0.5 ≈ 7/10").status == "needs_review"
    assert read_number("0.7 ≈ 7/10").value == pytest.approx(0.7)    # agreeing: the exact 7/10
    assert read_number("0.6999 ≈ 7/10").status == "needs_review"   # 7/10 is 0.7000 to four places
    assert read_number("0.364 = -ln(0.695)").status == "number"   # -ln(0.695) is 0.3638
    assert read_number("70% ≈ 7/10").value == pytest.approx(0.7)
    assert read_number("0,5 ≈ 7/10", decimal_comma=True).status == "needs_review"


# 2. a value restated beside it agrees only when no guess about a comma made it agree

@pytest.mark.parametrize("delimiter", [",", ";"])
@pytest.mark.slow
def test_a_restatement_that_agrees_only_through_a_guessed_mark_goes_to_a_person(grade, delimiter):
    decimal, other = (".", ",") if delimiter == "," else (",", ".")   # the file's decimal mark, the other one
    rows = [("Q11", "b", f"3{decimal}835 (3{other}835)"), ("Q11", "b", f"3{decimal}835 = 3{other}835"),
            ("Q11", "b", f"3{other}835 (3{other}835)")]   # the last agrees either way: read as 3{other}835 alone is
    graded = grade(rows, delimiter)
    for row in rows[:2]:
        assert graded[row]["status"] == "needs_review", graded[row]
        assert "may be 3835 (a thousands" in graded[row]["reason"] and "a person decides" in graded[row]["reason"]
    assert graded[rows[2]]["status"] == "correct"


def test_a_guessed_mark_is_settled_by_the_answer_s_own_decimals_and_a_count_groups_thousands():
    assert read_number("5 (5,000)").status == "needs_review"
    assert "'5,000' may be 5000 (a thousands comma) or 5.000 (a decimal comma)" in read_number("5 (5,000)").reason
    assert read_number("5 (5,000)", decimal_comma=True).value == 5.0   # the file's decimal comma: no guess
    assert read_number("5 (5.000)").value == 5.0                        # the file's decimal point
    assert read_number("5 (5.000)", decimal_comma=True).status == "needs_review"
    assert read_number("1,440 (1,44)").value == pytest.approx(1.44)    # its own 1,44 says the comma is decimal
    assert read_number("1.551 (1.55)", decimal_comma=True).value == pytest.approx(1.551)
    assert read_number("2580 (2,580)", whole=True).value == 2580.0     # a count is never 2.58


# 3. a count's group of three zeros: either reading is whole, so never a silent incorrect

@pytest.mark.parametrize("delimiter", [",", ";"])
@pytest.mark.slow
def test_a_count_s_group_of_zeros_read_the_other_way_as_the_answer_goes_to_a_person(grade, delimiter):
    decimal, thousands = (".", ",") if delimiter == "," else (",", ".")   # the file's decimal mark, the other one
    review = [("Q54", "a", f"2{decimal}000"), ("Q54", "e", f"2{decimal}000 positions"), ("Q41", "d", f"1{thousands}000")]
    right = [("Q54", "a", f"2{thousands}000"), ("Q41", "d", f"1{decimal}000"), ("Q54", "b", f"1{decimal}600")]
    graded = grade(review + right + [("Q54", "a", f"5{decimal}000")], delimiter)
    for row in review:
        assert graded[row]["status"] == "needs_review", graded[row]
        assert "a count written" in graded[row]["reason"] and "is the answer" in graded[row]["reason"]
    assert {graded[row]["status"] for row in right} == {"correct"}, graded
    assert graded["Q54", "a", f"5{decimal}000"]["status"] == "incorrect"   # neither reading is the answer


def test_misread_count_names_both_readings():
    assert misread_count("2.000", 2000, 0.5) == ("a count written '2.000': read as 2 (a decimal point, the file's "
                                                  "decimal mark), but 2000 is the answer: a person decides which is meant")
    assert "read as 2000 (a thousands point, as the file's decimal mark is a comma)" in misread_count(
        "2.000", 2, 0.5, decimal_comma=True)
    assert misread_count("2.000", 3000, 0.5) == misread_count("1.950", 1.95, 0.01) == ""
