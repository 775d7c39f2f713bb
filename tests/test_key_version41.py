"""key.json's ``version`` is a JSON integer: ``"version": 5.0`` was read as
version 5 (and 4.0 as 4), where every other wrong version is refused. Now a
number with a decimal point is the usual one-line key error naming the field;
``format`` must be the very text quizgen writes."""

import json

import pytest

from quizgen.errors import InputFileError
from quizgen.key.load import load_key_file
from quizgen.key.model import Key


def _write(tmp_path, data: dict, **fields):
    path = tmp_path / "key.json"
    path.write_text(json.dumps({**data, **fields}), encoding="utf-8")
    return path


def _refusal(path) -> str:
    with pytest.raises(InputFileError) as info:
        load_key_file(path)
    text = str(info.value)
    assert "\n" not in text and text.startswith(f"{path}: ")
    return text[len(f"{path}: "):]


@pytest.mark.parametrize("version", [4.0, 5.0, 1.0, 2.0])
def test_a_version_with_a_decimal_point_is_refused_in_one_line(tmp_path, c7_key, version):
    assert _refusal(_write(tmp_path, c7_key, version=version)) == (
        f"version: expected a whole number from 1 to 6 written without a decimal point, got {version!r}")


@pytest.mark.parametrize("version, said", [
    (True, "version: expected a whole number from 1 to 6, got true"),
    ("4", 'version: expected a whole number from 1 to 6, got "4"'),
    (4.5, "version: expected a whole number from 1 to 6, got 4.5"),
    (0, "version: expected a whole number from 1 to 6, got 0"),
    (7.0, "version: expected a whole number from 1 to 6, got 7.0"),
    (7, "version: this key is version 7, newer than this quizgen reads (up to 6); upgrade quizgen"),
])
def test_other_wrong_versions_are_refused_as_before(tmp_path, c7_key, version, said):
    assert _refusal(_write(tmp_path, c7_key, version=version)) == said


@pytest.mark.parametrize("written", ["quizgen-key ", "Quizgen-Key", ["quizgen-key"], None, 1])
def test_the_format_must_be_the_text_quizgen_writes(tmp_path, c7_key, written):
    said = _refusal(_write(tmp_path, c7_key, format=written))
    assert said.startswith("format: expected 'quizgen-key', got ")


def test_a_version_with_no_format_is_refused(tmp_path, c7_key):
    data = {k: v for k, v in c7_key.items() if k != "format"}
    # rev43d F5: another tool's key (a version, no format) is told what quizgen reads, as other wrong keys are
    assert _refusal(_write(tmp_path, data)) == ("format: expected 'quizgen-key', got null: this is not a key.json "
                                                "written by quizgen generate (nor a quizgen export's key)")


def test_the_key_as_written_still_loads(tmp_path, c7_key):
    assert c7_key["version"] == 4 and isinstance(load_key_file(_write(tmp_path, c7_key)), Key)


def test_grade_says_it_in_one_line(tmp_path, c7_key, invoke):
    key = _write(tmp_path, c7_key, version=4.0)
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", key, "--out", f"{tmp_path / 'out'}/")
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1].endswith(
        "key.json: version: expected a whole number from 1 to 6 written without a decimal point, got 4.0")
