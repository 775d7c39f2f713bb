"""A student id holding a control character, which generate's roster refuses, was
graded and written two ways (graded.csv with U+FFFD, students.csv without): the
roster's rule (roster.has_control) now makes the row unread at its line, no student's."""

import csv

import pytest

BAD_ID = "\x1b[2J\x1b]0;pwn\x07s1"


def _rows(path):
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize("answers", [
    f"student_id,name,Q1a,Q1b\ns2,Bo,0.7157,0.33454\n{BAD_ID},Eve,0.7157,0.33454\n",
    f"student_id,question_id,part,answer\ns2,Q1,a,0.7157\ns2,Q1,b,0.33454\n{BAD_ID},Q1,a,0.7157\n"])
def test_a_row_whose_id_holds_a_control_character_is_unread_at_its_line(tmp_path, invoke, c1_key, answers):
    (tmp_path / "a.csv").write_text(answers, encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", c1_key, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    out = tmp_path / "out"
    assert [row["student_id"] for row in _rows(out / "a-graded-students.csv")] == ["s2"]
    line = answers.count("\n")
    reasons = {row["reason"] for row in _rows(out / "a-graded.csv") if row["student_id"] != "s2"}
    assert reasons == {f"line {line}: the student id contains a control character, so the line is not graded; "
                       "retype the id"}
    assert "not read as a row, whose student id could not be read either" in " ".join(result.output.split())


def test_the_roster_and_grade_share_the_rule_nul_padding_aside(tmp_path):
    from quizgen.errors import InputFileError
    from quizgen.cells import has_control
    from quizgen.roster import read_roster

    assert [has_control(t) for t in (BAD_ID, "s\x001", "s2\x00\x00", "s2\t", "s2")] == [True, True, False, False, False]
    (tmp_path / "r.csv").write_text("student_id,name\ns2\x00\x00,Bo\n", encoding="utf-8")
    assert [s.student_id for s in read_roster(tmp_path / "r.csv")] == ["s2"]
    (tmp_path / "r.csv").write_text(f"student_id,name\n{BAD_ID},Eve\n", encoding="utf-8")
    with pytest.raises(InputFileError, match="line 2: student_id contains a control character"):
        read_roster(tmp_path / "r.csv")
