"""The Canvas gradebook file written from a ``;`` template is one Canvas's
import reads as ``;``-separated (review 51b F1). Canvas picks the delimiter
from the first three lines alone (gradebook_importer.rb, identify_delimiter,
ported in canvas_import_support.py): ``;`` only when ``,`` does not also give
a consistent field count. A file whose first three lines hold no comma (the
template's ``4,50`` columns dropped, a one-word name, ``47`` points) was read
with ``,``, its header one field, and refused: "Invalid header row"."""

import csv
import io
import random

import pytest

from canvas_import_support import canvas_delimiter, first_lines, parse_line
from quizgen.lms.gradebook import Grade, canvas_gradebook

HEADER = "Student;ID;SIS User ID;SIS Login ID;Section;Homework (77){quiz};Current Points\r\n"
POINTS = "    Points Possible;;;;;5,00{points};(read only)\r\n"
STUDENTS = "{first};500;s0000;login0;Sec A;4,50{cell};4,5\r\n\"Lovelace, Ada\";501;s0001;login1;Sec A;4,50{cell};4,5\r\n"


def _template(first="Zoë", quiz="", points="", cell="", bom=""):
    extra = bool(quiz)
    return (bom + HEADER.format(quiz=quiz) + POINTS.format(points=";" + points if extra else "")
            + STUDENTS.format(first=first, cell=";" + cell if extra else ""))


def test_the_port_reads_canvas_own_file_as_semicolons_and_the_old_file_as_commas():
    """The port against the review's two files: Canvas's own export, and the file quizgen wrote before."""
    assert canvas_delimiter(_template()) == ";"
    old = "Student;ID;SIS User ID;SIS Login ID;Section;Quiz 1\r\n    Points Possible;;;;;47\r\nZoë;500;s0000;login0;Sec A;47\r\n"
    assert canvas_delimiter(old) == ","


@pytest.mark.parametrize("first, name", [("Zoë", "Zoë"), ('"Turing, Alan"', "Turing, Alan"),
                                         ('"O""Brien"', 'O"Brien')])
@pytest.mark.parametrize("quiz, points, score", [("", "", 47), ("", "", 40), (";Quiz 1 (88)", "", 47),
                                                 (";Quiz 1 (88)", "10", 47), (";Quiz 1 (88)", "12,50", 40)])
@pytest.mark.parametrize("bom", ["", "\ufeff"])
def test_a_semicolon_template_gives_a_file_canvas_reads_as_semicolons(first, name, quiz, points, score, bom):
    """Whatever the first student's name, the Points Possible and the grade: one word, no point, 47 all tell nothing."""
    book = canvas_gradebook(_template(first, quiz, points, "", bom), [Grade("s0000", name, score, 47)], "Quiz 1")
    assert canvas_delimiter(book.text) == ";"
    rows = [parse_line(line, ";") for line in first_lines(book.text.lstrip("\ufeff"), 10)]
    assert rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", quiz[1:] or "Quiz 1"]
    assert rows[2][:2] == [name, "500"] and rows[2][-1] != ""


def test_an_absent_first_student_and_no_points_row_still_read_as_semicolons():
    """Nothing but the header tells: the first student has no grade here, and the template no Points Possible row."""
    template = ("Student;ID;SIS User ID;SIS Login ID;Section;Quiz 1 (88)\r\nZoë;500;s0000;login0;Sec A;\r\n"
                "Bo;501;s0001;login1;Sec A;\r\n")
    book = canvas_gradebook(template, [Grade("s0001", "Bo", 3, 4)], "Quiz 1")
    assert canvas_delimiter(book.text) == ";"


def test_a_comma_template_still_gives_a_comma_file():
    template = _template().replace(";", ",").replace("4,50", "4.5").replace("5,00", "5").replace("4,5", "4.5")
    book = canvas_gradebook(template, [Grade("s0000", "Zoë", 40, 47)], "Quiz 1")
    assert canvas_delimiter(book.text) == "," and ";" not in book.text


def test_random_semicolon_templates_all_give_files_canvas_reads_as_semicolons():
    """Names with commas, quotes, semicolons and other scripts, any points and grades, a mark or none."""
    rnd = random.Random(51)
    pieces = ["Zoë", "Ada", ",", '"', ";", " ", "O'", "Łukasz", "李", "-", "4,5", "47"]
    for _ in range(300):
        names = ["".join(rnd.choice(pieces) for _ in range(rnd.randint(1, 4))).strip() or "A" for _ in range(3)]
        points = rnd.choice(["", "10", "12,50", "47"])
        quiz = rnd.choice([None, "Quiz 1 (88)"])
        rows = [["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Homework (77)", *([quiz] if quiz else [])],
                ["    Points Possible", "", "", "", "", "5,00", *([points] if quiz else [])]]
        rows += [[name, str(500 + n), f"s{n}", f"l{n}", "A", "4,50", *([rnd.choice(["", "3", "4,5"])] if quiz else [])]
                 for n, name in enumerate(names)]
        out = io.StringIO()
        csv.writer(out, delimiter=";", lineterminator="\r\n").writerows(rows)
        template = rnd.choice(["", "\ufeff"]) + out.getvalue()
        grades = [Grade(f"s{n}", name, rnd.choice([0, 17, 47, 23.5]), 47) for n, name in enumerate(names)
                  if rnd.random() < 0.7]
        book = canvas_gradebook(template, grades, "Quiz 1")
        assert canvas_delimiter(book.text) == ";", book.text
