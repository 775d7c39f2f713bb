"""Moodle's own grade export as --gradebook-template (round 39, LMS review F1):
its grades were written back for the students this run gives no grade (an
attempt still open, no answer here, not in this run at all), so that the file
was "the whole column". Moodle's import marks every grade it is given
overridden, even an unchanged one (lib/grade/grade_item.php,
update_final_grade), so the open attempt's later grade would never show.
Now only this run's grades are written from such a template; a file quizgen
wrote keeps the whole column as before."""

from quizgen.lms.gradebook import Grade, moodle_gradebook_filled

GRADES = [Grade("s001", "Ada One", 9.5, 10), Grade("s004", "Emi Four", 3.0, 10), Grade("s005", "Cy Five", 0, 10)]
EXPORT = ("First name,Last name,ID number,Email address,Quiz: BERT quiz 1 (Real),Course total (Real)\n"
          "Ada,One,s001,a@x,-,8\nEmi,Four,s004,e@x,3.00,3\nCy,Five,s005,c@x,2.00,2\nTest,Student,s099,t@x,5.00,5\n")
WRITTEN = "ID number,Full name,BERT quiz 1\ns001,Ada One,-\ns004,Emi Four,3\ns005,Cy Five,2\ns099,Test Student,5\n"


def _rows(text: str) -> dict:
    return {line.split(",")[0]: line.split(",")[2] for line in text.strip().splitlines()[1:]}


def test_from_moodles_export_only_this_runs_grades_are_written():
    book = moodle_gradebook_filled(EXPORT, GRADES, "BERT quiz 1", absent=frozenset({"s005"}),
                                   held=frozenset({"s004"}))
    assert _rows(book.text) == {"s001": "9.5"}   # s004 open, s005 no answer, s099 not graded: Moodle's grade stands
    assert book.from_export and book.kept == [("s005", "2")]   # named in a note: kept in Moodle


def test_from_a_file_quizgen_wrote_the_whole_column_is_kept():
    book = moodle_gradebook_filled(WRITTEN, GRADES, "BERT quiz 1", absent=frozenset({"s005"}),
                                   held=frozenset({"s004"}))
    assert _rows(book.text) == {"s001": "9.5", "s004": "3", "s005": "2", "s099": "5"}
    assert not book.from_export and book.kept == [("s004", "3"), ("s005", "2")]


def test_a_student_given_a_grade_by_this_run_is_written_whatever_the_export_holds():
    book = moodle_gradebook_filled(EXPORT, [Grade("s005", "Cy Five", 7, 10)], "BERT quiz 1")
    assert _rows(book.text) == {"s005": "7"} and book.changed == [("s005", "2.00", "7")]


def test_the_export_is_told_by_the_file_not_by_the_item_named():
    """The hostile review: --gradebook-item "Quiz: BERT quiz 1 (Real)", the export's heading
    itself, made it read as a file quizgen wrote, and its grades were written back."""
    book = moodle_gradebook_filled(EXPORT, GRADES, "Quiz: BERT quiz 1 (Real)", absent=frozenset({"s005"}),
                                   held=frozenset({"s004"}))
    assert _rows(book.text) == {"s001": "9.5"} and book.from_export
    plain_names = EXPORT.replace("Quiz: BERT quiz 1 (Real)", "BERT quiz 1")   # First name, Last name: Moodle's
    assert moodle_gradebook_filled(plain_names, GRADES, "BERT quiz 1").from_export


def test_zero_absent_names_the_students_whose_moodle_grade_stands(tmp_path, invoke):
    """The hostile review: with --zero-absent the note said every absent student scored 0, while
    those holding a grade in Moodle's export got no row and no line said so."""
    from test_gradebook_merge import KEY, SECTION_2, answers, write

    (tmp_path / "export.csv").write_text(
        "First name,Last name,ID number,Email address,Quiz: Midterm 1 (Real)\n"
        "Ada,One,s001,a@x.org,3.50\nBo,Two,s002,b@x.org,-\n", encoding="utf-8")
    folder = tmp_path / "two"
    folder.mkdir()
    result = invoke("grade", write(folder, KEY, answers(SECTION_2)), "--gradebook", "moodle", "--gradebook-item",
                    "Midterm 1", "--gradebook-template", tmp_path / "export.csv", "--zero-absent")
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert ("1 student(s) with no answer in this run keep, in Moodle (no row in the file), their grade already in "
            "the 'Midterm 1' column of export.csv: s001 (3.5)") in said
    book = (folder / "answers-graded-gradebook-moodle.csv").read_text(encoding="utf-8")
    assert "s001" not in book and "\ns002,S002,0" in book.replace("\r", "")
