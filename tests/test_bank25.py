"""bank25 (a domain expert's review): C6's fraction worked from a student's own
wrong (a), C6's one-sequence trap on every whole-batch part and its stem with one
sequence, C9's yes or no followed by the claim's words, C5's bare "none" and
"nothing", and the wording of C5's "infinite" feedback and of C10's check."""

import csv
import json

import pytest

from grading_support import paper_grader
from test_drill_hints import drill
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import sample_instance
from quizgen.generation.views import question_view


@pytest.fixture(scope="module")
def seed1(tmp_path_factory):
    """Seed 1's paper: Q6 is C6 with 32 sequences of 300 tokens at 15% (45 a sequence, 1440 in all)."""
    return paper_grader(tmp_path_factory.mktemp("bank25"), seed=1, count=1)


def _graded(invoke, folder, cls: str, seed: int, rows, count: int = 1) -> tuple:
    """(key.json's data, {(student, question, part): graded row}) for ``rows``
    (student, question, part, answer) on the paper ``generate --classes cls``."""
    assert invoke("generate", "--classes", cls, "--seed", seed, "--count", count, "--out", folder / "q").exit_code == 0
    path = folder / "answers.csv"
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"), *rows])
    assert invoke("grade", path, "--key", folder / "q" / "key.json", "--out", folder / "o" / "g.csv").exit_code == 0
    with open(folder / "o" / "g.csv", encoding="utf-8-sig", newline="") as handle:
        graded = {(r["student_id"], r["question_id"], r["part"]): r for r in csv.DictReader(handle)}
    return json.loads((folder / "q" / "key.json").read_text(encoding="utf-8")), graded


# ------------------------------------------------------------------ 1. C6: a fraction from the student's own (a)

FROM_45 = ("marked from your (a) = 45: 4.5 is what that value gives, but a count is a whole number, so round it: "
           "4 or 5 is correct given that value (error carried forward)")


@pytest.mark.slow
def test_c6_a_fraction_worked_from_a_wrong_a_says_where_it_came_from(seed1):
    graded = seed1([("x", "Q6", "a", "45"), ("x", "Q6", "c", "4.5"), ("x", "Q6", "d", "4.5"),
                    ("y", "Q6", "a", "45"), ("y", "Q6", "c", "5"), ("y", "Q6", "d", "4")])
    for part in "cd":
        row = graded["Q6", part, "4.5"]
        assert row["status"] == "incorrect" and row["feedback"].startswith(FROM_45), row
        assert "not one: round a count" not in row["feedback"]
    for part, answer in (("c", "5"), ("d", "4")):
        assert (graded["Q6", part, answer]["status"], graded["Q6", part, answer]["note"]) == ("correct", "ecf")


@pytest.mark.slow
def test_c6_a_fraction_not_worked_from_the_students_answers_is_still_told_a_count_is_whole(seed1):
    """(c)'s count is 144: 144.5 rounds to 145 by the papers' one rule (a half away from zero), so
    it is not told to round (review 41c F10); 144.4 is."""
    graded = seed1([("z", "Q6", "a", "1440"), ("z", "Q6", "c", "144.5"), ("y", "Q6", "a", "1440"), ("y", "Q6", "c", "144.4")])
    assert graded["Q6", "c", "144.5"]["feedback"] == \
        "a count is a whole number, and 144.5 is not one, nor does it round to the count the paper's numbers give"
    assert graded["Q6", "c", "144.4"]["feedback"] == \
        "a count is a whole number, and 144.4 is not one: round a count worked out as a fraction"


@pytest.mark.parametrize("answer, said", [
    ("ln(2)", "a count is a whole number, and 0.693147 is not one, nor does it round to the count the paper's numbers give"),
    ("1152.4", "a count is a whole number, and 1152.4 is not one: round a count worked out as a fraction"),
    ("1151.6", "a count is a whole number, and 1151.6 is not one: round a count worked out as a fraction"),
    ("1150.5", "a count is a whole number, and 1150.5 is not one, nor does it round to the count the paper's numbers give")])
@pytest.mark.slow
def test_c6_a_fraction_is_told_to_round_only_where_rounding_reaches_the_count(seed1, answer, said):
    """rev-instructor26: `ln(2)` for (b) = 1,152 was told to round (to 1, still wrong)."""
    assert seed1([("z", "Q6", "b", answer)])["Q6", "b", answer]["feedback"] == said


@pytest.mark.parametrize("answer, said", [
    ("0.394", "a count is a whole number, and 0.394 is not one, nor does it round to the count the paper's numbers give"),
    ("0.5", "a count is a whole number, and 0.5 is not one, nor does it round to the count the paper's numbers give"),
    ("1.4", "a count is a whole number, and 1.4 is not one, nor does it round to the count the paper's numbers give"),
    ("1.7", "a count is a whole number, and 1.7 is not one: round a count worked out as a fraction")])
@pytest.mark.slow
def test_c5_d_a_fraction_is_told_to_round_only_where_its_nearest_whole_number_is_the_count(seed1, answer, said):
    """Review 41 F4: 0.394 was told to round, which gives 0, the very case BERT's minimum rules out. Seed 1's
    C5 has 8 words, so (d), BERT's count, is 2 (15% of T = 10 is 1.5, rounded up; fix53b): 0.5 and 1.4 round
    to 1 and are not told to round, 1.7 rounds to 2 and is (1.5 and 1.6 are traps, 15% of T and 80% of 2)."""
    assert seed1([("z", "Q5", "d", answer)])["Q5", "d", answer]["feedback"] == said


def test_c6_the_drill_says_the_fraction_came_from_the_students_a():
    output, _ = drill("45\n36\n4.5\nq\n", classes="C6", seed=1, save=False)
    flat = " ".join(output.split())
    assert "Marked from your (a) = 45: 4.5 is what that value gives" in flat and "not one: round" not in flat


# ------------------------------------------------------------------ 3. C6: one sequence's count on every part

def test_c6_one_sequences_count_is_the_trap_on_every_whole_batch_part(seed1):
    """Seed 1's Q6: 45 a sequence, so (b) 36 and (e) 45 after a right (a); (c) and (d)
    would be 4.5, no count, and have no such trap there."""
    graded = seed1([("w", "Q6", "a", "1440"), ("w", "Q6", "b", "36"), ("w", "Q6", "e", "45")])
    for part, answer in (("b", "36"), ("e", "45")):
        row = graded["Q6", part, answer]
        assert (row["status"], row["misconception"]) == ("incorrect", "per_sequence_count"), row
        assert "one sequence" in row["feedback"] and "whole batch" in row["feedback"]


@pytest.mark.slow
def test_c6_one_sequences_share_is_the_trap_at_c_and_d_when_it_is_whole(invoke, tmp_path):
    assert invoke("generate", "--classes", "C6", "--seed", 1, "--count", 30, "--out", tmp_path / "p").exit_code == 0
    key = json.loads((tmp_path / "p" / "key.json").read_text(encoding="utf-8"))
    question = next(q for q in key["questions"]
                    if q["params"]["B"] > 1 and round(q["params"]["r"] * q["params"]["L"]) % 10 == 0)
    share = round(question["params"]["r"] * question["params"]["L"]) // 10
    rows = [("s", question["id"], "a", question["parts"][0]["exact"]),
            ("s", question["id"], "c", share), ("s", question["id"], "d", share)]
    _, graded = _graded(invoke, tmp_path, "C6", 1, rows, count=30)
    for part in "cd":
        assert graded["s", question["id"], part]["misconception"] == "per_sequence_count", graded


@pytest.mark.slow
def test_c6_one_sequence_is_not_told_of_each_sequence(templates_by_class):
    seen = set()
    for k in range(400):
        instance = sample_instance(templates_by_class["C6"], f"bank25/{k}")
        stem = " ".join(question_view(Question("Q1", instance), "text")["stem"].split())
        one = instance.env["B"] == 1
        assert ("in each sequence" in stem) != one, stem
        seen.add(one)
        if seen == {True, False}:
            return
    pytest.fail(f"only B == 1 is {seen} in 400 draws")


# ------------------------------------------------------------------ 2. C9: a yes or no followed by the claim

@pytest.mark.parametrize("part, answer", [("b", "yes, but only from the left"),
                                          ("b", "yes, each from the tokens to its left"),
                                          ("c", "yes, the sum is what counts")])
def test_c9_a_right_yes_followed_by_the_misconception_goes_to_a_person(invoke, tmp_path, part, answer):
    """Seed 8's C9 asks (b) "all at once, from both sides?" and (c) "stay the same?": yes is right."""
    key, graded = _graded(invoke, tmp_path, "C9", 8, [("s", "Q1", part, answer), ("t", "Q1", part, "yes")])
    assert graded["t", "Q1", part]["status"] == "correct"
    assert graded["s", "Q1", part]["status"] == "needs_review", graded["s", "Q1", part]


def test_c9_both_sides_named_and_the_sum_denied_stay_right(invoke, tmp_path):
    rows = [("s", "Q1", "b", "yes, from both the left and the right"), ("s", "Q1", "c", "yes, it is a mean, not a sum")]
    _, graded = _graded(invoke, tmp_path, "C9", 8, rows)
    assert graded["s", "Q1", "b"]["status"] == "correct" and graded["s", "Q1", "c"]["status"] == "correct"


# ------------------------------------------------------------------ 4. and 6. C5 (b)

@pytest.mark.parametrize("answer", ["none", "nothing", "None."])
@pytest.mark.slow
def test_c5_b_none_or_nothing_goes_to_a_person(seed1, answer):
    row = seed1([("Q5", "b", answer)])["Q5", "b", answer]
    assert row["status"] == "needs_review" and "no value or that the value is zero" in row["reason"], row


@pytest.mark.slow
def test_c5_b_null_and_no_loss_are_unchanged(seed1):
    graded = seed1([("Q5", "b", "null"), ("Q5", "b", "no loss")])
    assert graded["Q5", "b", "null"]["status"] == "correct"
    assert graded["Q5", "b", "no loss"]["misconception"] == "zero_mask_is_zero"


@pytest.mark.slow
def test_c5_infinite_is_told_that_no_division_by_zero_has_a_value(seed1):
    feedback = seed1([("Q5", "b", "infinite")])["Q5", "b", "infinite"]["feedback"]
    assert "only for a nonzero numerator" not in feedback and "blows up" not in feedback
    assert "whatever the numerator" in feedback and "not infinite" in feedback


# ------------------------------------------------------------------ 5. C10's check

@pytest.mark.slow
def test_c10_check_says_bert_still_sees_where_the_sequence_ends(templates_by_class):
    instance = sample_instance(templates_by_class["C10"], "bank25/0")
    verify = " ".join(question_view(Question("Q1", instance), "text")["verify"].split())
    assert "no context the causal model lacks" not in verify and "still differ" not in verify
    assert "the only extra thing BERT sees is where the sequence ends" in verify
