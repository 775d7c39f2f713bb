"""Session 29 leftovers (left29a): a roster's spreadsheet '.0' named as such,
scientific notation with a decimal comma, --attempt that changed nothing, the
retried note's "and N more", overrides for many unknown ids, dotted times, the
kept gradebook's warning, and the line an LMS answer's CSV-level reason names."""

import pytest
import json

from click.testing import CliRunner

from quizgen.cli import main
from quizgen.marking.student_ids import id_hint, scientific_ids

LONG = ["20231234567890", "20231234567891"]


def _part(letter, value):
    return {"part": letter, "name": letter, "type": "numeric", "points": 2.0, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}


Q1 = {"id": "Q1", "class": "C1", "template": "t1", "points": 4, "parts": [_part("a", 0.5), _part("b", 3.0)]}


def _papers(tmp_path, key_ids):
    students = {sid: {"name": f"N{sid}", "questions": [Q1]} for sid in key_ids}
    path = tmp_path / "key.json"
    path.write_text(json.dumps({"questions": [Q1], "students": students}), encoding="utf-8")
    return path


def _run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


# ---------------------------------------------------------------- 1. ids a spreadsheet mangled

def test_a_roster_ids_point_zero_is_named_as_a_spreadsheets_not_as_leading_zeros(tmp_path):
    key = _papers(tmp_path, ["20231234", "00124"])
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\n20231234,Q1,a,0.5\n", encoding="utf-8")
    (tmp_path / "r.csv").write_text("student_id\n20231234.0\n124\n", encoding="utf-8")
    output = _run("grade", tmp_path / "a.csv", "--key", key, "--roster", tmp_path / "r.csv",
                  "--out", f"{tmp_path / 'out'}/")
    assert ("1 roster id(s) matched a paper's id in key.json once the '.0' a spreadsheet adds to a number-like id "
            "was taken off, and are that student (export the roster's id column as text): 20231234.0 as 20231234"
            ) in output
    assert ("1 roster id(s) matched a paper's id in key.json only by leading zeros, and are that student (check "
            "the roster): 124 as 00124") in output


def test_scientific_notation_with_a_decimal_comma_is_an_id_a_spreadsheet_mangled():
    assert scientific_ids("2,02312E+13", LONG) == LONG == scientific_ids("2.02312E+13", LONG)
    assert id_hint("2,02312E+13", LONG).startswith("a spreadsheet wrote this id in scientific notation")
    assert scientific_ids("2,0,2E+13", LONG) is None


def test_grade_hints_a_decimal_comma_scientific_id_like_a_decimal_point_one(tmp_path):
    key = _papers(tmp_path, [])
    key.write_text(json.dumps({"questions": [Q1]}), encoding="utf-8")
    (tmp_path / "r.csv").write_text("student_id;name\n20231234567890;A\n20231234567891;B\ns1;C\n", encoding="utf-8")
    (tmp_path / "a.csv").write_text("student_id;question_id;part;answer\n2,02312E+13;Q1;a;0,5\ns1;Q1;a;0,5\n",
                                    encoding="utf-8")
    output = _run("grade", tmp_path / "a.csv", "--key", key, "--roster", tmp_path / "r.csv",
                  "--out", f"{tmp_path / 'out'}/")
    assert ("2,02312E+13 (a spreadsheet wrote this id in scientific notation, losing its last digits: export the "
            "id column as text and grade again; did you mean 20231234567890 or 20231234567891?)") in output


# ---------------------------------------------------------------- 2. --attempt that changed nothing; "and N more"

@pytest.mark.slow
def test_attempt_given_on_a_download_of_single_attempts_says_it_changed_nothing(tmp_path):
    from test_lms_attempts27 import RIGHT, WRONG, _moodle

    path, key = _moodle(tmp_path, [("s001", 10, RIGHT), ("s002", 20, WRONG)])
    output = _run("grade", path, "--key", key, "--attempt", "last")
    assert "Note: responses.csv: --attempt last changed nothing: no student had more than one attempt" in output
    assert "--attempt" not in _run("grade", path, "--key", key)   # not given: nothing to say


def test_the_retried_note_names_the_first_few_then_how_many_more():
    from quizgen.lms.attempts import retried_note
    from quizgen.lms.responses import ResponseRow

    rows = [ResponseRow(f"s{n}", "A", 1, 1, "t", "v", "a", "1", tries=2) for n in range(8)]
    (note,) = retried_note("r.csv", rows)
    assert "(s0 Q1 (2 tries), s1 Q1 (2 tries), s2 Q1 (2 tries), s3 Q1 (2 tries), s4 Q1 (2 tries) and 3 more)" in note
    assert ", ..." not in note


# ---------------------------------------------------------------- 3. overrides for many unknown ids

def test_overrides_for_many_unknown_ids_work_out_a_hint_only_for_the_warnings_shown(tmp_path, monkeypatch):
    import quizgen.grading.students as students_module

    calls = []
    real = students_module.id_hint
    monkeypatch.setattr(students_module, "id_hint", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    key = _papers(tmp_path, [f"{2300000 + n * 7}" for n in range(50)])
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\n2300000,Q1,a,0.5\n", encoding="utf-8")
    (tmp_path / "o.csv").write_text("student_id,question_id,part,score\n"
                                    + "".join(f"{2400000 + n * 3},Q1,a,1\n" for n in range(300)), encoding="utf-8")
    output = _run("grade", tmp_path / "a.csv", "--key", key, "--overrides", tmp_path / "o.csv",
                  "--out", f"{tmp_path / 'out'}/")
    assert ("o.csv: line 2: 2400000 has no paper in key.json (did you mean 2300000 or 2300007 or 2300070?), so the "
            "override for Q1 (a) cannot grade it; correct the id") in output
    assert "and 290 more warning(s) like these" in output
    assert len(calls) <= 10   # one per warning shown, not one per override


# ---------------------------------------------------------------- 4. times written with dots

def test_a_clock_written_with_dots_after_a_date_is_read():
    from datetime import datetime

    from quizgen.grading.time_text import read_time

    assert read_time("3.12.2026 10.00.00", True) == (datetime(2026, 12, 3, 10, 0), False)
    assert read_time("03.12.2026 9.59", True) == (datetime(2026, 12, 3, 9, 59), False)
    assert read_time("3.12.2026 10.00.00 +02:00", True) == (datetime(2026, 12, 3, 8, 0), True)


def test_a_dotted_clock_alone_is_no_time_rather_than_a_date():
    import pytest

    from quizgen.grading.time_text import Unread, read_time

    with pytest.raises(Unread, match="cannot be told apart"):
        read_time("10.05.30", True)   # was 10 May 2030


def _stamped(tmp_path, stamps):
    key = _papers(tmp_path, [])
    key.write_text(json.dumps({"questions": [Q1]}), encoding="utf-8")
    rows = "".join(f"{stamp},s1,Q1,a,{answer}\n" for stamp, answer in stamps)
    (tmp_path / "t.csv").write_text("Timestamp,student_id,question_id,part,answer\n" + rows, encoding="utf-8")
    output = _run("grade", tmp_path / "t.csv", "--key", key, "--out", f"{tmp_path / 'out'}/")
    graded = (tmp_path / "out" / "t-graded.csv").read_text(encoding="utf-8-sig").splitlines()
    return output, {line.split(",")[4]: line.split(",")[5] for line in graded[1:]}


def test_grade_orders_resubmissions_by_dotted_times(tmp_path):
    output, status = _stamped(tmp_path, [("3.12.2026 10.05.00", "0.5"), ("3.12.2026 9.59.00", "0.7")])
    assert status == {"0.5": "correct", "0.7": "superseded"}
    assert "the answer with the latest 'Timestamp' was graded" in output


def test_grade_never_orders_dotted_clocks_alone_as_dates(tmp_path):
    output, status = _stamped(tmp_path, [("10.05.30", "0.7"), ("10.06.00", "0.5")])
    assert status == {"0.7": "superseded", "0.5": "correct"}   # the row order decides, and the note says why
    assert ("line 2: '10.05.30' is not a time (written as a time of day alone or as a date with a two-digit year "
            "and no time, which cannot be told apart: write the date with its time)") in output


# ---------------------------------------------------------------- 5. the kept gradebook's warning told true

def test_a_kept_email_keyed_gradebook_never_calls_students_this_run_grades_not_graded(tmp_path):
    key = _papers(tmp_path, [])
    key.write_text(json.dumps({"questions": [Q1]}), encoding="utf-8")
    answers = tmp_path / "ans.csv"
    answers.write_text("student_id,question_id,part,answer\ns3,Q1,a,0.5\ns4,Q1,a,0.7\n", encoding="utf-8")
    _run("grade", answers, "--key", key, "--gradebook", "moodle", "--gradebook-key", "email", "--out", f"{tmp_path}/o/")
    answers.write_text("student_id,question_id,part,answer\ns3,Q1,a,0.5\ns4,Q1,a,0.7\na@uni.edu,Q1,a,0.5\n",
                       encoding="utf-8")
    output = _run("grade", answers, "--key", key, "--out", f"{tmp_path}/o/")
    assert "listing 2 student(s) this run grades but would not write to it (s3, s4), with grades" in output
    assert "this run does not grade" not in output


def test_a_kept_gradebook_still_names_the_students_this_run_does_not_grade(tmp_path):
    key = _papers(tmp_path, [])
    key.write_text(json.dumps({"questions": [Q1]}), encoding="utf-8")
    answers = tmp_path / "ans.csv"
    answers.write_text("student_id,question_id,part,answer\ns3,Q1,a,0.5\ns4,Q1,a,0.7\n", encoding="utf-8")
    _run("grade", answers, "--key", key, "--gradebook", "moodle", "--out", f"{tmp_path}/o/")
    answers.write_text("student_id,question_id,part,answer\ns3,Q1,a,0.7\n", encoding="utf-8")
    output = _run("grade", answers, "--key", key, "--out", f"{tmp_path}/o/")
    assert "listing 1 student(s) this run does not grade (s4), with grades" in output


# ---------------------------------------------------------------- 6. an LMS answer of many lines

@pytest.mark.slow
def test_an_lms_answer_of_too_many_lines_is_placed_at_the_downloads_line(tmp_path):
    from test_lms_attempts27 import RIGHT, WRONG, _moodle

    many = "\n".join(["0.0198"] * 25)
    path, key = _moodle(tmp_path, [("s001", 10, RIGHT), ("s002", 20, (many, "3.92", "0.0200")), ("s003", 30, WRONG)])
    _run("grade", path, "--key", key)
    graded = (tmp_path / "responses-graded.csv").read_text(encoding="utf-8-sig")
    (row,) = [line for line in graded.splitlines() if line.startswith("s002,") and ",a," in line]
    assert ("line 3 of the download: the answer runs over 25 lines (a record may span at most 20): the row is not "
            "graded; grade this answer by hand (an override) or shorten the cell") in row


def test_download_reason_puts_the_downloads_line_for_the_built_files():
    from quizgen.lms.row_checks import download_reason

    assert download_reason("line 7: the answer is 12 characters long", "line 2 of the download") == \
        "line 2 of the download: the answer is 12 characters long"


def test_a_kept_gradebooks_point_zero_ids_are_named_as_a_spreadsheets(tmp_path):
    key = _papers(tmp_path, [])
    key.write_text(json.dumps({"questions": [Q1]}), encoding="utf-8")
    answers = tmp_path / "ans.csv"
    answers.write_text("student_id,question_id,part,answer\n20231234,Q1,a,0.5\n0123,Q1,a,0.7\n", encoding="utf-8")
    _run("grade", answers, "--key", key, "--gradebook", "moodle", "--out", f"{tmp_path}/o/")
    (tmp_path / "o" / "ans-graded-gradebook-moodle.csv").write_text(   # saved again by a spreadsheet
        "ID number,Full name,ans\r\n20231234.0,,1\r\n123.0,,0\r\ns9,,1\r\n", encoding="utf-8")
    output = _run("grade", answers, "--key", key, "--out", f"{tmp_path}/o/")
    assert ("listing 1 student(s) this run does not grade (s9) and 2 id(s) matching this run's once the '.0' a "
            "spreadsheet adds is taken off (20231234.0, 123.0), with grades") in output
