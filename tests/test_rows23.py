"""Reading answers files (review 23b): a quoted cell of more than 20 lines is
one invalid row, never rows that become students; a header too wide for
memory is refused in one line; many columns that grading does not read are
named in one note."""

import re
import subprocess
import sys

import pytest

from quizgen.grading.csv_rows import MAX_RECORD_LINES
from quizgen.grading.header_layout import MAX_COLUMNS, MAX_OTHER_COLUMNS, MAX_PART_COLUMNS
from run_support import rows_of


@pytest.fixture
def folder(three_question_folder):
    return three_question_folder   # conftest.THREE_QUESTIONS: Q1a, Q2a, Q3a, each 0.408


def students_of(folder, stem="answers"):
    return [row[0] for row in rows_of(folder / f"{stem}-graded-students.csv")[1:]]


def test_a_quoted_cell_of_25_lines_is_one_invalid_row_and_makes_no_students(folder, invoke):
    working = "\r\n".join(f"step {n}: p = e^4 / sum" for n in range(24)) + "\r\nso p = 0.408"
    text = f'student_id,question_id,part,answer\r\nS1,Q1,a,"{working}"\r\nS1,Q2,a,0.408\r\nS2,Q1,a,0.408\r\n'
    (folder / "answers.csv").write_text(text, encoding="utf-8", newline="")
    result = invoke("grade", folder / "answers.csv", "--gradebook", "plain")
    assert result.exit_code == 0, result.output
    assert students_of(folder) == ["S1", "S2"]
    out = rows_of(folder / "answers-graded.csv")[1:]
    assert [(r[0], r[1], r[4]) for r in out] == [("S1", "Q1", "invalid"), ("S1", "Q2", "correct"),
                                                 ("S2", "Q1", "correct")]
    assert out[0][3] == "step 0: p = e^4 / sum ..."
    assert "line 2: a quoted cell runs over lines 2 to 26 (25 lines" in out[0][9]
    gradebook = (folder / "answers-graded-gradebook-plain.csv").read_text(encoding="utf-8-sig")
    assert "step" not in gradebook


def test_an_answer_of_2000_lines_is_one_row_and_a_stray_quote_still_spoils_only_its_row(folder, invoke):
    lines = ["student_id,Q1a,Q2a", 's1,"' + "0.7\n" * 2000 + '",0.408']
    lines += ['s2,"0.408'] + [f"t{n},0.408" for n in range(30)] + ["s3,0.408,0.408"]   # trailing cells dropped
    (folder / "answers.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = invoke("grade", folder / "answers.csv", "--force")
    assert result.exit_code == 0, result.output
    assert "0.7" not in students_of(folder)
    assert students_of(folder) == ["s1", "s2"] + [f"t{n}" for n in range(30)] + ["s3"]
    out = rows_of(folder / "answers-graded.csv")[1:]
    assert [(r[0], r[1], r[4]) for r in out[:2]] == [("s1", "Q1", "invalid"), ("s1", "Q2", "invalid")]
    assert "lines 2 to 2002 (2001 lines" in out[0][9]
    assert out[2][0] == "s2" and "not closed" in out[2][9]       # the stray quote: its own row only
    assert [r[4] for r in out if r[0] == "t7"] == ["correct", "blank"]


@pytest.mark.slow
def test_records_over_the_limit_that_never_close_are_read_again_line_by_line_in_linear_time(folder):
    from quizgen.grading.answers_file import open_answers
    closed = 's0,Q1,a,"' + "\n".join(["w"] * (MAX_RECORD_LINES + 5)) + '"'
    block = ['s1,Q1,a,"x'] + [f"y{n}" for n in range(MAX_RECORD_LINES + 10)]    # an open quote, never closed
    text = "student_id,question_id,part,answer\n" + "\n".join([closed] + block * 400) + "\n"
    (folder / "answers.csv").write_text(text, encoding="utf-8")
    rows = list(open_answers(folder / "answers.csv").records())
    assert rows[0][2] == "s0" and "lines 2 to 26" in rows[0][7]
    assert len(rows) == 1 + len(block) * 400          # every line of the open quotes read as a row: none swallowed
    assert rows[1][2] == "s1" and "not closed" in rows[1][7] and rows[2][2] == "y0" and rows[2][7] is None


@pytest.mark.slow
def test_a_header_of_too_many_columns_is_refused_in_one_line(folder, invoke):
    (folder / "answers.csv").write_text("student_id,Q1a" + ",x" * MAX_COLUMNS + "\ns1,0.408\n", encoding="utf-8")
    result = invoke("grade", folder / "answers.csv")
    assert result.exit_code == 2
    assert f"line 1: the header has {MAX_COLUMNS + 2:,} columns (the limit is {MAX_COLUMNS:,})" in result.output
    assert "Traceback" not in result.output


@pytest.mark.slow
def test_too_many_question_part_columns_are_refused_as_met(folder, invoke):
    labels = ",".join(f"{n}a" for n in range(1, MAX_PART_COLUMNS + 2))
    (folder / "answers.csv").write_text(f"student_id,{labels}\ns1,0.408\n", encoding="utf-8")
    result = invoke("grade", folder / "answers.csv")
    assert result.exit_code == 2
    assert f"over {MAX_PART_COLUMNS:,} columns are labelled as question parts" in result.output


@pytest.mark.slow
def test_a_4_mb_header_of_one_label_repeated_is_refused_in_little_memory(folder):
    (folder / "answers.csv").write_text("student_id," + ",".join(["Q1a"] * 1_040_000) + "\ns1,0.4\n",
                                        encoding="utf-8")
    code = ("import re, sys; from quizgen.cli import main\n"
            "try: main(['grade', sys.argv[1], '--key', sys.argv[2], '--jobs', '1'])\n"
            "except SystemExit: pass\n"
            "print(re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1))")
    done = subprocess.run([sys.executable, "-c", code, str(folder / "answers.csv"), str(folder / "key.json")],
                          capture_output=True, text=True, timeout=300)
    assert "columns" in done.stderr and "Traceback" not in done.stderr
    assert int(re.findall(r"\d+", done.stdout)[-1]) < 200_000, done.stderr   # KiB: was 488 MB, about 130 MB now


def test_many_columns_grading_does_not_read_are_named_in_one_note(folder, invoke):
    extra = MAX_OTHER_COLUMNS + 400
    header = "student_id,question_id,part,answer," + ",".join(f"x{n}" for n in range(extra))
    (folder / "answers.csv").write_text(f"{header}\ns1,Q1,a,0.408\n", encoding="utf-8")
    result = invoke("grade", folder / "answers.csv")
    assert result.exit_code == 0, result.output
    notes = [line for line in result.output.splitlines() if "not read for grading" in line]
    assert notes == [f"quizgen: warning: answers.csv: {extra} columns besides the student, name, question, part "
                     "and answer columns ('x0', 'x1', 'x2', ...) are not read for grading; graded.csv repeats "
                     "them on each row"]


def test_a_record_keeps_its_character_count_as_lines_come_not_by_adding_them_up_again():
    """rev-final23: a quote opened on one line and never closed, before 8 MB of
    rows and blank lines, ran for minutes: each line added up every line of the
    record so far (quadratic). The record now keeps its count as lines come."""
    from quizgen.grading.csv_rows import _Taken

    taken = _Taken()
    for line in ("s1,\"0.7\n", "t0,0.408\n", "\n") * 1000:
        taken.append(line)
    assert taken.chars == sum(map(len, taken)) == 18000
    taken.clear()
    assert taken.chars == 0 and taken == []
