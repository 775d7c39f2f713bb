"""A student id holding a C1 control (U+009B, the 8-bit CSI a terminal acts on as ESC [) is read by the one
rule (cells.has_control) a C0 control is (the whitespace ones, VT, FF and NEL, collapsed as spaces, aside):
an answers row's id leaves the row unread at its line, a roster's id or name is refused naming its line, and
so is an override's id."""

import csv

import pytest

CSI = "\x9b2J"   # clear the screen, on a terminal that reads 8-bit controls


def _rows(path):
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize("control", ["\x9b", "\x9d", "\x90", "\x7f"])   # CSI, OSC, DCS, DEL
def test_an_answers_row_whose_id_holds_a_c1_control_is_unread_at_its_line(tmp_path, invoke, c1_key, control):
    bad = f"s{control}2J"
    (tmp_path / "a.csv").write_text(f"student_id,name,Q1a,Q1b\ns2,Bo,0.7157,0.33454\n{bad},Eve,0.7157,0.33454\n",
                                    encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", c1_key, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert [row["student_id"] for row in _rows(tmp_path / "out" / "a-graded-students.csv")] == ["s2"]
    reasons = {row["reason"] for row in _rows(tmp_path / "out" / "a-graded.csv") if row["student_id"] != "s2"}
    assert reasons == {"line 3: the student id contains a control character, so the line is not graded; "
                       "retype the id"}
    assert control not in result.output


@pytest.mark.parametrize("cell", ["id", "name"])
def test_a_roster_cell_holding_a_c1_control_is_refused_at_its_line(tmp_path, invoke, c1_key, cell):
    row = f"s3{CSI},Cy" if cell == "id" else f"s3,Cy{CSI}"
    (tmp_path / "a.csv").write_text("student_id,Q1a,Q1b\ns2,0.7157,0.33454\n", encoding="utf-8")
    (tmp_path / "r.csv").write_text(f"student_id,name\ns2,Bo\n{row}\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", c1_key, "--roster", tmp_path / "r.csv",
                    "--out", tmp_path / "out")
    assert result.exit_code != 0
    column = "student_id" if cell == "id" else "name"
    assert f"r.csv: line 3: {column} contains a control character" in result.output
    assert "\x9b" not in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_an_override_whose_id_holds_a_control_is_refused_at_its_line(tmp_path, invoke, c1_key):
    (tmp_path / "a.csv").write_text("student_id,Q1a,Q1b\ns2,0.7157,0.33454\n", encoding="utf-8")
    (tmp_path / "ov.csv").write_text(f"student_id,question_id,part,score\ns2,Q1,a,1\ns2{CSI},Q1,b,0.5\n",
                                     encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", c1_key, "--overrides", tmp_path / "ov.csv",
                    "--out", tmp_path / "out")
    assert result.exit_code != 0
    assert "ov.csv: line 3: student_id contains a control character; retype the id" in result.output
    assert "\x9b" not in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_one_rule_nul_padding_and_whitespace_aside():
    from quizgen.cells import first_control, has_control

    cases = ["s\x9b1", "s\x9f", "s\x7f", "s\x1c1", "s\x1b", "s2\x00\x00", "s2\t", "s\x0b2\x0c", "s\x852", "s 2",
             "s\u202e2", "s2"]
    assert [has_control(text) for text in cases] == [True] * 5 + [False] * 7
    assert first_control("a\x9bb\x1b") == "\x9b"
