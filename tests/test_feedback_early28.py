"""The "What to work on" list of a sheet whose later answer was computed from
an earlier one rounded short and is itself rounded short (review 28: Q7 (a)
0.072 then (c) 0.075 where 3 figures are asked): the later answer is named
under "rounded too early" as the earlier one is, and no "rounded before use"
line says it is right but for the earlier rounding (docs/grading.md: that
line is for a later answer with the figures asked, worked from an earlier
answer written in full and carried on rounded)."""

import csv
from types import SimpleNamespace

import pytest

import quizgen
from quizgen.generation.run import generate
from quizgen.grading.feedback import PartLine
from quizgen.grading.feedback_words import ROUNDED_EARLY, work_list
from quizgen.grading.outputs import GradeOutputs
from quizgen.marking.rule_model import EARLY

FROM_A = ("marked from your (a) = 0.0724: your answer is what the working gives with (a) rounded to 2 "
          "significant figures (0.072), not with (a) as written: keep at least 4 significant figures in intermediate results (expected 0.0752)")
QUESTION = SimpleNamespace(id="Q7", cls="C7", parts=tuple(
    SimpleNamespace(letter=letter, spec=SimpleNamespace(kind="numeric", tolerance={"sigfigs": 3})) for letter in "ac"))


def _line(letter, answer, feedback=""):
    return PartLine(letter, answer, "imprecise", "0", "1", "", "", feedback, "", EARLY)


@pytest.mark.parametrize("c, own, before", [
    ("0.075", "Q7 (c)", False),      # (c) itself 2 figures: rounded too early, whatever it was worked from
    ("0.0750", "", True),            # (c) with the 3 figures asked: (a) rounded before use
    ("c = 0.075", "Q7 (c)", False),
])
def test_a_later_answer_itself_short_is_rounded_too_early(c, own, before):
    """(a) 0.0724 has the figures asked, and (c) was worked from it rounded to 2
    (early_carry.py). An (a) written 0.072 is marked at (a), and (c) worked from
    it is ECF (issue 12), so it no longer gives a "rounded before use" line."""
    right = PartLine("a", "0.0724", "correct", "1", "1", "", "", "", "", "")
    work = work_list([QUESTION], [[right, _line("c", c, FROM_A)]], "awaiting").lines
    assert [line for line in work if line.startswith("rounded too early")] == [ROUNDED_EARLY.format(keep=4, answers=own)] * bool(own)
    assert any(line.startswith("rounded before use: Q7 (c) is what Q7 (a)") for line in work) == before, work


@pytest.mark.slow
def test_the_sheet_names_the_later_answer_rounded_short(tmp_path):
    """Seed 7's Q7: p = 0.0724, (c) -ln(1 - p) = 0.0752; r01's (a) 0.072 then (c) 0.075, 2 figures each;
    r02's (a) 0.0724 has the figures asked, and (c) 0.075 is short on its own."""
    generate(tmp_path / "paper", count=1, seed=7)
    answers = tmp_path / "answers.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"), ("r01", "Q7", "a", "0.072"),
                                      ("r01", "Q7", "c", "0.075"), ("r02", "Q7", "a", "0.0724"),
                                      ("r02", "Q7", "c", "0.075")])
    quizgen.grade(answers, key=tmp_path / "paper" / "key.json", outputs=GradeOutputs(feedback=str(tmp_path / "sheets")))
    r01, r02 = ((tmp_path / "sheets" / f"{sid}.md").read_text(encoding="utf-8") for sid in ("r01", "r02"))
    assert "- " + ROUNDED_EARLY.format(keep=4, answers="Q7 (a), Q7 (c)") in r01 and "- rounded before use" not in r01, r01
    assert "- " + ROUNDED_EARLY.format(keep=4, answers="Q7 (c)") in r02 and "- rounded before use" not in r02, r02
