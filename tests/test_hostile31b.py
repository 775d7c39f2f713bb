"""hostile31b: invisible characters at the ends of a student id left out of
every id quizgen writes; a flat YAML list past the value limit refused while
composed; named pipes refused as inputs; a missing grade --bank refused;
formula guards after any leading whitespace; LMS download messages naming
their column or row."""

import pytest

from tests.test_grade_roster import Q1, grade, read, write

INVISIBLE_LEADS = ["\u200b", "\ufeff", "\u2060", "\u200e", "\u200f\u200b"]


@pytest.mark.parametrize("lead", INVISIBLE_LEADS)
def test_an_invisible_character_before_an_id_is_left_out_of_the_ids_written(tmp_path, lead):
    rows = [[lead + "s1", "Q1", "a", "0.5"], ["s1", "Q1", "b", "3"], ["s2\u00a0" + lead, "Q1", "a", "0.5"]]
    answers = write(tmp_path, {"questions": [Q1]}, rows)
    result = grade(answers, "--gradebook", "moodle")
    assert result.exit_code == 0, result.output
    students = read(tmp_path / "answers-graded-students.csv")
    assert [(s["student_id"], s["score"]) for s in students] == [("s1", "4"), ("s2", "2")]
    assert [r["graded_as"] for r in read(tmp_path / "answers-graded.csv")] == ["s1", "s1", "s2"]
    assert [r["ID number"] for r in read(tmp_path / "answers-graded-gradebook-moodle.csv")] == ["s1", "s2"]


def test_a_roster_id_with_an_invisible_lead_is_written_as_its_visible_id(tmp_path):
    answers = write(tmp_path, {"questions": [Q1]}, [["s1", "Q1", "a", "0.5"]])
    (tmp_path / "roster.csv").write_text("student_id,name\n\u200bs1,Ada\n\ufeffs2\u2060,Bo\n", encoding="utf-8")
    result = grade(answers, "--roster", tmp_path / "roster.csv", "--gradebook", "plain")
    assert result.exit_code == 0, result.output
    students = read(tmp_path / "answers-graded-students.csv")
    assert [(s["student_id"], s["name"]) for s in students] == [("s1", "Ada"), ("s2", "Bo")]
