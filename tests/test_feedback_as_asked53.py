"""Review 53a F1, its last paragraph: ``0.7327`` for 0.7322735 (4 figures where
3 are asked) lies within the exact answer's window but is 0.733 at the figures
asked, so ``quizgen grade`` marks it incorrect; the sheet said only "it matches
no common mistake the grader knows", where Moodle had said "Correct.". It says
why now: 0.7327 is 0.733 at the 3 significant figures asked."""

import quizgen
from quizgen.grading.feedback_words import what_next_hint
from quizgen.grading.outputs import GradeOutputs
from quizgen.key.parts import KeyPart
from test_grade_outputs import numeric, write

PART = numeric("a", 0.7322735293893545)


def test_an_answer_right_to_more_figures_that_rounds_otherwise_says_so():
    part = KeyPart.from_json(PART)
    assert what_next_hint(None, part, "0.7327") == \
        "0.7327 is 0.733 at the 3 significant figures asked, where the answer is 0.732"
    assert what_next_hint(None, part, "0,7327", comma=True).startswith("0,7327 is 0,733 at the 3")
    assert what_next_hint(None, part, "0.7345") == ""   # outside the window: just another value
    assert not what_next_hint(None, part, "0.733").startswith("0.733 is")   # the figures asked: wrong as written


def test_the_sheet_says_it(tmp_path):
    key = {"questions": [{"id": "Q1", "class": "C1", "template": "t", "points": 2, "parts": [PART]}]}
    quizgen.grade(write(tmp_path, key, [("s1", "Ada", "Q1", "a", "0.7327")]), key=tmp_path / "key.json",
                  outputs=GradeOutputs(feedback=str(tmp_path / "sheets")))
    sheet = (tmp_path / "sheets" / "s1.md").read_text(encoding="utf-8")
    assert "0.7327 is 0.733 at the 3 significant figures asked, where the answer is 0.732" in sheet
