"""A Moodle download a spreadsheet saved again (``;``, cp1252, Excel's
``sep=`` line) whose ID numbers are all digits: the spreadsheet may have
dropped their leading zeros, and Moodle's import stops the whole gradebook
file at an ID number it does not know, so grade says so (review 51b F6)."""

import csv
import io

import pytest

from lms_support import exported_download

WARNED = "was saved again by a spreadsheet"


def _saved(invoke, folder, delimiter=";", encoding="cp1252", sep=True, ids=("100", "101")) -> None:
    header, *rows = exported_download(invoke, folder, "C1", 1, 2)
    grade = next(i for i, name in enumerate(header) if name.startswith("Grade/"))
    for row, student in zip(rows, ids):
        row[header.index("ID number")], row[header.index("Last name")] = student, "Seán"
        if sep or delimiter != ",":   # a spreadsheet writes Moodle's 0.00 as 0 (a kept 0.00 shows no save: review 57c F2)
            row[grade] = row[grade].rstrip("0").rstrip(".") or "0"
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\r\n").writerows([header, *rows])
    text = (f"sep={delimiter}\r\n" if sep else "") + out.getvalue()
    (folder / "responses.csv").write_bytes(text.encode(encoding, errors="replace"))


def _grade(invoke, folder, *options):
    result = invoke("grade", folder / "responses.csv", "--key", folder / "questions-key.json", "--gradebook", "moodle",
                    *options)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


@pytest.mark.slow
def test_digit_ids_of_a_resaved_download_are_warned_of(tmp_path, invoke):
    _saved(invoke, tmp_path)
    said = _grade(invoke, tmp_path)
    assert "responses.csv was saved again by a spreadsheet (';'-separated, cp1252, with Excel's sep= line, " in said
    assert ("), and its "
            "ID numbers are all digits with no leading zero (100, 101): a spreadsheet drops leading zeros, and if "
            "Moodle's ID numbers have them (00100 for 100), Moodle's import stops the whole gradebook file at the "
            "first") in said


@pytest.mark.slow
@pytest.mark.parametrize("how", [{"delimiter": ",", "encoding": "utf-8", "sep": False}, {"ids": ("0100", "101")},
                                 {"ids": ("s100", "101")}], ids=["as-moodle-wrote-it", "a-zero-kept", "not-digits"])
def test_no_warning_for_a_download_as_moodle_wrote_it_or_ids_that_kept_or_had_no_zeros(tmp_path, invoke, how):
    _saved(invoke, tmp_path, **how)
    assert WARNED not in _grade(invoke, tmp_path)


@pytest.mark.slow
def test_no_warning_with_a_roster_which_gives_the_ids(tmp_path, invoke):
    _saved(invoke, tmp_path)
    (tmp_path / "roster.csv").write_text("student_id,name\n100,A\n101,B\n", encoding="utf-8")
    assert WARNED not in _grade(invoke, tmp_path, "--roster", tmp_path / "roster.csv")
