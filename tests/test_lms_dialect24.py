"""An LMS download opened and saved again by a spreadsheet in a decimal-comma
locale (French Excel: ``;`` between cells, ``0,7392``) is graded like any
answers file saved so: its outputs are in that spreadsheet's dialect, ``;``
and decimal commas, and the summary names the real delimiter (rev-grade24:
they were ``,``-separated with decimal points, the download having been
rebuilt as a ``,`` answers file). The gradebook stays in the LMS's own import
format (docs/lms.md, "Gradebook files")."""

import csv
import io
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data" / "lms"


def _resave(source: Path, target: Path, delimiter: str) -> Path:
    """``source`` as a spreadsheet writes it again with ``delimiter``: numbers with a decimal comma."""
    rows = list(csv.reader(io.StringIO(source.read_text(encoding="utf-8"))))
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    writer.writerows([[cell.replace("0.", "0,") for cell in row] for row in rows])
    target.write_text(out.getvalue(), encoding="utf-8-sig")
    return target


def _first_line(path: Path) -> str:
    return path.read_text(encoding="utf-8-sig").splitlines()[0]


def _rows(path: Path, delimiter: str) -> list:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig")), delimiter=delimiter))


@pytest.mark.parametrize("download, gradebook", [("moodle_responses.csv", "moodle"),
                                                 ("canvas_student_analysis.csv", "plain")])
@pytest.mark.slow
def test_a_download_resaved_with_semicolons_gives_outputs_in_that_dialect(tmp_path, invoke, download, gradebook):
    path = _resave(DATA / download, tmp_path / "fr.csv", ";")
    result = invoke("grade", path, "--gradebook", gradebook)
    assert result.exit_code == 0, result.output
    kind = "a Moodle Responses" if download.startswith("moodle") else "a Canvas Student Analysis"
    assert f"({kind} download, ';'-separated, utf-8-sig)" in result.output   # the download, not the long file built
    for name in ("graded", "graded-students", "graded-questions", "graded-items", "answers"):
        assert ";" in _first_line(tmp_path / f"fr-{name}.csv") and "," not in _first_line(tmp_path / f"fr-{name}.csv"), name
    graded = _rows(tmp_path / "fr-graded.csv", ";")
    assert graded and all("." not in row["expected"] for row in graded if row["expected"][:1].isdigit())
    assert any("," in row["expected"] for row in graded)
    students = _rows(tmp_path / "fr-graded-students.csv", ";")
    assert all("," in row["percent"] and "." not in row["percent"] for row in students)
    # every answer row of the download is graded, as the one Moodle or Canvas wrote is
    original = invoke("grade", DATA / download, "--out", f"{tmp_path}/orig/")
    assert original.exit_code == 0, original.output
    assert len(graded) == len(_rows(tmp_path / "orig" / f"{Path(download).stem}-graded.csv", ","))
    # Moodle's gradebook is its import format, commas and decimal points; the plain one, which no
    # LMS reads, is written as the download was saved, ';' and decimal commas (review 47b F7)
    book = (tmp_path / f"fr-graded-gradebook-{gradebook}.csv").read_text(encoding="utf-8-sig")
    mark = "," if gradebook == "moodle" else ";"
    assert book.splitlines()[0].count(mark) >= 2 and ({",", ";"} - {mark}).pop() not in book.splitlines()[0]


@pytest.mark.slow
def test_the_answers_built_from_a_resaved_download_grade_again_alike(tmp_path, invoke):
    """``fr-answers.csv`` graded again with ``--key`` gives the same graded file."""
    path = _resave(DATA / "moodle_responses.csv", tmp_path / "fr.csv", ";")
    assert invoke("grade", path).exit_code == 0
    again = invoke("grade", tmp_path / "fr-answers.csv", "--key", tmp_path / "fr-key.json", "--out", tmp_path / "again.csv")
    assert again.exit_code == 0, again.output
    assert "';'-separated" in again.output
    assert (tmp_path / "again.csv").read_bytes() == (tmp_path / "fr-graded.csv").read_bytes()


@pytest.mark.slow
def test_a_download_with_a_delimiter_given_keeps_it(tmp_path, invoke):
    """``--delimiter '|'``, which detection never chooses, reads the download and writes the outputs."""
    path = _resave(DATA / "moodle_responses.csv", tmp_path / "bar.csv", "|")
    result = invoke("grade", path, "--delimiter", "|")
    assert result.exit_code == 0, result.output
    assert "'|'-separated" in result.output
    assert _first_line(tmp_path / "bar-graded.csv").count("|") == 12   # download_line among the input columns
