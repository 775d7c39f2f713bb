"""A feedback sheet's words on early rounding and hedged answers (review 25).
The class paper of seed 1 (one question a class): Q1 p = 0.7157, loss 0.33454;
Q7 p = 0.9340, (c) -ln(1 - p) = 2.7183; Q8 (a) 0.3592, (b) -ln of it 1.0239;
graded with ecf credit 0.5 and imprecise credit 0.25.

- A later answer with its 4 figures, worked correctly from an (a) written to
  2, is not told to give more figures: it is ECF from that (a), whose early
  rounding "What to work on" names at (a) alone (issue 12: one mistake is
  named once); an (a) written to the figures asked and carried on rounded to
  2 is named as rounded before use.
- A hedged answer's words are quoted each as written, never joined."""

import csv

import pytest

import quizgen
from quizgen.generation.run import generate
from quizgen.grading.feedback import PartLine
from quizgen.grading.feedback_review import review_words
from quizgen.grading.feedback_words import ROUNDED_EARLY, work_list
from quizgen.grading.outputs import GradeOutputs
from quizgen.marking.forms import REVIEW_REASON
from quizgen.marking.quotes import rounded_before_use

# s1's (a)s are roundings to 2 figures (Q7 the right 0.9340, Q8 the sigmoid trap's 0.9241), marked at (a);
# their later parts, worked from them as written, are ECF (docs/marking.md)
ANSWERS = [("s1", "Q7", "a", "0.93"), ("s1", "Q7", "c", "2.659"), ("s1", "Q8", "a", "0.92"),
           ("s1", "Q8", "b", "0.0834"), ("s1", "Q9", "a", "about 1.8 I think"),
           ("s2", "Q1", "a", "0.716"), ("s2", "Q1", "b", "0.329"),   # (b) is -ln 0.72: (a) carried on to 2 figures
           ("s3", "Q1", "a", "0.72"), ("s3", "Q1", "b", "0.3345"),   # (a) itself short, (b) right
           ("s4", "Q1", "a", "0.718")]   # (a) from its own sum of exponentials carried as 76 (early25)
WORK = "## What to work on\n\n"


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    """{student: their Markdown sheet}."""
    folder = tmp_path_factory.mktemp("sheets25")
    generate(folder / "paper", count=1, seed=1)
    with open(folder / "paper" / "key.csv", encoding="utf-8-sig", newline="") as handle:
        keys = {(r["question_id"], r["part"]): r["answer"] for r in csv.DictReader(handle)}
    assert (keys["Q1", "a"], keys["Q7", "a"], keys["Q7", "c"], keys["Q8", "a"], keys["Q8", "b"]) == (
        "0.7157", "0.9340", "2.7183", "0.3592", "1.0239")   # the paper these answers were written for
    answers = folder / "answers.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"), *ANSWERS])
    (folder / "policy.yaml").write_text("ecf_credit: 0.5\nimprecise_credit: 0.25\n", encoding="utf-8")
    quizgen.grade(answers, key=folder / "paper" / "key.json", policy=folder / "policy.yaml",
                  outputs=GradeOutputs(feedback=str(folder / "sheets")))
    return {sid: (folder / "sheets" / f"{sid}.md").read_text(encoding="utf-8") for sid in ("s1", "s2", "s3", "s4")}


def _work(sheet: str) -> list:
    return sheet.split(WORK)[1].split("\n\n")[0].splitlines()


@pytest.mark.slow
def test_an_earlier_part_written_short_is_named_at_itself_alone(sheets):
    """Its later parts, ECF from it, are named neither as rounded too early nor as
    using a value rounded before use: that was one mistake, made in (a). They were
    named under "rounded before use"."""
    work = _work(sheets["s1"])
    # (a) itself short; its later parts are not named. Q8 (a) 0.92, the sigmoid trap rounded to 2 figures,
    # is named too (sheets33: every answer whose feedback says it was rounded short, whatever its status)
    assert "- " + ROUNDED_EARLY.format(keep=4, answers="Q7 (a), Q8 (a)") in work
    assert not any(line.startswith("- rounded before use") for line in work), work


def test_an_earlier_answer_carried_on_rounded_to_2_figures_is_named_too(sheets):
    work = _work(sheets["s2"])
    assert any(line.startswith("- rounded before use: Q1 (b) is what Q1 (a) rounded to 2 significant "
                               "figures gives:") for line in work), work
    assert not any(line.startswith("- rounded too early or cut off") for line in work), work


def test_a_final_answer_itself_short_is_still_told_to_give_the_figures_asked(sheets):
    work = _work(sheets["s3"])
    assert "- " + ROUNDED_EARLY.format(keep=4, answers="Q1 (a)") in work
    assert not any(line.startswith("- rounded before use") for line in work), work


def test_a_part_marked_from_their_own_short_answer_says_its_rounding_was_marked_there(sheets):
    """Q8 (a) 0.92 is the sigmoid trap rounded to 2 figures, (b) -ln 0.92: ECF's half
    credit (it was rounded too early, ECF times imprecise credit: 12.5%)."""
    assert ("- (b) error carried forward: marked from your (a) = 0.92: correct given that value; (a)'s early "
            "rounding is marked at (a) only, which earns half of the marks in this course") in sheets["s1"]   # round 42


def test_a_hedged_answers_words_are_quoted_each_as_written(sheets):
    assert ('- (a) why your marker will read it: your answer says "about" and "I think" beside its number, which the '
            "grader cannot weigh; your marker will decide what it means.") in sheets["s1"]
    assert '"about I think"' not in sheets["s1"]


@pytest.mark.parametrize("answer, said", [
    ("about 1.8 I think", '"about" and "I think"'),
    ("maybe 0.512", '"maybe"'),
    ("0.5, roughly", '"roughly"'),
    ("approximately 0.35 but maybe it is more than that", '"approximately" and "but maybe it is m..."'),
])
def test_review_words_quote_the_words_on_each_side_apart(answer, said):
    assert review_words(REVIEW_REASON, answer) == (f"your answer says {said} beside its number, which the grader "
                                                   "cannot weigh; your marker will decide what it means.")


@pytest.mark.parametrize("feedback, used", [
    ("marked from your (a) = 0.96: correct given that value (error carried forward; (a)'s early rounding is "
     "marked at (a) only)", ()),
    ("marked from your (a) = 0.769: right if (a) is carried as written, to 3 significant figures; this paper asks "
     "you to keep at least 4 in intermediate steps (expected 1.46)", (("(a)", 3),)),
    ("marked from your (a) = 0.9: your answer is what the working gives with an intermediate result rounded to 2 "
     "significant figures, not with (a) as written: keep at least 4 significant figures in intermediate results (expected 0.302)",
     (("", 2),)),
    ("rounded too early: right to 2 significant figures, give at least 3 (expected 0.427)", ()),
    ("marked from your (a) = 0.800: rounded too early: right to 2 significant figures given that value, give at "
     "least 3 (error carried forward: from your (a) the answer is 0.223; from the exact (a), expected 0.0949)", ()),
])
def test_the_earlier_values_rounded_before_use_are_read_back_from_the_feedback(feedback, used):
    assert rounded_before_use(feedback) == used


def test_the_work_list_says_a_step_of_the_working_and_an_earlier_part_rounded_before_use():
    class Question:
        id, cls, parts = "Q2", "", ("a", "b", "c")

    lines = [PartLine("b", "0.301", "partly correct", "0.5", "2", "0.302", "", feedback, "", "rounded_too_early")
             for feedback in ("marked from your (a) = 0.9: your answer is what the working gives with an "
                              "intermediate result rounded to 2 significant figures, not with (a) as written: "
                              "keep ...",)]
    lines.append(PartLine("c", "3.22", "partly correct", "0.5", "2", "3.24", "",
                          "marked from your (a) = 0.961: your answer is what the working gives with (a) rounded to 2 "
                          "significant figures (0.96), not with (a) as written: keep at least 4 significant figures in intermediate results "
                          "(expected 3.24)", "", "rounded_too_early"))
    work = work_list([Question()], [lines], "awaiting your marker").lines
    assert work[0] == ("rounded before use: Q2 (b) is what the working gives with a value on the way kept to too "
                       "few figures; Q2 (c) is what Q2 (a) rounded to 2 significant figures gives: keep "
                       "at least 4 significant figures (or as many as the question asks) in any value you go on to "
                       "use, and give each answer to the figures asked.")


def test_a_first_part_from_a_step_of_its_own_working_rounded_short_names_the_step(sheets):
    """early25's first parts: the final answer 0.718 has its 3 figures; a step of its working had 2."""
    work = _work(sheets["s4"])
    assert any(line.startswith("- rounded before use: Q1 (a) is what the working gives with a value on the way "
                               "kept to too few figures") for line in work), work
    assert not any(line.startswith("- rounded too early or cut off") for line in work), work


def test_the_work_list_says_what_the_answers_show_not_that_the_student_rounded():
    """Review 34 (s028): (a) 0.03229 written to 4 figures, (b) 3.439, what 0.032 gives:
    the sheet said "you rounded Q3 (a) to 2 significant figures before using it in (b)",
    which their paper contradicts; it says what is true of the answers instead, and
    the same for a step of a part's own working, and for two later parts."""
    class Question:
        id, cls, parts = "Q3", "", ("a", "b", "c")

    early = ("marked from your (a) = 0.03229: your answer is what the working gives with (a) rounded to 2 "
             "significant figures (0.032), not with (a) as written: keep at least 4 significant figures in intermediate results (expected 3.43)")
    lines = [PartLine("a", "0.03229", "correct", "2", "2", "0.03226", "", "", "", ""),
             PartLine("b", "3.439", "partly correct", "0", "2", "3.4340", "", early, "", "rounded_too_early"),
             PartLine("c", "0.0325", "partly correct", "0", "2", "0.0328", "", early, "", "rounded_too_early")]
    work = " ".join(work_list([Question()], [lines], "awaiting your marker").lines)
    assert "you rounded" not in work
    assert "rounded before use: Q3 (b) and (c) are what Q3 (a) rounded to 2 significant figures gives: keep" in work
