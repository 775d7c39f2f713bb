"""Gradebook templates as an LMS in another locale writes them, and Moodle
files its import would refuse: Canvas writes ``;`` between cells and
``12,50`` for points where a decimal comma is the locale's
(lib/csv_with_i18n.rb); Moodle's grade import stops the whole file at an ID
number it does not know (grade/import/csv/classes/load_data.php)."""

import csv
import io

import pytest

from quizgen.lms.gradebook import Grade, moodle_gradebook_filled
from quizgen.report.formatting import number_text

CANVAS_DE = ("\ufeffStudent;ID;SIS User ID;SIS Login ID;Section;Homework 1 (4411);Quiz 1 (4412)\r\n"
             "    Points Possible;;;;;10,00;{points}\r\n"
             "\"Lovelace, Ada\";501;s001;ada;Section A;9,00;\r\n"
             "\"Hopper, Grace\";503;s003;grace;Section A;;\r\n")


@pytest.fixture
def graded(tmp_path, invoke):
    """A generated paper and two students' answers: ``grade(*options)`` runs grade on them."""
    assert invoke("generate", "--seed", 1, "--classes", "C4", "--out", tmp_path / "quiz").exit_code == 0
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns001,Q1,a,0.8746\nada@example.org,Q1,a,1.0\n"
                       "s003,Q1,a,2.0\n")

    def grade(*options):
        return invoke("grade", answers, "--key", tmp_path / "quiz" / "key.json", *options)
    return grade


def _students(tmp_path) -> dict:
    text = (tmp_path / "answers-graded-students.csv").read_text(encoding="utf-8-sig")
    return {r["student_id"]: r for r in csv.DictReader(io.StringIO(text))}


def _canvas(tmp_path, graded, points, delimiter=";"):
    """Grade into CANVAS_DE with ``points`` as the quiz's, its cells split by ``delimiter``: (result, text written)."""
    rows = list(csv.reader(io.StringIO(CANVAS_DE.format(points=points).lstrip("\ufeff")), delimiter=";"))
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    template = tmp_path / "gradebook.csv"
    template.write_text("\ufeff" + out.getvalue(), encoding="utf-8")
    result = graded("--gradebook", "canvas", "--gradebook-template", template, "--gradebook-item", "Quiz 1")
    book = tmp_path / "answers-graded-gradebook-canvas.csv"
    return result, book.read_text(encoding="utf-8-sig") if book.exists() else ""


@pytest.mark.parametrize("delimiter", [";", ","], ids=["semicolons", "commas"])
@pytest.mark.slow
def test_a_canvas_gradebook_with_decimal_comma_points_is_filled_and_scaled(tmp_path, graded, delimiter):
    """Canvas writes ``;`` in a decimal-comma locale, and a re-saved file may have ``,`` and quoted ``"12,50"``."""
    result, text = _canvas(tmp_path, graded, "12,50", delimiter)
    assert result.exit_code in (0, 1), result.output
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    assert rows[0][-1] == "Quiz 1 (4412)" and rows[1] == ["    Points Possible", "", "", "", "", "12,50"]
    student = _students(tmp_path)["s001"]
    assert float(student["score"]) > 0 and float(student["max_score"]) != 12.5
    assert rows[2][-1] == number_text(float(student["score"]) * 12.5 / float(student["max_score"]))
    assert rows[2][:5] == ["Lovelace, Ada", "501", "s001", "ada", "Section A"]   # the other assignment left out


@pytest.mark.parametrize("points", ["lots", "1e-300", "0,001", "-5", "nan"])
@pytest.mark.slow
def test_a_points_possible_that_is_no_number_is_refused_in_one_line(tmp_path, graded, points):
    result, text = _canvas(tmp_path, graded, points)   # 1e-300 scaled every score to 0 (hostile31b)
    assert result.exit_code == 2 and text == ""
    assert result.output.strip().count("\n") == 0
    assert (f"line 2: the Points Possible of 'Quiz 1 (4412)' is '{points}', not a number of points; expected the "
            "assignment's points (0.01 or more), such as 10 or 12,50, to scale the scores to, or 0 or nothing to write "
            "them unscaled") in result.output


@pytest.mark.parametrize("points", ["0,00", "0", "-0"])
@pytest.mark.slow
def test_a_column_of_0_points_possible_gets_the_papers_points_and_a_note_saying_so(tmp_path, graded, points):
    """A Canvas assignment of 0 points possible (an extra-credit column) took the paper's points with no word:
    they are still written unscaled (nothing to scale them to), the row left as Canvas wrote it, and a note says
    why and what Canvas makes of them."""
    result, text = _canvas(tmp_path, graded, points)
    assert result.exit_code in (0, 1), result.output
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    student = _students(tmp_path)["s001"]
    assert float(student["score"]) > 0 and rows[1][-1] == points
    assert rows[2][2:] == ["s001", "ada", "Section A", number_text(float(student["score"]))]
    assert ("Note: the 'Quiz 1' column of gradebook.csv has 0 points possible in Canvas, so there is nothing to "
            "scale the scores to: they are written unscaled, in the paper's points (s001's "
            f"{number_text(float(student['score']))} of {student['max_score']} is written "
            f"{number_text(float(student['score']))}), and Canvas counts points in an assignment of 0 points possible "
            "as extra credit in its totals; to have them scaled, set the assignment's points in Canvas, export the "
            "gradebook again and grade with that template") in " ".join(result.output.split())


@pytest.mark.slow
def test_a_column_with_no_points_possible_gets_the_papers_points_with_no_note(tmp_path, graded):
    result, text = _canvas(tmp_path, graded, "")
    assert result.exit_code in (0, 1), result.output
    student = _students(tmp_path)["s001"]
    assert list(csv.reader(io.StringIO(text), delimiter=";"))[1][-1] == number_text(float(student["max_score"]))
    assert "0 points possible" not in result.output and "scaled" not in result.output   # a new column's points


def test_a_moodle_template_keyed_by_email_suggests_the_gradebook_key(tmp_path, graded):
    template = tmp_path / "moodle.csv"
    template.write_text("Email address,Full name,Quiz 1\r\nada@example.org,Ada,3\r\n", encoding="utf-8")
    result = graded("--gradebook", "moodle", "--gradebook-template", template, "--gradebook-item", "Quiz 1")
    assert result.exit_code == 2
    assert "has no 'ID number' column (it has Email address, Full name, Quiz 1); it is keyed by Email address: " \
           "grade with --gradebook-key email" in " ".join(result.output.split())


def test_a_student_named_by_email_is_left_out_of_a_file_keyed_on_id_number(tmp_path, graded):
    result = graded("--gradebook", "moodle", "--gradebook-item", "Quiz 1")
    assert result.exit_code in (0, 1), result.output
    rows = list(csv.reader(io.StringIO((tmp_path / "answers-graded-gradebook-moodle.csv").read_text(
        encoding="utf-8-sig"))))
    assert [r[0] for r in rows] == ["ID number", "s001", "s003"]
    said = " ".join(result.output.split())
    assert ("1 student(s) named by their email address for want of an ID number are left out of the Moodle "
            "gradebook, as Moodle's import stops the whole file at an ID number it does not know: "
            "ada@example.org") in said


def test_a_student_without_an_email_is_left_out_of_a_file_keyed_on_email(tmp_path, graded):
    """The same for --gradebook-key email: Moodle's import stops the whole file at an address it
    does not know, so an id that is no email address was a file Moodle refuses (it was only noted)."""
    result = graded("--gradebook", "moodle", "--gradebook-item", "Quiz 1", "--gradebook-key", "email")
    assert result.exit_code in (0, 1), result.output
    rows = list(csv.reader(io.StringIO((tmp_path / "answers-graded-gradebook-moodle.csv").read_text(
        encoding="utf-8-sig"))))
    assert [r[0] for r in rows] == ["Email address", "ada@example.org"]
    said = " ".join(result.output.split())
    assert ("2 student(s) whose id is not an email address are left out of the Moodle gradebook keyed by Email "
            "address, as Moodle's import stops the whole file at an address it does not know: s001, s003") in said
    assert "are not email addresses, which Moodle's import" not in said   # one line about them, not two


def test_a_template_listing_the_email_as_an_id_number_keeps_it():
    grades = [Grade("s001", "A", 1, 2), Grade("ada@example.org", "Ada", 2, 2), Grade("bo@example.org", "Bo", 0, 2)]
    book = moodle_gradebook_filled("ID number,Full name,Quiz 1\r\nada@example.org,Ada,-\r\n", grades, "Quiz 1")
    assert [r[0] for r in csv.reader(io.StringIO(book.text))] == ["ID number", "s001", "ada@example.org"]
    assert book.left_out == ["bo@example.org"]


@pytest.mark.parametrize("encoding, delimiter", [("cp1252", ";"), ("utf-16", "\t")], ids=["cp1252", "utf16-tab"])
def test_a_canvas_gradebook_saved_again_by_a_spreadsheet_is_read_as_every_csv_input(tmp_path, graded, encoding,
                                                                                     delimiter):
    """Windows-1252, or Excel's "Unicode text" (UTF-16, tabs): found by themselves, as for an answers file."""
    rows = list(csv.reader(io.StringIO(CANVAS_DE.format(points="12,50").lstrip("\ufeff")), delimiter=";"))
    rows[2][0] = "Lovélace, Ada"
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    template = tmp_path / "gradebook.csv"
    template.write_bytes(out.getvalue().encode(encoding))
    result = graded("--gradebook", "canvas", "--gradebook-template", template, "--gradebook-item", "Quiz 1")
    assert result.exit_code in (0, 1), result.output
    written = list(csv.reader(io.StringIO((tmp_path / "answers-graded-gradebook-canvas.csv").read_text(
        encoding="utf-8-sig")), delimiter=";" if delimiter == ";" else ","))   # Canvas reads no tab
    assert written[2][0] == "Lovélace, Ada" and written[2][-1] == number_text(12.5)
