"""An LMS download as a spreadsheet saves it again: Excel writes ``;`` and a
BOM in many locales, tabs in UTF-16 ("Unicode text"), or Windows-1252. The
download is read by the answers file's rules (quizgen/csv_input.py), and a
file that is no download is named as the problem, not the key."""

import csv
import io
import shutil
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data" / "lms"
MOODLE = DATA / "moodle_responses.csv"


def _rows():
    return list(csv.reader(io.StringIO(MOODLE.read_text(encoding="utf-8"))))


def _saved(rows, delimiter: str, encoding: str, first: str = "") -> bytes:
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\r\n").writerows(rows)
    return (first + out.getvalue()).encode(encoding)


def _verdicts(path: Path) -> list:
    """The graded file's verdicts, read in its own dialect: a download saved with
    ``;`` or tabs is graded as such a file is, its outputs with decimal commas."""
    text = path.read_text(encoding="utf-8-sig")
    delimiter = max(",;\t", key=text.splitlines()[0].count)
    return [(r["student_id"], r["question_id"], r["part"], r["status"], r["score"].replace(",", "."))
            for r in csv.DictReader(io.StringIO(text), delimiter=delimiter)]


@pytest.fixture
def original(tmp_path, invoke):
    """The verdicts of the download as Moodle wrote it."""
    shutil.copy(MOODLE, tmp_path / "orig.csv")
    assert invoke("grade", tmp_path / "orig.csv").exit_code == 0
    return _verdicts(tmp_path / "orig-graded.csv")


@pytest.mark.parametrize("delimiter, encoding, first, options", [
    (";", "utf-8-sig", "", ()),                                  # Excel "CSV UTF-8" in a ';' locale
    ("\t", "utf-16", "", ()),                                    # Excel "Unicode text"
    (",", "cp1252", "", ()),                                     # older Excel, Windows-1252
    (";", "utf-8", "sep=;\r\n", ()),                             # Excel's sep= line
    ("\t", "utf-16", "", ("--encoding", "utf-16", "--delimiter", "tab")),   # told, not detected
], ids=["semicolon-bom", "utf16-tab", "cp1252", "sep-line", "given"])
@pytest.mark.slow
def test_a_resaved_moodle_download_grades_as_the_original(tmp_path, invoke, original, delimiter, encoding, first,
                                                           options):
    rows = _rows()
    for row in rows[1:]:
        row[0] = row[0].replace("Lovelace", "Lovélace")   # cp1252 writes é as one byte that is no UTF-8
    path = tmp_path / "saved.csv"
    path.write_bytes(_saved(rows, delimiter, encoding, first))
    result = invoke("grade", path, *options)
    assert result.exit_code == 0, result.output
    assert _verdicts(tmp_path / "saved-graded.csv") == original
    assert "Ada Lovélace" in (tmp_path / "saved-answers.csv").read_text(encoding="utf-8-sig")


@pytest.fixture(scope="module")
def export_keys(tmp_path_factory):
    """{lms: the key file of a small export to it}."""
    from click.testing import CliRunner
    from quizgen.cli import main

    folder = tmp_path_factory.mktemp("keys")
    for lms, out in (("moodle", "m.xml"), ("canvas", "c.zip")):
        result = CliRunner().invoke(main, ["export", lms, "--classes", "C1", "--count", "1", "--seed", "3",
                                           "--out", str(folder / out)])
        assert result.exit_code == 0, result.output
    return {"moodle": folder / "m-key.json", "canvas": folder / "c-key.json"}


GERMAN = ["Nachname", "Vorname", "ID-Nummer", "E-Mail-Adresse", "Status", "Begonnen am", "Beendet",
          "Verbrauchte Zeit", "Bewertung/6,00", "Frage 1", "Antwort 1", "Richtige Antwort 1"]


def _one_line(result) -> str:
    assert result.exit_code != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.mark.slow
def test_a_resaved_download_that_is_not_recognised_is_named_not_the_key(tmp_path, invoke, export_keys):
    """A file that is no Moodle download, graded with a Moodle export's key:
    the line names the file and what it should be, and says quizgen reads
    Moodle's English column names (a download in another language is the likely cause)."""
    path = tmp_path / "semi.csv"
    path.write_text("Nachname;Vorname;Frage 1;Antwort 1\nLee;Ann;x;1\n", encoding="utf-8")
    line = _one_line(invoke("grade", path, "--key", export_keys["moodle"]))
    assert line.startswith(f"quizgen: error: {path}: not a Moodle quiz 'Responses' report download"), line
    assert "m-key.json: format" not in line and "this is the key of" not in line
    assert "English column names" in line and "download the Responses report again" in line


def test_a_canvas_key_with_a_file_that_is_no_student_analysis_names_the_file(tmp_path, invoke, export_keys):
    path = tmp_path / "answers.csv"
    path.write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\n", encoding="utf-8")
    line = _one_line(invoke("grade", path, "--key", export_keys["canvas"]))
    assert line.startswith(f"quizgen: error: {path}: not a Canvas 'Student Analysis' CSV"), line
    assert "English" not in line and "needs the key.json that quizgen generate wrote" in line


def test_a_moodle_download_with_a_canvas_key_names_the_download(tmp_path, invoke, export_keys):
    path = tmp_path / "responses.csv"
    shutil.copy(MOODLE, path)
    line = _one_line(invoke("grade", path, "--key", export_keys["canvas"]))
    assert "responses.csv: a Moodle download, but --key c-key.json is the key of a Canvas export" in line


def test_a_moodle_download_in_german_says_to_download_it_in_english(tmp_path, invoke):
    path = tmp_path / "antworten.csv"
    path.write_text(",".join(GERMAN) + "\nLee,Ann,s1,a@b.c,Beendet,,,,1,Frage,0.5,0.5\n", encoding="utf-8")
    line = _one_line(invoke("grade", path, "--key", tmp_path / "none.json"))
    assert "looks like a Moodle quiz 'Responses' report downloaded in another language" in line
    assert "switch Moodle's language to English" in line and "expected a header with" not in line


@pytest.mark.parametrize("header", [["Nom", "Prénom", "Question 1", "Réponse 1"],
                                    ["Apellido(s)", "Nombre", "Pregunta 1", "Respuesta 1", "Respuesta correcta 1"]])
def test_other_languages_are_recognised_too(tmp_path, invoke, header):
    path = tmp_path / "r.csv"
    path.write_text(",".join(header) + "\n" + ",".join("x" * len(header)) + "\n", encoding="utf-8")
    assert "quizgen reads Moodle's English column names" in _one_line(invoke("grade", path))


def test_a_plain_header_it_cannot_read_still_gets_the_plain_message(tmp_path, invoke):
    path = tmp_path / "r.csv"
    path.write_text("who,Part 1,Part 2\ns1,1,2\n", encoding="utf-8")
    line = _one_line(invoke("grade", path))
    assert "expected a header with" in line and "Moodle" not in line


@pytest.mark.parametrize("text", ['{\n "format": "quizgen-key",\n "version": 2\n}\n', '[{"a": 1}]\n'])
def test_a_json_file_given_as_the_answers_is_called_json_not_a_delimiter_problem(tmp_path, invoke, text):
    path = tmp_path / "key.json"
    path.write_text(text, encoding="utf-8")
    line = _one_line(invoke("grade", path))
    assert "looks like JSON, a key file?" in line and "--delimiter" not in line
