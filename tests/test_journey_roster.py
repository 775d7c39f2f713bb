"""A roster student the per-student key has no paper for (enrolled after the
papers were made) and who gave no answer is missing, and never also "a graded
student id not on the roster" (the summary said "S026 (did you mean S026 ...)")."""

from test_grade_roster import grade, right_answers, write, Q1


def test_late_enrollee_without_a_paper_is_named_not_scored_0(tmp_path):
    """s003 joined after the papers were made: no paper to be missing from, so
    no 0 in the gradebook, but a line saying their paper is still to make."""
    key = {"questions": [Q1], "students": {"s001": {"name": "Ada", "seed": "a", "questions": [Q1]},
                                           "s002": {"name": "Bo", "seed": "b", "questions": [Q1]}}}
    answers = write(tmp_path, key, right_answers(["s001", "s002"]))
    (tmp_path / "roster.csv").write_text("student_id,name\ns001,Ada\ns002,Bo\ns003,Cy\n", encoding="utf-8")
    result = grade(answers, "--roster", tmp_path / "roster.csv", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "1 student(s) on the roster have no paper in key.json (not graded; generate their papers, then " \
        "grade again): s003" in result.output
    assert "not on the roster" not in result.output and "gave no answer" not in result.output


def test_an_answering_id_the_roster_lacks_is_still_named(tmp_path):
    answers = write(tmp_path, {"questions": [Q1]}, right_answers(["s001", "s009"]))
    (tmp_path / "roster.csv").write_text("student_id,name\ns001,Ada\ns003,Cy\n", encoding="utf-8")
    result = grade(answers, "--roster", tmp_path / "roster.csv", "--jobs", "1")
    assert "1 graded student id(s) are not on the roster: s009" in result.output
    assert "gave no answer (missing, scored 0): s003" in result.output
