"""A Moodle Responses download made with "Which tries" = all tries (a row per
try, mod/quiz/report/responses/first_or_all_responses_table.php: an empty
State on every row of an attempt but its last, the Email address on the first
only, ``-`` for a question with no try on that row) grades as the last-try
download; and a download whose Started on a spreadsheet rewrote
(``30.11.2026 15:43``) still orders the attempts."""

import csv
import io
from pathlib import Path

import pytest

from quizgen.lms.responses import read_responses

DATA = Path(__file__).parent / "data" / "lms"
Q1_RIGHT = "part 1: 0.4256; part 2: 0.8544; part 3: 0.5544"


def _table():
    rows = list(csv.reader(io.StringIO((DATA / "moodle_responses.csv").read_text(encoding="utf-8"))))
    return rows[0], rows[1:]


def _set(header, row, **cells):
    row = list(row)
    for name, value in cells.items():
        row[header.index(name.replace("_", " "))] = value
    return row


def _write(path, header, rows):
    out = io.StringIO()
    csv.writer(out).writerows([header] + rows)
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


def _last_and_all_tries(tmp_path):
    """The same answers downloaded with last tries, and with all tries: Ada's
    second attempt and Alan's (no ID number: named by email, which Moodle
    writes on the first try's row only) each in two tries, the later try
    answering Q1 again and showing ``-`` for Q2."""
    header, (ada1, ada2, alan) = _table()
    ada_try1 = _set(header, ada2, State="", Response_2="1,1706", **{"Grade/6.00": ""})
    alan_try1 = _set(header, alan, State="", **{"Grade/6.00": ""})
    alan_try2 = _set(header, alan, Email_address="", Response_1=Q1_RIGHT, Response_2="-")
    last = _write(tmp_path / "last.csv", header, [
        ada1, _set(header, ada2, Response_2="1,1706"), _set(header, alan, Response_1=Q1_RIGHT)])
    every = _write(tmp_path / "all.csv", header, [ada1, ada_try1, _set(header, ada2, Email_address=""),
                                                   alan_try1, alan_try2])
    return last, every


@pytest.mark.slow
def test_an_all_tries_download_grades_as_the_last_tries_one(tmp_path, invoke):
    last, every = _last_and_all_tries(tmp_path)
    for path in (last, every):
        result = invoke("grade", path)
        assert result.exit_code in (0, 1), result.output
        assert "name no student" not in result.output
    graded = [_without_download_lines(tmp_path / f"{stem}-graded.csv") for stem in ("last", "all")]
    assert graded[0] == graded[1]
    students = (tmp_path / "all-graded-students.csv").read_text(encoding="utf-8-sig")
    assert "alan@example.org,Alan Turing,8,10,80.0,3,0,0,1," in students   # Q1 right in his last try; Q2 his first's


def _without_download_lines(path) -> list:
    """The rows of a graded.csv without its download_line column (the two downloads' lines differ)."""
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"))))
    column = rows[0].index("download_line")
    return [row[:column] + row[column + 1:] for row in rows]


def test_each_question_counts_its_latest_try_and_a_dash_takes_nothing_back(tmp_path):
    _, every = _last_and_all_tries(tmp_path)
    rows = read_responses(every).rows
    alan = [(r.slot, r.part, r.answer, r.row) for r in rows if r.student_id == "alan@example.org"]
    assert alan == [(1, "a", "0.4256", 5), (1, "b", "0.8544", 5), (1, "c", "0.5544", 5), (2, "a", "0.8746", 4)]
    assert {r.attempt for r in rows if r.student_id == "s001"} == {1, 2}


def test_a_try_row_out_of_its_attempt_is_refused_in_one_line(tmp_path, invoke):
    """Sorted again, a try's row no longer stands before its attempt's next: the tries cannot be told apart."""
    header, (ada1, ada2, alan) = _table()
    path = _write(tmp_path / "sorted.csv", header, [_set(header, ada2, State=""), alan, ada1])
    result = invoke("grade", path)
    assert result.exit_code == 2
    message = result.output.strip()
    assert message.count("\n") == 0 and "Traceback" not in message
    assert "row 1 has an empty State" in message and "'Which tries' = 'last try'" in message


@pytest.mark.parametrize("first, second", [
    ("30.11.2026 15:43", "30.11.2026 16:05"),            # Excel, German
    ("2026-11-30 15:43", "2026-11-30 16:05"),            # ISO
    ("30/11/2026 15:43", "30/11/2026 16:05"),            # day first, told by the 30
    ("11/30/2026 3:43 PM", "11/30/2026 4:05 PM"),        # month first, told by the 30
    ("03/04/2026 15:43", "04/04/2026 15:43"),            # either way round, the same order
], ids=["dotted", "iso", "day-first", "month-first", "same-either-way"])
def test_a_spreadsheets_start_times_order_the_attempts(tmp_path, first, second):
    """Sorted by grade, Ada's later attempt comes first in the file; its start still makes it her attempt 2."""
    header, (ada1, ada2, alan) = _table()
    path = _write(tmp_path / "resaved.csv", header, [
        _set(header, ada2, Started_on=second), _set(header, ada1, Started_on=first), alan])
    read = read_responses(path)
    rows = read.rows
    assert read.unordered == []
    latest = [(r.part, r.answer) for r in rows if r.student_id == "s001" and r.attempt == 2]
    assert latest[:2] == [("a", "0.5744"), ("b", "-ln(0.5744)")]


@pytest.mark.slow
def test_dates_that_read_both_ways_in_other_orders_are_named_with_the_likely_cause(tmp_path, invoke):
    """03/04 and 02/05: March before February, or April before May; the file's order is graded, and said so."""
    header, (ada1, ada2, alan) = _table()
    path = _write(tmp_path / "resaved.csv", header, [
        _set(header, ada1, Started_on="03/04/2026 15:43"), _set(header, ada2, Started_on="02/05/2026 15:43"), alan])
    result = invoke("grade", path)
    assert result.exit_code in (0, 1), result.output
    said = " ".join(result.output.split())
    assert "1 student(s) have several attempts whose Started on does not give their order (s001" in said
    assert "saved again in a spreadsheet" in said and "English" not in said
