"""The small CSV inputs (a roster, --overrides, a gradebook template) refuse a
stray quote and a row wider than its header in one line (csv_input.RowGuard):
read on, such a file lost or shifted students silently (rev-hostile30 r1-r5, r9)."""

import pytest

from quizgen.csv_input import STRAY_QUOTE
from quizgen.errors import InputFileError
from quizgen.lms.gradebook import Grade, canvas_gradebook
from quizgen.marking.overrides import parse_overrides
from quizgen.roster import parse_roster

CANVAS_HEADER = "Student,ID,SIS User ID,SIS Login ID,Section,LMS quiz (4412),Current Score\n"
POINTS = "    Points Possible,,,,,8.00,(read only)\n"
GRADES = [Grade("s1", "Ada", 1, 2), Grade("s2", "Alan", 2, 2)]


@pytest.mark.parametrize("text, line", [
    ('student_id,name\ns1,"Ada\ns2,Bob\ns3,Cy\n', 2),   # its later lines look like rows
    ('student_id,name\ns1,Ada\ns2,"Bob\ns3\ns4\n', 3),    # they do not, but the file ends inside the quote
])
def test_a_roster_with_a_stray_quote_is_refused_naming_its_line(text, line):
    with pytest.raises(InputFileError) as caught:
        parse_roster(text, "roster.csv")
    assert str(caught.value) == f"roster.csv: line {line}: {STRAY_QUOTE}"
    two_lines = parse_roster('student_id,name\ns1,"Ada\nLovelace"\ns2,Bob\n')   # a quoted cell may span lines
    assert [(s.student_id, s.name) for s in two_lines] == [("s1", "Ada Lovelace"), ("s2", "Bob")]


def test_a_notes_cell_written_on_two_lines_is_read_whole():
    """Excel's Alt+Enter: the line a quoted cell closes on is the cell's own,
    even when it holds the delimiter as often as a row would."""
    text = 'student_id,name,notes\ns1,Ada,"Extra time 25%;\nseparate room, laptop, reader"\ns2,Bob,\n'
    assert [(s.student_id, s.name) for s in parse_roster(text, "roster.csv")] == [("s1", "Ada"), ("s2", "Bob")]


def test_a_roster_row_wider_than_its_header_is_refused():
    with pytest.raises(InputFileError) as caught:
        parse_roster("name,student_id\nLovelace, Ada,s1\n", "roster.csv")
    assert str(caught.value) == (
        "roster.csv: line 2: 3 cells, but the header names 2 columns (name, student_id); the cell 's1' is in no "
        "column; expected one cell a column: put a cell that holds the delimiter ',' in double quotes "
        "(\"Lovelace, Ada\", \"3,5\")")


def test_an_override_comment_with_a_stray_quote_loses_no_later_override():
    text = 'student_id,question_id,part,score,comment\ns1,Q1,a,0,"checked\ns2,Q1,b,1,ok\ns3,Q2,a,1,ok\n'
    with pytest.raises(InputFileError, match=r"^ov.csv: line 2: a quote \(\"\) opened in this row is not closed"):
        parse_overrides(text, "ov.csv")
    kept = parse_overrides(text.replace('"checked', '"checked\nby hand"'), "ov.csv")
    assert [o.comment for o in kept] == ["checked\nby hand", "ok", "ok"]


@pytest.mark.parametrize("rows, message", [
    ('"Lovelace, Ada,101,s1,ada,Section A,,90.00\n"Turing, Alan",102,s2,alan,Section A,,75.00\n',
     f"line 3: {STRAY_QUOTE}"),
    ('Lovelace, Ada,101,s1,ada,Section A,,90.00\n"Turing, Alan",102,s2,alan,Section A,,75.00\n',
     "line 3: 8 cells, but the header names 7 columns"),
])
def test_a_canvas_template_row_merged_or_shifted_is_refused(rows, message):
    with pytest.raises(InputFileError) as caught:
        canvas_gradebook(CANVAS_HEADER + POINTS + rows, GRADES, "LMS quiz")
    assert str(caught.value).startswith(message)


def test_generate_refuses_a_roster_with_a_stray_quote_and_writes_nothing(tmp_path, invoke):
    (tmp_path / "roster.csv").write_text('student_id,name\ns1,"Ada\ns2,Bob\ns3,Cy\n', encoding="utf-8")
    result = invoke("generate", "--seed", "3", "--classes", "C1", "--students", tmp_path / "roster.csv",
                    "--out", tmp_path / "papers")
    assert result.exit_code == 2
    assert result.stderr == f"quizgen: error: {tmp_path / 'roster.csv'}: line 2: {STRAY_QUOTE}\n"
    assert not (tmp_path / "papers").exists()
