"""Microsoft Forms exports in German, French, Spanish and Dutch (review 30): the
email column is the student id (never the export's own response ``ID``), the
name column their name, and the completion time column settles a resubmission,
as in an English export. The headers are those of real exports."""

import csv
import io
import json

import pytest

HEADERS = {
    "de": "ID;Startzeit;Fertigstellungszeit;E-Mail;Name",
    "fr": "ID;Heure de début;Heure de fin;Adresse de messagerie;Nom;Heure de la dernière modification",
    "es": "Id;Hora de inicio;Hora de finalización;Correo electrónico;Nombre",
    "nl": "ID;Begintijd;Tijd van voltooien;E-mail;Naam;Tijd van laatste wijziging",
}
COMPLETION = {"de": "Fertigstellungszeit", "fr": "Heure de fin", "es": "Hora de finalización", "nl": "Tijd van voltooien"}


def _rows(header: str) -> str:
    """s1 answers twice, the later submission (1,44) first in the file; s2 once."""
    extra = ";" * (header.count(";") - 4)   # the last-modified column, empty
    return (f"{header};Q1a\n3;12/3/26 10:07:00;12/3/26 10:09:00;s1@uni.example;Ann{extra};1,44\n"
            f"2;12/3/26 10:00:00;12/3/26 10:06:00;s2@uni.example;Bo{extra};2\n"
            f"1;12/3/26 10:00:00;12/3/26 10:05:00;s1@uni.example;Ann{extra};3\n")


def _one_part_key(folder) -> None:
    """key.json of one question, Q1 (a), whose answer is 1.44."""
    part = {"part": "a", "name": "loss", "type": "numeric", "points": 1.0, "value": 1.44, "answer": "1.44",
            "tolerance": {"sigfigs": 3}}
    key = {"questions": [{"id": "Q1", "class": "C1", "template": "t", "points": 1, "parts": [part]}]}
    (folder / "key.json").write_text(json.dumps(key), encoding="utf-8")


@pytest.mark.parametrize("language", sorted(HEADERS))
def test_a_translated_ms_forms_export_grades_as_an_english_one(tmp_path, invoke, language):
    _one_part_key(tmp_path)
    (tmp_path / "forms.csv").write_text(_rows(HEADERS[language]), encoding="utf-8")
    result = invoke("grade", tmp_path / "forms.csv", "--key", tmp_path / "key.json")
    assert result.exit_code == 0, result.output
    assert "from 2 students" in result.output
    students = list(csv.DictReader(io.StringIO((tmp_path / "forms-graded-students.csv").read_text(
        encoding="utf-8-sig")), delimiter=";"))
    assert {(s["student_id"], s["name"], s["score"]) for s in students} == {
        ("s1@uni.example", "Ann", "1"), ("s2@uni.example", "Bo", "0")}   # s1's later answer, 1,44, by time
    graded = (tmp_path / "forms-graded.csv").read_text(encoding="utf-8-sig")
    assert f"a row with a later '{COMPLETION[language]}' answers this part again" in graded


@pytest.mark.parametrize("language", sorted(HEADERS))
def test_a_translated_ms_forms_time_is_read_day_first(tmp_path, invoke, language):
    """12/03 then 01/04: the 1st of April is the later submission in these locales."""
    _one_part_key(tmp_path)
    extra = ";" * (HEADERS[language].count(";") - 4)
    rows = (f"{HEADERS[language]};Q1a\n2;01/04/2026 10:00;01/04/2026 10:05;s1@uni.example;Ann{extra};1,44\n"
            f"1;12/03/2026 10:00;12/03/2026 10:05;s1@uni.example;Ann{extra};3\n")
    (tmp_path / "forms.csv").write_text(rows, encoding="utf-8")
    result = invoke("grade", tmp_path / "forms.csv", "--key", tmp_path / "key.json")
    assert result.exit_code == 0, result.output
    graded = list(csv.DictReader(io.StringIO((tmp_path / "forms-graded.csv").read_text(encoding="utf-8-sig")),
                                 delimiter=";"))
    latest = [row for row in graded if row.get("status") not in ("superseded",)]
    assert [row["answer"] for row in latest] == ["1,44"], graded
