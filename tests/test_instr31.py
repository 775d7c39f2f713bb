"""Fixes from an instructor's review (instr31), one section each, driven as a user would.

1. Two answers files of one name (``section1/answers.csv``, ``section2/answers.csv``) graded into
   one ``--out``: the second run silently replaced the first's outputs. Each run now records which
   answers file (and key) made them, and a run that would replace outputs another answers file made
   is refused in one line naming both (``--force`` replaces them, with a warning); the same file
   graded again replaces them as before.
2. Canvas: a student whose name starts with ``=`` was left out of the gradebook file as if the name
   were an id cell; Canvas finds a row's student by ID, SIS User ID or SIS Login ID and reads the
   name only when none does, so the name is guarded and the row kept.
3. Canvas: a template without ``Section`` (or with ``SIS User ID`` but no ``SIS Login ID``) gave a
   file whose header Canvas's import refuses; the file now has them, empty, where Canvas reads them.
4. A plain answers file with ``--roster``: a roster student with no answer got 0 in the Moodle or
   Canvas gradebook, replacing a grade from elsewhere; now no grade (a note says so) unless
   ``--zero-absent``.
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil

import pytest
from fixtures_course import WIDE   # the course fixture's answers header (the course folder: fixtures_course)


def rows_of(path) -> list:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"))))


def one_line(result) -> str:
    """The output's lines joined as one (the terminal wraps nothing; click may)."""
    return " ".join(result.output.split())


# ---------------------------------------------------------------- 1. two answers files of one name

@pytest.mark.slow
def test_another_answers_file_of_the_same_name_is_refused_into_the_same_out(course, invoke):
    (course / "results").mkdir()
    first = invoke("grade", "section1/answers.csv", "--key", "quiz/key.json", "--out", "results",
                   "--gradebook", "plain")
    assert first.exit_code == 0, first.output
    before = {p.name: p.read_bytes() for p in (course / "results").iterdir()}
    second = invoke("grade", "section2/answers.csv", "--key", "quiz/key.json", "--out", "results",
                    "--gradebook", "plain")
    assert second.exit_code == 2
    assert second.stderr == (
        "quizgen: error: --out results: results/answers-graded.csv and the outputs named after it were made "
        "from section1/answers.csv (key quiz/key.json), and this run grades section2/answers.csv, whose outputs "
        "would replace them; give this one another --out (a folder or file name of its own), or pass "
        "--replace-outputs to replace them\n")
    assert {p.name: p.read_bytes() for p in (course / "results").iterdir()} == before   # nothing written
    # the same file, corrected, graded again (another option too, by another spelling): replaced as before
    (course / "section1" / "answers.csv").write_text(WIDE + "s001,Ada,0.716,0.335\ns002,Bob,0.716,0.335\n",
                                                     encoding="utf-8")
    again = invoke("grade", str(course / "section1" / "answers.csv"), "--key", "quiz/key.json", "--out", "results",
                   "--gradebook", "plain", "--rtol", "0.01")
    assert again.exit_code == 0, again.output
    assert "replaced" not in again.output
    assert [row[2] for row in rows_of(course / "results" / "answers-graded-gradebook-plain.csv")[1:]] == ["4", "4"]


@pytest.mark.slow
def test_force_replaces_them_and_says_whose_they_were(course, invoke):
    args = ("--key", "quiz/key.json", "--out", "results/", "--gradebook", "plain")
    assert invoke("grade", "section1/answers.csv", *args).exit_code == 0
    forced = invoke("grade", "section2/answers.csv", *args, "--force")
    assert forced.exit_code == 0, forced.output
    assert ("warning: replaced results/answers-graded.csv and the outputs named after it, which an earlier run "
            "made from section1/answers.csv (key quiz/key.json), as --force asks") in one_line(forced)
    assert [row[0] for row in rows_of(course / "results" / "answers-graded-gradebook-plain.csv")[1:]] == \
        ["s101", "s102"]
    again = invoke("grade", "section1/answers.csv", *args)   # section 2's now: refused in turn
    assert again.exit_code == 2 and "were made from section2/answers.csv" in again.stderr


def test_the_record_is_written_with_the_outputs_and_names_both_files(course, invoke):
    assert invoke("grade", "section1/answers.csv", "--out", "results/").exit_code == 0
    record = (course / "results" / ".answers-graded.quizgen").read_text(encoding="utf-8")
    made = json.loads(record)
    assert made == {"made_by": "quizgen grade", "answers": str((course / "section1" / "answers.csv").resolve()),
                    "key": str((course / "quiz" / "key.json").resolve()),
                    "answers_from_record": "../section1/answers.csv"}


@pytest.mark.slow
def test_the_same_file_graded_again_after_its_folder_moved_replaces_its_outputs(course, invoke, monkeypatch):
    """The record names the answers file from its own folder too: a course folder renamed, moved or
    synced to another machine still grades the same file again; another file of that name stays refused."""
    args = ("--key", str(course / "quiz" / "key.json"), "--out", "out/", "--gradebook", "plain")
    shutil.copytree(course / "section1", course / "mv1")
    monkeypatch.chdir(course / "mv1")
    assert invoke("grade", "answers.csv", *args).exit_code == 0
    (course / "mv1").rename(course / "mv2")
    monkeypatch.chdir(course / "mv2")
    again = invoke("grade", "answers.csv", *args)
    assert again.exit_code == 0, again.output
    assert "replaced" not in again.output
    (course / "mv2" / "sub").mkdir()
    shutil.copy(course / "section2" / "answers.csv", course / "mv2" / "sub" / "answers.csv")
    other = invoke("grade", "sub/answers.csv", *args)
    assert other.exit_code == 2 and "this run grades sub/answers.csv" in other.stderr


# ---------------------------------------------------------------- 2. a Canvas name starting with =

CANVAS = ("Student,ID,SIS User ID,SIS Login ID,Section,Quiz 1 (4412)\n    Points Possible,,,,,4.00\n"
          "\"=Lovelace, Ada\",101,s001,ada,A,\n\"Babbage, Bob\",102,s002,bob,A,\n{extra}")


def canvas_run(course, invoke, template: str, *options):
    (course / "canvas.csv").write_text(template, encoding="utf-8")
    result = invoke("grade", "section1/answers.csv", "--key", "quiz/key.json", "--out", "out/", "--gradebook",
                    "canvas", "--gradebook-template", "canvas.csv", "--gradebook-item", "Quiz 1", *options)
    assert result.exit_code == 0, result.output
    return result, rows_of(course / "out" / "answers-graded-gradebook-canvas.csv")


def test_a_canvas_name_starting_with_a_formula_sign_is_guarded_and_the_row_kept(course, invoke):
    result, rows = canvas_run(course, invoke, CANVAS.format(extra="=Nobody,,,,A,3\n"))
    assert rows[2] == ["'=Lovelace, Ada", "101", "s001", "ada", "A", "4"]
    assert rows[3] == ["Babbage, Bob", "102", "s002", "bob", "A", "0"]
    # the row with no id, whose name is then Canvas's only key, given no grade by this run: kept guarded, and
    # named (review 55b F4: it was left out without a word)
    assert rows[4:] == [["'=Nobody", "", "", "", "A", "3"]]
    assert "left out" not in result.output and "line 5 ('=Nobody')" in one_line(result)
    assert canvas_reads_header(rows[0]) and "Invalid header row" not in result.output   # an export's: as it was


# ---------------------------------------------------------------- 3. a Canvas template without Section

def canvas_reads_header(row: list) -> bool:
    """Whether Canvas's gradebook import takes ``row`` as its header: app/models/gradebook_importer.rb,
    ``header?``: the name and ``ID`` first, ``update_column_count``'s id columns, then ``Section``."""
    if not (len(row) > 3 and "Student" in row[0] and "ID" in row[1]):
        return False
    count = 3
    if re.search(r"SIS\s+Login\s+ID", row[2]):
        count += 1
    elif re.search(r"SIS\s+User\s+ID", row[2]) and re.search(r"SIS\s+Login\s+ID", row[3]):
        extra = 1 if re.search(r"Integration\s+ID", row[4]) else 0
        count += 2 + extra + (1 if re.search(r"Root\s+Account", row[4 + extra]) else 0)
    return "Section" in row[count - 1]


@pytest.mark.parametrize("header, ids, added", [
    ("Student,ID,SIS User ID,SIS Login ID,Quiz 1 (4412)", "101,s001,ada", "Section column"),
    ("Student,ID,SIS User ID,Quiz 1 (4412)", "101,s001", "SIS Login ID and Section columns"),
    ("Student,ID,Quiz 1 (4412)", "s001", "Section column")])
def test_a_canvas_template_without_section_gives_a_header_canvas_reads(course, invoke, header, ids, added):
    result, rows = canvas_run(course, invoke, f"{header}\n\"Lovelace, Ada\",{ids},\n")
    assert canvas_reads_header(rows[0]), rows[0]
    assert rows[1][-1] == "4" and rows[1][rows[0].index("Section")] == ""
    assert f"canvas.csv has no {added}, without which Canvas's import refuses" in one_line(result)


@pytest.mark.parametrize("header, ids, note", [
    ("Student,ID,SIS Login ID,Section,Quiz 1 (4412)", "101,s001,A", None),
    ("Student,ID,SIS Login ID,Quiz 1 (4412)", "101,s001", "Section column")])
def test_a_canvas_template_with_sis_login_id_alone_keeps_it_alone(course, invoke, header, ids, note):
    """Canvas exports a gradebook without SIS ids with SIS Login ID alone, and its import reads that header
    (update_column_count's first branch): no empty SIS User ID is added, nor a note saying it refuses it."""
    result, rows = canvas_run(course, invoke, f"{header}\n\"Lovelace, Ada\",{ids},\n")
    assert rows[0] == ["Student", "ID", "SIS Login ID", "Section", "Quiz 1 (4412)"]
    assert canvas_reads_header(rows[0]) and rows[1][-1] == "4"
    assert "SIS User ID column" not in result.output and "SIS User ID and" not in result.output
    assert (f"canvas.csv has no {note}" in one_line(result)) if note else "canvas.csv has no" not in result.output


# ---------------------------------------------------------------- 4. --roster with a plain answers file

def moodle_run(course, invoke, *options):
    result = invoke("grade", "section1/answers.csv", "--key", "quiz/key.json", "--roster", "roster.csv",
                    "--out", "out/", "--gradebook", "moodle", *options)
    assert result.exit_code == 0, result.output
    return result, {row[0]: row[2] for row in rows_of(course / "out" / "answers-graded-gradebook-moodle.csv")[1:]}


def test_a_roster_student_with_no_answer_gets_no_moodle_row(course, invoke):
    result, book = moodle_run(course, invoke)
    assert book == {"s001": "4", "s002": "0"}
    assert ("1 student(s) with no answer in this answers file get no grade in the gradebook file (no row, unless "
            "the template holds a grade for them, kept), so that importing it leaves Moodle's grade for them "
            "alone: s003; a 0 would replace any grade the LMS has for them (sat on paper and graded in another "
            "run, say); pass --zero-absent to give them 0") in one_line(result)


def test_zero_absent_gives_them_0_and_says_what_importing_it_does(course, invoke):
    result, book = moodle_run(course, invoke, "--zero-absent")
    assert book == {"s001": "4", "s002": "0", "s003": "0"}
    assert ("the Moodle gradebook gives 0 to the 1 student(s) counted absent (every answer blank, or no answer row "
            "and --zero-absent): s003; importing it replaces") in one_line(result)


def test_the_zero_note_names_a_student_whose_every_answer_is_blank_apart_from_the_one_with_no_row(course, invoke):
    (course / "section1" / "answers.csv").write_text(WIDE + "s001,Ada,0.716,0.335\ns002,Bob,,\n", encoding="utf-8")
    result, book = moodle_run(course, invoke)
    said = one_line(result)
    assert book == {"s001": "4", "s002": "0"}
    assert "get no grade in the gradebook file" in said and "alone: s003;" in said   # no answer row: no grade
    assert ("the Moodle gradebook gives 0 to the 1 student(s) counted absent (every answer blank): s002; "
            "importing it replaces") in said


@pytest.mark.parametrize("options, cells", [((), ["", "3"]), (("--zero-absent",), ["0", "3"])],
                         ids=["default", "zero-absent"])
def test_a_roster_student_with_no_answer_keeps_the_canvas_cell(course, invoke, options, cells):
    template = CANVAS.replace("=Lovelace", "Lovelace").format(extra="\"C, Cy\",103,s003,cy,A,\n\"D, Di\",104,s004,di,A,3\n")
    (course / "roster.csv").write_text("student_id\ns001\ns002\ns003\ns004\n", encoding="utf-8")
    _, rows = canvas_run(course, invoke, template, "--roster", "roster.csv", *options)
    assert [row[-1] for row in rows[4:]] == cells   # s003: no grade in Canvas; s004's 3 kept either way


def test_a_student_with_no_answer_and_no_canvas_row_is_named_apart_from_those_whose_cell_is_left(course, invoke):
    template = CANVAS.replace("=Lovelace", "Lovelace").format(extra="\"C, Cy\",103,s003,cy,A,\n")
    (course / "roster.csv").write_text("student_id\ns001\ns002\ns003\ns004\n", encoding="utf-8")
    result, rows = canvas_run(course, invoke, template, "--roster", "roster.csv")
    assert [row[2] for row in rows[2:]] == ["s001", "s002", "s003"]
    said = one_line(result)
    assert ("1 student(s) with no answer in this answers file get no grade in the gradebook file (their cell left "
            "as the template had it), so that importing it changes nothing for them in Canvas: s003;") in said
    assert ("1 student(s) with no answer in this answers file get no grade in the gradebook file (no row, as the "
            "Canvas template has none for them), so that importing it changes nothing for them in Canvas: s004;") \
        in said


def test_zero_absent_without_an_lms_gradebook_is_one_line(course, invoke):
    result = invoke("grade", "section1/answers.csv", "--gradebook", "plain", "--zero-absent")
    assert result.exit_code == 2
    assert result.stderr == ("quizgen: error: --zero-absent is for --gradebook canvas or moodle (the students CSV "
                             "and the plain gradebook always score a student with no answer 0)\n")


@pytest.mark.slow
def test_two_lms_downloads_of_one_name_into_one_out_are_refused_too(tmp_path, invoke, monkeypatch):
    """The record names the download graded, not the responses-answers.csv built from it in --out."""
    from test_lms21 import DATA

    monkeypatch.chdir(tmp_path)
    for section in ("a", "b"):
        (tmp_path / section).mkdir()
        shutil.copy(DATA / "moodle_responses.csv", tmp_path / section / "responses.csv")
    first = invoke("grade", tmp_path / "a" / "responses.csv", "--out", f"{tmp_path / 'out'}/")
    assert first.exit_code in (0, 1), first.output
    before = {p.name: p.read_bytes() for p in (tmp_path / "out").iterdir()}
    second = invoke("grade", tmp_path / "b" / "responses.csv", "--out", f"{tmp_path / 'out'}/")
    assert second.exit_code == 2 and second.stderr.count("\n") == 1
    assert "were made from a/responses.csv, and this run grades b/responses.csv" in second.stderr
    assert {p.name: p.read_bytes() for p in (tmp_path / "out").iterdir()} == before
    assert invoke("grade", tmp_path / "a" / "responses.csv", "--out", f"{tmp_path / 'out'}/").exit_code in (0, 1)
