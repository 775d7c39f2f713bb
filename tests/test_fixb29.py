"""Fixes of session 29's diff review (fixb29): an answer too long to read never
replaces one read; ..."""

from __future__ import annotations

import csv
import os

import pytest

from grading_support import own_paper_code
import quizgen
from quizgen.grading import file_slice

NUMERIC = {"part": "a", "name": "p", "type": "numeric", "points": 2.0, "value": 0.5, "answer": "0.5",
           "abs_tolerance": 0.0005}
KEY = {"questions": [{"id": "Q1", "class": "C1", "template": "t1", "points": 2, "parts": [NUMERIC]}]}
LONG = "0.5 because " + "x" * 10_005


def _write(path, rows, header=("student_id", "question_id", "part", "answer")):
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)
    return path


def _graded(path):
    with open(path, encoding="utf-8-sig") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.slow
def test_an_answer_too_long_to_read_leaves_the_earlier_answer_standing(tmp_path, monkeypatch, jobs):
    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    if jobs > 1 and not hasattr(os, "fork"):
        pytest.skip("needs os.fork")
    rows = [[f"f{n}", "Q1", "a", "0.5"] for n in range(300)] + [["s3", "Q1", "a", "0.5"]]
    rows += [[f"g{n}", "Q1", "a", "0.5"] for n in range(300)] + [["s3", "Q1", "a", LONG]]
    answers = _write(tmp_path / "a.csv", rows)
    result = quizgen.grade(answers, key=KEY, out=tmp_path / "g.csv", jobs=jobs, force=True)
    mine = [row for row in _graded(tmp_path / "g.csv") if row["student_id"] == "s3"]
    assert [row["status"] for row in mine] == ["correct", "invalid"]
    assert "10,017 characters" in mine[1]["reason"] and "earlier answer to this part" in mine[1]["reason"]
    s3 = next(s for s in result.students if s.student_id == "s3")
    assert s3.score == 2.0
    assert not any("more than once" in note for note in result.notes)


def test_an_answer_too_long_to_read_stands_for_its_part_when_alone_or_first(tmp_path):
    answers = _write(tmp_path / "a.csv", [["s1", "Q1", "a", LONG], ["s2", "Q1", "a", LONG], ["s2", "Q1", "a", "0.5"]])
    quizgen.grade(answers, key=KEY, out=tmp_path / "g.csv", force=True)
    rows = _graded(tmp_path / "g.csv")
    assert [(row["status"], row["expected"]) for row in rows] == [("invalid", "0.5"), ("superseded", "0.5"),
                                                                  ("correct", "0.5")]


# ---------------------------------------------------------------- 2. a stale sheet after an id correction

@pytest.mark.parametrize("roster", [False, True])
@pytest.mark.slow
def test_a_corrected_id_keeps_the_earlier_sheet_of_the_student_now_missing_and_says_so(tmp_path, invoke, roster):
    """instr30: a student with no answer in this run gets no new sheet (before, a "no answers" one that
    printed their paper's key): the earlier sheet is kept, and the notes say so and to delete it if stale."""
    from test_instr29 import own_papers
    own_papers(tmp_path)
    (tmp_path / "a.csv").write_text("student_id,Q1a\ns0001,0.5\ns0002,0.5\n", encoding="utf-8")
    more = ["--roster", tmp_path / "roster.csv"] if roster else []
    assert invoke("grade", tmp_path / "a.csv", "--feedback", tmp_path / "fb", *more).exit_code == 0
    assert "**2 / 2**" in (tmp_path / "fb" / "s0002.md").read_text(encoding="utf-8")
    (tmp_path / "a.csv").write_text("student_id,Q1a\ns0001,0.5\ns0003,0.5\n", encoding="utf-8")   # s0002 was s0003
    result = invoke("grade", tmp_path / "a.csv", "--feedback", tmp_path / "fb", *more)
    assert result.exit_code == 0, result.output
    assert "**2 / 2**" in (tmp_path / "fb" / "s0002.md").read_text(encoding="utf-8")
    said = " ".join(result.output.split())
    assert "1 student(s) with no answer in this run get no feedback sheet" in said, said
    # review 43b F6: s0002 is on this run's key (and roster), missing: a warning, not a note
    assert ("warning: 1 feedback sheet(s) an earlier run wrote in the feedback folder are kept for students this run "
            "has on its key or roster but no answer from (missing, scored 0 in its reports): s0002.md; each shows that "
            "earlier run's score: keep them if that run graded these students (another batch), else (an id changed "
            "since?) delete them before sending the folder") in said
    assert "are kept, for students this run has no answers for" not in said


# ---------------------------------------------------------------- 3. which id column is wrong, with --roster

@pytest.mark.parametrize("roster_ids, blamed", [(("s0001", "s0002", "s0003"), "answers"), (("x1", "x2"), "roster")])
def test_answers_ids_matching_no_paper_blame_the_answers_when_the_roster_lists_the_papers(tmp_path, invoke,
                                                                                          roster_ids, blamed):
    from test_instr29 import own_papers
    own_papers(tmp_path)
    (tmp_path / "r.csv").write_text("student_id\n" + "".join(f"{sid}\n" for sid in roster_ids), encoding="utf-8")
    (tmp_path / "e.csv").write_text("student_id,Q1a\nann@uni.edu,0.5\nbob@uni.edu,0.5\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "e.csv", "--roster", tmp_path / "r.csv", "--out", tmp_path / "out")
    said = " ".join(result.output.split())
    assert result.exit_code == 2, said
    if blamed == "answers":
        assert "e.csv: none of its student ids has a paper in key.json nor is on " in said, said
        assert "r.csv, which lists the papers' ids (first: ann@uni.edu); give answers whose student id column" in said
        assert "give a roster" not in said
    else:
        assert "r.csv: ids read from column 'student_id' match none of e.csv's student ids" in said, said


# ---------------------------------------------------------------- 4. a repeated header, however spaced, in any size

@pytest.mark.parametrize("rows", [2, 15_000])
@pytest.mark.parametrize("header, again", [("Student ID", " student  ID ,question_id,part,answer"),
                                           ("student_id", "student_id,question_id,part,answer,"),
                                           ("student_id", "\ufeffStudent_ID , Question_ID,Part,ANSWER,,")])
@pytest.mark.slow
def test_a_repeated_header_line_is_no_student_in_a_file_of_any_size(tmp_path, rows, header, again):
    lines = [f"{header},question_id,part,answer"] + [f"f{n},Q1,a,0.5" for n in range(rows)]
    lines += [again, "s2,Q1,a,0.5"]
    (tmp_path / "a.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = quizgen.grade(tmp_path / "a.csv", key=KEY, out=tmp_path / "g.csv", force=True)
    ids = {s.student_id for s in result.students}
    assert len(ids) == rows + 1 and "s2" in ids
    marked = [row for row in _graded(tmp_path / "g.csv") if row["status"] == "invalid"]
    assert len(marked) == 1 and marked[0]["reason"].startswith(f"line {rows + 2} repeats the header line")


# ---------------------------------------------------------------- 5. a slipped paper code shown as written

@pytest.mark.parametrize("change", ["extra", "lower"])
@pytest.mark.slow
def test_a_slipped_paper_code_is_shown_as_written_in_the_note_and_the_reason(tmp_path, invoke, change):
    own = own_paper_code(invoke, tmp_path)
    slipped = own + "X" if change == "extra" else (own[:-1] + ("a" if own[-1] != "A" else "c")).lower()
    (tmp_path / "a.csv").write_text(f"student_id,paper,Q1a,Q1b\ns001,{slipped},0.1,0.2\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "quiz" / "key.json", "--out", tmp_path / "g.csv")
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert f"s001 wrote paper code {slipped} on all 2 of their coded answers, one slip" in said, said
    assert all(f"paper code {slipped!r} is one slip" in row["reason"] for row in _graded(tmp_path / "g.csv"))


# ---------------------------------------------------------------- 6. a seed with a tab, and one quoting

@pytest.mark.parametrize("command", [("generate", "--classes", "C1", "--count", "1", "--out", "s2"),
                                     ("export", "moodle", "--classes", "C1", "--count", "1", "--out", "m.xml")])
@pytest.mark.parametrize("seed, shown, code", [("x\ty", "'x\\ty'", "U+0009"), ("x\xa0y", "'x\\xa0y'", "U+00A0"),
                                               ("x\x1by", "'x\\x1by'", "U+001B"), ("a\u202eb", "'a\\u202eb'", "U+202E")])
def test_a_seed_with_a_tab_is_refused_and_every_refused_seed_is_quoted_alike(invoke, tmp_path, monkeypatch, command,
                                                                            seed, shown, code):
    monkeypatch.chdir(tmp_path)
    result = invoke(*command, "--seed", seed)
    assert result.exit_code == 2, result.output
    assert f"--seed {shown} holds the character {code}, which a terminal does not print as itself" in result.output
    assert seed not in result.output and not list(tmp_path.iterdir())


# ---------------------------------------------------------------- 7. a bad byte in a key, counted from the file's start

@pytest.mark.parametrize("bom, encoding", [(b"\xef\xbb\xbf", "utf-8"), (b"", "utf-8"),
                                           (b"\xff\xfe", "utf-16-le"), (b"\xff\xfe\x00\x00", "utf-32-le")])
def test_a_bad_byte_in_a_key_is_named_by_its_offset_in_the_file(tmp_path, bom, encoding):
    from quizgen.errors import InputFileError
    from quizgen.key.load import load_key_file

    text = '{"questions": [], "note": "' + "x" * 60 + '"}'
    bad = b"\xdc\xdc" if encoding == "utf-16-le" else b"\xff\xff\xff\xff" if encoding == "utf-32-le" else b"\xff"
    data = bom + text[:40].encode(encoding)
    offset = len(data)
    (tmp_path / "key.json").write_bytes(data + bad + text[40:].encode(encoding))
    with pytest.raises(InputFileError, match=f"\\(byte {offset}: "):
        load_key_file(tmp_path / "key.json")
