"""fix57l: review rev57b's LMS findings. F1: a student with a finished Moodle
attempt and a later one still open is held back as one whose only attempt is
open (no sheet, no LMS gradebook row, the held notes name them)."""

import csv
import io

import pytest

from lms_support import exported_download, moodle_csv

GRADES_HEADER = "First name,Last name,ID number,Email address,State,Started on,Completed,Duration,Grade/10.00\n"


def _notes(output: str) -> list:
    return [" ".join(line.split()) for line in output.splitlines() if line.startswith("Note")]


def _book_ids(path) -> list:
    return [row[0] for row in list(csv.reader(path.open(encoding="utf-8-sig")))[1:]]


@pytest.fixture
def reopened(tmp_path, invoke):
    """A Moodle download of s000 and s001 (Finished) where s000 has a second
    attempt, still open, started after the first."""
    header, *rows = exported_download(invoke, tmp_path, "C1", 2, 2)
    started = header.index("Started on")
    rows[0][started] = rows[1][started] = "6 December 2026  9:07 AM"
    again = list(rows[0])
    again[header.index("State")], again[started] = "In progress", "6 December 2026  12:00 PM"
    (tmp_path / "responses.csv").write_text(moodle_csv(header, rows + [again]), encoding="utf-8")
    (tmp_path / "grades.csv").write_text(
        GRADES_HEADER + "Test,S0,s000,s0@example.org,Finished,x,x,x,5.00\n"
        "Test,S0,s000,s0@example.org,In progress,x,-,-,-\nTest,S1,s001,s1@example.org,Finished,x,x,x,5.00\n",
        encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("roster", [False, True])
@pytest.mark.slow
def test_a_later_attempt_still_open_holds_back_the_sheet_and_the_gradebook_row(reopened, invoke, roster):
    extra = ["--roster", reopened / "grades.csv"] if roster else []
    notes = held_back(reopened, invoke, *extra)
    assert not any("graded from an attempt Moodle shows as not submitted" in n for n in notes), notes


def held_back(folder, invoke, *extra) -> list:
    """Grade ``folder``'s download with feedback sheets and a Moodle gradebook, and check that s000 is
    held back (no sheet, no gradebook row, named in both notes) and s001 not; the summary's notes."""
    run = invoke("grade", folder / "responses.csv", "--key", folder / "questions-key.json", "--feedback",
                 folder / "fb", "--gradebook", "moodle", "--out", folder / "out", *extra)
    assert run.exit_code == 0, run.output
    assert (folder / "fb" / "s001.md").exists() and not (folder / "fb" / "s000.md").exists()
    assert _book_ids(folder / "out" / "responses-graded-gradebook-moodle.csv") == ["s001"]
    notes = _notes(run.output)
    assert any("get no feedback sheet" in n and "s000 (In progress, after a finished attempt)" in n
               for n in notes), notes
    assert any("whose Moodle attempt is still open" in n and n.endswith("s000; grade again once the quiz is closed")
               for n in notes), notes
    graded = {r["student_id"] for r in csv.DictReader((folder / "out" / "responses-graded.csv").open(
        encoding="utf-8-sig"))}
    assert graded == {"s000", "s001"}   # the finished attempt is graded: the class's own files have it
    return notes


@pytest.mark.slow
def test_the_open_attempt_is_kept_in_the_built_key_and_holds_on_regrading(reopened, invoke):
    import json

    assert invoke("grade", reopened / "responses.csv", "--key", reopened / "questions-key.json",
                  "--out", reopened / "out").exit_code == 0
    key = json.loads((reopened / "out" / "responses-key.json").read_text(encoding="utf-8"))
    assert key["students"]["s000"]["open_attempt"] == "In progress" and "open_attempt" not in key["students"]["s001"]
    run = invoke("grade", reopened / "out" / "responses-answers.csv", "--key", reopened / "out" / "responses-key.json",
                 "--gradebook", "moodle", "--feedback", reopened / "fb2", "--out", reopened / "out2")
    assert run.exit_code == 0, run.output
    assert not (reopened / "fb2" / "s000.md").exists()
    assert _book_ids(reopened / "out2" / "responses-answers-graded-gradebook-moodle.csv") == ["s001"]


def test_a_keys_open_attempt_is_read_and_another_value_refused():
    from quizgen.errors import InputFileError
    from quizgen.key.model import read_key

    question = {"id": "Q1", "parts": [{"part": "a", "value": 1, "points": 1}]}
    key = {"questions": [question], "students": {"s1": {"questions": [question], "open_attempt": "Overdue"}}}
    assert read_key(key).papers[0].open_attempt == "Overdue"
    key["students"]["s1"]["open_attempt"] = "Finished"
    with pytest.raises(InputFileError, match=r"open_attempt: expected one of 'In progress', 'Overdue', .*got 'Finished'"):
        read_key(key)


# ---------------------------------------------------------------- F3: the quiz's maximum kept for regrading

@pytest.fixture
def graded_once(tmp_path, invoke):
    """A Moodle download of three students graded with a Moodle gradebook into out/, the quiz's maximum
    grade 20 (the paper's points: 10)."""
    header, *rows = exported_download(invoke, tmp_path, "C1,C7", 2, 3)
    header[header.index("Grade/10.00")] = "Grade/20.00"
    (tmp_path / "responses.csv").write_text(moodle_csv(header, rows), encoding="utf-8")
    run = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json",
                 "--gradebook", "moodle", "--out", tmp_path / "out")
    assert run.exit_code == 0, run.output
    return tmp_path


def _grades(path) -> dict:
    return {row[0]: row[2] for row in list(csv.reader(path.open(encoding="utf-8-sig")))[1:]}


@pytest.mark.slow
def test_regrading_the_built_answers_scales_the_moodle_gradebook_as_the_download_did(graded_once, invoke):
    import json

    key = json.loads((graded_once / "out" / "responses-key.json").read_text(encoding="utf-8"))
    assert key["moodle_maximum"] == "20.00"
    (graded_once / "ov.csv").write_text("student_id,question_id,part,share\ns000,Q1,a,1\n", encoding="utf-8")
    first = invoke("grade", graded_once / "responses.csv", "--key", graded_once / "questions-key.json",
                   "--gradebook", "moodle", "--overrides", graded_once / "ov.csv", "--out", graded_once / "out")
    assert first.exit_code == 0, first.output
    run = invoke("grade", graded_once / "out" / "responses-answers.csv", "--key", graded_once / "out" / "responses-key.json",
                 "--gradebook", "moodle", "--overrides", graded_once / "ov.csv", "--out", graded_once / "out2")
    assert run.exit_code == 0, run.output
    first = _grades(graded_once / "out" / "responses-graded-gradebook-moodle.csv")
    again = _grades(graded_once / "out2" / "responses-answers-graded-gradebook-moodle.csv")
    assert again == first and float(again["s000"]) > 0 and float(again["s000"]) % 1 == 0.0   # points 2.5 -> 5, say
    assert "scaled to the quiz's maximum grade in Moodle, 20" in " ".join(run.output.split())


@pytest.mark.slow
def test_an_older_built_key_without_the_maximum_says_its_grades_are_points(graded_once, invoke):
    import json

    path = graded_once / "out" / "responses-key.json"
    key = json.loads(path.read_text(encoding="utf-8"))
    del key["moodle_maximum"]   # as a quizgen before round 57 wrote it
    path.write_text(json.dumps(key), encoding="utf-8")
    run = invoke("grade", graded_once / "out" / "responses-answers.csv", "--key", path, "--gradebook", "moodle",
                 "--out", graded_once / "out2")
    assert run.exit_code == 0, run.output
    said = " ".join(run.output.split())
    assert ("the grades in the Moodle gradebook file are the paper's points (of 10), not scaled to the quiz's "
            "maximum grade in Moodle: responses-key.json keeps no such maximum") in said, said
    assert "grade the Moodle download itself again" in said
    assert "(built by an older quizgen, or from a download without its 'Grade/...' column)" in said, said


def test_a_keys_moodle_maximum_is_read_and_a_bad_one_refused():
    from quizgen.errors import InputFileError
    from quizgen.key.model import read_key

    question = {"id": "Q1", "parts": [{"part": "a", "value": 1, "points": 1}]}
    assert read_key({"questions": [question], "moodle_maximum": "7.50"}).moodle_maximum == "7.50"
    for bad in ("0", "ten", "-1", "1e3", 10):
        with pytest.raises(InputFileError, match="moodle_maximum: expected"):
            read_key({"questions": [question], "moodle_maximum": bad})


# ---------------------------------------------------------------- F7: a spreadsheet's re-save drops trailing zeros

def _one_number_download(folder, invoke, typed_as, started: str, delimiter: str = ",", sep: bool = False,
                         grade: str = "1.00") -> None:
    """responses.csv: an export of C4 (a one-number question); each student given a variant whose right
    answer, as Moodle shows it, ends in a zero (1.50, ...) types it as ``typed_as`` makes it; s009 types
    1.1 for 1.11 (rounded too early, whatever saved the file). Every grade is ``grade`` (a spreadsheet's
    save writes Moodle's 1.00 as 1)."""
    from lxml import etree

    from lms_support import question_summary

    assert invoke("export", "moodle", "--classes", "C4", "--count", 20, "--seed", "fix57l-zeros-seed-1",
                  "--out", folder / "questions.xml").exit_code == 0
    questions = [q for q in etree.parse(str(folder / "questions.xml")).getroot() if q.get("type") == "numerical"]
    right = {q.find("answer").findtext("text"): q for q in questions}
    zeros = [a for a in right if a.endswith("0")][:3]
    header = ["Last name", "First name", "ID number", "Email address", "State", "Started on", "Completed",
              "Duration", "Grade/10.00", "Question 1", "Response 1"]
    rows = [["L", "F", f"s00{n}", f"s{n}@x.org", "Finished", started, started, "5 mins", grade,
             question_summary(right[a].findtext("questiontext/text")), typed_as(a)] for n, a in enumerate(zeros)]
    rows.append(["L", "F", "s009", "s9@x.org", "Finished", started, started, "5 mins", grade,
                 question_summary(right["1.11"].findtext("questiontext/text")), typed_as("1.1")])
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\n").writerows([header] + rows)
    (folder / "responses.csv").write_text(("sep=;\n" if sep else "") + out.getvalue(), encoding="utf-8")


def _verdicts(folder) -> dict:
    graded = folder / "out" / "responses-graded.csv"
    text = graded.read_text(encoding="utf-8-sig")
    return {r["student_id"]: (r["answer"], r["status"]) for r in csv.DictReader(
        io.StringIO(text), delimiter=";" if text.split("\n")[0].count(";") > 1 else ",")}


def _dropped(answer: str) -> str:
    return answer.rstrip("0").rstrip(".")


@pytest.mark.parametrize("how", ["german", "grades"])
@pytest.mark.slow
def test_a_resaved_download_keeps_the_marks_of_an_answer_whose_trailing_zeros_were_dropped(tmp_path, invoke, how):
    if how == "german":   # German Excel: sep= line, ';', decimal commas
        _one_number_download(tmp_path, invoke, lambda a: _dropped(a).replace(".", ","), "06.12.2026 09:07", ";", True,
                             grade="1")
    else:   # a ','-separated save whose grades (and dates) a spreadsheet rewrote
        _one_number_download(tmp_path, invoke, _dropped, "06.12.2026 09:07", grade="1")
    run = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json", "--feedback",
                 tmp_path / "fb", "--out", tmp_path / "out")
    assert run.exit_code == 0, run.output
    verdicts = _verdicts(tmp_path)
    assert {verdicts[s][1] for s in ("s000", "s001", "s002")} == {"correct"}, verdicts
    assert verdicts["s009"][1] == "imprecise"   # 1.1 for 1.11 is no zero dropped: still rounded too early
    said = " ".join(run.output.split())
    assert ("3 answer(s) to one-number questions are the right answer with the zeros at its end left off" in said
            and "grade the download as Moodle wrote it" in said), said
    sheet = (tmp_path / "fb" / "s000.md").read_text(encoding="utf-8")
    assert "the figures typed could not be checked" in sheet


@pytest.mark.parametrize("started, delimiter", [("6 December 2026  9:07 AM", ","), ("06/12/2026, 09:07", ","),
                                                ("2026-12-06 09:07", ","), ("06.12.2026 09:07", ";")])
@pytest.mark.slow
def test_a_download_with_no_sign_of_a_resave_keeps_the_strict_rule(tmp_path, invoke, started, delimiter):
    """A site's own date format is no sign (review 57c F2: 2.1 for 2.10 scored on a genuine download dated
    06/12/2026); a grade kept as 1.00 shows the numbers are Moodle's, even in a ';' file."""
    _one_number_download(tmp_path, invoke, _dropped, started, delimiter)
    run = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json", "--out", tmp_path / "out")
    assert run.exit_code == 0, run.output
    assert {status for _, status in _verdicts(tmp_path).values()} == {"imprecise"}
    assert "zeros at its end left off" not in run.output


def test_a_keys_answers_rounded_by_spreadsheet_is_read():
    from quizgen.errors import InputFileError
    from quizgen.key.model import read_key

    question = {"id": "Q1", "parts": [{"part": "a", "value": 1, "points": 1}]}
    assert read_key({"questions": [question], "answers_rounded_by": "spreadsheet"}).rounded_by == "spreadsheet"
    with pytest.raises(InputFileError, match='expected "canvas" or "spreadsheet"'):
        read_key({"questions": [question], "answers_rounded_by": "excel"})


# ---------------------------------------------------------------- F2: no false "gives ... 0" note

@pytest.mark.slow
def test_ids_that_lost_their_zeros_get_no_false_zero_note(tmp_path, invoke):
    header, *rows = exported_download(invoke, tmp_path, "C1", 2, 2)
    ident = header.index("ID number")
    for n, row in enumerate(rows, start=1):
        row[ident] = str(n)   # 00001 saved by a spreadsheet as 1
    never = ["Babbage", "Charles", "3", "cb@example.org"] + ["-"] * (len(header) - 4)
    (tmp_path / "responses.csv").write_text(moodle_csv(header, rows + [never]), encoding="utf-8")
    (tmp_path / "roster.csv").write_text("ID number,Full name\n00001,Test S0\n00002,Test S1\n00003,Charles Babbage\n",
                                         encoding="utf-8")
    run = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json", "--roster",
                 tmp_path / "roster.csv", "--gradebook", "moodle", "--out", tmp_path / "out")
    assert run.exit_code == 0, run.output
    assert _book_ids(tmp_path / "out" / "responses-graded-gradebook-moodle.csv") == ["00001", "00002"]
    said = " ".join(run.output.split())
    assert "whose Moodle attempt is still open, or who have none" in said
    assert "the Moodle gradebook gives 0 to" not in said, said


# ---------------------------------------------------------------- F4: Canvas's Test Student

@pytest.mark.slow
def test_canvas_test_student_is_left_out_of_the_class_with_a_note(tmp_path, invoke):
    from pathlib import Path

    lines = (Path(__file__).parent / "data" / "lms" / "canvas_student_analysis.csv").read_text(
        encoding="utf-8").splitlines()
    test = lines[1].replace("Ada Lovelace,501,s001,", "Test Student,999,,")
    (tmp_path / "analysis.csv").write_text("\n".join(lines + [test]) + "\n", encoding="utf-8")
    run = invoke("grade", tmp_path / "analysis.csv", "--feedback", tmp_path / "fb", "--out", tmp_path / "out")
    assert run.exit_code == 0, run.output
    graded = {r["student_id"] for r in csv.DictReader((tmp_path / "out" / "analysis-graded.csv").open(
        encoding="utf-8-sig"))}
    assert graded == {"s001", "502"} and not (tmp_path / "fb" / "999.md").exists()
    said = " ".join(run.output.split())
    assert (f"Note: analysis.csv: Canvas's Test Student (Canvas id 999: a teacher's Student View, no student) on "
            f"row {len(lines)} after the header is left out of the class; it is graded in no output") in said, said


# ---------------------------------------------------------------- F5: a report downloaded as JSON or HTML

@pytest.mark.parametrize("text", [
    '[[{"Last name": "Lovelace", "First name": "Ada", "ID number": "s001", "State": "Finished",\n'
    '"Started on": "6 December 2026  9:07 AM", "Response 1": "0.5"}]]\n',
    '[[{"Last name": "Lovelace", "Started on": "6 December 2026  9:07 AM", "Grade/10.00": "5.00"}]]',
    '\ufeff<table><thead><tr><th>Last name</th><th>Response 1</th></tr></thead></table>\n',
    "<!DOCTYPE html>\n<html><body><table><tr><th>Last name</th></tr></table></body></html>\n",
])
@pytest.mark.parametrize("keyed", [False, True])
def test_a_report_downloaded_as_json_or_html_is_told_to_download_csv(tmp_path, invoke, text, keyed):
    import json

    (tmp_path / "responses.txt").write_text(text, encoding="utf-8")
    (tmp_path / "questions-key.json").write_text(json.dumps({"format": "quizgen-lms-export-key", "lms": "moodle"}),
                                                 encoding="utf-8")
    key = ["--key", tmp_path / "questions-key.json"] if keyed else []
    run = invoke("grade", tmp_path / "responses.txt", *key, "--out", tmp_path / "out")
    assert run.exit_code == 2 and len(run.stderr.strip().splitlines()) == 1, run.output
    assert 'download it again as "Comma separated values (.csv)"' in run.stderr, run.stderr
    assert "language" not in run.stderr and "no attempt" not in run.stderr
    assert not (tmp_path / "out").exists()


# ---------------------------------------------------------------- F6: a binary minus between spaced operands

@pytest.mark.parametrize("plain, shown", [
    ("This adds both terms of the cross-entropy, -ln p_hat - ln(1 - p_hat).",
     "This adds both terms of the cross-entropy, \u2212ln p\u0302 \u2212 ln(1 \u2212 p\u0302)."),
    ("a - b, f(x) - 1, z_k - z_1, (1 - r) - (1 - q)", "a \u2212 b, f(x) \u2212 1, z_k \u2212 z_1, (1 \u2212 r) \u2212 (1 \u2212 q)"),
    ("the loss - which is larger - is the cross-entropy", "the loss - which is larger - is the cross-entropy"),   # a dash
    ("the next-sentence loss, e^(-s), L_MLM", "the next-sentence loss, e^(-s), L_MLM"),
])
def test_a_binary_minus_between_spaced_operands_is_a_minus_sign(plain, shown):
    from quizgen.lms.html import feedback_text, shown_maths

    assert shown_maths(plain) == shown
    assert "\u2212ln p\u0302 \u2212 ln(1 \u2212 p\u0302)" in feedback_text(
        "This adds both terms of the cross-entropy, -ln p_hat - ln(1 - p_hat).")


def test_the_minus_rule_reads_a_long_run_in_linear_time():
    import time

    from quizgen.lms.html import shown_maths

    start = time.process_time()   # CPU seconds: a busy machine does not move them as it moves the wall clock
    shown_maths("a" * 50_000 + " - " + "1 - " * 20_000)
    assert time.process_time() - start < 0.5


# ---------------------------------------------------------------- F8: ids differing only in Unicode form

@pytest.mark.slow
def test_two_ids_differing_only_in_unicode_form_are_refused_showing_the_difference(tmp_path, invoke):
    run = two_ids_graded(tmp_path, invoke, "\u00e91", "e\u03011")
    assert ("the same letters in two Unicode forms ('\u00e91' is U+00E9 U+0031, 'e\u03011' is U+0065 U+0301 U+0031)"
            in run.stderr), run.stderr
    assert "ignoring case and spaces" not in run.stderr


def two_ids_graded(folder, invoke, first: str, second: str):
    """Grade a Moodle download whose two students' ID numbers are ``first`` and ``second``,
    refused in one line; the run."""
    header, *rows = exported_download(invoke, folder, "C1", 2, 2)
    rows[0][header.index("ID number")], rows[1][header.index("ID number")] = first, second
    (folder / "responses.csv").write_text(moodle_csv(header, rows), encoding="utf-8")
    run = invoke("grade", folder / "responses.csv", "--key", folder / "questions-key.json", "--out", folder / "o")
    assert run.exit_code == 2 and len(run.stderr.strip().splitlines()) == 1, run.output
    return run


def test_ids_one_by_case_are_still_said_so():
    from quizgen.marking.student_ids import why_one_id

    assert why_one_id("S001", "s001") == "ids are compared ignoring case and spaces"
    assert why_one_id("s\u0660\u0660\u0661", "s001").endswith("both are read as 's001'")


def test_a_roster_and_a_key_show_two_unicode_forms_of_one_id_by_their_code_points():
    from quizgen.errors import InputFileError
    from quizgen.grading.students import one_paper_each
    from quizgen.roster import parse_roster

    with pytest.raises(InputFileError, match=r"line 3: student_id 'e\u03011' repeats line 2 \(the same letters in "
                                             r"two Unicode forms \('\u00e91' is U\+00E9 U\+0031, 'e\u03011' is "
                                             r"U\+0065 U\+0301 U\+0031\), as a keyboard or a copy from a PDF "
                                             r"can give them\)"):
        parse_roster("student_id,name\n\u00e91,A\ne\u03011,B\n", "r.csv")
    assert "two Unicode forms" in str(one_paper_each(["\u00e91", "e\u03011"], "key.json"))
