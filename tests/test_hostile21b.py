"""Hostile answers files, session 21 (b): a wide file of many extra columns
keeps graded.csv and memory in proportion, direction controls leave no CSV
cell, --overrides reads -0 and long decimals, --encoding takes only plain text
encodings and refuses a UTF-8 file named UTF-32, and a NUL in an id is no new
student."""

import subprocess
import sys

import pytest

from quizgen.cells import safe_cells, spreadsheet_safe
from quizgen.csv_input import given_encoding
from quizgen.errors import InputFileError, UsageError
from quizgen.grading.answers_file import MAX_OTHER_COLUMNS, open_answers
from quizgen.marking.overrides import parse_overrides
from quizgen.marking.student_ids import normalise_id
from run_support import rows_of

LABELS = ["Q1a", "Q2a", "Q3a"]


@pytest.fixture
def folder(three_question_folder):
    return three_question_folder   # conftest.THREE_QUESTIONS: Q1a, Q2a, Q3a, each 0.408


def wide_file(path, extra: int, students: int = 4) -> None:
    """A wide answers file with ``extra`` other columns ``c0..`` of 'x' before the answers."""
    header = ["student_id"] + [f"c{i}" for i in range(extra)] + LABELS
    lines = [",".join(header)] + [",".join([f"s{r}"] + ["x"] * extra + ["0.408"] * 3) for r in range(students)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


# 1. a wide file of many extra columns

@pytest.mark.slow
def test_a_wide_file_keeps_a_bounded_number_of_other_columns(folder, invoke):
    extra = MAX_OTHER_COLUMNS + 2000
    wide_file(folder / "wide.csv", extra)
    result = invoke("grade", folder / "wide.csv", "--jobs", "1")
    assert result.exit_code == 0, result.output
    out = rows_of(folder / "wide-graded.csv")
    kept = [f"c{i}" for i in range(MAX_OTHER_COLUMNS)]
    assert out[0][:MAX_OTHER_COLUMNS + 2] == ["student_id"] + kept + ["question_id"]
    assert {len(row) for row in out} == {len(out[0])} and len(out) == 1 + 4 * 3
    assert [row[0] for row in out[1:4]] == ["s0"] * 3 and {row[-7] for row in out[1:]} == {"correct"}
    # graded.csv grows with the rows and the kept columns, not with rows x parts x every column
    assert (folder / "wide-graded.csv").stat().st_size < (folder / "wide.csv").stat().st_size
    warnings = [line for line in result.stderr.splitlines() if "columns besides" in line]
    assert warnings == [f"quizgen: warning: wide.csv: {extra:,} columns besides the student, name and answer "
                        f"columns; graded.csv keeps the first {MAX_OTHER_COLUMNS} on each answer's row and drops "
                        f"2,000 ('c100', 'c101', 'c102', ...)"]


def test_a_few_other_columns_are_all_kept_without_a_warning(folder, invoke):
    wide_file(folder / "wide.csv", 3)
    result = invoke("grade", folder / "wide.csv", "--jobs", "1")
    assert result.exit_code == 0 and "columns besides" not in result.stderr
    assert rows_of(folder / "wide-graded.csv")[0][:4] == ["student_id", "c0", "c1", "c2"]


def test_the_name_and_paper_columns_are_kept_however_far_right(tmp_path):
    header = ["student_id"] + [f"c{i}" for i in range(MAX_OTHER_COLUMNS + 5)] + ["Name", "Paper code", "Q1a"]
    (tmp_path / "a.csv").write_text(",".join(header) + "\n", encoding="utf-8")
    source = open_answers(tmp_path / "a.csv")
    assert source.out_header[-6:] == ["c99", "Name", "Paper code", "question_id", "part", "answer"]
    assert len(source.out_header) == 1 + MAX_OTHER_COLUMNS + 2 + 3 and len(source.warnings) == 1


@pytest.mark.slow
def test_a_very_wide_file_is_graded_in_little_memory(folder):
    wide_file(folder / "wide.csv", 200_000, students=60)   # 24 MB: was 350 MB of memory and a 75 MB graded.csv
    # VmHWM, not ru_maxrss: Linux carries a parent's maxrss into a forked child, so under a
    # pytest worker already 300 MB big ru_maxrss would report the worker's size
    code = ("import re, sys; from quizgen.cli import main\n"
            "try: main(['grade', sys.argv[1], '--key', sys.argv[2], '--jobs', '1'])\n"
            "except SystemExit: pass\n"
            "print(re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1))")
    done = subprocess.run([sys.executable, "-c", code, str(folder / "wide.csv"), str(folder / "key.json")],
                          capture_output=True, text=True, timeout=300)
    assert int(done.stdout.split()[-1]) < 200_000, done.stderr   # KiB: about 95 MB now
    assert (folder / "wide-graded.csv").stat().st_size < 1_000_000


# 2. direction controls in the CSV cells grade writes

def test_direction_controls_leave_every_csv_cell():
    assert spreadsheet_safe("Ev\u202ee\u2066") == "Eve"
    assert spreadsheet_safe("\u202e=cmd|x") == "'=cmd|x"      # and the formula guard still sees the '='
    assert safe_cells(["s1", "\u200fA\u061c"]) == ["s1", "A"]
    assert spreadsheet_safe("\u200bzero width") == "\u200bzero width"   # other format characters stay


def test_graded_students_and_gradebook_csvs_hold_no_direction_control(folder, invoke):
    (folder / "a.csv").write_text("student_id,name,question_id,part,answer\n"
                                  "s1\u202e,Ev\u202ee,Q1,a,0.408\u2066\ns2,\u202e=cmd,Q1,a,0.408\n", encoding="utf-8")
    result = invoke("grade", folder / "a.csv", "--gradebook", "plain", "--jobs", "1")
    assert result.exit_code == 0, result.output
    written = [p for p in folder.glob("a-graded*.csv")]
    assert len(written) >= 4
    for path in written:
        text = path.read_text(encoding="utf-8-sig")
        assert not any(c in text for c in "\u202e\u2066\u061c\u200e\u200f"), path.name
    students = rows_of(folder / "a-graded-students.csv")
    assert [row[:2] for row in students[1:]] == [["s1", "Eve"], ["s2", "'=cmd"]]
    assert "start with = + - or @" not in result.stderr      # s1 lost a U+202E, no formula guard


# 3. --overrides scores

@pytest.mark.parametrize("score, value", [("-0", 0.0), ("0.3333333333333333333333333333333333333", 1 / 3),
                                          ("+0.5", 0.5), ("-0%", 0.0)])
def test_override_scores_in_range_are_read(score, value):
    [override] = parse_overrides(f"student_id,question_id,part,score\ns1,Q1,a,{score}\n")
    assert override.score == pytest.approx(value) and str(override.score) != "-0.0"


def test_an_override_score_out_of_range_says_the_rule():
    with pytest.raises(InputFileError, match=r"line 2: score '-0.5' is not a number from 0 to 1 or a percentage "
                                             r"from 0% to 100% \(a decimal of at most 40 places"):
        parse_overrides("student_id,question_id,part,score\ns1,Q1,a,-0.5\n")
    with pytest.raises(InputFileError, match="at most 40 places"):
        parse_overrides(f"student_id,question_id,part,score\ns1,Q1,a,0.{'3' * 41}\n")


# 4. --encoding

@pytest.mark.parametrize("name", ["idna", "punycode", "unicode_escape", "raw_unicode_escape", "utf-7", "cp500"])
def test_an_encoding_that_is_not_plain_text_is_refused_in_one_line(name):
    with pytest.raises(UsageError) as caught:
        given_encoding(name)
    message = str(caught.value)
    assert f"{name!r} is not a plain text encoding" in message and "utf-8, cp1252" in message
    assert "quizgen-cp1252" not in message and "\n" not in message


@pytest.mark.parametrize("name", ["utf-8", "utf-8-sig", "cp1252", "latin-1", "shift_jis", "gbk", "utf-16-le",
                                  "utf-32-be", "mac-roman", "koi8-r"])
def test_the_encodings_spreadsheets_write_are_accepted(name):
    assert given_encoding(name)


def test_unicode_escape_no_longer_turns_text_into_controls(folder, invoke):
    (folder / "a.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,\\x00\\u202e\n", encoding="utf-8")
    result = invoke("grade", folder / "a.csv", "--encoding", "unicode_escape")
    assert result.exit_code == 2 and "not a plain text encoding" in result.stderr
    assert not (folder / "a-graded.csv").exists()


@pytest.mark.parametrize("name", ["utf-32", "utf-32-be", "utf-32-le"])
def test_a_utf8_file_named_utf32_is_refused(folder, invoke, name):
    (folder / "a.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.408\n", encoding="utf-8")
    result = invoke("grade", folder / "a.csv", "--encoding", name)
    assert result.exit_code == 2, result.output
    assert f"a.csv: cannot be read as {name} (bytes 0-3:" in result.stderr


def test_a_real_utf32_file_still_reads(folder, invoke):
    (folder / "a.csv").write_bytes("student_id,question_id,part,answer\ns1,Q1,a,0.408\n".encode("utf-32-be"))
    result = invoke("grade", folder / "a.csv", "--encoding", "utf-32-be")
    assert result.exit_code == 0, result.output
    assert rows_of(folder / "a-graded.csv")[1][4] == "correct"


# 5. a NUL in an id

def test_a_nul_in_an_id_is_the_same_student(folder, invoke):
    assert normalise_id("s2\x00") == normalise_id("s2") == "s2"
    (folder / "a.csv").write_text("student_id,question_id,part,answer\ns2\x00,Q1,a,0.408\ns2,Q2,a,0.408\n",
                                  encoding="utf-8")
    result = invoke("grade", folder / "a.csv", "--gradebook", "plain")
    assert result.exit_code == 0, result.output
    students = rows_of(folder / "a-graded-students.csv")
    assert [row[:3] for row in students[1:]] == [["s2", "", "2"]]
