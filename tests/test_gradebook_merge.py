"""A gradebook filled a second time (issue: a second section's answers wrote 0
over the first section's grades): through ``quizgen grade``, a student with no
answer in this run keeps a grade already in the column, a changed grade is
warned of, and a student with neither answer nor grade gets none (an empty
Canvas cell, no Moodle row: since instr31; ``--zero-absent`` gives 0, test_instr31.py)."""

import csv
import io

from test_grade_roster import Q1, write

SECTION_1, SECTION_2 = ["s001", "s002"], ["s003", "s004"]
KEY = {"questions": [Q1], "students": {sid: {"name": sid.upper(), "seed": sid, "questions": [Q1]}
                                       for sid in SECTION_1 + SECTION_2}}
CANVAS = ("Student,ID,SIS User ID,Section,Midterm 1 (77)\r\n    Points Possible,,,,\r\n"
          + "".join(f"{sid.upper()},{n},{sid},Sec{1 + n // 3},\r\n" for n, sid in enumerate(SECTION_1 + SECTION_2, 1)))


def answers(ids, b="3"):
    """Both parts of Q1 for ``ids``: (a) right, (b) ``b`` (3 is right: 4 points; else 2)."""
    return [row for sid in ids for row in ([sid, "Q1", "a", "0.5"], [sid, "Q1", "b", b])]


def column(path, item_column=-1, id_column=2):
    """``{id: cell}`` of a gradebook file's grade column."""
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"))))
    return {row[id_column]: row[item_column] for row in rows[1:] if row[id_column]}


def run(invoke, tmp_path, name, rows, lms, template=None):
    """Grade ``rows`` (as answers file ``name``) into the folder ``name``; returns the CLI result."""
    folder = tmp_path / name
    folder.mkdir()
    answers_file = write(folder, KEY, rows)
    extra = ["--gradebook-template", template] if template else []
    return invoke("grade", answers_file, "--gradebook", lms, "--gradebook-item", "Midterm 1", *extra, "--jobs", "1")


def test_canvas_second_section_keeps_the_first_sections_grades(tmp_path, invoke):
    (tmp_path / "canvas.csv").write_text(CANVAS, encoding="utf-8")
    first = run(invoke, tmp_path, "one", answers(SECTION_1), "canvas", tmp_path / "canvas.csv")
    assert first.exit_code == 0, first.output
    book_1 = tmp_path / "one" / "answers-graded-gradebook-canvas.csv"
    assert column(book_1) == {"s001": "4", "s002": "4", "s003": "", "s004": ""}   # no answer, no grade: none
    assert "keep" not in first.output and "changed" not in first.output
    assert "2 student(s) with no answer in this answers file get no grade in the gradebook file" in first.output
    second = run(invoke, tmp_path, "two", answers(SECTION_2), "canvas", book_1)
    assert second.exit_code == 0, second.output
    assert column(tmp_path / "two" / "answers-graded-gradebook-canvas.csv") == {
        "s001": "4", "s002": "4", "s003": "4", "s004": "4"}
    assert ("2 student(s) with no answer in this run keep, in the gradebook, the grade already in the "
            "'Midterm 1' column of answers-graded-gradebook-canvas.csv: s001 (4), s002 (4)") in second.output
    assert "grade(s) of 0" not in second.output and "warning" not in second.output


def test_canvas_regrade_warns_of_the_grades_it_changed(tmp_path, invoke):
    (tmp_path / "canvas.csv").write_text(CANVAS.replace("Sec1,\r", "Sec1,4.00\r"), encoding="utf-8")
    result = run(invoke, tmp_path, "again", answers(["s001"]) + answers(["s002"], b="6"), "canvas",
                 tmp_path / "canvas.csv")
    assert result.exit_code == 0, result.output
    assert column(tmp_path / "again" / "answers-graded-gradebook-canvas.csv")["s002"] == "2"
    assert ("warning: 1 grade(s) already in the 'Midterm 1' column of canvas.csv changed by this run "
            "(a re-run or regrade?): s002 4.00 -> 2") in result.output   # s001's 4.00 is the same grade: not named


def test_moodle_second_section_keeps_the_first_sections_grades(tmp_path, invoke):
    first = run(invoke, tmp_path, "one", answers(SECTION_1), "moodle")
    assert first.exit_code == 0, first.output
    assert "2 student(s) with no answer in this answers file get no grade in the gradebook file (no row" \
        in first.output and "the Moodle gradebook gives 0 to" not in first.output
    book_1 = tmp_path / "one" / "answers-graded-gradebook-moodle.csv"
    second = run(invoke, tmp_path, "two", answers(SECTION_2, b="6"), "moodle", book_1)
    assert second.exit_code == 0, second.output
    assert column(tmp_path / "two" / "answers-graded-gradebook-moodle.csv", id_column=0) == {
        "s003": "2", "s004": "2", "s001": "4", "s002": "4"}
    assert "2 student(s) with no answer in this run keep, in the gradebook" in second.output


def test_moodle_grade_export_as_template(tmp_path, invoke):
    """Moodle's own export: ``Quiz: Midterm 1 (Real)``, ``-`` for no grade (no row then: s002 gave no
    answer). Since round 39 its grades are not written back (s001 gave no answer, s099 is not graded
    here: no rows), as importing Moodle's own grade marks it overridden; the file was the whole column."""
    (tmp_path / "export.csv").write_text(
        "First name,Last name,ID number,Email address,Quiz: Midterm 1 (Real),Last downloaded from this course\n"
        "Ada,One,s001,a@x.org,3.50,1700000000\nBo,Two,s002,b@x.org,-,1700000000\n"
        "Zed,Late,s099,z@x.org,2.00,1700000000\nCy,Three,s003,c@x.org,-,1700000000\n"
        "Di,Four,s004,d@x.org,1.00,1700000000\n", encoding="utf-8")
    result = run(invoke, tmp_path, "two", answers(SECTION_2), "moodle", tmp_path / "export.csv")
    assert result.exit_code == 0, result.output
    assert column(tmp_path / "two" / "answers-graded-gradebook-moodle.csv", id_column=0) == {
        "s003": "4", "s004": "4"}
    said = " ".join(result.output.split())
    assert "keep, in the gradebook" not in said
    assert "2 student(s) with no answer in this answers file get no grade in the gradebook file (no row), so that " \
        "importing it leaves Moodle's grade for them alone: s001, s002" in said
    assert "the Moodle gradebook template is Moodle's own grade export, so only the grades this run gives are " \
        "written" in " ".join(result.output.split())


def test_moodle_template_without_the_item_is_one_line(tmp_path, invoke):
    (tmp_path / "export.csv").write_text("ID number,Full name,Quiz 9\ns001,Ada,3\n", encoding="utf-8")
    result = run(invoke, tmp_path, "two", answers(SECTION_2), "moodle", tmp_path / "export.csv")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "export.csv: the Moodle gradebook template has no column for " \
        "the grade item 'Midterm 1'" in result.output
