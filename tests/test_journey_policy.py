"""A ``points:`` entry naming a part its template lacks (a typo: ``C4: {z: 3}``)
is refused with one line naming the file, the key and the parts there are; it
used to leave the key's points in place without a word. A template not on this
paper may still be named (one policy for several papers)."""

from test_grade_roster import grade, right_answers, write, Q1, read


def test_points_for_a_part_the_template_lacks_is_refused(tmp_path):
    answers = write(tmp_path, {"questions": [Q1]}, right_answers(["s001"]))
    (tmp_path / "policy.yaml").write_text("points:\n  C1: {z: 3}\n", encoding="utf-8")
    result = grade(answers, "--policy", tmp_path / "policy.yaml", "--jobs", "1")
    assert result.exit_code == 2
    assert result.output.strip().endswith("policy.yaml:2: points.C1.z: C1 has no part 'z' (its parts: a, b)")
    assert not (tmp_path / "answers-graded.csv").exists()


def test_points_by_letter_and_for_other_templates_still_apply(tmp_path):
    answers = write(tmp_path, {"questions": [Q1]}, right_answers(["s001"]))
    (tmp_path / "policy.yaml").write_text("points:\n  t1: {a: 3}\n  C9: {q: 1}\n", encoding="utf-8")
    result = grade(answers, "--policy", tmp_path / "policy.yaml", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert [(r["score"], r["max_score"]) for r in read(tmp_path / "answers-graded-students.csv")] == [("5", "5")]


def test_a_trap_code_a_template_on_the_paper_lacks_is_refused(tmp_path):
    answers = write(tmp_path, {"questions": [Q1]}, right_answers(["s001"]))
    (tmp_path / "policy.yaml").write_text("traps:\n  C1: {halfed: 0.5}\n", encoding="utf-8")
    result = grade(answers, "--policy", tmp_path / "policy.yaml", "--jobs", "1")
    assert result.exit_code == 2
    assert result.output.strip().endswith("policy.yaml:2: traps.C1.halfed: C1 has no misconception 'halfed' "
                                          "(did you mean 'halved'?)")


def test_a_general_trap_code_no_question_has_is_a_warning(tmp_path):
    answers = write(tmp_path, {"questions": [Q1]}, right_answers(["s001"]))
    (tmp_path / "policy.yaml").write_text("traps:\n  doubld: 0.5\n  halved: 0.25\n  C9: {left_to_right: 1}\n",
                                          encoding="utf-8")
    result = grade(answers, "--policy", tmp_path / "policy.yaml", "--jobs", "1")
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.output.splitlines() if "traps." in line]
    assert warnings == [f"quizgen: warning: {tmp_path / 'policy.yaml'}:2: traps.doubld: no question on this paper "
                        "has that misconception (did you mean 'doubled'?)"]
