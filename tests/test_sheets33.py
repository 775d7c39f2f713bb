"""sheets33: a student's review of the feedback sheets, one section each.

1. "What to work on" names every answer whose feedback says it was cut off or
   rounded to too few figures, whatever its status (1.5 for 1.5505, incorrect;
   a count 2000 for 1950), not only those marked imprecise.
2. "About the answers" is written for the student: the figures asked, the key's
   extra figures, and carried rounding as docs/grading.md states it (3 figures by
   default, the policy's carried_figures otherwise); none when it would not help.
3. A wrong answer the grader said nothing of gets a specific line where the key
   shows one: a last digit off (0.855 for 0.8544), a near spelling of another
   answer the question offers (negativ); the generic pointer otherwise.

The paper is ``generate --seed 5 --classes C4,C6,C7,C8``: the reviewer's Q4, Q6,
Q7 and Q8 (the same seed labels), here Q1 to Q4."""

from __future__ import annotations

import csv

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.grading.feedback import PartLine
from quizgen.grading.feedback_words import COMPARE, ROUNDED_EARLY, answers_note, work_list
from quizgen.key.load import load_key_file
from quizgen.marking.rule_model import EARLY

ANSWERS = [("s003", "Q1", "a", "1.5"), ("s003", "Q2", "a", "2000"), ("s003", "Q3", "a", "0.43"),
           ("s005", "Q3", "a", "0.427"), ("s005", "Q4", "c", "negativ"),
           ("s006", "Q3", "b", "0.860"), ("s006", "Q4", "c", "banana"),
           ("s007", "Q3", "b", "0.857")]


def _run(*args) -> None:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sheets33")
    _run("generate", "--seed", 5, "--classes", "C4,C6,C7,C8", "--out", folder / "q")
    return folder


def _grade(folder, sheets: str, *more) -> dict:
    """Grade ANSWERS with --feedback into ``sheets``: {student: sheet text}."""
    answers = folder / "answers.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"), *ANSWERS])
    _run("grade", answers, "--key", folder / "q" / "key.json", "--feedback", folder / sheets,
         "--out", folder / f"{sheets}-out.csv", *more)
    return {path.stem: path.read_text(encoding="utf-8") for path in (folder / sheets).glob("*.md")}


@pytest.fixture(scope="module")
def sheets(paper):
    return _grade(paper, "fb")


def _graded(paper) -> dict:
    with open(paper / "fb-out.csv", encoding="utf-8-sig", newline="") as handle:
        return {(r["student_id"], r["question_id"], r["part"]): r for r in csv.DictReader(handle)}


# ---------------------------------------------------------------- 1. rounded short, whatever the status

@pytest.mark.slow   # the module's paper: a generate and a grade, some 4 s
def test_answers_cut_off_or_rounded_short_and_marked_incorrect_are_named_with_the_early_ones(paper, sheets):
    graded = _graded(paper)
    assert graded["s003", "Q2", "a"]["status"] == "incorrect" and graded["s003", "Q2", "a"]["note"] == ""
    assert graded["s003", "Q1", "a"]["feedback"].startswith("cut off instead of rounded, and to too few figures")
    work = sheets["s003"].split("## What to work on", 1)[1].split("**About the answers.**", 1)[0]
    assert "- " + ROUNDED_EARLY.format(keep=4, answers="Q1 (a), Q2 (a), Q3 (a)") in work.splitlines(), work


def _line(letter, status, feedback, note=""):
    return PartLine(letter, "1.5", status, "0", "4", "1.551", "", feedback, "", note)


@pytest.mark.parametrize("status, note", [("incorrect", ""), ("imprecise", EARLY)])
def test_a_cut_off_answer_is_named_whether_marked_incorrect_or_imprecise(status, note):
    """Keyed on what the verdict says, so it holds when the grader marks a cut-off
    at 2 figures or more imprecise; an ECF note or a marker's comment is not named."""
    cut = ("cut off instead of rounded, and to too few figures: 1.551 rounds to 1.6 at 2 significant figures, and "
           "this part asks for at least 3 (expected 1.55)")
    question = type("Q", (), {"id": "Q1", "cls": "C4", "parts": ()})()
    lines = [_line("a", status, cut, note), _line("b", "correct", "marked from your (a) = 1.5: correct given that "
                                                  "value (error carried forward)", "ecf"),
             _line("c", "incorrect", "cut off instead of rounded, said my marker", "override")]
    assert ROUNDED_EARLY.format(keep=4, answers="Q1 (a)") in work_list([question], [lines], "awaiting").lines


# ---------------------------------------------------------------- 2. About the answers, for a student

ABOUT = ("**About the answers.** The questions asked for decimal answers to 3 significant figures. The key's answers "
         "show more figures, so that you can see how each rounds (1.5505 is 1.55 to 3). An answer worked from "
         "intermediate results rounded to {} or more significant figures is marked correct too, when it is what that "
         "working gives, though it may differ a little from the key's.")


@pytest.mark.slow
def test_the_note_on_the_answers_is_the_students_and_said_once_before_the_questions(sheets):
    sheet = sheets["s005"]
    assert sheet.count("About the answers") == 1 and sheet.index(ABOUT.format(3)) < sheet.index("## Q1:")
    for instructors in ("was itself rounded", "0.93401", "beside an answer of", "These come from unrounded"):
        assert instructors not in sheet


@pytest.mark.slow
def test_the_note_gives_the_policys_carried_figures(paper):
    (paper / "policy.yaml").write_text("carried_figures: 4\n", encoding="utf-8")
    sheet = _grade(paper, "fb-policy", "--policy", paper / "policy.yaml")["s005"]
    assert ABOUT.format(4) in sheet


@pytest.mark.slow
def test_no_note_where_no_key_answer_shows_more_figures_than_asked(paper):
    key = load_key_file(paper / "q" / "key.json")
    counts, mean = key.questions[1], key.questions[0]   # C6: counts, exact; C4: 1.5505 (1.5505459) for 3 figures asked
    assert answers_note([counts], 3) == ""
    assert answers_note([counts, mean], 3, comma=True).startswith(
        "The questions asked for decimal answers to 3 significant figures. The key's answers show more figures, so "
        "that you can see how each rounds (1,5505 is 1,55 to 3).")


# ---------------------------------------------------------------- 3. a specific line where the key shows one

def _what_next(sheet: str, letter: str) -> str:
    return next(line for line in sheet.splitlines() if line.startswith(f"- ({letter}) what next: "))


@pytest.mark.slow
def test_a_last_digit_off_is_said_so(sheets, paper):
    # (b) 0.855 was the example until round 52: the grader now names it (1 + e^s = 1.7408 kept as 1.74, review 51e F1)
    assert _graded(paper)["s005", "Q3", "a"]["feedback"] == ""   # the grader said nothing of it
    assert _what_next(sheets["s005"], "a") == (
        "- (a) what next: your last digit is off: 0.4256 rounds to 0.426 at the 3 significant figures you gave; "
        "compare your working with the worked solution below")
    # 0.857 is 3 units of its last digit from 0.854: no slip of a digit (round 42, review 42a F4)
    assert _what_next(sheets["s007"], "b") == f"- (b) what next: {COMPARE}"


@pytest.mark.slow
def test_a_near_spelling_of_an_offered_answer_is_said_so(sheets, paper):
    """The grader leaves it to a person with its bare reason; the sheet said "the grader
    could not match your words to an answer it knows", and names no word it may be."""
    assert _graded(paper)["s005", "Q4", "c"]["reason"] == "a person should read this answer"
    assert ("- (c) why your marker will read it: check the spelling: \"negativ\" is none of the answers the question "
            "offers (negative, neutral or positive) as written; your marker will decide which you meant.") \
        in sheets["s005"].splitlines()


@pytest.mark.slow
def test_other_wrong_answers_keep_the_generic_pointer(sheets):
    """0.860 differs from 0.854 in two digits (0.853 and 0.8549 are carried rounding,
    correct); banana is near no offered answer, so its marker reads it (review 48b F6), and
    the sheet says why rather than pointing at a comparison."""
    assert _what_next(sheets["s006"], "b") == f"- (b) what next: {COMPARE}"
    assert ("- (c) why your marker will read it: your marker will look at this answer: 'banana' is none of the "
            "answers this part offers (negative, neutral or positive) as written; it may be another word for one "
            "of them.") in sheets["s006"].splitlines()
