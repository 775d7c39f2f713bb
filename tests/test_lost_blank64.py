"""The feedback sheets call a part lost by the class report's rule (quizgen.lost_parts): a student whose
every answer is blank is counted absent, so neither counts among those answering nor makes a part
answered; their own sheet shows their blank, not a lost part."""

import pytest

ANSWERS = ("student_id,question_id,part,answer\ns1,Q1,a,0.7157\ns2,Q1,a,0.7157\ns3,Q1,a,0.7\n"
           "s4,Q1,a,\ns4,Q1,b,\n")
LOST = "No answers to Q1 (b) were received from anyone in the class"


@pytest.fixture
def graded(tmp_path, invoke, c1_key):
    (tmp_path / "a.csv").write_text(ANSWERS, encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", c1_key, "--out", tmp_path / "out",
                    "--feedback", tmp_path / "sheets")
    assert result.exit_code == 0, result.output
    return tmp_path


def test_a_part_the_report_calls_lost_is_lost_on_the_sheets_beside_an_all_blank_student(graded):
    report = (graded / "out" / "a-graded-report.md").read_text(encoding="utf-8")
    assert any(line.startswith("| Q1b |") and line.rstrip().endswith("| no answers |") for line in report.splitlines())
    for student in ("s1", "s2", "s3"):
        sheet = (graded / "sheets" / f"{student}.md").read_text(encoding="utf-8")
        assert LOST in sheet
        assert "after your last answer" not in sheet


def test_the_all_blank_students_sheet_shows_their_blank_not_a_lost_part(graded):
    sheet = (graded / "sheets" / "s4.md").read_text(encoding="utf-8")
    assert LOST not in sheet
    assert "| b | - | blank | 0 / 2 | 0.33454 |" in sheet
    assert "- Q1 (C1): not answered." in sheet


def test_lost_columns_passes_over_the_absent():
    from quizgen.lost_parts import lost_columns

    rows = [(True, False), (True, False), (True, False), (True, True)]   # the last: blanks, counted absent
    assert lost_columns(rows, 2) == frozenset()
    assert lost_columns(rows, 2, absent=[3]) == frozenset({1})
    assert lost_columns(rows[:2] + rows[3:], 2, absent=[2]) == frozenset()   # two answering: too few to call it lost
