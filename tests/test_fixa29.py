"""rev-diff29b's regressions, fixed by fixa29 (`quizgen generate --seed 4 --students` s1, s2:
Q9 (b) is "yes" for s1 and "no" for s2)."""

import csv

import pytest
from click.testing import CliRunner

from quizgen.cli import main

REVIEW = "needs_review"


@pytest.fixture(scope="module")
def grade(tmp_path_factory):
    """grade(rows): rows (student, question, part, answer) -> {answer: graded row}."""
    folder = tmp_path_factory.mktemp("fixa29")
    (folder / "r.csv").write_text("student_id,name\ns1,Ann\ns2,Bob\n", encoding="utf-8")
    runner = CliRunner()
    made = runner.invoke(main, ["generate", "--seed", "4", "--students", str(folder / "r.csv"),
                                "--out", str(folder / "paper")])
    assert made.exit_code == 0, made.output
    runs = iter(range(1000))

    def run(rows):
        """One grading run per answer of each student's (a student's second answer to a part supersedes the first)."""
        batches = {}
        for row in rows:
            batch = next(b for b in range(len(rows)) if row[:3] not in {r[:3] for r in batches.get(b, [])})
            batches.setdefault(batch, []).append(row)
        return {key: found for batch in batches.values() for key, found in run_once(batch).items()}

    def run_once(rows):
        path = folder / f"answers-{next(runs)}.csv"
        with open(path, "w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], *rows])
        result = runner.invoke(main, ["grade", str(path), "--key", str(folder / "paper" / "key.json"), "--no-html"])
        assert result.exit_code == 0, result.output
        with open(path.with_name(path.stem + "-graded.csv"), encoding="utf-8-sig", newline="") as handle:
            return {(r["student_id"], r["answer"].removeprefix("'")): r for r in csv.DictReader(handle)}
    return run


# ---------------------------------------------------------------- 1. C9 (b): a right reason holding a trap's words

@pytest.mark.slow
def test_c9_right_reasons_naming_both_sides_are_correct(grade):
    right = [("s1", "Yes, it uses the words before it and after it"),
             ("s1", "Yes, each mask sees the tokens before it and after it"),
             ("s2", "No, it uses the words before it and after it"),
             ("s2", "No, it uses both the previous and the next words"),
             ("s2", "No, it does not just use the previous words"), ("s2", "No, not only the preceding words"),
             ("s2", "No, unlike a causal model")]
    # a wrong yes or no with a right reason, a right one with a causal reason: a person reads them
    review = [("s1", "No, it uses the words before it and after it"), ("s2", "Yes, not only the preceding words"),
              ("s1", "Yes, it uses only the previous words"), ("s2", "No, it uses the previous words")]
    graded = grade([(sid, "Q9", "b", text) for sid, text in right + review])
    found = {row: graded[row]["status"] for row in right + review}
    assert found == {**{row: "correct" for row in right}, **{row: REVIEW for row in review}}


# ---------------------------------------------------------------- 2. e-notation inside working

@pytest.mark.parametrize("text, value", [("ln(1.454e3) = 7.2821", 7.2821), ("ln(2.5E2) = 5.521", 5.521),
                                         ("sqrt(1.6e1) = 4.000", 4.0), ("ln(1.454e+3) = 7.2821", 7.2821),
                                         ("2e3/4 = 500", 500.0)])
def test_working_in_e_notation_that_agrees_is_read(text, value):
    from quizgen.marking.forms import read_number

    reading = read_number(text)
    assert (reading.status, reading.value) == ("number", value)


@pytest.mark.slow
def test_q3_working_in_e_notation_is_marked(grade):
    """s1's Q3 (b) is ln(1454) = 7.2821: right working in e-notation is correct, and working that
    disagrees with its value says by how much (it did before too)."""
    graded = grade([("s1", "Q3", "b", "ln(1.454e3) = 7.2821"), ("s1", "Q3", "b", "ln(1.454e3) = 7.9")])
    assert graded["s1", "ln(1.454e3) = 7.2821"]["status"] == "correct"
    wrong = graded["s1", "ln(1.454e3) = 7.9"]
    assert wrong["status"] == REVIEW and "(ln(1.454e3) is 7.28, not 7.9)" in wrong["reason"]


# ---------------------------------------------------------------- 3. the empty-sum advice only for the literal 0

_FLOOR_BANK = """id: tiny-count
class: C1
title: "Random tokens in a tiny batch"
points: 1
params:
  n: {choice: [3, 4]}
let:
  rnd: "floor(n / 10)"
stem: |
  A batch has {{ n }} picked positions; 10% of them, rounded down to a whole number, get a random token.
parts:
  - name: rnd
    ask: "How many get a random token?"
    type: integer
    answer: rnd
solution:
  forecast: "A small count."
  steps:
    - title: "Count"
      why: "Round down."
      work: "Ten percent of {{ n }}, rounded down: {{ rnd }}."
  verify: "A count is at least 0."
canonical:
  params:
    n: 3
"""


@pytest.mark.slow
def test_a_worked_out_zero_gets_the_count_advice_and_the_empty_sum_not(tmp_path):
    """``--classes C1,C5 --seed 1`` with the bank: Q2 is its floor(n / 10), 0 (n is 3 or 4: 0.3 or
    0.4 rounded down); Q3 is C5, whose (a) is the empty sum, the template's literal 0."""
    (tmp_path / "bank").mkdir()
    (tmp_path / "bank" / "z.yaml").write_text(_FLOOR_BANK, encoding="utf-8")
    runner = CliRunner()
    made = runner.invoke(main, ["generate", "--classes", "C1,C5", "--bank", str(tmp_path / "bank"), "--seed", "1",
                                "--out", str(tmp_path / "paper")])
    assert made.exit_code == 0, made.output
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\ns1,Q2,a,0.3\ns1,Q3,a,0.3\n", encoding="utf-8")
    result = runner.invoke(main, ["grade", str(tmp_path / "a.csv"), "--key", str(tmp_path / "paper" / "key.json"),
                                  "--no-html"])
    assert result.exit_code == 0, result.output
    with open(tmp_path / "a-graded.csv", encoding="utf-8-sig", newline="") as handle:
        found = {r["question_id"]: r["feedback"] for r in csv.DictReader(handle)}
    assert found["Q2"] == "a count is a whole number, and 0.3 is not one: round a count worked out as a fraction"
    assert found["Q3"].startswith("0.3 is not a whole number, and this part's answer is one, worked out exactly")


# ---------------------------------------------------------------- 4. working with too few figures to vouch for the value

@pytest.mark.parametrize("text, status", [
    ("-ln(0.8) = 0.1698", REVIEW), ("-ln(0.6) = 0.5334", REVIEW), ("-ln(0.84) = 0.1698", REVIEW),  # 0.2231, 0.5108, 0.1744
    ("-ln(0,8) = 0,1698", REVIEW),
    ("3.9/5 = 0.7846", "number"), ("-ln(0.7157) = 0.335", "number"), ("3.4981/4 = 0.8746", "number"),
    ("-ln(0.8438) = 0.1698", "number"), ("-ln(0,7157) = 0,335", "number")])
def test_coarse_working_vouches_for_a_finer_value_only_within_one_percent(text, status):
    """0.8 stands for 0.75 to 0.85, and -ln of that for 0.163 to 0.288: wide enough to hold 0.1698,
    but 1-figure working does not show how a 4-figure value was reached; 0.1698 is 24% from -ln(0.8)."""
    from quizgen.marking.forms import read_number

    reading = read_number(text, decimal_comma="," in text)
    assert reading.status == status
    if status == REVIEW:
        assert "working and a different value after it" in reading.reason
