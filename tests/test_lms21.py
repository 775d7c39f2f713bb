"""Loose ends of grading an LMS download (session 21): a student the download
names by email for want of an ID number is one warning, not two; ``--out DIR``
names the outputs as grade names them anywhere (``responses-graded*``); a
Moodle gradebook template row wider than its header is refused in one line."""

import csv
import io
import shutil
from pathlib import Path

import pytest

from quizgen.errors import InputFileError
from quizgen.lms.gradebook import Grade, moodle_gradebook_filled

DATA = Path(__file__).parent / "data" / "lms"


@pytest.fixture
def download(tmp_path):
    """The Moodle Responses download of tests/data/lms (Alan Turing has no ID number), copied into tmp_path."""
    path = tmp_path / "responses.csv"
    shutil.copy(DATA / "moodle_responses.csv", path)
    return path


def _warnings(result) -> list:
    return [line for line in result.stderr.splitlines() if line.startswith("quizgen: warning:")]


@pytest.mark.slow
def test_a_student_with_no_id_number_left_out_of_the_gradebook_is_one_warning(download, invoke):
    """The download's warning and the gradebook's were two lines for one cause; now one names the
    student, their name and what is missing, and says they are left out of the gradebook."""
    result = invoke("grade", download, "--gradebook", "moodle", "--gradebook-item", "Quiz 1")
    assert result.exit_code in (0, 1), result.output
    about_alan = [w for w in _warnings(result) if "alan@example.org" in w]
    assert about_alan == [
        "quizgen: warning: responses.csv: 1 student(s) have no ID number in the download and are named by their "
        "email address: alan@example.org (Alan Turing); they are left out of the Moodle gradebook, as Moodle's "
        "import keyed on ID number stops the whole file at the first of them: fill in their ID number in Moodle "
        "and download again, or grade with --gradebook-key email"]
    text = (download.parent / "responses-graded-gradebook-moodle.csv").read_text(encoding="utf-8-sig")
    assert [r[0] for r in csv.reader(io.StringIO(text))] == ["ID number", "s001"]


@pytest.mark.slow
def test_without_a_gradebook_the_student_with_no_id_number_is_still_named_once(download, invoke):
    result = invoke("grade", download)
    assert result.exit_code in (0, 1), result.output
    about_alan = [w for w in _warnings(result) if "alan@example.org" in w]
    assert len(about_alan) == 1 and "alan@example.org (Alan Turing); a Moodle grade import keyed on ID number " \
                                    "refuses the whole file" in about_alan[0]


@pytest.mark.slow
def test_a_download_with_no_id_numbers_at_all_is_one_warning_not_a_warning_and_a_note(tmp_path, invoke):
    """Every student named by email: the gradebook keeps them (moodle_left_out), and the note that every id
    is an email address said again what the warning says."""
    rows = list(csv.reader(io.StringIO((DATA / "moodle_responses.csv").read_text(encoding="utf-8"))))
    for row in rows[1:]:
        row[2] = ""
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    path = tmp_path / "responses.csv"
    path.write_text(out.getvalue(), encoding="utf-8")
    result = invoke("grade", path, "--gradebook", "moodle")
    assert result.exit_code in (0, 1), result.output
    said = " ".join(result.output.split())
    assert "2 student(s) have no ID number in the download" in said
    assert "every student id is an email address" not in said


@pytest.mark.parametrize("out", ["results", "results/"], ids=["existing-folder", "slash"])
@pytest.mark.slow
def test_out_folder_names_the_outputs_as_without_out(download, invoke, out):
    """``--out DIR`` wrote ``responses-answers-graded*`` (named after the long answers quizgen builds),
    where grade's outputs in a folder keep their default names, as without --out: ``responses-graded*``."""
    folder = download.parent / "results"
    if not out.endswith("/"):
        folder.mkdir()
    result = invoke("grade", download, "--out", str(folder) + out[len("results"):], "--gradebook", "moodle")
    assert result.exit_code in (0, 1), result.output
    names = sorted(p.name for p in folder.iterdir())
    assert names == [".responses-graded.quizgen", "responses-answers.csv", "responses-graded-gradebook-moodle.csv", "responses-graded-items.csv",
                     "responses-graded-questions.csv", "responses-graded-report.html", "responses-graded-report.md",
                     "responses-graded-students.csv", "responses-graded.csv", "responses-key.json"]


GRADES = [Grade("s001", "Ada", 1, 2), Grade("s002", "Bo", 2, 2)]


@pytest.mark.parametrize("row, cell", [("s002,Bo,3,5", "5"), ("s002,Lovelace, Ada,3", "3")],
                         ids=["decimal-comma", "comma-in-name"])
def test_a_template_row_wider_than_its_header_is_refused_in_one_line(row, cell):
    """``3,5`` unquoted read as the grade 3 and dropped the 5 silently; Moodle's export writes
    every row as wide as its header (grade/export/txt/grade_export_txt.php)."""
    template = f"ID number,Full name,Quiz 1\r\ns001,Ada,-\r\n{row}\r\n"
    with pytest.raises(InputFileError) as caught:
        moodle_gradebook_filled(template, GRADES, "Quiz 1", absent={"s002"})
    assert str(caught.value) == (
        f"line 3: 4 cells, but the header names 3 columns (ID number, Full name, Quiz 1); the cell {cell!r} is in no "
        "column; expected one cell a column: put a cell that holds the delimiter ',' in double quotes "
        "(\"Lovelace, Ada\", \"3,5\")")
    trailing = moodle_gradebook_filled(template.replace(row, "s002,Bo,3,"), GRADES, "Quiz 1", absent={"s002"})
    assert list(csv.reader(io.StringIO(trailing.text)))[1:] == [["s001", "Ada", "1"], ["s002", "Bo", "3"]]


@pytest.mark.slow
def test_the_wide_row_is_named_with_the_template_through_grade(download, invoke):
    template = download.parent / "grades.csv"
    template.write_text("ID number,Full name,Quiz 1\r\ns001,Ada,3,5\r\n", encoding="utf-8")
    result = invoke("grade", download, "--gradebook", "moodle", "--gradebook-template", template,
                    "--gradebook-item", "Quiz 1")
    assert result.exit_code == 2
    assert result.stderr.strip().count("\n") == 0
    assert f"--gradebook-template {template}: line 2: 4 cells, but the header names 3 columns" in result.stderr
    assert not (download.parent / "responses-graded-gradebook-moodle.csv").exists()


def test_the_exported_worked_solution_labels_its_steps_as_the_paper_does(templates_by_class):
    """Moodle's and Canvas's general feedback ran a step's title into its reason ("Title The
    softmax ...", no Forecast/Check labels), where the paper, the PDF and the feedback sheets
    write "**Title.** *Why:* ..." (templates/solution-question.md.j2)."""
    from quizgen.lms.variants import variant

    html = variant(templates_by_class["C1"], "7/labels/0").solution_html
    assert html.startswith("<p><strong>Forecast.</strong> ")
    steps = html.split("<ol>", 1)[1].split("</ol>", 1)[0].split("</li>")[:-1]
    assert steps and all(s.startswith("<li><strong>") and ".</strong> <em>Why:</em> " in s for s in steps), steps
    assert "<li><strong>Turn the logits into weights.</strong> <em>Why:</em> The softmax" in html
    assert html.split("</ol>", 1)[1].startswith("<p><strong>Check.</strong> ")
