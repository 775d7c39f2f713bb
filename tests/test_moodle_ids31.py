"""A Moodle Responses download re-saved by a spreadsheet, whose ID numbers
lost their leading zeros, graded with --roster: the Moodle gradebook file
writes the roster's ids, which Moodle knows, and the note says why the ids
differ (rev-instructor31)."""

import csv

from lms_support import exported_download, moodle_csv


def _download_without_zeros(invoke, folder, students: int = 3) -> None:
    """responses.csv with ID numbers 7, 8, ... (a spreadsheet's numbers) and roster.csv with 0000007, 0000008, ..."""
    header, *rows = exported_download(invoke, folder, "C1", 1, students)
    column = header.index("ID number")
    for n, row in enumerate(rows):
        row[column] = str(n + 7)
    (folder / "responses.csv").write_text(moodle_csv(header, rows), encoding="utf-8")
    roster = "".join(f"{n + 7:07d},Test S{n}\n" for n in range(students + 1))   # one more: no attempt
    (folder / "roster.csv").write_text("student_id,name\n" + roster, encoding="utf-8")


def test_the_moodle_gradebook_writes_the_roster_ids_a_resaved_download_lost_the_zeros_of(tmp_path, invoke):
    _download_without_zeros(invoke, tmp_path)
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json",
                    "--roster", tmp_path / "roster.csv", "--gradebook", "moodle")
    assert result.exit_code == 0, result.output
    book = list(csv.reader((tmp_path / "responses-graded-gradebook-moodle.csv").open(encoding="utf-8")))
    assert [row[0] for row in book] == ["ID number", "0000007", "0000008", "0000009"]   # 0000010: no attempt, no row
    output = " ".join(result.output.split())
    assert ("3 student id(s) of the LMS download lack the leading zeros of the roster's ids (the download opened "
            "and saved again in a spreadsheet, most likely) and are that student, graded under the download's id; "
            "a Moodle gradebook file writes the roster's, which Moodle knows: 7 as 0000007, 8 as 0000008, "
            "9 as 0000009") in output
    assert "paper's id" not in output
