"""A part nobody answered (a column lost from a form's export) scores 0 in every
student's total and gradebook: grade's summary says so, not only the report files
(review 43c F5)."""

import pytest
from click.testing import CliRunner

from quizgen.cli import main


@pytest.fixture(scope="module")
def key(tmp_path_factory):
    folder = tmp_path_factory.mktemp("paper")
    made = CliRunner().invoke(main, ["generate", "--classes", "C1,C7", "--seed", "5", "--out", str(folder)])
    assert made.exit_code == 0, made.output
    return folder / "key.json"


def _grade(tmp_path, key, rows: str):
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\n" + rows, encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(tmp_path / "answers.csv"), "--key", str(key), "--no-html"])
    assert result.exit_code == 0, result.output
    return result.output


def test_a_part_no_student_answered_is_named_in_the_summary_with_what_it_costs(tmp_path, key):
    output = _grade(tmp_path, key, "s1,Q1,a,0.695\ns1,Q1,b,0.364\ns1,Q2,a,0.426\ns1,Q2,c,0.554\ns2,Q1,a,0.5\n"
                    "s3,Q1,a,0.5\n")   # three students answering: enough to call a part lost (quizgen.lost_parts)
    notes = [line for line in output.splitlines() if line.startswith("Note: No student answered")]
    assert notes == ["Note: No student answered Q2 (b): no row of the answers file names it (rows left out of the "
                     "file or its export, or the part was not on the paper handed out); every student's total "
                     "counts it as 0 (and so does any gradebook file this run writes)"]


def test_a_part_one_student_answered_gets_no_such_note(tmp_path, key):
    output = _grade(tmp_path, key, "s1,Q1,a,0.695\ns1,Q1,b,0.364\ns1,Q2,a,0.426\ns1,Q2,c,0.554\ns2,Q2,b,0.85\n")
    assert "No student answered" not in output
