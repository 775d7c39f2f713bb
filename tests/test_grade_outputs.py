"""grade's outputs beyond graded.csv: the class report (items CSV, HTML page,
Markdown sections) from the verdict matrix, gradebook files, feedback sheets,
and every CSV cell from a crafted key guarded against formula injection."""

import csv
import io
import json

import pytest
from click.testing import CliRunner

import quizgen
from quizgen.cli import main
from quizgen.errors import UsageError
from quizgen.grading.feedback import safe_file_names
from quizgen.grading.outputs import GradeOutputs
from quizgen.report import Part, Student, Trap, Verdict, analyse, items_csv


def numeric(letter, value, traps=(), points=2.0):
    return {"part": letter, "name": letter, "type": "numeric", "points": points, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": list(traps)}


def trap(code, value, feedback=None):
    return {"code": code, "feedback": feedback or f"feedback for {code}", "value": value}


def small_key(code="halved", template="t1", cls="C1"):
    q1 = {"id": "Q1", "class": cls, "template": template, "points": 4,
          "parts": [numeric("a", 0.5, [trap(code, 0.25)]), numeric("b", 3.0)]}
    q2 = {"id": "Q2", "class": "C6", "template": "t2", "points": 1, "parts": [numeric("a", 24.0, points=1.0)]}
    return {"questions": [q1, q2]}


ANSWERS = [("s1", "Ada", "Q1", "a", "0.5"), ("s1", "Ada", "Q1", "b", "3"), ("s1", "Ada", "Q2", "a", "24"),
           ("s2", "Bo", "Q1", "a", "0.25"), ("s2", "Bo", "Q1", "b", "3"), ("s2", "Bo", "Q2", "a", "1"),
           ("s3", "Cy", "Q1", "a", "0.25"), ("s3", "Cy", "Q1", "b", ""),
           ("../s4", "Di", "Q1", "a", "0.5"), ("..\\s4", "Ed", "Q1", "a", "0.5")]


def write(folder, key, rows=ANSWERS, delimiter=","):
    (folder / "key.json").write_text(json.dumps(key), encoding="utf-8")
    with open(folder / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, delimiter=delimiter)
        writer.writerow(("student_id", "name", "question_id", "part", "answer"))
        writer.writerows(rows)
    return folder / "answers.csv"


def read_csv(path, delimiter=","):
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig")), delimiter=delimiter))


def test_class_report_by_default_from_the_matrix(tmp_path):
    result = quizgen.grade(write(tmp_path, small_key()), key=tmp_path / "key.json")
    assert {"items", "html"} <= set(result.paths)
    html = result.paths["html"].read_text(encoding="utf-8")
    assert html.lstrip().startswith("<!DOCTYPE html>") and "<svg" in html
    report = result.paths["report"].read_text(encoding="utf-8")
    assert "## Item analysis" in report
    # the items CSV is the analysis of the matrix, as computed by hand from the answers
    parts = [Part("Q1", "a", "C1", "t1", 2.0, (Trap("halved", "feedback for halved"),)),
             Part("Q1", "b", "C1", "t1", 2.0, ()), Part("Q2", "a", "C6", "t2", 1.0, ())]
    right, wrong, trapped, missing = (Verdict("correct", 2.0, ""), Verdict("incorrect", 0.0, ""),
                                      Verdict("incorrect", 0.0, "halved"), Verdict("missing", 0.0, ""))
    one = Verdict("correct", 1.0, "")
    students = [Student("s1", "Ada", [right, right, one]), Student("s2", "Bo", [trapped, right, wrong]),
                Student("s3", "Cy", [trapped, Verdict("blank", 0.0, ""), missing]),
                Student("../s4", "Di", [right, missing, missing]), Student("..\\s4", "Ed", [right, missing, missing])]
    expected = items_csv(analyse(parts, students))
    assert result.paths["items"].read_bytes().decode("utf-8") == expected   # byte for byte: CRLF too
    rows = {(r[0], r[1], r[2], r[5]): r for r in read_csv(result.paths["items"])}
    assert rows[("part", "Q1", "a", "")][13] == "0.600"           # facility: 3 of 5 right
    assert rows[("trap", "Q1", "a", "halved")][16] == "0.400"     # 2 of 5 fell into the trap


def test_no_html_skips_the_page_only(tmp_path):
    result = quizgen.grade(write(tmp_path, small_key()), key=tmp_path / "key.json",
                           outputs=GradeOutputs(html=False))
    assert "html" not in result.paths and not (tmp_path / "answers-graded-report.html").exists()
    assert result.paths["items"].exists()


@pytest.mark.slow
def test_lms_gradebooks_use_a_decimal_point_whatever_the_answers_used(tmp_path):
    """Moodle's and Canvas's keep their import format; the plain one, which no LMS reads, is written
    as the answers file was (its ; here; review 47b F7)."""
    rows = [r[:4] + (r[4].replace(".", ","),) for r in ANSWERS]
    answers = write(tmp_path, small_key(), rows, delimiter=";")
    (tmp_path / "canvas.csv").write_text(
        "Student,ID,SIS User ID,SIS Login ID,Section,Quiz 1 (7),Quiz 2 (8)\n"
        "    Points Possible,,,,,5,5\nAda,101,s1,ada,A,,4.5\nBo,102,s2,bo,A,,\nZoe,103,s9,zoe,A,1,2\n",
        encoding="utf-8")
    runner = CliRunner()
    for lms, extra in (("plain", []), ("moodle", ["--gradebook-key", "email"]),
                       ("canvas", ["--gradebook-template", str(tmp_path / "canvas.csv"), "--gradebook-item", "Quiz 1"])):
        result = runner.invoke(main, ["grade", str(answers), "--gradebook", lms, *extra, "--out", f"{tmp_path / lms}/"])
        assert result.exit_code == 0, result.output   # each in its folder: a run removes another gradebook (misc26)
    plain = read_csv(tmp_path / "plain" / "answers-graded-gradebook-plain.csv", delimiter=";")
    assert plain[0] == ["student_id", "name", "score", "max", "percent"]
    assert plain[1] == ["s1", "Ada", "5", "5", "100"] and plain[3][2:] == ["0", "5", "0"]
    moodle = read_csv(tmp_path / "moodle" / "answers-graded-gradebook-moodle.csv")
    assert moodle[0] == ["Email address", "Full name", "answers"] and moodle[2] == ["s2", "Bo", "2"]
    canvas = read_csv(tmp_path / "canvas" / "answers-graded-gradebook-canvas.csv")
    assert [r[5] for r in canvas] == ["Quiz 1 (7)", "5", "5", "2", "1"] and {len(r) for r in canvas} == {6}
    assert "not in the Canvas gradebook" in result.output


def test_gradebook_options_are_checked_before_grading(tmp_path):
    answers = write(tmp_path, small_key())
    for outputs in (GradeOutputs(gradebook="canvas"), GradeOutputs(gradebook="excel"),
                    GradeOutputs(gradebook="plain", gradebook_template="x.csv")):
        with pytest.raises(UsageError):
            quizgen.grade(answers, key=tmp_path / "key.json", outputs=outputs)
    assert not (tmp_path / "answers-graded.csv").exists()


@pytest.mark.slow
def test_feedback_sheets_per_student_with_safe_distinct_names(tmp_path):
    result = quizgen.grade(write(tmp_path, small_key()), key=tmp_path / "key.json",
                           outputs=GradeOutputs(feedback=str(tmp_path / "sheets")))
    names = sorted(p.name for p in (tmp_path / "sheets").glob("[!.]*"))
    assert names == ["index.csv", "s1.md", "s2.md", "s3.md", "s4-2.md", "s4.md"]
    assert result.paths["feedback"] == tmp_path / "sheets"
    bo = (tmp_path / "sheets" / "s2.md").read_text(encoding="utf-8")
    assert "# Feedback for s2 (Bo)" in bo and "**2 / 5**" in bo
    assert "| a | 0.25 | incorrect | 0 / 2 | 0.5000 |" in bo
    assert "misconception **halved**: feedback for halved" in bo
    assert "(No worked solution is available for this question.)" in bo and "--bank" not in bo   # said to the instructor
    assert result.warnings == ["feedback sheets: no worked solution for templates t1, t2 (not in the bank): "
                               "grade again with the --bank the paper was made from"]
    assert "| a | 0.5 | correct" in (tmp_path / "sheets" / "s4.md").read_text(encoding="utf-8")


def test_feedback_sheets_never_take_a_windows_device_name():
    assert safe_file_names(["CON", "aux.1", "Com3", "lpt9.x.y", "console", "con_"]) == [
        "CON_-2", "aux_.1", "Com3_", "lpt9_.x.y", "console", "con_"]


def test_safe_file_names():
    assert safe_file_names(["a/b", "a\\b", "..", "", "A_B", "ok.1"]) == ["a_b-2", "a_b-3", "student-2", "student",
                                                                          "A_B", "ok.1"]


@pytest.mark.slow
def test_feedback_sheet_has_the_worked_solution_for_the_students_numbers(tmp_path):
    from quizgen.generation.run import generate

    generate(tmp_path / "quiz", classes="C1", count=1, seed=3)
    key = json.loads((tmp_path / "quiz" / "key.json").read_text(encoding="utf-8"))
    question = key["questions"][0]
    rows = [("s1", "Ada", question["id"], "a", "0.1")]
    quizgen.grade(write(tmp_path, key, rows), key=tmp_path / "key.json",
                  outputs=GradeOutputs(feedback=str(tmp_path / "sheets")))
    sheet = (tmp_path / "sheets" / "s1.md").read_text(encoding="utf-8")
    assert "### Worked solution for the numbers on your paper" in sheet and "**Answers:**" in sheet
    assert "No worked solution" not in sheet


RISKY = ("=cmd|x", "@SUM(1)", "+1+1", "-2-cmd")


@pytest.mark.slow
def test_every_csv_cell_from_a_crafted_key_is_guarded(tmp_path):
    key = small_key(template="@SUM(1)", cls="+C1")   # a code is lower_snake_case (key/checks.py): no formula
    key["questions"][0]["parts"][1]["misconceptions"] = [trap("at_sum", 2.0, "=HYPERLINK(1)")]
    rows = ANSWERS + [("s5", "=evil()", "Q1", "b", "2")]
    (tmp_path / "canvas.csv").write_text("Student,ID,SIS User ID\n=x,1,s1\n", encoding="utf-8")
    runner = CliRunner()
    answers = write(tmp_path, key, rows)
    item = ["--gradebook-item", "@x"]   # the plain gradebook names no item (refused there since round 39)
    for lms, extra in (("plain", []), ("moodle", item),
                       ("canvas", ["--gradebook-template", str(tmp_path / "canvas.csv"), *item])):
        result = runner.invoke(main, ["grade", str(answers), "--gradebook", lms, *extra,
                                      "--out", f"{tmp_path / lms}/"])   # each in its folder, as above
        assert result.exit_code == 0, result.output
    written = sorted(p for p in tmp_path.glob("*/answers-graded*.csv"))
    assert len(written) == 15   # graded, students, questions, items and a gradebook, three times
    seen = set()
    for path in written:
        for row in read_csv(path):
            for cell in row:
                assert not cell.startswith(("=", "@", "+", "\t", "\r")), (path.name, cell)
                assert not (cell.startswith("-") and not cell[1:2].isdigit()), (path.name, cell)
                seen.update(r for r in RISKY if r in cell)
    assert seen >= {"@SUM(1)"}   # the crafted texts were written, guarded


def test_a_gradebook_leaves_out_ids_its_formula_guard_would_change(tmp_path):
    """An id such as -s004 written '-s004 (so that no spreadsheet runs it) is
    one Moodle's import does not know, and it stops the whole file there: the
    row is left out, the instructor told which ids and grades to enter by hand."""
    rows = ANSWERS[:3] + [("-s004", "Di", "Q1", "a", "0.5"), ("+s5", "Ed", "Q1", "a", "0.5")]
    answers = write(tmp_path, small_key(), rows)
    result = CliRunner().invoke(main, ["grade", str(answers), "--gradebook", "moodle"])
    assert result.exit_code == 0, result.output
    moodle = read_csv(tmp_path / "answers-graded-gradebook-moodle.csv")
    assert [r[0] for r in moodle] == ["ID number", "s1"]
    assert ("2 student(s) are left out of the gradebook file, as their ID number starts with = + - or @, which a "
            "spreadsheet could run as a formula, and the leading ' that prevents it would make the import not know "
            "them: -s004 (2), +s5 (2); enter their grades by hand") in " ".join(result.output.split())
    plain = CliRunner().invoke(main, ["grade", str(answers), "--gradebook", "plain"])
    assert "leading '" not in plain.output


def test_percentages_round_a_tie_away_from_zero_as_the_papers_do():
    """Python's format rounds 81.25 (13 of 16) to 81.2; the papers' rule and a
    spreadsheet's ROUND give 81.3."""
    from quizgen.report.formatting import one_place

    assert [one_place(100 * k / 16) for k in (13, 15, 1)] == ["81.3", "93.8", "6.3"]
    assert one_place(100.0) == "100.0" and one_place(0.0) == "0.0"


@pytest.mark.slow
def test_a_moodle_gradebook_of_email_ids_suggests_keying_it_on_email(tmp_path):
    rows = [("ann@uni.edu", "Ann", "Q1", "a", "0.5"), ("bo@uni.edu", "Bo", "Q1", "a", "0.25")]
    answers = write(tmp_path, small_key(), rows)
    result = CliRunner().invoke(main, ["grade", str(answers), "--gradebook", "moodle"])
    assert result.exit_code == 0, result.output
    assert "every student id is an email address" in " ".join(result.output.split())
    keyed = CliRunner().invoke(main, ["grade", str(answers), "--gradebook", "moodle", "--gradebook-key", "email"])
    assert "every student id is an email address" not in keyed.output


def test_a_key_code_with_a_direction_override_is_refused_in_one_line(tmp_path):
    """A hand-edited key's code with U+202E mirrored the report page's status
    lines; a code is lower_snake_case, as the bank's are."""
    answers = write(tmp_path, small_key(code="evil\u202eedoc"), ANSWERS[:1])
    result = CliRunner().invoke(main, ["grade", str(answers)])
    assert result.exit_code == 2
    assert "expected a misconception code in lower_snake_case" in result.stderr and 'got "evil?edoc"' in result.stderr
    assert result.stderr.count("\n") == 1


@pytest.mark.slow
def test_rows_from_an_anonymous_form_are_warned_about(tmp_path):
    """Microsoft Forms writes 'anonymous' for every respondent of an open form:
    graded as one student, later rows superseding earlier, so say so once."""
    rows = [("anonymous", "", "Q1", "a", "0.5"), ("Anonymous", "", "Q1", "a", "0.25"), ("s2", "Bo", "Q1", "a", "0.5")]
    result = CliRunner().invoke(main, ["grade", str(write(tmp_path, small_key(), rows))])
    assert result.exit_code == 0, result.output
    assert "the student id 'anonymous' names no one" in " ".join(result.output.split())
    clean = CliRunner().invoke(main, ["grade", str(write(tmp_path, small_key(), rows[2:]))])
    assert "names no one" not in clean.output
