"""A CSV input whose first 64 KB are ASCII is told its encoding from its
first non-ASCII byte on: a Canvas or Moodle download opens with long ASCII
question texts, so a Windows-1252 re-save was named UTF-8 in the summary, and
a cp1252 ``Ã©`` (valid UTF-8 as a pair) read as ``é`` (review 51b F4)."""

import csv

import pytest

from lms_support import exported_download, moodle_csv
from quizgen.csv_input import SAMPLE_BYTES, detect_encoding
from quizgen.encoding_window import file_window, telling_window


def test_the_window_starts_at_the_first_non_ascii_byte_past_an_ascii_start(tmp_path):
    data = b"a" * SAMPLE_BYTES + b"b" * 10 + "Seán".encode("cp1252") + b"c" * 5
    assert telling_window(data, 8) == b"\xe1nccccc"[:8] and detect_encoding(telling_window(data, 8)) == "cp1252"
    assert telling_window(b"Se\xe1n" + data, 8) == b"Se\xe1naaaa"   # the start tells: kept
    assert telling_window(b"a" * 100, 8) == b"aaaaaaaa"
    path = tmp_path / "f.csv"
    path.write_bytes(data)
    assert file_window(path, 8) == telling_window(data, 8)
    path.write_bytes(b"plain" * 1000)
    assert file_window(path, 8) is None


@pytest.mark.slow
def test_a_cp1252_download_past_64_kb_of_ascii_is_named_and_read_as_cp1252(tmp_path, invoke):
    header, *rows = exported_download(invoke, tmp_path, "C1", 1, 90)
    rows[-1][header.index("Last name")] = "JosÃ© Seán"   # past 64 KB; Ã© is valid UTF-8 as bytes
    text = moodle_csv(header, rows)
    assert text.index("Ã") > SAMPLE_BYTES
    (tmp_path / "responses.csv").write_bytes(text.encode("cp1252"))
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json")
    assert result.exit_code == 0, result.output
    assert "(a Moodle Responses download, ','-separated, cp1252)" in " ".join(result.output.split())
    students = list(csv.DictReader((tmp_path / "responses-graded-students.csv").open(encoding="utf-8-sig")))
    assert [s["name"] for s in students if s["student_id"] == "s089"] == ["Test JosÃ© Seán"]
