"""A key given the wrong way gets advice naming the file meant: a folder holding
key.json, an export's questions file in place of its key."""

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.errors import InputFileError
from quizgen.lms.exportkey import load_export_key


def test_a_folder_holding_key_json_names_it(one_answer_folder, monkeypatch):
    (one_answer_folder / "quiz").mkdir()
    (one_answer_folder / "key.json").rename(one_answer_folder / "quiz" / "key.json")
    monkeypatch.chdir(one_answer_folder)
    result = CliRunner().invoke(main, ["grade", "answers.csv", "--key", "quiz"])
    assert result.exit_code == 2
    assert "quiz is a folder; pass the key.json in it: --key quiz/key.json" in result.output
    assert not list(one_answer_folder.glob("answers-graded*"))


def test_a_folder_without_key_json_keeps_clicks_message(one_answer_folder, monkeypatch):
    (one_answer_folder / "empty").mkdir()
    monkeypatch.chdir(one_answer_folder)
    result = CliRunner().invoke(main, ["grade", "answers.csv", "--key", "empty"])
    assert result.exit_code == 2
    assert "is a directory" in result.output and "key.json in it" not in result.output


@pytest.mark.parametrize("name, meant", [("questions.xml", "questions-key.json"), ("quiz.zip", "quiz-key.json")])
def test_an_export_in_place_of_its_key_names_the_key(tmp_path, name, meant):
    (tmp_path / name).write_bytes(b"<?xml version='1.0'?><quiz/>" if name.endswith("xml") else b"PK\x03\x04")
    with pytest.raises(InputFileError) as caught:
        load_export_key(tmp_path / name)
    assert f"this is the export itself, not its key (--key {tmp_path / meant})" in str(caught.value)


def test_an_unreadable_export_key_says_what_is_wrong(tmp_path):
    (tmp_path / "k.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(InputFileError, match="k.json: cannot be read as JSON; pass the key file"):
        load_export_key(tmp_path / "k.json")
    with pytest.raises(InputFileError, match="gone.json: no such file; pass the key file"):
        load_export_key(tmp_path / "gone.json")


def test_the_students_csv_given_as_answers_is_named(one_answer_folder, monkeypatch):
    monkeypatch.chdir(one_answer_folder)
    runner = CliRunner()
    assert runner.invoke(main, ["grade", "answers.csv", "--out", "first"]).exit_code == 0
    result = runner.invoke(main, ["grade", "first/answers-graded-students.csv", "--key", "key.json", "--out", "again"])
    assert result.exit_code == 2
    assert "line 1: this is the students CSV quizgen grade wrote (a row of scores per student)" in result.output
    assert not (one_answer_folder / "again").exists()


def test_a_workbook_roster_is_named_a_workbook(one_answer_folder, monkeypatch):
    monkeypatch.chdir(one_answer_folder)
    (one_answer_folder / "class.xlsx").write_bytes(b"PK\x03\x04\x14\x00\x06\x00student_id,name\n")
    result = CliRunner().invoke(main, ["grade", "answers.csv", "--roster", "class.xlsx", "--out", "out"])
    assert result.exit_code == 2
    assert "class.xlsx: found a zip archive (an .xlsx or .ods workbook?); save the roster sheet as CSV" in result.output
