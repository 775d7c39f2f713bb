"""Wide form: a key part that no column is labelled for (a form title such as
"Q1 (a) Probability of the true word" is not a label) is named in one warning;
every student used to be silently missing it."""

from tests.test_grade_roster import grade, write, Q1


def test_a_part_without_a_column_is_named_once(tmp_path):
    header = ("student_id", "Q1 (a) Probability of the true word", "Q1 (b)")
    result = grade(write(tmp_path, {"questions": [Q1]}, [["s001", "0.5", "3"], ["s002", "0.5", ""]], header=header),
                   "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert ("quizgen: warning: answers.csv: no column is labelled for Q1 (a), so every student is missing it; "
            "name the column like 'Q1 (a)' or 'Q1a'\n") in result.output


def test_a_column_of_blanks_is_not_warned_about(tmp_path):
    header = ("student_id", "Q1 (a)", "Q1 (b)")
    result = grade(write(tmp_path, {"questions": [Q1]}, [["s001", "", "3"], ["s002", "", "3"]], header=header),
                   "--jobs", "1")
    assert result.exit_code == 0 and "warning" not in result.output
