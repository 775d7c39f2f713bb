"""What the LMS import does with the gradebook file: Canvas imports a changed
custom column (a teacher's notes) and reads only ``,`` or ``;``
(gradebook_importer.rb); Moodle stops the whole file at an ID number it does
not know (grade/import/csv/classes/load_data.php). So the Canvas file holds
only the student columns and the quiz's, and no identity cell is ever written
with the formula guard: its row is left out."""

import csv
import io

from quizgen.lms.gradebook import Grade, canvas_gradebook, moodle_gradebook, moodle_gradebook_filled

NOTES = ("Student,ID,SIS User ID,SIS Login ID,Section,Notes,Homework (4411),Quiz 1 (4412),Current Score\r\n"
         "    Points Possible,,,,,,10,10,(read only)\r\n"
         "\"Lovelace, Ada\",101,s001,ada,A,+1 extra credit,=5,,50\r\n"
         "\"Hopper, Grace\",102,s002,grace,A,@TA: check photo ID,4,,40\r\n")


def _rows(text, delimiter=","):
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=delimiter))


def test_a_canvas_file_leaves_out_the_notes_and_other_assignments_it_would_rewrite():
    """``+1 extra credit`` written ``'+1 extra credit`` would be imported over the teacher's note."""
    book = canvas_gradebook(NOTES, [Grade("s001", "Ada", 5, 10)], "Quiz 1")
    assert _rows(book.text) == [["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Quiz 1 (4412)"],
                                ["    Points Possible", "", "", "", "", "10"],
                                ["Lovelace, Ada", "101", "s001", "ada", "A", "5"],
                                ["Hopper, Grace", "102", "s002", "grace", "A", ""]]


def _written(delimiter):
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\r\n").writerows(_rows(NOTES))
    return out.getvalue()


def test_a_tab_separated_canvas_template_gives_a_comma_separated_file_and_semicolons_stay():
    """Canvas's import reads ``,`` or ``;`` (identify_delimiter), no tab: Excel's "Unicode text" is one."""
    book = canvas_gradebook(_written("\t"), [Grade("s001", "Ada", 5, 10)], "Quiz 1")
    assert "\t" not in book.text and _rows(book.text)[2] == ["Lovelace, Ada", "101", "s001", "ada", "A", "5"]
    semicolons = canvas_gradebook(_written(";"), [Grade("s002", "Grace", 3, 10)], "Quiz 1").text
    assert semicolons.splitlines()[3] == "Hopper, Grace;102;s002;grace;A;3"


def test_a_canvas_row_whose_sis_id_needs_the_guard_is_left_out_and_named():
    template = ("Student,ID,SIS User ID,SIS Login ID,Section,Quiz 1 (4412)\r\n"
                "Ada,101,-s9,ada,A,\r\nBo,102,s2,bo,A,\r\n")
    book = canvas_gradebook(template, [Grade("-s9", "Ada", 4, 10), Grade("s2", "Bo", 3, 10)], "Quiz 1")
    assert [row[2] for row in _rows(book.text)] == ["SIS User ID", "s2"]
    assert book.unguarded == (("-s9", "4"),) and book.unmatched == []


def test_a_moodle_file_never_guards_an_id_number_but_leaves_its_row_out():
    """``'-s9`` is no ID number Moodle knows, and its import stops the whole file there."""
    grades = [Grade("-s9", "Ada", 3, 6), Grade("+4471", "Bob", 2, 6), Grade("=lab1", "Cy", 1, 6)]
    assert _rows(moodle_gradebook(grades, "Quiz 1")) == [["ID number", "Full name", "Quiz 1"], ["+4471", "Bob", "2"]]
    book = moodle_gradebook_filled("ID number,Full name,Quiz 1\r\n=s4,Di,5\r\n", grades, "Quiz 1")
    assert _rows(book.text) == [["ID number", "Full name", "Quiz 1"], ["+4471", "Bob", "2"]]
    assert book.unguarded == (("-s9", "3"), ("=lab1", "1"), ("=s4", "5"))
