"""Wide form: a key part that no column is labelled for (a form title such as
"Probability of the true word, Q1 (a)" is not a label) is named in one warning;
every student used to be silently missing it. A title that starts with its
label, as Google Forms heads each column, is read as that label."""

from test_grade_roster import grade, write, Q1


def test_a_part_without_a_column_is_named_once(tmp_path):
    header = ("student_id", "Probability of the true word, Q1 (a)", "Q1 (b)")
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


def test_a_google_forms_title_that_starts_with_its_label_is_that_label(tmp_path):
    """Google Forms heads a column with the question's whole title; one that
    starts "Q1 (a) ..." is Q1 (a). Its "[Score]" or "[Feedback]" columns, if a
    sheet has them, are not answers."""
    header = ("Timestamp", "Email Address", "Score", "Q1 (a) What probability does the softmax give?",
              "Q1 (b) What is the cross-entropy loss -ln p?", "Q1 (a) What probability ... [Score]")
    result = grade(write(tmp_path, {"questions": [Q1]}, [["2026-12-01", "s001", "4", "0.5", "3", "2"]],
                         header=header), "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output and "Graded 2 answers from 1 student" in result.output


def test_a_french_class_list_is_read_by_its_own_header_names(tmp_path):
    header = ("Numéro étudiant", "Nom", "Q1 (a)", "Q1 (b)")
    result = grade(write(tmp_path, {"questions": [Q1]}, [["e001", "Benoît Durand", "0,5", "3"]], header=header),
                   "--jobs", "1")
    assert result.exit_code == 0, result.output
    students = (tmp_path / "answers-graded-students.csv").read_text(encoding="utf-8-sig")
    assert "e001" in students and "Benoît Durand" in students
