"""Hostile inputs, session 22: a progress file whose counters are too large to
save again, fullwidth and Cyrillic/Greek look-alike student ids, and an answers
row too wide or too long to hold in memory."""

import csv
import io
import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.grading import csv_rows
from quizgen.drill import record as learner
from drill_support import strict_parse
from quizgen.marking.student_ids import id_hint, nearest_ids, normalise_id


def progress_text(clock=1, seen=1):
    return json.dumps({"format": "quizgen-progress", "version": 1, "clock": clock, "sessions": 1,
                       "classes": {"C1": {"box": 1, "due": 3, "seen": seen, "right": 0}}, "misconceptions": {}})


def test_a_clock_too_large_to_save_again_is_moved_aside_with_one_line(tmp_path):
    state = tmp_path / "work.json"
    state.write_text(progress_text(clock=int("9" * 4300)))   # readable, but one more question could not be saved
    result = CliRunner().invoke(main, ["drill", "--seed", "1", "--classes", "C1", "--state", str(state)],
                                input="0.7\nq\n")
    assert result.exit_code == 0 and result.exception is None
    warnings = result.stderr.strip().splitlines()
    assert len(warnings) == 1 and "moved it to work.json.bad" in warnings[0]
    assert "from 0 to 1,000,000,000,000,000" in warnings[0]
    assert strict_parse(state.read_text()).clock == 1   # a fresh record, saved
    assert (tmp_path / "work.json.bad").exists()


def test_every_counter_is_capped_and_stats_only_reports_it(tmp_path):
    state = tmp_path / "work.json"
    state.write_text(progress_text(seen=learner.MAX_COUNT + 1))
    stats = CliRunner().invoke(main, ["drill", "--stats", "--state", str(state)])
    assert stats.stderr.strip() == (f"quizgen: warning: progress file {state}: classes.C1.seen is 1000000000000001, "
                                    "expected a whole number from 0 to 1,000,000,000,000,000: that class starts afresh")
    assert state.read_text() == progress_text(seen=learner.MAX_COUNT + 1) and not (tmp_path / "work.json.bad").exists()
    assert strict_parse(progress_text(clock=learner.MAX_COUNT, seen=learner.MAX_COUNT)).clock == learner.MAX_COUNT


def test_a_fullwidth_id_is_the_ascii_one():
    assert normalise_id("ｓ１") == normalise_id("S1") == "s1"
    assert normalise_id("Ｓ　０１２") == "s012"


def test_a_cyrillic_look_alike_is_not_merged_but_named_alone_and_explained():
    assert normalise_id("\u04551") != normalise_id("s1")   # Cyrillic dze: maybe another person
    assert nearest_ids("s1", ["\u04551", "s2"]) == ["\u04551"]
    hint = id_hint("s1", ["\u04551", "s2"])
    assert hint.startswith("did you mean \u04551? \u04551 holds non-Latin letters that look Latin")
    assert "Cyrillic \u0455 U+0455 for s" in hint
    greek = id_hint("AB12", ["\u0391\u039212", "AB13"])   # Greek capital alpha and beta
    assert "Greek \u0391 U+0391 for A, Greek \u0392 U+0392 for B" in greek
    assert id_hint("O000027", ["0000027", "0000028"]) == ("did you mean 0000027? O and 0 look alike: correct the "
                                                          "id in the answers file and grade again")


KEY = {"questions": [{"id": "Q1", "class": "C1", "template": "t1", "points": 2, "parts": [
    {"part": "a", "name": "a", "type": "numeric", "points": 2.0, "value": 0.5, "answer": "0.5000",
     "tolerance": {"sigfigs": 3}, "misconceptions": []}]}]}


def grade_with_roster(tmp_path, roster_id):
    (tmp_path / "key.json").write_text(json.dumps(KEY))
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\ns2,Q1,a,0.5\n")
    (tmp_path / "roster.csv").write_text(f"student_id,name\n{roster_id},Ada\ns2,Bo\n", encoding="utf-8")
    return CliRunner().invoke(main, ["grade", str(tmp_path / "answers.csv"), "--key", str(tmp_path / "key.json"),
                                     "--roster", str(tmp_path / "roster.csv"), "--out", str(tmp_path / "graded.csv")])


def test_a_fullwidth_roster_id_is_its_student_in_grade(tmp_path):
    result = grade_with_roster(tmp_path, "ｓ１")
    assert result.exit_code == 0, result.output
    assert "not on the roster" not in result.output and "gave no answer" not in result.output


def test_a_cyrillic_roster_id_is_named_with_what_is_wrong(tmp_path):
    result = grade_with_roster(tmp_path, "\u04551")
    assert result.exit_code == 0, result.output
    assert ("not on the roster: s1 (did you mean \u04551? \u04551 holds non-Latin letters that look Latin "
            "(Cyrillic \u0455 U+0455 for s)") in result.output


def records(text: str, width: int = 4) -> list:
    """``(line, first cells, problem)`` of each record after the header, read by csv_rows.Records."""
    handle = io.TextIOWrapper(io.BytesIO(text.encode()), encoding="utf-8", newline="")
    found = csv_rows.Records(handle, ",", width)
    found.skip(1)
    return [(found.line, row[:2], problem or "") for row, problem in found]


HEADER = "student_id,question_id,part,answer"


def test_a_row_of_too_many_cells_is_a_bad_row_with_its_line(tmp_path):
    """100 million commas after ``s2,Q1,a,0.7`` took 1.7 GB and the row was graded."""
    wide = "s2,Q1,a,0.7" + "," * (4 + csv_rows.MAX_EXTRA_CELLS)
    found = records("\n".join([HEADER, "s1,Q1,a,1", wide, "s3,Q1,a,3", ""]))
    assert [(line, cells) for line, cells, _ in found] == [(2, ["s1", "Q1"]), (3, ["s2", "Q1"]), (4, ["s3", "Q1"])]
    assert found[1][2] == "line 3: the line has over 200,004 cells (4 in the header, at most 200,000 more): " \
                          "the row is not graded"
    assert not found[0][2] and not found[2][2]
    (tmp_path / "key.json").write_text(json.dumps(KEY))
    answers = tmp_path / "answers.csv"
    answers.write_text("\n".join([HEADER, "s1,Q1,a,0.5", wide, "s3,Q1,a,0.5", ""]))
    result = CliRunner().invoke(main, ["grade", str(answers), "--key", str(tmp_path / "key.json"),
                                       "--out", str(tmp_path / "graded.csv")])
    assert result.exit_code == 0, result.output
    graded = list(csv.DictReader(io.StringIO((tmp_path / "graded.csv").read_text(encoding="utf-8-sig"))))
    assert [(g["student_id"], g["status"]) for g in graded] == [("s1", "correct"), ("s2", "invalid"),
                                                               ("s3", "correct")]
    assert graded[1]["reason"].startswith("line 3: the line has over 200,004 cells")


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_a_line_over_the_record_limit_is_a_bad_row_and_reading_goes_on(monkeypatch, end):
    """A 300 MB cell was read whole (620 MB) though a cell may hold 1 MiB."""
    monkeypatch.setattr(csv_rows, "MAX_RECORD_CHARS", 200_000)
    big = "s2,Q1,a," + "7" * 300_000
    text = end.join([HEADER, "s1,Q1,a,1", big, "s3,Q1,a,3", 's4,Q1,a,"4', big, "s5,Q1,a,5", ""])
    found = records(text)
    assert [(line, cells[0]) for line, cells, _ in found] == [(2, "s1"), (3, "s2"), (4, "s3"), (5, "s4"), (6, "s2"),
                                                              (7, "s5")]
    too_long = "the line is over 200,000 characters long (the limit): the row is not graded"
    assert [problem for _, _, problem in found] == ["", f"line 3: {too_long}", "", found[3][2], f"line 6: {too_long}",
                                                    ""]
    assert found[3][2].startswith('line 5: a quote (") opened in this row is not closed')


def test_a_record_over_several_lines_is_held_to_the_same_limit(monkeypatch):
    monkeypatch.setattr(csv_rows, "MAX_RECORD_CHARS", 200_000)
    half = "7" * 150_000   # each line within the limit, the quoted cell across both over it
    found = records("\n".join([HEADER, f's2,Q1,a,"{half}', f'{half}"', "s3,Q1,a,3", ""]))
    assert found[0][:2] == (2, ["s2", "Q1"]) and found[0][2].startswith('line 2: a quote (") opened in this row')
    assert found[-1] == (4, ["s3", "Q1"], "")


@pytest.mark.parametrize("after", ["s3,Q1,a,3\r", "\rs3,Q1,a,3\r", "\ns3,Q1,a,3\n"])
def test_the_rest_of_a_long_line_cut_just_after_its_carriage_return_is_not_lost(monkeypatch, after):
    """Reading past a too-long line ends on a piece whose last character is \\r:
    the next character (a line of its own, or the \\n of \\r\\n) is kept."""
    monkeypatch.setattr(csv_rows, "MAX_RECORD_CHARS", 200_000)
    block = csv_rows.BLOCK_CHARS   # a block, then the limit + 1 characters are read; the rest is a block less one
    long = "s2,Q1,a," + "7" * (2 * block + 200_000 - 8)
    found = records(HEADER + "\r" + long + "\r" + after + "s4,Q1,a,4\r")
    assert [(line, cells[:1]) for line, cells, _ in found] == (
        [(2, ["s2"]), (3, [])] * (after[0] == "\r") + [(2, ["s2"])] * (after[0] != "\r")
        + [(3 + (after[0] == "\r"), ["s3"]), (4 + (after[0] == "\r"), ["s4"])])
    assert found[0][2].startswith("line 2: the line is over 200,000 characters")


@pytest.mark.slow
def test_a_very_wide_row_keeps_memory_bounded(tmp_path):
    """30 million commas in one row: the grade's peak RSS stays far below the
    line's size times the cells (it was 1.7 GB for 100 million)."""
    (tmp_path / "key.json").write_text(json.dumps(KEY))
    answers = tmp_path / "answers.csv"
    with open(answers, "w") as handle:
        handle.write(f"{HEADER}\ns1,Q1,a,0.5\ns2,Q1,a,0.7" + "," * 30_000_000 + "\ns3,Q1,a,0.5\n")
    # VmHWM, not ru_maxrss: Linux carries a parent's maxrss into a forked child (a pytest worker's 300 MB)
    script = ("import re, sys\nfrom quizgen.cli import main\ntry:\n    main(sys.argv[1:], standalone_mode=False)\n"
              "finally:\n    print(re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1), "
              "file=sys.stderr)\n")
    run = subprocess.run([sys.executable, "-c", script, "grade", str(answers), "--key", str(tmp_path / "key.json"),
                          "--out", str(tmp_path / "graded.csv"), "--jobs", "1"],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    peak_mb = int(run.stderr.strip().splitlines()[-1]) / 1024
    assert peak_mb < 200, peak_mb
    graded = (tmp_path / "graded.csv").read_text(encoding="utf-8-sig").splitlines()
    assert len(graded) == 4 and "line 3: the line is over 8,388,608 characters long" in graded[2]


@pytest.mark.parametrize("ending", ["\r\n", "\r"])
def test_a_long_line_whose_limit_falls_between_its_cr_and_lf_ends_there(monkeypatch, ending):
    """rev-hostile22b: a line of exactly a block plus the limit before its \\r\\n was
    read up to its \\r, and its \\n taken for an empty line: every later row's line
    number was one too high."""
    monkeypatch.setattr(csv_rows, "MAX_RECORD_CHARS", 200_000)
    long = "s1,Q1,a," + "x" * (csv_rows.BLOCK_CHARS + 200_000 - 8)
    found = records(HEADER + "\r\n" + long + ending + "s2,Q1,a,0.5" + ending + "s3,Q1,a,1" + ending)
    assert [(line, cells[:1]) for line, cells, _ in found] == [(2, ["s1"]), (3, ["s2"]), (4, ["s3"])]
