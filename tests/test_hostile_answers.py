"""Hostile and broken answers files (issue 14): every physical row is accounted
for in answers-graded.csv, a file that cannot be read is refused in one line with exit
2, and nothing is cut or merged silently."""

import csv

import pytest

from quizgen.grading.answers_file import MAX_ANSWER_CHARS, open_answers
from quizgen.grading.csv_rows import MAX_CELL_CHARS, MAX_RECORD_LINES

HEADER = "student_id,name,question_id,part,answer"


@pytest.fixture
def folder(three_question_folder):
    return three_question_folder   # conftest.THREE_QUESTIONS: Q1a, Q2a, Q3a, each 0.408


def graded(path):
    """The graded file's data rows."""
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.reader(handle))[1:]


def long_rows(count):
    return [f"s{i},N{i},Q{i % 3 + 1},a,0.{i:04d}" for i in range(count)]


@pytest.mark.slow
def test_a_stray_quote_spoils_its_own_row_only(folder, invoke):
    rows = long_rows(1000)
    rows[3] = 's2,N2,Q1,a,"0.7101'
    (folder / "answers.csv").write_text("\n".join([HEADER] + rows) + "\n", encoding="utf-8")
    result = invoke("grade", folder / "answers.csv", "--force")   # the answers are not this key's
    assert result.exit_code == 0, result.output
    out = graded(folder / "answers-graded.csv")
    assert len(out) == 1000                       # rows in = rows out
    assert [r[0] for r in out] == [r.split(",")[0] for r in rows]
    bad = [r for r in out if r[5] == "invalid"]
    assert len(bad) == 1 and bad[0][0] == "s2"
    assert bad[0][-2].startswith("line 5: a quote")   # the reason, before the note


def test_a_stray_quote_near_the_end_of_the_file(folder, invoke):
    rows = long_rows(6)
    rows[-2] = 's4,N4,Q1,a,"0.71'        # the quote runs to the end of the file
    (folder / "answers.csv").write_text("\n".join([HEADER] + rows) + "\n", encoding="utf-8")
    assert invoke("grade", folder / "answers.csv").exit_code == 0
    out = graded(folder / "answers-graded.csv")
    assert [r[0] for r in out] == [f"s{i}" for i in range(6)]
    assert [r[5] == "invalid" for r in out] == [False] * 4 + [True, False]


def test_a_quoted_cell_may_still_span_lines(folder):
    text = f'{HEADER}\ns1,A,Q1,a,"0.4\nthen more"\ns2,B,Q1,a,0.5\n'
    (folder / "answers.csv").write_text(text, encoding="utf-8")
    rows = list(open_answers(folder / "answers.csv").records())
    assert [(r[0], r[5], r[7]) for r in rows] == [(3, "0.4\nthen more", None), (4, "0.5", None)]


def test_a_record_may_not_span_more_than_the_line_limit(folder):
    lines = "\n".join(["word"] * (MAX_RECORD_LINES + 5))
    text = f'{HEADER}\ns1,A,Q1,a,"{lines}"\ns2,B,Q1,a,0.5\n'
    (folder / "answers.csv").write_text(text, encoding="utf-8")
    rows = list(open_answers(folder / "answers.csv").records())
    assert rows[0][2] == "s1" and "quote" in rows[0][7]
    assert rows[-1][2] == "s2" and rows[-1][7] is None
    # the quoted cell is one bad row naming all its lines: none read as a row (a student "word")
    assert len(rows) == 2 and f"lines 2 to {MAX_RECORD_LINES + 6}" in rows[0][7]


def test_a_utf32_file_is_read_as_utf32(folder, invoke):
    text = f"{HEADER}\ns1,Zoë,Q1,a,0.408\ns2,Jo,Q2,a,0.1\n"
    (folder / "answers.csv").write_bytes(text.encode("utf-32"))
    result = invoke("grade", folder / "answers.csv")
    assert result.exit_code == 0 and "utf-32" in result.output
    out = graded(folder / "answers-graded.csv")
    assert [r[:2] for r in out] == [["s1", "Zoë"], ["s2", "Jo"]]
    assert out[0][5] == "correct"


@pytest.mark.slow
def test_a_header_over_64_kib_is_read_whole(folder, invoke):
    labels = [f"Q1{chr(97 + i % 26)}{i}" for i in range(20_000)]     # ~140 KiB of header
    header = "student_id," + ",".join(labels)
    assert len(header) > 64 * 1024
    (folder / "answers.csv").write_text(f"{header}\ns1," + ",".join(["0.408"] * 20_000) + "\n")
    source = open_answers(folder / "answers.csv")
    assert len(source.header) == 20_001 and len(source.wide) == 20_000
    assert invoke("grade", folder / "answers.csv").exit_code == 0
    assert len(graded(folder / "answers-graded.csv")) == 20_000


def test_a_long_answer_is_invalid_with_its_student_kept(folder, invoke):
    big = "9" * (128 * 1024 + 1)
    (folder / "answers.csv").write_text(f"{HEADER}\ns1,Ann,Q1,a,{big}\ns2,Bo,Q1,a,0.408\n")
    assert invoke("grade", folder / "answers.csv").exit_code == 0
    out = graded(folder / "answers-graded.csv")
    assert [r[:2] for r in out] == [["s1", "Ann"], ["s2", "Bo"]]
    assert out[0][5] == "invalid" and f"over {MAX_ANSWER_CHARS:,} characters" in out[0][-2]
    assert out[1][5] == "correct"


@pytest.mark.slow
def test_a_cell_over_the_cell_limit_keeps_the_student(folder, invoke):
    big = "x" * (MAX_CELL_CHARS + 10)
    (folder / "answers.csv").write_text(f"{HEADER}\ns1,Ann,Q1,a,\"{big}\"\ns2,Bo,Q1,a,0.408\n")
    assert invoke("grade", folder / "answers.csv").exit_code == 0
    out = graded(folder / "answers-graded.csv")
    assert [r[:2] for r in out] == [["s1", "Ann"], ["s2", "Bo"]]
    assert "line 2: a cell is over" in out[0][-2]


@pytest.mark.parametrize("encoding, message", [
    ("rot13", "not a text encoding"), ("base64", "not a text encoding"), ("hex", "not a text encoding"),
    ("no-such-codec", "unknown encoding"), ("utf-32", "cannot be read as utf-32")])
def test_encodings_that_cannot_read_the_file_are_one_line(folder, invoke, encoding, message):
    (folder / "answers.csv").write_text(f"{HEADER}\ns1,A,Q1,a,0.408\n", encoding="utf-8")
    result = invoke("grade", folder / "answers.csv", "--encoding", encoding)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]
    assert not (folder / "answers-graded.csv").exists()


def test_a_named_utf32_encoding_is_used(folder, invoke):
    (folder / "answers.csv").write_bytes(f"{HEADER}\ns1,A,Q1,a,0.408\n".encode("utf-32"))
    result = invoke("grade", folder / "answers.csv", "--encoding", "UTF_32")
    assert result.exit_code == 0
    assert graded(folder / "answers-graded.csv")[0][5] == "correct"


@pytest.mark.parametrize("text", [HEADER + "\n", HEADER + "\n,,,,\n\n"])
def test_a_file_with_a_header_and_no_answer_is_refused(invoke, folder, text):
    """Downloaded before anyone answered: one line, exit 2, no reports of 0 students."""
    (folder / "answers.csv").write_text(text, encoding="utf-8")
    result = invoke("grade", folder / "answers.csv", "--out", folder / "out" / "g.csv")
    assert result.exit_code == 2
    assert result.stderr.endswith("answers.csv: no answers to grade: the file has its header and no answer rows "
                                  "(downloaded before anyone answered?)\n")
    assert not (folder / "out").exists() or not list((folder / "out").iterdir())
