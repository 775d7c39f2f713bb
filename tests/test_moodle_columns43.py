"""A Moodle Responses download with a column deleted in a spreadsheet (review
43b F4). 'Question 2' deleted, 'Question 1' kept: the refusal said the file
had no 'Question N' columns at all; now it names the Response column left
without its question."""

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
