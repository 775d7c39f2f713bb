"""The memory of reading a large Moodle Responses download. Each "Question N"
cell holds the whole question text (about 1 KB in an export of quizgen's
questions) of which only the [quizgen:...] tag names the variant, and the
download was held four times over: its text, the csv module's copy of it
(io.StringIO, 4 bytes a character), its lines and every row's cells. 10,000
students took 776 MB. Now the lines are read one at a time and each question
cell is kept as its tag as its row is read (lms/download_table.py): 280 MB.
What is read is the same (test_lms_*.py; docs/performance-history.md, fortieth round)."""

import csv
import io
import tracemalloc
from pathlib import Path

import pytest

from quizgen.lms import responses
from quizgen.lms.download_table import UNTAGGED_TEXT, moodle_question_columns, question_cell
from quizgen.lms.responses import read_responses
from quizgen.lms.tag import TAG
from quizgen.text_lines import text_lines

DATA = Path(__file__).parent / "data" / "lms"
PADDING = "The question's words, repeated to the length of a real question text. " * 30


def _download(path: Path, students: int = 1) -> Path:
    """The test download (tests/data/lms) with each question text 2 KB longer
    and its rows repeated for ``students`` students each: written to ``path``."""
    header, *rows = list(csv.reader(io.StringIO((DATA / "moodle_responses.csv").read_text(encoding="utf-8"))))
    questions = [i for i, name in enumerate(header) if name.startswith("Question ")]
    body = []
    for n in range(students):
        for row in rows:
            row = list(row)
            row[2:4] = [f"{row[2]}-{n}" if row[2] else "", f"{n}.{row[3]}"]
            for i in questions:
                row[i] = PADDING + row[i]
            body.append(row)
    out = io.StringIO()
    csv.writer(out).writerows([header] + body)
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


def test_the_rows_read_hold_each_moodle_question_as_its_tag_not_its_text(tmp_path, monkeypatch):
    """The table the Moodle reading works from holds of each question cell its
    tag, or ``-``, or a marker of text with no tag: never the question's text."""
    path = _download(tmp_path / "responses.csv")
    original = path.read_text(encoding="utf-8")
    path.write_text(original.replace("[quizgen:nsp-sigmoid-loss:1/nsp-sigmoid-loss/1]", "", 1), encoding="utf-8")
    seen = []
    reading = responses._moodle_rows

    def watched(rows, *args, **kwargs):
        seen.append(rows)
        return reading(rows, *args, **kwargs)

    monkeypatch.setattr(responses, "_moodle_rows", watched)
    read = read_responses(path)
    header, *rows = seen[0]
    questions = [i for i, name in enumerate(header) if name.startswith("Question ")]
    cells = [row[i] for row in rows for i in questions]
    assert not any(PADDING.strip() in cell for cell in cells)
    assert set(cells) == {"[quizgen:nsp-sigmoid-loss:1/nsp-sigmoid-loss/0]",
                          "[quizgen:mlm-mean-over-masked:1/mlm-mean-over-masked/0]",
                          "[quizgen:mlm-mean-over-masked:1/mlm-mean-over-masked/1]", UNTAGGED_TEXT}
    assert {r.template for r in read.rows} == {"nsp-sigmoid-loss", "mlm-mean-over-masked", ""}   # "": the lost tag
    assert rows[0][header.index("Response 1")] == "part 1: 0.5744; part 2: 0.5544; part 3:"   # answers as written


@pytest.mark.slow   # over a second: the quick suite keeps the cheaper tests of this file
def test_reading_a_download_holds_about_twice_its_size_at_most(tmp_path):
    """The most memory read_responses holds at once is the file's bytes and
    their text (while decoding), not four copies of it and more: 7.5 times the
    file's size before."""
    path = _download(tmp_path / "responses.csv", students=100)
    size = path.stat().st_size
    tracemalloc.start()
    try:
        rows = read_responses(path).rows
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len({r.student_id for r in rows}) == 200
    assert peak < 2.5 * size, f"{peak / size:.1f} times the file's {size:,} bytes"


@pytest.mark.parametrize("cell, kept", [
    (PADDING + "[quizgen:nsp-sigmoid-loss:AB12CD34]", "[quizgen:nsp-sigmoid-loss:AB12CD34]"),
    ("[quizgen:no tag] [quizgen:t:v:ab] and [quizgen:u:w]", "[quizgen:u:w]"),   # the last tag, as TAG reads it
    ("[quizgen:[quizgen:x y:z]", "[quizgen:[quizgen:x y:z]"),   # template "[quizgen", as the pattern reads it
    ("  -  ", "-"), (" \r\n ", ""), ("", ""), ("A description with no quizgen tag", UNTAGGED_TEXT),
    ("[quizgen:no tag here]", UNTAGGED_TEXT)])
def test_a_question_cell_keeps_what_the_reading_uses(cell, kept):
    """A cell is kept as its last tag (which reads back as the same), else as
    ``-`` or "" (no question), else as text with no tag."""
    assert question_cell(cell) == kept
    found, read_back = TAG.search(cell), TAG.search(kept)
    assert (found and found.groups()) == (read_back and read_back.groups())


@pytest.mark.parametrize("text", ["", "a", "a\n", "a\r", "a\r\n", "\r\n\r\n", "\n\r", "a\rb\nc\r\nd",
                                  "x\x0by\x0cz\x1c\x85\u2028w\n", "\r", "\r\r\n\n", '"a\rb",c\r\n1,2'])
def test_text_lines_split_where_the_csv_module_was_given_lines(text):
    """text_lines splits as io.StringIO(newline="").readlines() did: at \\n,
    \\r\\n and a lone \\r, not at the other breaks str.splitlines knows."""
    assert list(text_lines(text)) == io.StringIO(text, newline="").readlines()


def test_the_question_column_of_a_response_numbered_with_a_zero_is_found_as_the_reading_names_it():
    """Review 40b: "Response 01" is read as slot 1, whose question column is "Question 1"."""
    header = ["Last name", "First name", "ID number", "State", "Question 1", "Response 01", "Right answer 1"]
    assert moodle_question_columns(header) == [4]
