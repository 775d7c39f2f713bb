"""Grading a big answers file in several processes (grading/parallel.py)
writes exactly what one pass writes: the cuts (grading/file_slice.py) fall
where no record can run across, line numbers stay the file's, and students
met in more than one part, superseded answers, unknown ids and bad rows come
out the same, for two parts or more. The size threshold is lowered here so
that small files are cut too."""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import quizgen
from quizgen.grading import file_slice
from quizgen.grading.answers_file import open_answers
from quizgen.grading.file_slice import SAFE_LINES, find_cuts, open_slice

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork (not on Windows)")

TRAP = {"code": "halved", "feedback": "You halved it.", "value": 0.25}
NUMERIC = {"part": "a", "name": "p", "type": "numeric", "points": 2.0, "value": 0.5, "answer": "0.5",
           "abs_tolerance": 0.0005, "misconceptions": [TRAP]}
WORD = {"part": "b", "name": "word", "type": "word", "points": 1.0, "accept": ["mean"], "answer": "mean",
        "misconceptions": [{"code": "summed", "feedback": "It is a mean.", "words": ["sum"]}]}
KEY = {"questions": [{"id": "Q1", "class": "C1", "template": "t1", "points": 3, "parts": [NUMERIC, WORD]},
                     {"id": "Q2", "class": "C2", "template": "t2", "points": 2, "parts": [dict(NUMERIC, value=24,
                                                                                          answer="24")]}]}
PER_STUDENT = {**KEY, "students": {f"s{n}": {"name": f"Student {n}", "seed": str(n), "questions": KEY["questions"]}
                                   for n in range(40)}}
ANSWERS = ["0.5", "0.25", "0.50", "mean", "sum", "24", "1/2", "", "nonsense", "=1+1", '"quoted, with comma"',
           "0,5", "  0.5  ", "é", "5e-1"]
RISKY = ["half\nof it", "STRAY"]   # a record over two lines; a quote never closed (write_rows makes it)


@pytest.fixture
def cut_small(monkeypatch):
    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)


def write_rows(path: Path, rows: list, encoding="utf-8", delimiter=",", header=("student_id", "question_id",
                                                                                   "part", "answer")) -> Path:
    with open(path, "w", newline="", encoding=encoding) as handle:
        writer = csv.writer(handle, delimiter=delimiter)
        writer.writerow(header)
        writer.writerows(rows)
    path.write_bytes(path.read_bytes().replace(b"STRAY", b'"stray'))
    return path


def graded_files(answers: Path, key: dict, jobs: int, folder: Path) -> dict:
    result = quizgen.grade(answers, key=key, out=folder / "graded.csv", jobs=jobs, force=True)
    files = {p.name: p.read_bytes() for p in sorted(folder.iterdir())}
    return {"rows": result.rows, "counts": result.counts, "files": files, "notes": result.notes}


def cuts_of(answers: Path, parts: int) -> list:
    source = open_answers(answers)
    return find_cuts(answers, answers.stat().st_size, source.encoding, source.delimiter, len(source.header), parts)


def assert_same_in_parts(answers: Path, key: dict, tmp_path: Path, jobs=(2, 3)):
    """The file is cut into ``jobs`` parts (three only where its lines let
    two cuts be found), and every way gives the same bytes as one pass."""
    assert [len(cuts_of(answers, n)) for n in jobs] == [n - 1 for n in jobs]
    one = graded_files(answers, key, 1, tmp_path / "one")
    for n in jobs:
        assert graded_files(answers, key, n, tmp_path / f"jobs{n}") == one, f"--jobs {n}"
    return one


def class_rows(students: int, seed: int = 0) -> list:
    """Three answers per student; a risky answer now and then, one just before the middle."""
    rows = []
    for n in range(students):
        for question, part in (("Q1", "a"), ("Q1", "b"), ("Q2", "a")):
            rows.append([f"s{n}", question, part, ANSWERS[(n * 7 + len(rows) + seed) % len(ANSWERS)]])
    for at in (7, len(rows) // 2 - 3, len(rows) - 5):
        rows[at][3] = RISKY[at % 2]
    return rows


@pytest.mark.slow
def test_one_pass_and_parts_write_the_same_files(tmp_path, cut_small):
    rows = class_rows(60)
    rows += [["s3", "Q1", "a", "0.5"], ["s59", "Q2", "a", "24"], ["nobody", "Q9", "z", "1"], ["", "Q1", "a", "1"],
             ["s7", "Q1"], ["s5", "Q1", "a", "0.5", "extra"]]   # superseded, unknown part, no id, bad widths
    rows = rows[:90] + [["s59", "Q1", "a", "0.25"]] + rows[90:]   # s59 answers in two parts
    one = assert_same_in_parts(write_rows(tmp_path / "answers.csv", rows), KEY, tmp_path)
    assert one["counts"]["superseded"] >= 2 and one["rows"] == len(rows)
    # the notes too (compared above): rows not read as a row and superseded answers, of students in both parts
    assert one["notes"][0].startswith("1 student(s) answered no part of their paper")   # nobody's Q9 (z): absent
    assert one["notes"][0].endswith(": nobody")                                        # (review 50b F14)
    assert one["notes"][1].startswith("1 line(s) of answers have no student id")   # the roster notes, first
    assert ("4 row(s) graded against no part (not read as a row, or an answer too long to read after one that stands): s2, s5, s29, s58; "
            "1 row(s) with no student id: line ") in one["notes"][3]
    assert one["notes"][4].endswith("(the earlier ones are superseded): s3, s59")


@pytest.mark.slow
def test_per_student_papers_and_unknown_students_in_several_parts(tmp_path, cut_small):
    rows = class_rows(45)   # s40 to s44 have no paper: unknown_student, in the second half
    rows.insert(5, ["s41", "Q1", "a", "0.5"])
    assert_same_in_parts(write_rows(tmp_path / "answers.csv", rows), PER_STUDENT, tmp_path)


@pytest.mark.slow
def test_wide_form_semicolons_and_a_byte_order_mark(tmp_path, cut_small):
    header = ("Student ID", "Q1a", "Q1b", "Q2a")
    rows = [[f"s{n}", ANSWERS[n % len(ANSWERS)], "mean", "24"] for n in range(240)]
    for at in (10, 200):   # a line with no id and a line of too many cells in each part: their lines are counted
        rows[at][0] = ""
        rows[at + 1].append("extra")
    answers = write_rows(tmp_path / "wide.csv", rows, encoding="utf-8-sig", delimiter=";", header=header)
    one = assert_same_in_parts(answers, KEY, tmp_path)
    assert ("6 answer(s) on 2 line(s) graded against no part (not read as a row, or an answer too long to read after one that stands): s11, s201; 6 answer(s) on 2 "
            "line(s) with no student id") in one["notes"][-2]   # the last: KEY is a version-1 key, said so


@pytest.mark.slow
def test_cp1252_and_old_mac_line_ends_keep_line_numbers(tmp_path, cut_small):
    rows = class_rows(50) + [["", "Q1", "a", "0.5"]]   # no student id: graded.csv names its line
    answers = write_rows(tmp_path / "answers.csv", rows, encoding="cp1252")
    text = answers.read_bytes().replace(b"\r\n", b"\n")
    answers.write_bytes(text[:len(text) // 3].replace(b"\n", b"\r") + text[len(text) // 3:])
    one = assert_same_in_parts(answers, KEY, tmp_path, jobs=(2,))   # the old Mac third has no line feed to cut at
    graded = one["files"]["graded.csv"]
    assert b"line 153: no student id" in graded and b"line 148: a quote" in graded   # after the line break in row 72


def test_the_cut_follows_whole_rows_only(tmp_path):
    """Quoted cells that close on their line are safe to cut after; a record
    left open (a line break inside quotes, a stray quote) is not: the cut
    comes SAFE_LINES whole rows after it."""
    lines = [f's{n},Q1,a,"0.5, or so"\n' for n in range(300)]
    lines[140] = 's140,Q1,a,"a line\n'   # just before the middle: file lines 142 and 143
    lines[141] = 'break inside"\n'
    path = tmp_path / "answers.csv"
    path.write_text("student_id,question_id,part,answer\n" + "".join(lines), encoding="utf-8")
    size = path.stat().st_size
    assert find_cuts(path, size, "utf-8", ",", 4, 2) == []   # under the size threshold
    file_slice_min = file_slice.MIN_PART_BYTES
    try:
        file_slice.MIN_PART_BYTES = 0
        [cut] = find_cuts(path, size, "utf-8", ",", 4, 2)
    finally:
        file_slice.MIN_PART_BYTES = file_slice_min
    data = path.read_bytes()
    assert data[cut.offset - 1:cut.offset] == b"\n"
    assert cut.lines == data[:cut.offset].count(b"\n")
    after = data[:cut.offset].decode().splitlines()
    assert "break inside" not in "".join(after[-SAFE_LINES:])
    assert len(after) >= 143 + SAFE_LINES


def test_no_cut_where_bytes_could_split_a_character(tmp_path, monkeypatch):
    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    path = write_rows(tmp_path / "answers.csv", class_rows(100), encoding="utf-16")
    assert find_cuts(path, path.stat().st_size, "utf-16", ",", 4, 2) == []


def test_a_slice_reads_its_bytes_only(tmp_path):
    path = tmp_path / "text.csv"
    path.write_bytes("\ufeffab\ncd\néf\n".encode("utf-8"))
    with open_slice(path, "utf-8-sig", 0, 7) as handle:   # 3 bytes of byte-order mark, then 4
        assert handle.read() == "ab\nc"
    with open_slice(path, "utf-8-sig", 7) as handle:
        assert handle.read() == "d\néf\n"


CELLS = st.sampled_from(ANSWERS + ['"', '""', "a,b"])
ROWS = st.lists(st.tuples(st.integers(0, 30), st.sampled_from([("Q1", "a"), ("Q1", "b"), ("Q2", "a"), ("Q7", "a")]),
                          CELLS, st.integers(0, 20)), min_size=100, max_size=260)
RISKY_ROWS = st.lists(st.tuples(st.integers(0, 259), st.sampled_from(["x\r\ny", "line\nbreak", "STRAY"])), max_size=3)


@pytest.mark.slow
@settings(deadline=None, max_examples=25, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(ROWS, RISKY_ROWS, st.booleans())
def test_any_class_file_gives_the_same_files_in_parts(tmp_path_factory, monkeypatch, rows, risky, per_student):
    """Random classes: students met anywhere, answers superseded, parts the
    key lacks, short and long rows, and up to three records that span lines
    or never close a quote."""
    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    folder = tmp_path_factory.mktemp("parts")
    lines = []
    for student, (question, part), answer, shape in rows:
        cells = [f"s{student}", question, part, answer]
        lines.append(cells[:3] if shape == 0 else cells + ["x"] if shape == 1 else cells)
    for at, answer in risky:
        lines[at % len(lines)][2:] = ["a", answer]
    answers = write_rows(folder / "answers.csv", lines)
    key = PER_STUDENT if per_student else KEY
    one = graded_files(answers, key, 1, folder / "one")
    assert graded_files(answers, key, 2, folder / "two") == one
    assert graded_files(answers, key, 4, folder / "four") == one


@pytest.mark.slow
def test_the_progress_bar_counts_every_part(tmp_path, cut_small, monkeypatch):
    """The main process reads only the first part: the bar is moved over the
    later parts' bytes when they are in, so it ends full, not partway."""
    from contextlib import contextmanager

    from quizgen.grading import run

    steps = []

    class Bar:
        def update(self, n, current_item=None):
            steps.append(n)

    @contextmanager
    def recording_bar(show, length, label):
        yield Bar()

    monkeypatch.setattr(run, "progress_bar", recording_bar)
    answers = write_rows(tmp_path / "answers.csv", class_rows(80))
    quizgen.grade(answers, key=KEY, out=tmp_path / "out" / "graded.csv", jobs=3, force=True, progress=True)
    size = answers.stat().st_size
    assert size * 0.95 <= sum(steps) <= size and len(steps) >= 2


def ecf_rows(count: int) -> tuple:
    """A per-student key of C7 instances and answers where each student falls
    into a trap in (a) and works every later part from it; the last student's
    (a) comes first and their later parts last, so ECF crosses the cut."""
    from test_marking_grade import _key, _trap_then_ecf
    from test_marking_students_gen import _instances

    instances, rows = {}, []
    for k, inst in enumerate(_instances("C7", count)):
        made = _trap_then_ecf(inst)
        if made is not None:
            sid = f"s{k:03d}"
            instances[sid] = inst
            letters = {pv.part.name: pv.letter for pv in inst.parts}
            rows += [[sid, "Q1", letters[name], text] for name, text in made[0].items()]
    moved = next(i for i, row in enumerate(rows) if row[0] == rows[-1][0])
    rows.insert(2, rows.pop(moved))
    return instances, rows, _key(instances).to_json()


@pytest.mark.slow
def test_error_carried_forward_for_students_in_one_part_or_more(tmp_path, cut_small):
    """Each part re-marks its own students (per-student papers); a student met
    in more than one part is re-marked from their merged answers: (a) in one
    part and the part computed from it in another still gets ECF, and a
    superseded (a) in a later part is what ECF follows. A student whose answers
    lie in three parts is re-marked once, from all of them. Every way gives the
    same bytes."""
    instances, rows, key = ecf_rows(80)
    first_id, last_id = rows[0][0], rows[-1][0]
    rows.append([first_id, "Q1", "a", str(instances[first_id].parts[0].value)])   # (a) corrected in the last part
    middle_id = rows[len(rows) // 2][0]
    spread = [row for row in rows if row[0] == middle_id]
    rows = [row for row in rows if row[0] != middle_id]
    rows = spread[:1] + rows[:len(rows) // 2] + spread[1:-1] + rows[len(rows) // 2:] + spread[-1:]
    second_id = rows[len(rows) * 2 // 5][0]   # first met in the second of three or four parts, then in the last
    rows.append([second_id, "Q1", "a", str(instances[second_id].parts[0].value)])
    one = assert_same_in_parts(write_rows(tmp_path / "answers.csv", rows), key, tmp_path, jobs=(2, 3, 4))
    graded = list(csv.DictReader(one["files"]["graded.csv"].decode("utf-8-sig").splitlines()))
    notes = {(r["student_id"], r["part"], r["status"], r["note"]) for r in graded}
    assert (last_id, "b", "correct", "ecf") in notes
    assert (first_id, "b", "correct", "ecf") not in notes and (second_id, "b", "correct", "ecf") not in notes
    assert sum(r["note"] == "ecf" for r in graded) >= 40


@pytest.mark.slow
@pytest.mark.parametrize("jobs", [2, 3])
def test_a_later_part_done_in_the_main_process_gives_the_same_files(tmp_path, cut_small, monkeypatch, jobs):
    """Where no child can run (no fork, or it died), a later part is graded
    in the main process after the parts before, with the students already
    met: every student then counts as met before, and ECF is redone for all."""
    from quizgen.background import Background
    from quizgen.grading import parallel

    _, rows, key = ecf_rows(80)
    answers = write_rows(tmp_path / "answers.csv", rows)
    assert len(cuts_of(answers, jobs)) == jobs - 1
    one = graded_files(answers, key, 1, tmp_path / "one")
    monkeypatch.setattr(parallel, "Background", lambda func, *args: Background(func, *args, parallel=False))
    inline = graded_files(answers, key, jobs, tmp_path / "inline")
    assert inline == one and (rows[-1][0] + ",Q1,b,").encode() in one["files"]["graded.csv"]


@pytest.mark.slow
def test_a_malformed_row_whose_id_is_not_the_first_column_counts_alike_in_every_part(tmp_path, cut_small):
    """rev-code18: a later part had not met s1, so one pass credited s1's
    malformed row (the id met in an earlier row) and two parts did not: an id
    outside the first column is trusted only from the key or the roster, which
    every part knows before reading."""
    rows = [[f"Name {n}", f"s{n % 40}", "Q1", "a", "0.5"] for n in range(400)]
    path = write_rows(tmp_path / "answers.csv", rows, header=("name", "student_id", "question_id", "part", "answer"))
    with open(path, "a", encoding="utf-8", newline="") as handle:
        handle.write("Name 1,s1,Q1,b,0,84\nName 39,s39,Q2,a,2,4\n")
    one = assert_same_in_parts(path, KEY, tmp_path, jobs=(2,))   # a class key, no roster: s1 is known to no part
    assert "whose student id could not be read either" in " ".join(one["notes"])


@pytest.mark.slow
def test_blank_rows_after_an_answer_give_the_same_notes_in_parts(tmp_path, monkeypatch):
    """Hypothesis found it (rev-hostile19's run): an answer then 99 blank rows
    for the same part. One pass lets each blank pass over the answer; a later
    part met the blanks alone, each superseding the one before, and counted
    the student as answering again, so --jobs 2 added a resubmission note.
    A blank row is no answer: only an answer replacing an answer is one."""
    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    lines = [["s0", "Q1", "a"] for _ in range(100)]
    lines[0][2:] = ["a", "x\r\ny"]
    answers = write_rows(tmp_path / "answers.csv", lines)
    one = graded_files(answers, KEY, 1, tmp_path / "one")
    assert graded_files(answers, KEY, 2, tmp_path / "two") == one
    assert not any("more than once" in note for note in one["notes"]), one["notes"]


def test_only_an_answer_replacing_an_answer_is_answering_again(tmp_path):
    rows = [["s1", "Q1", "a", ""], ["s1", "Q1", "a", "0.5"],        # a blank, then an answer
            ["s2", "Q1", "a", ""], ["s2", "Q1", "a", ""],           # two blanks
            ["s3", "Q1", "a", "0.4"], ["s3", "Q1", "a", "0.5"]]     # an answer, then another
    result = quizgen.grade(write_rows(tmp_path / "answers.csv", rows), key=KEY, out=tmp_path / "g.csv", jobs=1)
    repeated = [note for note in result.notes if "more than once" in note]
    assert len(repeated) == 1 and repeated[0].startswith("1 student(s)") and repeated[0].endswith(": s3"), repeated
