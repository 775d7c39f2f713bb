"""ECF notes and the sheets' advice on early rounding (ecfnotes25).

The class paper of seed 1 (one question a class): Q1 p = 0.7157, loss
0.33454; Q7 p = 0.9340, (c) -ln(1 - p) = 2.7183; Q8 (a) 0.3592.

1. A later answer worked from the student's own wrong (a) and then rounded
   too early, or cut off, gives the value from their own (a) beside the
   key's, in the words of the note on one computed from an (a) shown short:
   Q7 (a) 0.770 (wrong), so (c) from it is -ln 0.23 = 1.4697: "1" is it to
   1 figure, "1.46" is it cut off.
2. The "What to work on" advice keeps the figures the policy's carried
   rounding asks when that is more than the paper's 4; the marking note on
   an answer carried too short says the course asks it, not the paper.
3. The report's students table says a student marked only by overrides
   scoring 0 is absent, as the note says, not "missing (no answer)"."""

import csv
import json

import pytest

import quizgen
from quizgen.bank.loader import load_bank
from quizgen.generation.run import generate
from quizgen.generation.sampling import sample_instance
from quizgen.grading.feedback_words import ROUNDED_BEFORE_USE, ROUNDED_EARLY, kept_figures
from quizgen.grading.outputs import GradeOutputs
from quizgen.marking.rules import Credits
from paper_support import mark_paper
from test_marking_own_answers import _checkers, _short_carry_case
from test_roster25 import grade as roster_grade, overrides, paper_class

ECF_NOTE = "(error carried forward: from your (a) = 0.770 the answer is 1.47; from the exact (a), expected 2.72)"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    """The seed-1 class paper's folder."""
    folder = tmp_path_factory.mktemp("ecfnotes25")
    generate(folder / "paper", count=1, seed=1)
    return folder / "paper"


def _grade(folder, paper, rows, policy: str = "") -> tuple:
    """Grade ``rows`` (student, question, part, answer) with sheets:
    ``({(student, question, part): graded row}, {student: sheet})``."""
    folder.mkdir(exist_ok=True)
    answers = folder / "answers.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"), *rows])
    options = {}
    if policy:
        (folder / "policy.yaml").write_text(policy, encoding="utf-8")
        options["policy"] = folder / "policy.yaml"
    quizgen.grade(answers, key=paper / "key.json", outputs=GradeOutputs(feedback=str(folder / "sheets")), **options)
    with open(folder / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        graded = {(r["student_id"], r["question_id"], r["part"]): r for r in csv.DictReader(handle)}
    sheets = {sid: (folder / "sheets" / f"{sid}.md").read_text(encoding="utf-8") for sid, *_ in rows}
    return graded, sheets


def _work(sheet: str) -> list:
    return sheet.split("## What to work on\n\n")[1].split("\n\n")[0].splitlines()


# ---------------------------------------------------------------- 1. the value from their own (a)

@pytest.mark.slow
def test_an_answer_cut_off_from_their_own_wrong_a_gives_the_value_from_it(tmp_path, paper):
    graded, _ = _grade(tmp_path / "cut", paper, [("s1", "Q7", "a", "0.770"), ("s1", "Q7", "c", "1.46")],
                       "ecf_credit: 0.5\nimprecise_credit: 0.25\n")
    row = graded["s1", "Q7", "c"]
    assert (row["status"], row["note"], row["score"]) == ("imprecise", "rounded_too_early", "0.25"), row
    assert row["feedback"] == ("marked from your (a) = 0.770: cut off instead of rounded: 1.470, worked from that "
                               f"value, rounds to 1.47 {ECF_NOTE}, which earns 12.5% of the marks in this course")


def test_an_answer_short_from_their_own_wrong_a_as_written_gives_the_value_from_it(paper):
    """Grade's checkers, then ECF from the final answers (mark_paper); grade's run: tests/test_remark26.py."""
    q7 = next(q for q in json.loads((paper / "key.json").read_text(encoding="utf-8"))["questions"] if q["id"] == "Q7")
    instance = sample_instance({t.id: t for t in load_bank()}[q7["template"]], q7["seed"])
    p, _, loss = (pv.part.name for pv in instance.parts)
    verdict = mark_paper(instance, {p: "0.770", loss: "1"})[loss]
    assert (verdict.status, verdict.note) == ("imprecise", "rounded_too_early"), verdict
    assert verdict.feedback == ("marked from your (a) = 0.770: right to 1 significant figure given that value as "
                                f"written, but rounded too early: this paper asks for at least 3 {ECF_NOTE}")


@pytest.mark.slow
def test_from_a_right_a_the_notes_give_the_expected_value_alone(tmp_path, paper):
    """Not ECF: the value from their own (a) is the key's, and the note says it once."""
    graded, _ = _grade(tmp_path / "right", paper, [("s1", "Q8", "a", "0.359"), ("s1", "Q8", "b", "1.02")])
    assert "error carried forward" not in graded["s1", "Q8", "b"]["feedback"]


# ---------------------------------------------------------------- 2. the figures kept, as the marker used them

SHORT_ROWS = [("s1", "Q1", "a", "0.716"), ("s1", "Q1", "b", "0.329"),   # (b) from (a) carried on to 2 figures
              ("s2", "Q1", "a", "0.72"), ("s2", "Q1", "b", "0.3345")]   # (a) itself short


@pytest.mark.parametrize("policy, keep", [("", 4), ("carried_figures: 3\n", 4), ("carried_figures: 4\n", 4),
                                          ("carried_figures: 5\n", 5), ("carried_figures: 6\n", 6)])
@pytest.mark.slow
def test_the_advice_keeps_the_figures_the_policy_carried_rounding_asks(tmp_path, paper, policy, keep):
    _, sheets = _grade(tmp_path / "keep", paper, SHORT_ROWS, policy)
    before, early = _work(sheets["s1"]), _work(sheets["s2"])
    assert any(line.startswith("- rounded before use: Q1 (b) is what Q1 (a) rounded to 2 significant figures "
                               f"gives: keep at least {keep} significant figures (or as many as") for line in before)
    assert f"- rounded too early or cut off: Q1 (a): give each final answer to the figures the question asks, " \
           f"rounded (not cut off), and keep at least {keep} significant figures in the working." in early
    # the marking note on (b) says the same figures
    assert f"keep at least {keep} significant figures in intermediate results" in sheets["s1"]


def test_the_default_advice_is_the_papers():
    keep = kept_figures(Credits().carried_figures)
    assert keep == 4
    assert "keep at least 4 significant figures in the working" in ROUNDED_EARLY.format(keep=keep, answers="Q1 (a)")
    assert "keep at least 4 significant figures (or as many" in ROUNDED_BEFORE_USE.format(keep=keep, answers="Q1 (a)")


def test_a_short_carry_past_the_papers_figures_is_what_the_course_asks():
    """carried_figures 5: the paper asked 4, the marker 5; the note says which."""
    instance, p3, loss = _short_carry_case()
    for keep, who in ((4, "this paper asks"), (5, "this course asks")):
        alone = _checkers(instance, Credits(carried_figures=keep))["c"](loss)
        assert alone.feedback.startswith(f"right if intermediate results are carried to fewer than {keep} "
                                         f"significant figures; {who} you to keep at least {keep} in "
                                         "intermediate steps"), alone


# ---------------------------------------------------------------- 3. the report's students table

def test_a_student_marked_only_by_a_zero_override_is_absent_in_the_students_table(tmp_path, invoke):
    paper_class(tmp_path)
    result = roster_grade(invoke, tmp_path, "--overrides", overrides(tmp_path, "0"))
    assert result.exit_code == 0, result.output
    report = (tmp_path / "out" / "g-report.md").read_text(encoding="utf-8")
    rows = {line.split(" | ")[0].strip("| "): line for line in report.split("## Students")[1].splitlines()
            if line.startswith("| s1")}
    assert rows["s1017"].endswith("| absent (overrides: 0) |"), rows["s1017"]
    assert rows["s1004"].endswith("| missing (no answer) |") is False
    assert rows["s1022"].endswith("| missing (no answer) |")   # on the roster, no row and no override
