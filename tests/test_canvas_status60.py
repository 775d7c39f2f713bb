"""A Canvas template's ``EX`` (excused) and ``N/A`` (not assigned) cells are a
status, not a grade: a grade written over one is warned of apart from a regrade,
saying what importing it does (the student un-excused; the grade dropped by
Canvas's import for a student not assigned the assignment)."""

from test_gradebook_merge import answers, column, run

CANVAS = ("Student,ID,SIS User ID,SIS Login ID,Section,Midterm 1 (77)\r\n    Points Possible,,,,,\r\n"
          "S001,1,s001,a,Sec1,EX\r\nS002,2,s002,b,Sec1,n/a\r\nS003,3,s003,c,Sec1,3.00\r\n")


def test_grades_over_ex_and_na_are_warned_of_with_what_importing_does(tmp_path, invoke):
    (tmp_path / "canvas.csv").write_text(CANVAS, encoding="utf-8")
    result = run(invoke, tmp_path, "two", answers(["s001", "s002", "s003"]), "canvas", tmp_path / "canvas.csv")
    assert result.exit_code == 0, result.output
    assert column(tmp_path / "two" / "answers-graded-gradebook-canvas.csv") == {"s001": "4", "s002": "4", "s003": "4"}
    said = " ".join(result.output.split())
    assert ("warning: 1 student(s) excused (EX) in the 'Midterm 1' column of canvas.csv get this run's grade in the "
            "file, and importing it gives them that grade and un-excuses them: s001 (4); to keep a student "
            "excused, put EX back in their cell before importing") in said
    assert ("warning: 1 student(s) the assignment is not assigned to (N/A in the 'Midterm 1' column of canvas.csv) "
            "get this run's grade in the file, which Canvas's import drops (it takes no grade for a student not "
            "assigned the assignment): s002 (4); to record it, assign the assignment to them in Canvas, export "
            "the gradebook again and grade with that one") in said
    # a grade changed is a re-run or regrade, named alone
    assert "1 grade(s) already in the 'Midterm 1' column of canvas.csv changed by this run (a re-run or regrade?): " \
        "s003 3.00 -> 4" in said


def test_an_excused_student_with_no_answer_keeps_ex(tmp_path, invoke):
    (tmp_path / "canvas.csv").write_text(CANVAS, encoding="utf-8")
    result = run(invoke, tmp_path, "two", answers(["s003"], b="3"), "canvas", tmp_path / "canvas.csv")
    assert result.exit_code == 0, result.output
    assert column(tmp_path / "two" / "answers-graded-gradebook-canvas.csv")["s001"] == "EX"
    assert "un-excuses" not in result.output
