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
    """A one-question C7 quiz (the NSP head, whose (b) and (c) share the code
    wrong_label_branch, each with its own wording; C5's (b) and (d) shared one
    until hints23 gave (d) its own) and answers falling into that trap: s002
    in (b), s001 in (c)."""
    folder = tmp_path_factory.mktemp("wording")
    generate(folder / "quiz", classes="C7", count=1, seed=2027)
    question = json.loads((folder / "quiz" / "key.json").read_text(encoding="utf-8"))["questions"][0]
    b, c = (question["parts"][i]["trap_values"][0] for i in (1, 2))
    (folder / "answers.csv").write_text(
        f"student_id,question_id,part,answer\ns001,Q1,c,{c:.6g}\ns002,Q1,b,{b:.6g}\ns003,Q1,a,0\n", encoding="utf-8")
    return folder


def misconception_lines(folder, out, overrides=None):
    """graded feedback for wrong_label_branch and report.md's row for it."""
    (folder / out).mkdir(exist_ok=True)
    result = grade(folder / "answers.csv", folder / "quiz" / "key.json", folder / out, overrides=overrides)
    report = (folder / out / "answers-graded-report.md").read_text(encoding="utf-8")
    return result.feedback["wrong_label_branch"], [line for line in report.splitlines()
                                                 if line.startswith("| wrong\\_label\\_branch |")]


@pytest.mark.parametrize("comment", ["", "checked: the trap"])
@pytest.mark.slow
def test_a_confirming_override_leaves_the_misconception_table_as_it_was(quiz, comment):
    plain = misconception_lines(quiz, "plain")
    assert plain[0].endswith("(worded as in the first part listed; see each part)")
    assert "With y = 1" in plain[0]   # (b)'s wording, the first part listed
    (quiz / "ov.csv").write_text(f"student_id,question_id,part,score,comment\ns002,Q1,b,0,{comment}\n",
                                 encoding="utf-8")
    assert misconception_lines(quiz, f"over{len(comment)}", quiz / "ov.csv") == plain
    assert len(plain[1]) == 1 and "Q1b, Q1c" in plain[1][0]


def test_a_trap_value_written_short_is_not_the_misconceptions_wording(tmp_path):
    """Review 55b F1: a trap's value written short (the sum trap 3.7832 of C4, seed 42, as 3.8)
    gets that slip in its own feedback, and the class-wide table words the misconception as
    the key does, without one answer's slip."""
    generate(tmp_path / "quiz", classes="C4", count=1, seed=42)
    (tmp_path / "answers.csv").write_text(
        "student_id,question_id,part,answer\nA,Q1,a,3.8\nB,Q1,a,0.946\n", encoding="utf-8")
    result = grade(tmp_path / "answers.csv", tmp_path / "quiz" / "key.json", tmp_path / "out")
    graded = (tmp_path / "out" / "answers-graded.csv").read_text(encoding="utf-8-sig")
    assert "(That value, rounded to 2 significant figures: give at least 3.)" in graded
    report = (tmp_path / "out" / "answers-graded-report.md").read_text(encoding="utf-8")
    row = next(line for line in report.splitlines() if line.startswith("| sum\\_instead\\_of\\_mean |"))
    assert "That value" not in row and "adding them makes the loss grow" in row
    assert "That value" not in result.feedback["sum_instead_of_mean"]
