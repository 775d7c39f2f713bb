"""An override that confirms the grader's verdict keeps the misconception,
and the class-wide Misconceptions table words it exactly as without the
override: the trap's wording of that part comes from the key, since the
overridden answer's feedback may be the marker's comment (rev15: Q5 (d)'s
wording stood for Q5 (b) without the "first part listed" marker)."""

import json

import pytest

from quizgen.generation.run import generate
from quizgen.grading.run import grade


@pytest.fixture(scope="module")
def quiz(tmp_path_factory):
    """A one-question C5 quiz (the |M| = 0 loss, whose (b) and (d) share the
    code zero_mask_is_zero, each with its own wording) and answers falling
    into that trap: s002 in (b), s001 in (d)."""
    folder = tmp_path_factory.mktemp("wording")
    generate(folder / "quiz", classes="C5", count=1, seed=2027)
    question = json.loads((folder / "quiz" / "key.json").read_text(encoding="utf-8"))["questions"][0]
    b, d = (question["parts"][i]["trap_values"][0] for i in (1, 3))
    (folder / "answers.csv").write_text(
        f"student_id,question_id,part,answer\ns001,Q1,d,{d:g}\ns002,Q1,b,{b:g}\ns003,Q1,a,0\n", encoding="utf-8")
    return folder


def misconception_lines(folder, out, overrides=None):
    """graded feedback for zero_mask_is_zero and report.md's row for it."""
    (folder / out).mkdir(exist_ok=True)
    result = grade(folder / "answers.csv", folder / "quiz" / "key.json", folder / out, overrides=overrides)
    report = (folder / out / "answers-graded-report.md").read_text(encoding="utf-8")
    return result.feedback["zero_mask_is_zero"], [line for line in report.splitlines()
                                                 if line.startswith("| zero\\_mask\\_is\\_zero |")]


@pytest.mark.parametrize("comment", ["", "checked: the trap"])
def test_a_confirming_override_leaves_the_misconception_table_as_it_was(quiz, comment):
    plain = misconception_lines(quiz, "plain")
    assert plain[0].endswith("(worded as in the first part listed; see each part)")
    assert "the loss is undefined" in plain[0]   # (b)'s wording, the first part listed
    (quiz / "ov.csv").write_text(f"student_id,question_id,part,score,comment\ns002,Q1,b,0,{comment}\n",
                                 encoding="utf-8")
    assert misconception_lines(quiz, f"over{len(comment)}", quiz / "ov.csv") == plain
    assert len(plain[1]) == 1 and "Q1b, Q1d" in plain[1][0]
