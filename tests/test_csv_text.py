"""One rule reads every CSV input (csv_input.csv_text): the answers file, an
LMS download, a roster and overrides are decoded alike and refused alike
when they are no text, in one line naming the file."""

import codecs
import json
import shutil
from pathlib import Path

import pytest

from quizgen.csv_input import csv_text, read_csv_text
from quizgen.errors import InputFileError, UsageError
from quizgen.grading import lms_input
from quizgen.grading.answers_file import open_answers
from quizgen.key.model import EXPORT_KEY_FORMAT
from quizgen.lms.exportkey import EXPORT_KEY_BYTES, _what_is_lost, export_key_lms
from quizgen.lms.responses import DOWNLOADS, NEITHER, read_responses

MOODLE = Path(__file__).parent / "data" / "lms" / "moodle_responses.csv"
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00"


def _one_line(exc) -> str:
    assert "\n" not in str(exc.value), str(exc.value)
    return str(exc.value)


def test_a_binary_file_given_as_an_lms_download_is_one_line_naming_it(tmp_path):
    path = tmp_path / "responses.csv"
    path.write_bytes(PNG)
    with pytest.raises(InputFileError) as exc:
        read_responses(path)
    assert _one_line(exc) == (f"{path}: found binary data (NUL bytes), not text; expected {DOWNLOADS['moodle']} "
                              f"or {DOWNLOADS['canvas']}")


def test_the_answers_file_a_download_and_a_roster_refuse_the_same_bytes(tmp_path):
    path = tmp_path / "in.csv"
    path.write_bytes(b"student_id,na\x00me\ns1,Ann\n")
    for read in (open_answers, read_responses, lambda p: read_csv_text(p, "roster")):
        with pytest.raises(InputFileError, match="not text") as exc:
            read(path)
        assert _one_line(exc).startswith(f"{path}: ")


def test_a_stray_nul_in_a_cell_is_no_reason_to_refuse_the_file():
    assert csv_text("x.csv", b"student_id,name\ns1,A\x00nn\n").text == "student_id,name\ns1,A\x00nn\n"


def test_a_utf32_big_endian_roster_is_read_not_called_binary(tmp_path):
    path = tmp_path / "class.csv"
    path.write_bytes(codecs.BOM_UTF32_BE + "student_id,name\ns1,Zoë\n".encode("utf-32-be"))
    assert read_csv_text(path, "roster") == "student_id,name\ns1,Zoë\n"


def test_the_encoding_is_the_given_one_else_detected_and_named_back():
    data = "Zoë".encode("cp1252")
    assert csv_text("x.csv", data) == ("cp1252", "Zoë")
    assert csv_text("x.csv", data, "latin-1") == ("iso8859-1", "Zoë")
    with pytest.raises(UsageError, match="--encoding: unknown encoding"):
        csv_text("x.csv", data, "klingon")


def test_the_download_descriptions_are_one_set():
    assert NEITHER == f"neither {DOWNLOADS['moodle']} nor {DOWNLOADS['canvas']}"
    assert lms_input.DOWNLOADS is DOWNLOADS


@pytest.mark.slow
def test_grading_a_download_reads_its_start_once(tmp_path, monkeypatch):
    calls = []
    real = lms_input.csv_start
    monkeypatch.setattr(lms_input, "csv_start", lambda *a: calls.append(a) or real(*a))
    path = tmp_path / "responses.csv"
    shutil.copy(MOODLE, path)
    with lms_input.lms_inputs(path, None, None, None, ()) as given:
        assert given.built and given.answers.name == "responses-answers.csv"
    assert len(calls) == 1


def test_the_lms_of_an_export_key_is_read_only_from_a_small_export_key(tmp_path):
    key = tmp_path / "k.json"
    key.write_text(json.dumps({"format": EXPORT_KEY_FORMAT, "lms": "moodle"}), encoding="utf-8")
    assert export_key_lms(key) == "moodle"
    key.write_text(json.dumps({"format": EXPORT_KEY_FORMAT, "lms": "moodle", "pad": "x" * EXPORT_KEY_BYTES}),
                   encoding="utf-8")
    assert export_key_lms(key) is None
    key.write_text(json.dumps({"format": "other", "lms": "moodle"}), encoding="utf-8")
    assert export_key_lms(key) is None
    assert export_key_lms(tmp_path / "gone.json") is None


def test_an_earlier_keys_values_are_cut_with_dots_on_one_line():
    message = _what_is_lost({"lms": "q" * 100 + "\n"}, "moodle", "C1", 1, [])
    assert message.startswith("a " + "Q" + "q" * 16 + "... export") and "\n" not in message
    message = _what_is_lost({"lms": "moodle", "seed": 1, "classes": "C" * 100, "templates": ["C1"], "count": 1},
                            "moodle", "D" * 100, 1, [])
    assert f"classes {'C' * 57}..., count 1" in message and f"classes {'D' * 57}..., count 1" in message


@pytest.mark.slow
def test_utf16_without_a_byte_order_mark_is_called_so_not_just_binary(invoke, tmp_path):
    """rev-hostile19: such a file was only "found binary data (NUL bytes), not
    text", though --encoding utf-16-le reads it."""
    assert invoke("generate", "--classes", "C1", "--out", tmp_path / "q").exit_code == 0
    answers = tmp_path / "u16.csv"
    answers.write_bytes("student_id,question_id,part,answer\ns1,Q1,a,0.5\n".encode("utf-16-le"))
    refused = invoke("grade", answers, "--key", tmp_path / "q" / "key.json", "--out", tmp_path / "o" / "g.csv")
    assert refused.exit_code == 2
    assert refused.stderr.strip().endswith("(it looks like UTF-16 without a byte-order mark: save it as UTF-8, "
                                           "or give --encoding utf-16-le)"), refused.stderr
    read = invoke("grade", answers, "--key", tmp_path / "q" / "key.json", "--out", tmp_path / "o" / "g.csv",
                  "--encoding", "utf-16-le")
    assert read.exit_code == 0, read.output
