"""A Moodle Responses download with a column deleted in a spreadsheet (review
43b F4, F5). 'Question 2' deleted, 'Question 1' kept: the refusal said the file
had no 'Question N' columns at all; now it names the Response column left
without its question. The 'ID number' column deleted: students are named by
their email address, and grade gave only a note where a present but empty
column gives the warning that a Moodle import keyed on ID number refuses such
a file; now both give the warning."""

import csv
import io

import pytest
from click.testing import CliRunner

from lms_support import exported_download, moodle_csv
from quizgen.cli import main


def _invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _without(folder, rows: list, *columns) -> list:
    """``rows`` (header first) without ``columns``, written back to responses.csv."""
    kept = [i for i, name in enumerate(rows[0]) if name not in columns]
    rows = [[row[i] for i in kept] for row in rows]
    (folder / "responses.csv").write_text(moodle_csv(rows[0], rows[1:]), encoding="utf-8")
    return rows


@pytest.mark.slow
def test_a_response_without_its_question_column_is_named(tmp_path):
    rows = exported_download(_invoke, tmp_path, "C1,C7", 2, 3)
    _without(tmp_path, rows, "Question 2")
    result = _invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert ("responses.csv: the Moodle export has a 'Response 2' column but no 'Question 2' beside it, which names "
            "that question's variant (a column deleted?).") in " ".join(result.output.split())
    _without(tmp_path, rows, "Question 1", "Question 2")
    result = _invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json")
    assert result.exit_code == 2 and "has no 'Question N' columns" in result.output


@pytest.mark.slow
def test_a_deleted_id_number_column_warns_as_an_empty_one_does(tmp_path):
    rows = exported_download(_invoke, tmp_path, "C7", 2, 3)
    id_number = rows[0].index("ID number")
    said = {}
    for how in ("empty", "deleted"):
        if how == "empty":
            cleared = [rows[0]] + [row[:id_number] + [""] + row[id_number + 1:] for row in rows[1:]]
            (tmp_path / "responses.csv").write_text(moodle_csv(cleared[0], cleared[1:]), encoding="utf-8")
        else:
            _without(tmp_path, rows, "ID number")
        result = _invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json",
                         "--gradebook", "moodle", "--out", f"{tmp_path / how}/")
        assert result.exit_code == 0, result.output
        said[how] = [line for line in result.output.splitlines() if "warning" in line or "Note" in line]
        book = (tmp_path / how / "responses-graded-gradebook-moodle.csv").read_text(encoding="utf-8-sig")
        assert [r["ID number"] for r in csv.DictReader(io.StringIO(book))] == \
            ["s0@example.org", "s1@example.org", "s2@example.org"]
    assert said["deleted"] == said["empty"]
    assert any("3 student(s) have no ID number in the download and are named by their email address" in line
               and "a Moodle grade import keyed on ID number refuses the whole file" in line for line in said["deleted"])
    assert not any("every student id is an email address" in line for line in said["deleted"])


def test_a_response_numbered_twice_is_refused_in_one_line_not_a_traceback(tmp_path):
    """A header with 'Response 1' and 'Response 001' (the same number written twice, as the
    LMS fuzz test found): the new 'Response N without Question N' message looked for the
    missing question and raised StopIteration; now the two columns are named."""
    from quizgen.errors import InputFileError
    from quizgen.lms.responses import read_responses

    header = ("Last name,First name,ID number,Email address,State,Started on,Completed,Duration,Grade/6.00,"
              "Question 1,Response 1,Right answer 1,Question 2,Response 001\n")
    path = tmp_path / "responses.csv"
    path.write_text(header + "L,A,s1,a@b.org,Finished,x,y,z,4.00,q,1,2,q2,3\n", encoding="utf-8")
    with pytest.raises(InputFileError) as refused:
        read_responses(path)
    assert str(refused.value) == (f"{path}: the Moodle export has two columns for response 1 ('Response 1' and "
                                  "'Response 001'); keep the one Moodle wrote and delete the other")
