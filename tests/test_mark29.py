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

@pytest.mark.slow
def test_a_function_applied_before_equals_is_working_checked_not_a_label(grade):
    """Q3 (b) is ln(178) = 5.1818, Q7 (b) 2.6252, Q7 (a) 0.07243: ``ln(178) =`` was stripped as
    a label (as ``p(story) =`` is), so the working was never checked."""
    rows = [("Q3", "b", "log10(178) = 5.18"), ("Q3", "b", "log(178) = 3.00"), ("Q3", "b", "ln(178) = 2.25"),
            ("Q7", "b", "ln(1+e^-2.55) = 2.63"), ("Q7", "a", "exp(-2.55) = 0.0724"),
            ("Q3", "b", "ln(178) is 2.25")]
    found = _verdicts(grade, rows)
    assert {text: status for text, (status, _) in found.items()} == {text: REVIEW for *_, text in rows}


@pytest.mark.slow
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

@pytest.mark.slow
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


@pytest.mark.slow
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


# ---------------------------------------------------------------- 3. working checked by the figures it shows

def test_working_on_a_count_has_no_slack_and_elsewhere_the_slack_of_its_figures(grade):
    """Q6 (b) is the count 960 = 0.8 x 1200; Q9 (a) is 1.7326. 0.8 x 1205 is 964, and 1.70 + 0.0486
    (1.70 standing for 1.695 to 1.705) is never 1.7326: both were within the old flat 1%."""
    found = _verdicts(grade, [("Q6", "b", "0.8 x 1205 = 960"), ("Q9", "a", "1.70 + 0.0486 = 1.7326"),
                              ("Q6", "b", "0.8 x 1200 = 960"), ("Q9", "a", "1.6840 + 0.0486 = 1.7326")])
    assert found == {"0.8 x 1205 = 960": (REVIEW, ""), "1.70 + 0.0486 = 1.7326": (REVIEW, ""),
                     "0.8 x 1200 = 960": ("correct", ""), "1.6840 + 0.0486 = 1.7326": ("correct", "")}


@pytest.mark.parametrize("text, whole, value", [
    ("-ln(0.7157) = 0.335", False, 0.335), ("3.4981/4 = 0.8746", False, 0.8746),   # rounded 4-figure working
    ("-ln(0.9340) = 0.0683", False, 0.0683), ("3.9/5 = 0.7846", False, 0.7846),   # 3.9 stands for 3.85 to 3.95
    ("0.15*9600 = 1440", True, 1440.0), ("-ln(0,7157) = 0,335", False, 0.335)])
def test_right_answers_with_rounded_working_stay_read(text, whole, value):
    from quizgen.marking.forms import read_number

    reading = read_number(text, whole=whole, decimal_comma="," in text)
    assert (reading.status, reading.value) == ("number", value)


def test_working_beyond_the_figures_it_shows_goes_to_a_person():
    from quizgen.marking.forms import read_number

    assert read_number("0.8 x 1201 = 960", whole=True).status == REVIEW   # 960.8: a count's working is exact
    assert read_number("-ln(0.7157) = 0.336").status == REVIEW   # 0.33449: more than a unit from 0.336
    assert read_number("2.50 * 0.400 = 1.006").status == REVIEW   # at most 1.0032 (2.505 * 0.4005), a unit beside: 1.0042


# ---------------------------------------------------------------- 4. the empty sum is no count to round

def test_a_fraction_for_the_empty_sum_gets_no_count_advice(grade):
    graded = grade([("Q5", "a", "0.5"), ("Q5", "a", "0.01"), ("Q6", "b", "959.5")])
    for text in ("0.5", "0.01"):
        row = graded["Q5", "a", text]
        assert row["status"] == "incorrect"
        assert "count" not in row["feedback"] and "round a" not in row["feedback"]
        assert f"{text} is not a whole number" in row["feedback"]
    assert graded["Q6", "b", "959.5"]["feedback"].startswith("a count is a whole number, and 959.5 is not one: round")


# ---------------------------------------------------------------- 5. as asked under ECF

def test_a_fourth_figure_rounding_to_the_ecf_value_is_ecf(grade):
    """Q7: (a) 0.0800 (wrong; 0.07243) gives (b) = -ln 0.0800 = 2.5257, 2.53 at 3 figures:
    2.532 and 2.5340 round to it as 2.531 does; 2.5350 rounds to 2.54."""
    rows = [(f"v{n}", "Q7", part, text) for n, answer in enumerate(["2.531", "2.532", "2.5340", "2.5350"])
            for part, text in (("a", "0.0800"), ("b", answer))]
    graded = grade(rows)
    found = {text: (graded["Q7", "b", text]["status"], graded["Q7", "b", text]["note"])
             for text in ("2.531", "2.532", "2.5340", "2.5350")}
    assert found == {"2.531": ("correct", "ecf"), "2.532": ("correct", "ecf"), "2.5340": ("correct", "ecf"),
                     "2.5350": ("incorrect", "")}


# ---------------------------------------------------------------- 6. a % restated in brackets, as a bare %

def test_a_bracketed_percent_follows_the_bare_percent_rule(grade):
    """Q4 (a) and Q2 (b) are losses (no shares): ``70.36%`` alone goes to a person, and so now does
    ``0.7036 (70.36%)``; on Q1 (a), a probability, both readings stay correct."""
    found = _verdicts(grade, [("Q4", "a", "0.7036 (70.36%)"), ("Q2", "b", "3.095 (309.5%)"),
                              ("Q4", "a", "70.36%"), ("Q4", "a", "70.36% (0.7036)"),
                              ("Q1", "a", "0.7891 (78.91%)"), ("Q1", "a", "78.91% (0.7891)"),
                              ("Q4", "a", "0.7036 (0.70)")])
    assert {t: s for t, (s, _) in found.items()} == {
        "0.7036 (70.36%)": REVIEW, "3.095 (309.5%)": REVIEW, "70.36%": REVIEW, "70.36% (0.7036)": REVIEW,
        "0.7891 (78.91%)": "correct", "78.91% (0.7891)": "correct", "0.7036 (0.70)": "correct"}


# ---------------------------------------------------------------- 7. the log note, log_e and lg

def test_the_log_note_joins_the_feedback_as_a_sentence_and_log_e_is_ln(grade):
    graded = grade([("Q3", "b", "log(1/178)"), ("Q3", "b", "log_e(178)"), ("Q3", "b", "-log_e(1/178)"),
                    ("Q3", "b", "lg(178)"), ("Q3", "b", "log(178) = 2.25"), ("Q3", "b", "\\log_{e}(178)")])
    trap = graded["Q3", "b", "log(1/178)"]
    assert trap["misconception"] == "missing_minus_sign"
    assert ".;" not in trap["feedback"]
    assert trap["feedback"].endswith("so that it is positive; log is read as the natural log ln here.")
    for text in ("log_e(178)", "-log_e(1/178)", "\\log_{e}(178)"):
        assert (graded["Q3", "b", text]["status"], graded["Q3", "b", text]["feedback"]) == ("correct", "")
    lg = graded["Q3", "b", "lg(178)"]
    assert lg["status"] == "invalid" and "base 10 in some books and log base 2 in others" in lg["reason"]
    working = graded["Q3", "b", "log(178) = 2.25"]   # read with log as ln: its working is 5.18, not 2.25
    assert (working["status"], working["misconception"]) == (REVIEW, "")
    assert "(log(178) is 5.18, not 2.25)" in working["reason"]


def test_with_log_note_keeps_one_sentence():
    from quizgen.marking.logs import LOG_NOTE, with_log_note

    assert with_log_note("The loss uses the natural logarithm (base e), not log base 10.") == \
        f"The loss uses the natural logarithm (base e), not log base 10; {LOG_NOTE}."
    assert with_log_note("marked from your (a) = 0.5: correct given that value (error carried forward)") == \
        f"marked from your (a) = 0.5: correct given that value (error carried forward); {LOG_NOTE}"
    assert with_log_note("") == LOG_NOTE and with_log_note(LOG_NOTE) == LOG_NOTE


# ---------------------------------------------------------------- 8. C9 (a)'s log-base traps

def test_c9_total_names_the_log_base_slips(grade):
    """Q9 (a), L = L_MLM + L_NSP = 1.7326: both with log10 give 0.7524, with log2 2.500."""
    found = _verdicts(grade, [("Q9", "a", "0.7524"), ("Q9", "a", "2.500"), ("Q9", "a", "1.733")])
    assert found == {"0.7524": ("incorrect", "log10_instead_of_ln"), "2.500": ("incorrect", "log2_instead_of_ln"),
                     "1.733": ("correct", "")}
