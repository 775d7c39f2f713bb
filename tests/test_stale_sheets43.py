"""An earlier run's feedback sheet kept for a student this run does not hold at
all (another section, graded before into the same folder) is counted in a
note, as before; one kept for a student on this run's key or roster, missing
here, is named in a warning (tests/test_fixb29.py; review 43b F6), as it shows
a score no report of this run has."""

import pytest

from test_instr29 import own_papers


@pytest.mark.slow
def test_a_sheet_of_another_sections_student_is_kept_with_a_note_only(tmp_path, invoke):
    own_papers(tmp_path)
    (tmp_path / "a.csv").write_text("student_id,Q1a\ns0001,0.5\ns0002,0.5\n", encoding="utf-8")
    assert invoke("grade", tmp_path / "a.csv", "--feedback", tmp_path / "fb", "--roster",
                  tmp_path / "roster.csv").exit_code == 0
    (tmp_path / "b.csv").write_text("student_id,Q1a\ns0003,0.5\n", encoding="utf-8")
    (tmp_path / "section-b.csv").write_text("student_id,name\ns0003,N s0003\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "b.csv", "--feedback", tmp_path / "fb", "--roster", tmp_path / "section-b.csv")
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert ("Note: 2 feedback sheet(s) an earlier run wrote in the feedback folder are kept, for students this run has "
            "no answers for (another section's, graded before?): s0001.md, s0002.md") in said
    assert "on its key or roster but no answer from" not in said
    assert (tmp_path / "fb" / "s0001.md").exists() and (tmp_path / "fb" / "s0003.md").exists()
