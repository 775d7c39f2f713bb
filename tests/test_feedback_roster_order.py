"""Each feedback sheet is wholly one student's: since the students CSV follows
the roster's order, the totals listed in that order were paired with the
sheets' file names and answers in the order the file first met them, so with a
roster Sam's sheet carried Sue's heading and score and the other way round."""

import pytest
import json

from click.testing import CliRunner

from quizgen.cli import main

KEY = {"questions": [{"id": "Q1", "class": "C1", "template": "t1", "points": 4, "parts": [
    {"part": letter, "name": letter, "type": "numeric", "points": 2.0, "value": value, "answer": f"{value:.4f}",
     "tolerance": {"sigfigs": 3}, "misconceptions": []} for letter, value in (("a", 0.5), ("b", 3.0))]}]}


@pytest.mark.slow
def test_each_sheet_carries_its_own_students_heading_and_score(tmp_path):
    (tmp_path / "key.json").write_text(json.dumps(KEY), encoding="utf-8")
    (tmp_path / "roster.csv").write_text("student_id,name\n0000007,Sam Six\n0000070,Sue Sy\n", encoding="utf-8")
    (tmp_path / "answers.csv").write_text("student_id,Q1a,Q1b\n0000070,0.5,3\n0000007,0.1,1\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(tmp_path / "answers.csv"), "--key", str(tmp_path / "key.json"),
                                       "--roster", str(tmp_path / "roster.csv"), "--feedback", str(tmp_path / "fb")])
    assert result.exit_code == 0, result.output
    sue = (tmp_path / "fb" / "0000070.md").read_text(encoding="utf-8")
    sam = (tmp_path / "fb" / "0000007.md").read_text(encoding="utf-8")
    assert sue.startswith("# Feedback for 0000070 (Sue Sy)") and "4 / 4" in sue, sue[:300]
    assert sam.startswith("# Feedback for 0000007 (Sam Six)") and "0 / 4" in sam, sam[:300]
