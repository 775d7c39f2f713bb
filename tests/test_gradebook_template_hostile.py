"""A gradebook template read as the rest of ``grade`` reads its inputs
(hostile-input review): ids matched by the id rule (normalise_id: case,
spaces, invisible characters, a formula guard), a repeated column, student
or a grade that is not a number refused in one line naming the file and
line, a row with no id left out with a note; and a key nested too deeply
refused in one line, never a traceback."""

import csv
import io
import json

import pytest

from test_grade_roster import Q1, write
from test_gradebook_merge import answers

ITEM = "Midterm 1"
MOODLE_BOOK = "answers-graded-gradebook-moodle.csv"
CANVAS_BOOK = "answers-graded-gradebook-canvas.csv"


def grade(invoke, folder, ids, lms, template_text, b="3"):
    """Grade ``ids``' answers (Q1: 4 points when ``b`` is 3, else 2) in ``folder``
    with ``template_text`` as the ``--gradebook-template``; returns the CLI result."""
    folder.mkdir(exist_ok=True)
    key = {"questions": [Q1], "students": {sid: {"name": "N", "seed": sid, "questions": [Q1]} for sid in ids}}
    answers_file = write(folder, key, answers(ids, b))
    template = folder / "template.csv"
    template.write_text(template_text, encoding="utf-8")
    return invoke("grade", answers_file, "--gradebook", lms, "--gradebook-item", ITEM,
                  "--gradebook-template", template, "--jobs", "1")


def rows(path):
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"))))


def refused(result, folder, *words):
    """A one-line refusal (exit 2) naming the template and ``words``, with no output written."""
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1 and "template.csv: " in result.output, result.output
    assert all(w in result.output for w in words), result.output
    assert not list(folder.glob("answers-graded*")), "no half-written output"


@pytest.mark.parametrize("written", ["S001", " s 001", "s\u200b001"])
def test_moodle_template_matches_the_graded_id_by_the_id_rule(invoke, tmp_path, written):
    """``S001`` in the template is the graded ``s001``: one row, the template's
    spelling, the changed grade warned of (was: a stale second row, no warning)."""
    result = grade(invoke, tmp_path, ["s001"], "moodle", f"ID number,Full name,{ITEM}\n{written},Ann,1\n")
    assert result.exit_code == 0, result.output
    assert rows(tmp_path / MOODLE_BOOK) == [["ID number", "Full name", ITEM], [written.strip(), "N", "4"]]
    assert "changed by this run (a re-run or regrade?): s001 1 -> 4" in result.output


def test_canvas_template_matches_the_graded_id_by_the_id_rule(invoke, tmp_path):
    result = grade(invoke, tmp_path, ["s001"], "canvas", f"Student,ID,SIS User ID,{ITEM}\nAnn,1,S001,\n")
    assert result.exit_code == 0, result.output
    assert rows(tmp_path / CANVAS_BOOK)[1] == ["Ann", "1", "S001", "", "", "4"]   # SIS Login ID, Section: empty
    assert "not in the Canvas gradebook" not in result.output


@pytest.mark.parametrize("student", ["-s9", "=s4"])
def test_an_earlier_moodle_file_with_a_guarded_id_is_one_row_and_its_change_warned(invoke, tmp_path, student):
    """An earlier version wrote ``-s9`` as ``'-s9`` (``=s4`` as ``'=s4``); given back as the
    template it is the same student (was: ``'-s9`` twice, 4 -> 2 not warned). Now an id the
    guard would change is never written (Moodle's import would stop at it): the row is left
    out, its grade named in the warning."""
    first = grade(invoke, tmp_path / "one", [student], "moodle", f"ID number,Full name,{ITEM}\n")
    assert first.exit_code == 0, first.output
    assert rows(tmp_path / "one" / MOODLE_BOOK) == [["ID number", "Full name", ITEM]]
    said = " ".join(first.output.split())
    assert f"know them: {student} (4); enter their grades by hand" in said, said
    second = grade(invoke, tmp_path / "two", [student], "moodle", f"ID number,Full name,{ITEM}\n'{student},N,4\n",
                   b="6")
    assert second.exit_code == 0, second.output
    assert rows(tmp_path / "two" / MOODLE_BOOK) == [["ID number", "Full name", ITEM]]
    assert f"changed by this run (a re-run or regrade?): {student} 4 -> 2" in second.output
    assert f"know them: {student} (2); enter their grades by hand" in " ".join(second.output.split())


@pytest.mark.parametrize("lines, ids, where", [
    ("s002,A,5\ns002,A,9\n", "'s002'", "lines 2 and 3"),
    ("s002,A,5\nS002 ,A,9\n", "'s002' and 'S002'", "lines 2 and 3"),
    ("'-s2,A,5\n-s2,A,9\n", "'-s2'", "lines 2 and 3"),
    # review 40b: a row of several lines is named by the line it starts on (it was its last: 3 and 5)
    ('s002,"A\nB",5\ns002,"A\nB",9\n', "'s002'", "lines 2 and 4")])
def test_moodle_template_with_one_student_twice_is_refused_naming_both_lines(invoke, tmp_path, lines, ids, where):
    result = grade(invoke, tmp_path, ["s001"], "moodle", f"ID number,Full name,{ITEM}\n{lines}")
    refused(result, tmp_path, f"{where} are both the ID number {ids}", "expected one row a student")


def test_canvas_template_with_one_graded_student_twice_is_refused(invoke, tmp_path):
    result = grade(invoke, tmp_path, ["s001"], "canvas", f"Student,ID,SIS User ID,{ITEM}\nAnn,1,S001,\nAnn,2,s001,\n")
    refused(result, tmp_path, "lines 2 and 3 are both the graded student 's001'")


def test_moodle_template_row_with_no_id_is_left_out_with_a_note(invoke, tmp_path):
    result = grade(invoke, tmp_path, ["s001"], "moodle", f"ID number,Full name,{ITEM}\n,Nobody,3\ns002,Bo,5\n")
    assert result.exit_code == 0, result.output
    assert rows(tmp_path / MOODLE_BOOK)[1:] == [["s001", "N", "4"], ["s002", "Bo", "5"]]
    assert ("1 row(s) of template.csv have no ID number and are left out of the gradebook (Moodle's import "
            "could not match them): line(s) 2") in result.output


@pytest.mark.parametrize("cell, shown", [("abc", "'abc'"), ("\x1b[31m5", "'?[31m5'"), ("=1+1", "'=1+1'"),
                                         ("85.00 %", "'85.00 %'")])
def test_moodle_template_grade_that_is_not_a_number_is_refused(invoke, tmp_path, cell, shown):
    result = grade(invoke, tmp_path, ["s001"], "moodle", f"ID number,Full name,{ITEM}\ns002,Bo,5\ns003,Cy,{cell}\n")
    refused(result, tmp_path, f"line 3: the grade {shown} of 's003' in '{ITEM}' is not a number")


def test_moodle_template_grades_moodle_writes_are_kept(invoke, tmp_path):
    """A decimal comma (a Moodle in such a language), ``-`` and nothing are grades or none, not refused;
    a grade is written back with a decimal point, as the module writes numbers."""
    result = grade(invoke, tmp_path, ["s001"], "moodle",
                   f'ID number,Full name,{ITEM}\ns002,Bo,"3,50"\ns003,Cy,-\ns004,Di,\ns005,Ed,.5\n')
    assert result.exit_code == 0, result.output
    assert rows(tmp_path / MOODLE_BOOK)[1:] == [["s001", "N", "4"], ["s002", "Bo", "3.5"], ["s005", "Ed", "0.5"]]


@pytest.mark.parametrize("lms, header, both", [
    ("moodle", f"ID number,Full name,{ITEM},ID number", "columns 'ID number' and 'ID number' both name the ID number"),
    ("moodle", f"ID number,Full name,{ITEM},{ITEM}", f"columns '{ITEM}' and '{ITEM}' both name the grade item"),
    ("moodle", f"ID number,Full name,Quiz: {ITEM} (Real),{ITEM}",
     f"columns 'Quiz: {ITEM} (Real)' and '{ITEM}' both name the grade item '{ITEM}'"),
    ("canvas", f"Student,ID,SIS User ID,{ITEM} (12),{ITEM}",
     f"columns '{ITEM} (12)' and '{ITEM}' both name the assignment '{ITEM}'"),
    ("canvas", f"Student,SIS User ID,ID,SIS User ID,{ITEM}",
     "columns 'SIS User ID' and 'SIS User ID' both name the SIS User ID")])
def test_gradebook_template_with_a_column_twice_is_refused_naming_both(invoke, tmp_path, lms, header, both):
    cells = len(header.split(","))
    result = grade(invoke, tmp_path, ["s001"], lms, f"{header}\n" + ",".join(["s001"] * cells) + "\n")
    refused(result, tmp_path, f"line 1: {both}", "expected one such column")


def test_a_key_nested_too_deeply_is_one_line(invoke, tmp_path):
    """The LMS-key look before the key reader parsed it and raised RecursionError (exit 1, a traceback)."""
    answers_file = write(tmp_path, {"questions": [Q1]}, answers(["s001"]))
    deep = tmp_path / "deep.json"
    deep.write_text('{"format": "quizgen-lms-export-key", "x": ' + "[" * 100_000 + "]" * 100_000 + "}")
    result = invoke("grade", answers_file, "--key", deep, "--jobs", "1")
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1 and "deep.json: nested too deeply to be a key" in result.output
    assert not list(tmp_path.glob("answers-graded*"))


def test_an_export_key_nested_too_deeply_is_one_line(tmp_path):
    """The export key's own reader (a Moodle or Canvas download's --key) says so too."""
    from quizgen.errors import InputFileError
    from quizgen.lms.exportkey import load_export_key

    deep = tmp_path / "questions-key.json"
    deep.write_text(json.dumps({"format": "quizgen-lms-export-key"})[:-1] + ', "x": ' + "[" * 100_000
                    + "]" * 100_000 + "}")
    with pytest.raises(InputFileError, match="questions-key.json: nested too deeply to be a key"):
        load_export_key(deep)


def test_export_beside_a_key_nested_too_deeply_refuses_in_one_line(invoke, tmp_path):
    """``export`` looks at the key already at its ``--out`` (RecursionError there too): no export's key."""
    (tmp_path / "q-key.json").write_text("[" * 100_000 + "]" * 100_000)
    result = invoke("export", "moodle", "--classes", "C1", "--count", 1, "--seed", 5, "--out", tmp_path / "q.xml")
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1 and "q-key.json is the key of another export" in result.output
