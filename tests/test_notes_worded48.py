"""Review 48a F10: two summary notes worded for another case. A long-form file
has no columns, so a part nobody answered lacks rows; a row whose too-long
answer follows an answer that stands was read, so it is not "not read as a row"."""

from click.testing import CliRunner

from quizgen.cli import main


def test_a_long_files_unanswered_parts_and_its_rows_graded_against_no_part_are_said_as_they_are(tmp_path):
    made = CliRunner().invoke(main, ["generate", "--classes", "C1", "--seed", "5", "--out", str(tmp_path / "quiz")])
    assert made.exit_code == 0, made.output
    long = "1" * 10_001
    (tmp_path / "long.csv").write_text("student_id,question_id,part,answer\n"   # l2, l5, l6 answering: a part may be lost
                                       f"l2,Q1,a,0.5\nl2,Q1,a,{long}\nl5,Q1,a,0.5\nl6,Q1,a,0.5\n"
                                       f"l3,Q1,a,\"0.71\nl4,Q1,a,0.5\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(tmp_path / "long.csv"), "--key", str(tmp_path / "quiz" / "key.json"),
                                       "--no-html"])
    assert result.exit_code == 0, result.output
    assert (": 2 row(s) graded against no part (not read as a row, or an answer too long to read after one that "
            "stands): l2, l3") in result.output
    assert "not read as a row, so graded" not in result.output
    assert ("Note: No student answered Q1 (b): no row of the answers file names it (rows left out of the file or "
            "its export, or the part was not on the paper handed out)") in result.output
    assert "a column is likely missing" not in result.output
