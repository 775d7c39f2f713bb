"""The LMS round trip (lms22b): a right answer Canvas cut to 4 decimals is
sent to a person, not marked rounded too early, and export warns of answers
whose figures asked or more do not survive 4 decimals; a Canvas gradebook's
assignment column is found case aside and an added one is said; a Moodle
download row cut short is refused instead of losing its questions."""

import pytest
import csv
import io
import json
from pathlib import Path

from click.testing import CliRunner

from lms_support import export_labels, moodle_csv, moodle_download
from quizgen.cli import main
from quizgen.grading.part_checker import PartChecker
from quizgen.key.model import KeyPart
from quizgen.lms.exportkey import with_codes
from quizgen.lms.gradebook import Grade, canvas_gradebook
from quizgen.lms.variants import slots as make_slots
from quizgen.marking.canvas_kept import stored_short

CUT = "Canvas keeps 4 decimal places of a typed number: 0.000623 is stored as 0.0006"


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def rows(path) -> list:
    return list(csv.DictReader(io.StringIO(Path(path).read_text(encoding="utf-8-sig"))))


def _analysis(tmp_path, answers: list) -> Path:
    """A Canvas student analysis of `export canvas --count 4 --seed 42`: per student,
    mlm-uniform-logits (a) variant 0 (0.0006234) and mlm-confident-wrong (a) variant 3 (0.020453)."""
    result = invoke("export", "canvas", "--count", 4, "--seed", 42, "--out", tmp_path / "quiz.zip")
    assert result.exit_code == 0, result.output
    codes = {label: code for (_, code), label in export_labels(tmp_path / "quiz-key.json").items()}
    header = ["name", "id", "sis_id", "section", "section_id", "section_sis_id", "submitted", "attempt",
              f"9101: uniform [quizgen:mlm-uniform-logits:{codes['42/mlm-uniform-logits/0']}:a]", "2.0",
              f"9102: wrong [quizgen:mlm-confident-wrong:{codes['42/mlm-confident-wrong/3']}:a]", "2.0",
              "n correct", "n incorrect", "score"]
    body = [[f"S {n}", str(500 + n), f"s{n:03d}", "A", "77", "SEC-A", "2026-11-30 15:43:20 UTC", "1",
             first, "0.0", second, "0.0", "0", "2", "0.0"] for n, (first, second) in enumerate(answers)]
    (tmp_path / "analysis.csv").write_text(moodle_csv(header, body), encoding="utf-8")
    return tmp_path / "analysis.csv"


@pytest.mark.slow
def test_a_right_answer_canvas_cut_to_4_decimals_goes_to_a_person_with_one_warning(tmp_path):
    """0.000623 typed, 0.0006 stored: it was imprecise, 0 points, the sheet
    blaming the student's rounding; now needs_review saying why, and the run
    warns once naming the question; 0.0007 stays wrong, and a cut answer
    grade accepts anyway stays correct; grading the built key
    and answers again says the same."""
    analysis = _analysis(tmp_path, [("0.0006", "0.0204"), ("0.0006", "0.0205"), ("0.0007", "0.0205")])
    result = invoke("grade", analysis, "--key", tmp_path / "quiz-key.json", "--feedback", tmp_path / "sheets")
    assert result.exit_code == 0, result.output
    graded = {(r["student_id"], r["question_id"]): r for r in rows(tmp_path / "analysis-graded.csv")}
    q3 = "Q3a"   # mlm-uniform-logits is the export's third slot
    assert graded[("s000", q3)]["status"] == "needs_review" and CUT in graded[("s000", q3)]["reason"]
    assert graded[("s002", q3)]["status"] == "incorrect"
    # 0.02045 for 0.020453 is stored 0.0204, which carried rounding accepts: correct, as before, and not counted
    assert graded[("s000", "Q2a")]["status"] == "correct"
    warnings = [line for line in result.output.splitlines() if "Canvas keeps 4 decimal places" in line]
    assert len(warnings) == 1 and warnings[0].startswith("quizgen: warning: analysis.csv:"), result.output
    assert "2 answer(s)" in warnings[0] and "Q3a (mlm-uniform-logits (a)): 2" in warnings[0]
    assert "0.000623 is stored as 0.0006" in warnings[0]
    sheet = (tmp_path / "sheets" / "s000.md").read_text(encoding="utf-8")
    assert "rounded too early" not in sheet and "0.000623 is stored as 0.0006" in sheet
    again = invoke("grade", tmp_path / "analysis-answers.csv", "--key", tmp_path / "analysis-key.json",
                   "--out", f"{tmp_path / 'again'}/")
    assert again.exit_code == 0, again.output
    assert [r["status"] for r in rows(tmp_path / "again" / "analysis-answers-graded.csv")
            if r["question_id"] == q3] == ["needs_review", "needs_review", "incorrect"]


def test_the_checker_reviews_a_canvas_cut_only_for_a_canvas_download():
    part = KeyPart.from_json({"part": "a", "type": "numeric", "points": 2.0, "value": 0.0006234413965087282,
                              "answer": "0.000623", "misconceptions": []})
    assert PartChecker(part, figures_shown=False)("0.0006").status.value == "needs_review"
    assert PartChecker(part)("0.0006").status.value == "imprecise"   # Moodle keeps the figures typed: unchanged


@pytest.mark.slow
def test_export_canvas_names_the_4_figure_case(tmp_path):
    """0.02045, four figures of 0.020453 (3 asked), is kept as 0.0204, outside
    the window: export named only the 3-figure case before."""
    assert stored_short(0.020452589563691313, ("0.0205", "0.00005")) == [("0.02045", 0.0204)]   # Canvas's window
    assert stored_short(0.899677312157448, ("0.900", "0.0005")) == []
    result = invoke("export", "canvas", "--count", 4, "--seed", 42, "--out", tmp_path / "quiz.zip")
    assert result.exit_code == 0, result.output
    wrong = [line for line in result.output.splitlines() if "of mlm-confident-wrong (a)" in line]
    assert len(wrong) == 1 and "typed to the figures asked or more" in wrong[0] and "is kept as" in wrong[0]


TEMPLATE = ("Student,ID,SIS User ID,SIS Login ID,Section,BERT quiz 1 (4412),Midterm (4413),Current Score\n"
            "    Points Possible,,,,,,10,\nAda,501,s001,,A,,,\n")
GRADES = [Grade("s001", "Ada", 3.0, 4.0)]


def test_a_canvas_assignment_is_found_case_aside():
    book = canvas_gradebook(TEMPLATE, GRADES, "BERT Quiz 1")
    header, _, ada = list(csv.reader(io.StringIO(book.text)))
    assert header == next(csv.reader(io.StringIO(TEMPLATE)))[:6] and ada[5] == "3" and not book.added


def test_a_new_canvas_assignment_column_is_said_naming_the_template_s_own():
    book = canvas_gradebook(TEMPLATE, GRADES, "analysis")
    assert next(csv.reader(io.StringIO(book.text)))[-1] == "analysis"
    assert book.added == ("the Canvas gradebook template has no column for the assignment 'analysis', so the "
                          "gradebook file adds a new assignment 'analysis' when imported: pass --gradebook-item "
                          "with the name of the one to fill ('BERT quiz 1', 'Midterm')",)
    one = canvas_gradebook(TEMPLATE.replace(",Midterm (4413)", "").replace(",,10,", ",10,"), GRADES, "analysis")
    assert one.added[0].endswith("pass --gradebook-item 'BERT quiz 1' to fill that one")


@pytest.mark.slow
def test_grade_warns_of_the_added_canvas_column(tmp_path):
    analysis = _analysis(tmp_path, [("0.000623", "0.0205")])
    (tmp_path / "gb.csv").write_text(TEMPLATE.replace("s001", "s000"), encoding="utf-8")
    result = invoke("grade", analysis, "--key", tmp_path / "quiz-key.json", "--gradebook", "canvas",
                    "--gradebook-template", tmp_path / "gb.csv")
    assert result.exit_code == 0, result.output
    assert "quizgen: warning: the Canvas gradebook template has no column for the assignment 'analysis'" \
        in result.output


def _moodle(tmp_path) -> tuple:
    """A Moodle download of `export moodle --count 4 --seed 42`, 3 students: (path, header, rows)."""
    assert invoke("export", "moodle", "--count", 4, "--seed", 42, "--out", tmp_path / "questions.xml").exit_code == 0
    secret = json.loads((tmp_path / "questions-key.json").read_text(encoding="utf-8"))["secret"]
    slots = with_codes(make_slots(None, count=4, seed=42), secret)
    moodle_download(tmp_path / "resp.csv", (tmp_path / "questions.xml").read_text(encoding="utf-8"), slots, 3,
                    lambda part, s: "0.5")
    table = list(csv.reader(io.StringIO((tmp_path / "resp.csv").read_text(encoding="utf-8"))))
    return tmp_path / "resp.csv", table[0], table[1:]


@pytest.mark.slow
def test_a_moodle_row_cut_short_is_refused_naming_it(tmp_path):
    """The row holding Questions 1-3 only graded 12/12 = 100%, the rest gone."""
    path, header, body = _moodle(tmp_path)
    body[1] = body[1][:header.index("Question 4") + 1]
    path.write_text(moodle_csv(header, body), encoding="utf-8")
    result = invoke("grade", path, "--key", tmp_path / "questions-key.json")
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"quizgen: error: {path}: the Moodle export's row 2 after the header (student s001) has "
        f"{header.index('Question 4') + 1} cells, but the header has {len(header)} columns: it ends before "
        "'Response 4', and Moodle writes every row as wide as its header, so the file is damaged (cut short?); "
        "download the Responses report again"]
    body[1] = body[1] + [""] * (len(header) - len(body[1]) - 1)   # the last Right answer cell alone trimmed: read
    path.write_text(moodle_csv(header, body), encoding="utf-8")
    # --force-key: every answer is 0.5, far from most of this export's values (read, not refused as another key's)
    assert invoke("grade", path, "--key", tmp_path / "questions-key.json", "--force-key").exit_code == 0
