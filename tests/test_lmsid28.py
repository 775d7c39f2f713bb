"""LMS downloads with hostile rows, session 28 (rev-hostile28).

1. A student id holding a control character (ESC, NUL): the built key kept it
   as read and the built answers file wrote it as U+FFFD, so the student was
   both missing and an unknown student, their answers never graded. Such a
   row is refused in one line naming it, as --roster refuses such an id.
2. A reason about an answer (one too long to grade) named the line of the
   built ``<stem>-answers.csv``, which the user never gave: it names the line
   of the download the answer was read from (the file's line, a quoted cell
   with line breaks counted).
3. A Canvas attempt of 29 digits was "not a whole number", on "row 1"."""

import csv
import io
from pathlib import Path

import pytest

from quizgen.errors import InputFileError
from quizgen.lms.responses import read_responses

DATA = Path(__file__).parent / "data" / "lms"
LONG = "0.5" * 5_000   # 15,000 characters: over grade's 10,000


def _edited(source: str, path: Path, old: str, new: str) -> Path:
    """The download ``source`` of tests/data/lms with ``old`` (which it holds) replaced by ``new``, at ``path``."""
    text = (DATA / source).read_text(encoding="utf-8-sig")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8", newline="")
    return path


def _moodle(tmp_path, old: str, new: str, name: str = "resp.csv") -> Path:
    return _edited("moodle_responses.csv", tmp_path / name, old, new)


def _canvas(tmp_path, old: str, new: str, name: str = "analysis.csv") -> Path:
    return _edited("canvas_student_analysis.csv", tmp_path / name, old, new)


# ---------------------------------------------------------------- 1. a control character in an id

@pytest.mark.parametrize("control", ["\x1b", "\x00", "\x07", "\x85"])
def test_a_moodle_id_with_a_control_character_is_refused_naming_its_row(tmp_path, control):
    path = _moodle(tmp_path, "Turing,Alan,,alan@example.org", f"Turing,Alan,,al{control}an@example.org")
    with pytest.raises(InputFileError) as caught:
        read_responses(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: the Moodle export's row 3 after the header: student id "
                              f"'al?an@example.org' contains a control character (U+{ord(control):04X})")
    assert "\n" not in message and control not in message


def test_a_canvas_sis_id_with_a_nul_is_refused_naming_its_row(tmp_path):
    path = _canvas(tmp_path, ",502,,", ",502,s\x00n,")
    with pytest.raises(InputFileError, match=r"analysis\.csv: the Canvas student analysis's row 2 after the header: "
                                             r"student id 's\?n' contains a control character \(U\+0000\)"):
        read_responses(path)


def test_grade_stops_in_one_line_rather_than_losing_the_students_answers(tmp_path, invoke):
    path = _moodle(tmp_path, "Lovelace,Ada,s001,", "Lovelace,Ada,e\x1bx,")
    result = invoke("grade", path)
    assert result.exit_code != 0
    (line,) = result.output.strip().splitlines()
    assert "row 1 after the header: student id 'e?x' contains a control character (U+001B)" in line
    assert not (tmp_path / "resp-answers.csv").exists()


def test_a_tab_or_a_bidi_control_in_an_id_is_read_as_before(tmp_path):
    """Only what the built answers file would write otherwise (as U+FFFD) is refused."""
    path = _moodle(tmp_path, "Turing,Alan,,alan@example.org", "Turing,Alan,,al\u202ean@example.org")
    assert "al\u202ean@example.org" in {r.student_id for r in read_responses(path).rows}


# ---------------------------------------------------------------- 2. the download's line in a reason

def _graded(tmp_path, stem: str) -> list:
    return list(csv.DictReader(io.StringIO((tmp_path / f"{stem}-graded.csv").read_text(encoding="utf-8-sig"))))


@pytest.mark.slow
def test_a_reason_names_the_moodle_downloads_line(tmp_path, invoke):
    """Ada's first question text broken over two lines: Alan's row, the third
    after the header, is on line 5 of the download (line 8 of the built answers)."""
    path = _moodle(tmp_path, "Turing,Alan,,alan@example.org,Finished", "Turing,Alan,,alan@example.org,Finished")
    text = path.read_text(encoding="utf-8")
    text = text.replace('"BERT reads the pair', '"BERT reads\nthe pair', 1)
    lines = text.splitlines()
    alan = next(n for n, line in enumerate(lines, start=1) if line.startswith("Turing,Alan"))
    assert alan == 5
    cells = next(csv.reader([lines[alan - 1]]))
    header = next(csv.reader([lines[0]]))
    cells[header.index("Response 2")] = LONG
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(cells)
    lines[alan - 1] = out.getvalue().rstrip("\n")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = invoke("grade", path)
    assert result.exit_code in (0, 1), result.output
    (row,) = [r for r in _graded(tmp_path, "resp") if r["answer"].startswith("0.50.5")]
    assert row["reason"].startswith("line 5 of the download: the answer is 15,000 characters long")
    assert row["download_line"] == "5"
    built = (tmp_path / "resp-answers.csv").read_text(encoding="utf-8").splitlines()
    assert [n for n, line in enumerate(built, start=1) if LONG in line] != [5]   # not the built file's line


@pytest.mark.slow
def test_a_reason_names_the_canvas_downloads_line(tmp_path, invoke):
    path = _canvas(tmp_path, '"1,17"', f'"{LONG}"')
    result = invoke("grade", path)
    assert result.exit_code in (0, 1), result.output
    (row,) = [r for r in _graded(tmp_path, "analysis") if r["answer"].startswith("0.50.5")]
    assert row["reason"].startswith("line 3 of the download: the answer is 15,000 characters long")


def test_each_response_row_knows_its_file_line_after_a_sep_line(tmp_path):
    text = (DATA / "canvas_student_analysis.csv").read_text(encoding="utf-8-sig")
    path = tmp_path / "analysis.csv"
    path.write_text("sep=,\n" + text, encoding="utf-8")
    assert {(r.row, r.line) for r in read_responses(path).rows} == {(1, 3), (2, 4), (3, 5)}


@pytest.mark.slow
def test_an_answers_file_of_ones_own_keeps_its_line_in_a_reason(tmp_path, invoke):
    """A download_line cell that is not a number is not taken for one: the reason names the file's own line."""
    assert invoke("grade", _canvas(tmp_path, '"1,17"', f'"{LONG}"')).exit_code in (0, 1)
    answers = (tmp_path / "analysis-answers.csv").read_text(encoding="utf-8").replace(",3\n", ",x\n")
    (tmp_path / "mine.csv").write_text(answers, encoding="utf-8")
    own = next(n for n, line in enumerate(answers.splitlines(), start=1) if LONG in line)
    out = tmp_path / "mine-graded.csv"
    result = invoke("grade", tmp_path / "mine.csv", "--key", tmp_path / "analysis-key.json", "--out", out)
    assert result.exit_code in (0, 1), result.output
    (row,) = [r for r in _graded(tmp_path, "mine") if r["answer"].startswith("0.50.5")]
    assert own != 3 and row["reason"].startswith(f"line {own}: the answer is 15,000")


# ---------------------------------------------------------------- 3. a Canvas attempt that is no attempt

def _attempt(tmp_path, attempt: str) -> Path:
    return _canvas(tmp_path, "2026-11-30 15:43:20 UTC,1,", f"2026-11-30 15:43:20 UTC,{attempt},")


def test_an_attempt_too_long_says_so_not_that_it_is_no_whole_number(tmp_path):
    with pytest.raises(InputFileError) as caught:
        read_responses(_attempt(tmp_path, "9" * 29))
    message = str(caught.value)
    assert "row 1 after the header: attempt '99999999999999999999999999999' has 29 digits, more than the 9" in message
    assert "whole number" not in message


def test_an_attempt_of_thousands_of_digits_is_refused_in_one_line(tmp_path):
    """int() of a 5,000-digit text raises ValueError (Python's conversion limit)."""
    with pytest.raises(InputFileError, match=r"row 1 after the header: attempt '9{37}\.\.\.' has 5000 digits"):
        read_responses(_attempt(tmp_path, "9" * 5000))


def test_a_negative_attempt_is_no_attempt_number_and_leading_zeros_are_read(tmp_path):
    with pytest.raises(InputFileError, match=r"row 1 after the header: attempt '-1' is not an attempt number: "
                                             r"Canvas numbers a student's attempts 1, 2, 3, \.\.\."):
        read_responses(_attempt(tmp_path, "-1"))
    rows = read_responses(_attempt(tmp_path, "0000000003")).rows
    assert {r.attempt for r in rows if r.student_id == "s001" and r.row == 1} == {3}
