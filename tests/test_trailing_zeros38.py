"""Policy ``trailing_zeros: optional`` (review 38): Moodle marks 0.25
correct for 0.2500006, quizgen imprecise ("zeros at the end of a decimal
count"); an instructor may now take the right answer with its zeros left
off as correct. The default stays required; a cut or early rounding is
unchanged either way."""

import csv

import pytest

from quizgen.errors import InputFileError
from quizgen.generation.run import generate
from quizgen.marking.policy import parse_policy


@pytest.fixture(scope="module")
def key(tmp_path_factory):
    folder = tmp_path_factory.mktemp("zeros")
    generate(folder / "q", classes="C1", count=1, seed=3)   # Q1 (a) 0.6999: 0.700 to 3 figures
    return folder / "q" / "key.json"


ANSWERS = ["0.7", "0.70", "0.700", "0.69", "0.6", "7/10"]


def _graded(invoke, tmp_path, key, *policy):
    with open(tmp_path / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"],
                                      *[[f"s{n}", "Q1", "a", answer] for n, answer in enumerate(ANSWERS)]])
    options = []
    if policy:
        (tmp_path / "policy.yaml").write_text(policy[0], encoding="utf-8")
        options = ["--policy", tmp_path / "policy.yaml"]
    result = invoke("grade", tmp_path / "answers.csv", "--key", key, *options)
    assert result.exit_code == 0, result.output
    with open(tmp_path / "answers-graded.csv", newline="", encoding="utf-8-sig") as handle:
        return [(row["status"], row["feedback"]) for row in csv.DictReader(handle)]


def test_optional_trailing_zeros_make_the_zeros_left_off_correct(invoke, tmp_path, key):
    graded = _graded(invoke, tmp_path, key, "trailing_zeros: optional\n")
    assert [status for status, _ in graded] == ["correct", "correct", "correct", "imprecise", "incorrect", "correct"]
    # 7/10 is exactly 0.7, the decimal accepted beside it: one value, one verdict (re-pinned on purpose, review
    # 51a F10: it stayed imprecise, "your fraction is exactly 0.7", while 0.7 was accepted)
    assert graded[5] == graded[0]
    assert graded[0][1] == ("the answer with the zeros at its end left off (0.700 to 3 significant figures): "
                            "accepted in this course")


def test_by_default_the_zeros_are_required(invoke, tmp_path, key):
    graded = _graded(invoke, tmp_path, key)
    assert [status for status, _ in graded] == ["imprecise", "imprecise", "correct", "imprecise", "incorrect", "imprecise"]
    assert "zeros at the end of a decimal count as significant figures" in graded[0][1]
    assert graded == _graded(invoke, tmp_path, key, "trailing_zeros: required\n")


@pytest.mark.parametrize("value", ["yes", "Optional", "1", "[optional]"])
def test_another_value_is_refused_naming_the_line(value):
    with pytest.raises(InputFileError, match=r"^pol.yaml:2: trailing_zeros: expected required or optional"):
        parse_policy(f"ecf_credit: 0.5\ntrailing_zeros: {value}\n", "pol.yaml")


def test_a_small_answer_printed_in_scientific_form_has_its_zeros_left_off_too(invoke, tmp_path):
    """rev38c: below 0.001 the feedback prints 8.10 × 10⁻⁴, which ends in no zero: 0.00081 stayed imprecise."""
    generate(tmp_path / "q", classes="C3", count=3, seed=3)   # Q1 (a) 0.00081037: 0.000810 to 3 figures
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.00081\ns2,Q1,a,8.1e-4\n"
                                          "s3,Q1,a,0.0008\n", encoding="utf-8")
    (tmp_path / "policy.yaml").write_text("trailing_zeros: optional\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "q" / "key.json", "--policy",
                    tmp_path / "policy.yaml")
    assert result.exit_code == 0, result.output
    with open(tmp_path / "answers-graded.csv", newline="", encoding="utf-8-sig") as handle:
        graded = [(row["status"], row["feedback"]) for row in csv.DictReader(handle)]
    assert [status for status, _ in graded] == ["correct", "correct", "imprecise"]
    assert "left off (8.10 × 10⁻⁴ to 3 significant figures)" in graded[0][1]
