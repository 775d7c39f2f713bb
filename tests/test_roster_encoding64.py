"""A roster has an encoding option, as grade's answers file has --encoding: grade --roster-encoding,
generate --students-encoding. A cp1252 roster one of whose lines is UTF-8 by chance (``RENÉ`` and a
no-break space are the bytes C9 A0, a UTF-8 letter) is refused as mixing encodings, as a real mix is,
the refusal naming the option; given it, the roster reads as cp1252."""

import csv
import json

ROSTER = "student_id,name\nzoë1,Zoë\ns2,RENÉ\u00a0DUPONT\n".encode("cp1252")
ANSWERS = "student_id,Q1a,Q1b\nzoë1,0.7157,0.33454\n"


def _grade(invoke, tmp_path, c1_key, *options):
    (tmp_path / "a.csv").write_text(ANSWERS, encoding="utf-8")
    (tmp_path / "roster.csv").write_bytes(ROSTER)
    return invoke("grade", tmp_path / "a.csv", "--key", c1_key, "--roster", tmp_path / "roster.csv",
                  "--out", tmp_path / "out", *options)


def test_the_line_is_utf8_by_chance():
    line = ROSTER.splitlines()[2]
    assert line.decode("utf-8") == "s2,REN\u0260DUPONT" and line.decode("cp1252") == "s2,RENÉ\u00a0DUPONT"


def test_the_refusal_names_the_roster_encoding_option(tmp_path, invoke, c1_key):
    result = _grade(invoke, tmp_path, c1_key)
    assert result.exit_code == 2, result.output
    line = " ".join(result.output.split())
    assert "roster.csv: line 2: byte 0xEB" in line and "the file mixes two encodings" in line
    assert "or, if every line is cp1252 (older Excel), give --roster-encoding cp1252" in line
    assert not (tmp_path / "out").exists()


def test_grade_reads_a_cp1252_roster_given_its_encoding(tmp_path, invoke, c1_key):
    result = _grade(invoke, tmp_path, c1_key, "--roster-encoding", "cp1252")
    assert result.exit_code == 0, result.output
    with open(tmp_path / "out" / "a-graded-students.csv", encoding="utf-8-sig", newline="") as handle:
        students = {row["student_id"]: row["name"] for row in csv.DictReader(handle)}
    assert students == {"zoë1": "Zoë", "s2": "RENÉ DUPONT"}


def test_a_bad_roster_encoding_is_refused_naming_the_option(tmp_path, invoke, c1_key):
    result = _grade(invoke, tmp_path, c1_key, "--roster-encoding", "rot13")
    assert result.exit_code == 2
    assert "--roster-encoding: 'rot13' is not a text encoding" in result.output
    assert not (tmp_path / "out").exists()


def test_generate_reads_a_cp1252_students_file_given_its_encoding(tmp_path, invoke):
    (tmp_path / "roster.csv").write_bytes(ROSTER)
    refused = invoke("generate", "--classes", "C1", "--seed", "1", "--students", tmp_path / "roster.csv",
                     "--out", tmp_path / "refused")
    assert refused.exit_code == 2 and "give --students-encoding cp1252" in " ".join(refused.output.split())
    result = invoke("generate", "--classes", "C1", "--seed", "1", "--students", tmp_path / "roster.csv",
                    "--students-encoding", "cp1252", "--out", tmp_path / "quiz")
    assert result.exit_code == 0, result.output
    key = json.loads((tmp_path / "quiz" / "key.json").read_text(encoding="utf-8"))
    assert {sid: paper["name"] for sid, paper in key["students"].items()} == {"zoë1": "Zoë", "s2": "RENÉ DUPONT"}


def test_an_encoding_option_without_its_file_is_refused(tmp_path, invoke, c1_key):
    (tmp_path / "a.csv").write_text(ANSWERS, encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", c1_key, "--roster-encoding", "cp1252", "--out", tmp_path / "o")
    assert result.exit_code == 2 and "--roster-encoding needs --roster: it names that file's encoding" in result.output
    result = invoke("generate", "--students-encoding", "cp1252", "--out", tmp_path / "quiz")
    assert result.exit_code == 2 and "--students-encoding needs --students" in result.output
    assert not (tmp_path / "o").exists() and not (tmp_path / "quiz").exists()
