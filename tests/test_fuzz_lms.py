"""Fuzzing the readers of LMS exports (Moodle's Responses download, Canvas's
Student Analysis) with hypothesis: a mutated export is read, or refused with
one InputFileError line; never another exception. The tests after the
property pin what the fuzzing found."""

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from property_sizes import many_copy, quick

import quizgen
from quizgen.errors import InputFileError, UsageError
from quizgen.key.model import NO_ATTEMPT
from quizgen.lms.responses import read_responses

DATA = Path(__file__).parent / "data" / "lms"
SAMPLES = {name: (DATA / name).read_bytes() for name in ("moodle_responses.csv", "canvas_student_analysis.csv")}
MANY = settings(deadline=10000, max_examples=300,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
PIECES = [b"\x00", b"\r", b"\n", b"\r\n", b'"', b",", b";", b"\xef\xbb\xbf", b"\xe9", b"-", b"0.5", b"x" * 300,
          b"Question 1", b"Response 1", b"ID number", b"attempt", b"n correct", b"In progress",
          b"[quizgen:nsp-sigmoid-loss:1/nsp-sigmoid-loss/0]", b"part 1: ", b"; part 2: ", b",,,,,,,,"]


@st.composite
def mutated_exports(draw):
    """A sample export with a few pieces inserted, bytes cut, a line repeated or its line ends changed."""
    data = bytearray(SAMPLES[draw(st.sampled_from(sorted(SAMPLES)))])
    for _ in range(draw(st.integers(1, 5))):
        at = draw(st.integers(0, len(data)))
        change = draw(st.integers(0, 3))
        if change == 0:
            data[at:at] = draw(st.sampled_from(PIECES))
        elif change == 1:
            data[at:at + draw(st.integers(1, 40))] = b""
        elif change == 2:
            data[at:at] = draw(st.binary(max_size=12))
        else:
            data = bytearray(data.replace(b"\n", draw(st.sampled_from([b"\r", b"\r\n", b"\n\n"]))))
    return bytes(data)


EXPORTS = given(data=mutated_exports())


@quick(MANY)
@EXPORTS
@pytest.mark.slow
def test_a_mutated_export_is_read_or_refused_in_one_line(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("lms") / "export.csv"
    path.write_bytes(data)
    try:
        rows = read_responses(path).rows
    except InputFileError as error:
        assert "\n" not in str(error) and "\r" not in str(error)
        return
    # every row names its student, and its template unless its cell lost the tag (a question for a person)
    # or it is the one row of a student with no attempt (given the class paper, scored 0)
    assert all(row.student_id and (row.template or row.tag_lost or row.unsubmitted == NO_ATTEMPT) for row in rows)
    assert not [row for row in rows if row.tag_lost and (row.template or row.variant)]


test_a_mutated_export_many = many_copy(test_a_mutated_export_is_read_or_refused_in_one_line, EXPORTS, MANY)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_an_export_saved_with_old_mac_line_ends_reads_as_the_original(tmp_path, name):
    """Lone \\r line ends (a spreadsheet saved for classic Mac OS) made csv.Error:
    'new-line character seen in unquoted field'."""
    original, mac = tmp_path / "original.csv", tmp_path / "mac.csv"
    original.write_bytes(SAMPLES[name])
    mac.write_bytes(SAMPLES[name].replace(b"\r\n", b"\n").replace(b"\n", b"\r"))
    expected = read_responses(original)
    assert expected.rows and read_responses(mac) == expected


def test_a_damaged_header_that_hides_responses_is_refused_in_one_line(tmp_path):
    """Found by the fuzzing: with "Response 1" and "Response 2" cut to "esponse", Ada's finished attempts showed
    only question 3, and each was graded as a student with no attempt (review 41c F3). Since review 42e F2 a
    'Question N' column with no 'Response N' is refused in one line: those questions' answers are missing."""
    damaged = SAMPLES["moodle_responses.csv"].replace(b"Response 1,", b"esponse 1,").replace(b"Response 2,",
                                                                                           b"esponse 2,")
    path = tmp_path / "export.csv"
    path.write_bytes(damaged)
    with pytest.raises(InputFileError, match=r"has a 'Question 1' column but no 'Response 1'"):
        read_responses(path)


def test_an_attempt_that_is_not_a_number_is_refused_naming_its_row(tmp_path):
    lines = SAMPLES["canvas_student_analysis.csv"].decode().splitlines()
    cells = lines[2].split(",")
    cells[7] = "two"   # the attempt column; was ValueError: invalid literal for int()
    lines[2] = ",".join(cells)
    path = tmp_path / "analysis.csv"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(InputFileError, match=r"row 2 after the header: attempt 'two' is not an attempt number"):
        read_responses(path)


@pytest.mark.parametrize("sample, column", [("canvas_student_analysis.csv", 1), ("moodle_responses.csv", None)])
def test_a_too_long_student_id_is_refused_naming_the_file_and_row(tmp_path, sample, column):
    """Such an id was found only in the key built from the export, and the
    error named that internal <stem>-key.json file, not the export."""
    text = SAMPLES[sample].decode("utf-8-sig")
    long_id = "x" * 300 + "@example.org"
    text = text.replace("alan@example.org", long_id) if column is None else text.replace(",502,", f",{long_id},")
    assert long_id in text
    path = tmp_path / sample
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputFileError, match=rf"^{path}: the .*'s row \d+ after the header: student id 'x{{40}}'... is 312 characters"):
        read_responses(path)


def test_a_last_question_column_without_its_points_cell_is_read(tmp_path):
    """The question column last in the header and its cell empty: the points
    cell beside it was read past the end of the row (IndexError)."""
    path = tmp_path / "analysis.csv"
    path.write_text('name,id,section_id,"1: q [quizgen:t:1/t/0:a]"\nAda,5,1,\nAlan,6,1,0.5\n')
    read = read_responses(path)
    assert [(r.student_id, r.answer) for r in read.rows] == [("6", "0.5")] and read.absent == [(1, ("5", "t", "a"))]


def test_a_cell_over_the_size_limit_refuses_the_export_in_one_line(tmp_path):
    """A cell over csv_rows.MAX_CELL_CHARS (1 MiB) made csv.Error 'field larger than field limit'; named by its line since hostile31b."""
    lines = SAMPLES["moodle_responses.csv"].decode().splitlines()
    lines[1] = lines[1].replace(",4.00,", ',"' + "9" * ((1 << 20) + 1) + '",', 1)
    path = tmp_path / "responses.csv"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(InputFileError, match=r"responses.csv: line 2: a cell is over 1,048,576 characters \(the limit\)$"):
        quizgen.grade(path, jobs=1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["responses.csv"]


@pytest.mark.parametrize("encoding, message", [("bogus", "unknown encoding 'bogus'"),
                                               ("rot13", "'rot13' is not a text encoding")])
def test_an_unknown_encoding_for_an_export_is_a_usage_error(tmp_path, encoding, message):
    """--encoding bogus with an LMS export was a LookupError traceback (an answers file said so in one line)."""
    shutil.copy(DATA / "moodle_responses.csv", tmp_path / "responses.csv")
    with pytest.raises(UsageError, match=f"^--encoding: {message}"):
        quizgen.grade(tmp_path / "responses.csv", encoding=encoding, jobs=1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["responses.csv"]


def test_samples_are_unchanged(tmp_path):
    """The fuzzing's seeds are the shipped test exports, read whole."""
    for name in SAMPLES:
        shutil.copy(DATA / name, tmp_path / name)
        assert read_responses(tmp_path / name).rows
