"""rev-maths29's defects, fixed by mark29 (seed 7's paper, `quizgen generate --seed 7`)."""

import csv
import io

import pytest
from click.testing import CliRunner

from grading_support import paper_grader
from quizgen.cli import main
from quizgen.drill.session import run_drill

REVIEW = "needs_review"


@pytest.fixture(scope="module")
def grade(tmp_path_factory):
    return paper_grader(tmp_path_factory.mktemp("mark29"), seed=7, count=1)


def _verdicts(grade, rows):
    graded = grade(rows)
    return {row[-1]: (graded[row].get("status"), graded[row].get("misconception")) for row in rows}


# ---------------------------------------------------------------- 1. a function applied before "=" is working

def test_a_function_applied_before_equals_is_working_checked_not_a_label(grade):
    """Q3 (b) is ln(178) = 5.1818, Q7 (b) 2.6252, Q7 (a) 0.07243: ``ln(178) =`` was stripped as
    a label (as ``p(story) =`` is), so the working was never checked."""
    rows = [("Q3", "b", "log10(178) = 5.18"), ("Q3", "b", "log(178) = 3.00"), ("Q3", "b", "ln(178) = 2.25"),
            ("Q7", "b", "ln(1+e^-2.55) = 2.63"), ("Q7", "a", "exp(-2.55) = 0.0724"),
            ("Q3", "b", "ln(178) is 2.25")]
    found = _verdicts(grade, rows)
    assert {text: status for text, (status, _) in found.items()} == {text: REVIEW for *_, text in rows}


def test_working_that_agrees_with_its_value_is_read_as_before(grade):
    found = _verdicts(grade, [("Q3", "b", "ln(178) = 5.18"), ("Q3", "b", "log10(178) = 2.25"),
                              ("Q3", "b", "LN(178) = 5.182"), ("Q1", "a", "p(story) = 0.789"),
                              ("Q7", "a", "σ(-2.55) = 0.0724")])
    assert found == {"ln(178) = 5.18": ("correct", ""), "log10(178) = 2.25": ("incorrect", "log10_instead_of_ln"),
                     "LN(178) = 5.182": ("correct", ""), "p(story) = 0.789": ("correct", ""),
                     "σ(-2.55) = 0.0724": ("correct", "")}


def test_the_drill_checks_such_working_too():
    out = io.StringIO()
    result = run_drill(io.StringIO("0.7891\nlog10(0.7891) = 0.2368\nq\n"), out, io.StringIO(), classes="C1",
                       seed=7, save=False)
    assert [(p.letter, p.status) for p in result.parts][:1] == [("a", "correct")]
    assert "working and a different value after it (log10(0.7891)" in " ".join(out.getvalue().split())


# ---------------------------------------------------------------- 2. C9's yes/no reasons (word lists only)

def test_c9_causal_reasons_and_other_growths_are_not_accepted(grade):
    """Seed 7's Q9: (b) is "yes" (all at once, from both sides), (c) "no" (the mean does not double)."""
    wrong = [("Q9", "b", "yes, each token after the one before it"),
             ("Q9", "b", "yes, it predicts each next word from the previous words"),
             ("Q9", "b", "yes, using only the words before the mask"),
             ("Q9", "c", "no, it would quadruple"), ("Q9", "c", "no, it would be 2x"),
             ("Q9", "c", "no, it is multiplied by 2"), ("Q9", "c", "no, it would be larger")]
    right = [("Q9", "c", "no (only the sum would double)"),
             ("Q9", "c", "no, it would be the sum that doubles, not the mean"),
             ("Q9", "c", "no, it stays the same"), ("Q9", "b", "yes, from both sides"),
             ("Q9", "b", "yes, using the words before and after the mask")]
    found = _verdicts(grade, wrong + right)
    assert {t: found[t][0] for *_, t in wrong} == {t: REVIEW for *_, t in wrong}
    assert {t: found[t][0] for *_, t in right} == {t: "correct" for *_, t in right}


def test_c9_reasons_on_the_other_polarity(tmp_path):
    """``generate --classes C9 --count 12 --seed 3``, Q7: (b) asks "one after another from left to
    right?" (no), (c) "stay the same?" (yes)."""
    runner = CliRunner()
    made = runner.invoke(main, ["generate", "--classes", "C9", "--count", "12", "--seed", "3",
                                "--out", str(tmp_path / "paper")])
    assert made.exit_code == 0, made.output
    rows = [("Q7", "b", "no, each token is predicted after the one before it"),
            ("Q7", "b", "no, it only looks at the previous tokens"),
            ("Q7", "c", "yes, because both the numerator and |M| double"),
            ("Q7", "c", "yes, twice as many terms but also twice the divisor"),
            ("Q7", "c", "yes, it would be larger"), ("Q7", "b", "no, all at once")]
    path = tmp_path / "answers.csv"
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"],
                                      *([f"s{n}", *row] for n, row in enumerate(rows))])
    result = runner.invoke(main, ["grade", str(path), "--key", str(tmp_path / "paper" / "key.json"), "--no-html"])
    assert result.exit_code == 0, result.output
    with open(tmp_path / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        found = {r["answer"]: r["status"] for r in csv.DictReader(handle)}
    assert found == {rows[0][2]: REVIEW, rows[1][2]: REVIEW, rows[2][2]: "correct", rows[3][2]: "correct",
                     rows[4][2]: REVIEW, rows[5][2]: "correct"}
