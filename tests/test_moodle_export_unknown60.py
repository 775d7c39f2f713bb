"""A graded student whom Moodle's own grade export (``--gradebook-template``) does not
list is left out of the Moodle gradebook file and named in one note, as the Canvas path
does: Moodle's import stops the whole file at a user it does not know
(grade/import/csv/classes/load_data.php, "User not found, abort whole import"). A
file an earlier run wrote still takes a new student (a second section)."""

from test_gradebook_merge import answers, column, run

EXPORT = ("First name,Last name,ID number,Email address,Quiz: Midterm 1 (Real),Last downloaded from this course\n"
          "Cy,Three,s003,c@x.org,-,1700000000\nZed,Late,s099,z@x.org,2.00,1700000000\n")


def test_a_student_moodles_export_does_not_list_is_left_out_and_named(tmp_path, invoke):
    (tmp_path / "export.csv").write_text(EXPORT, encoding="utf-8")
    result = run(invoke, tmp_path, "two", answers(["s003", "s004"]), "moodle", tmp_path / "export.csv")
    assert result.exit_code == 0, result.output
    assert column(tmp_path / "two" / "answers-graded-gradebook-moodle.csv", id_column=0) == {"s003": "4"}
    said = " ".join(result.output.split())
    assert ("Note: 1 graded student(s) not in export.csv, Moodle's own grade export, are left out of the Moodle "
            "gradebook file, their grade not written, as Moodle's import stops the whole file at a user it does not "
            "know (in separate groups, at one outside the current group): s004; each may be unenrolled, left out "
            "of the export by a group, or have another ID number in Moodle: enter their grades by hand, or export "
            "the grades again with them and grade again") in said


def test_a_student_given_no_grade_is_not_named_as_left_out(tmp_path, invoke):
    """s004 gave no answer: no row in any case, said by the note on students with no answer."""
    (tmp_path / "export.csv").write_text(EXPORT, encoding="utf-8")
    result = run(invoke, tmp_path, "two", answers(["s003"]), "moodle", tmp_path / "export.csv")
    assert result.exit_code == 0, result.output
    assert "Moodle's own grade export, are left out" not in result.output


def test_a_file_an_earlier_run_wrote_takes_a_student_it_lacks(tmp_path, invoke):
    (tmp_path / "earlier.csv").write_text("ID number,Full name,Midterm 1\ns003,Cy,3\n", encoding="utf-8")
    result = run(invoke, tmp_path, "two", answers(["s003", "s004"]), "moodle", tmp_path / "earlier.csv")
    assert result.exit_code == 0, result.output
    assert column(tmp_path / "two" / "answers-graded-gradebook-moodle.csv", id_column=0) == {"s003": "4", "s004": "4"}
    assert "are left out of the Moodle gradebook file" not in result.output
