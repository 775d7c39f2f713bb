"""A student id of up to 255 characters, as Moodle's ID number and Canvas's
SIS id hold, is graded; 200 stopped the whole class at one such id (review
51b F3). A longer one is no LMS's: refused in one line naming its row."""

import csv

import pytest

from lms_support import download_with
from quizgen.errors import InputFileError
from quizgen.roster import parse_roster

LONG = "s" + "0123456789" * 25 + "abcd"   # 255 characters


def _download(invoke, folder, student_id: str) -> None:
    download_with(invoke, folder, "ID number", student_id)


@pytest.mark.slow
def test_a_moodle_id_number_of_255_characters_is_graded_and_written_to_the_gradebook(tmp_path, invoke):
    assert len(LONG) == 255
    _download(invoke, tmp_path, LONG)
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json",
                    "--gradebook", "moodle", "--feedback", tmp_path / "sheets")
    assert result.exit_code == 0, result.output
    book = list(csv.reader((tmp_path / "responses-graded-gradebook-moodle.csv").open(encoding="utf-8")))
    assert [row[0] for row in book] == ["ID number", "s000", LONG]
    assert len(list((tmp_path / "sheets").glob("*.md"))) == 2   # its sheet's name cut to a file name's length


@pytest.mark.slow
def test_a_longer_id_is_refused_naming_its_row(tmp_path, invoke):
    _download(invoke, tmp_path, LONG + "e")
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json")
    assert result.exit_code == 2
    said = " ".join(result.output.split())
    assert "the Moodle export's row 2 after the header: student id 's0123" in said
    assert "is 256 characters long, and no LMS id is longer than 255 (Moodle's ID number, Canvas's SIS id)" in said


def test_a_roster_id_of_255_characters_is_read_and_a_longer_one_refused():
    assert [s.student_id for s in parse_roster(f"student_id,name\n{LONG},Ada\n")] == [LONG]
    with pytest.raises(InputFileError, match="is not a student id \\(over 255 characters\\)"):
        parse_roster(f"student_id,name\n{LONG}e,Ada\n")
