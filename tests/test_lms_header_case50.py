"""Review 50a F10: a Moodle or Canvas download whose column names a spreadsheet saved again with
spaces around them, or that were retyped in another case (`` ID number ``, ``Id Number``, `` sis_id ``,
``response 1``), was read without those columns: Moodle's students named by e-mail with a warning that
they "have no ID number", Canvas's silently by its internal user ids (501, 502 ...), a ``response 1``
refused as missing. The answers file's columns are found whatever their case and spaces; so are the
columns the LMS names now, and the download grades as the one the LMS wrote."""

import csv
import io
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data" / "lms"


def _renamed(source: Path, target: Path, old: str, new: str) -> Path:
    lines = source.read_text(encoding="utf-8").split("\n")
    header = next(csv.reader([lines[0]]))
    assert old in header
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow([new if cell == old else cell for cell in header])
    target.write_text("\n".join([out.getvalue(), *lines[1:]]), encoding="utf-8")
    return target


def _graded(path: Path) -> list:
    return [(row["student_id"], row["question_id"], row["part"], row["status"], row["score"])
            for row in csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig")))]


@pytest.mark.parametrize("download, old, new", [
    ("moodle_responses.csv", "ID number", " ID number "), ("moodle_responses.csv", "ID number", "Id Number"),
    ("moodle_responses.csv", "Response 2", "response 2"), ("moodle_responses.csv", "Email address", "email address "),
    ("canvas_student_analysis.csv", "sis_id", " sis_id "), ("canvas_student_analysis.csv", "sis_id", "SIS_ID")])
def test_a_download_with_its_columns_renamed_in_case_or_spaces_grades_as_written(tmp_path, invoke, download, old, new):
    original = invoke("grade", DATA / download, "--out", f"{tmp_path}/orig/")
    assert original.exit_code == 0, original.output
    renamed = _renamed(DATA / download, tmp_path / "saved.csv", old, new)
    result = invoke("grade", renamed, "--out", f"{tmp_path}/saved/")
    assert result.exit_code == 0, result.output
    stem = Path(download).stem
    said = result.output.replace("saved.csv", f"{stem}.csv").replace("saved", "orig").replace(str(DATA), "")
    assert [line for line in said.splitlines() if "warning" in line] == \
        [line.replace(str(DATA), "") for line in original.output.splitlines() if "warning" in line]
    expected = _graded(tmp_path / "orig" / f"{Path(download).stem}-graded.csv")
    assert expected and _graded(tmp_path / "saved" / "saved-graded.csv") == expected
    assert {row[0] for row in expected} >= {"s001"}   # the ids the LMS was given, not e-mails or Canvas's own
