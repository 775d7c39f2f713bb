"""Refusals that say the way on first (rev-instructor31): a late enrolee's
papers refused in a folder of the same seed and questions say first that
--force keeps every paper and code; a roster whose id column matches none of a
download's email ids names its column that does."""

import pytest
import json

from lms_support import exported_download, moodle_csv


@pytest.mark.slow
def test_a_late_enrolee_is_told_that_force_keeps_every_paper_and_code(tmp_path, invoke):
    roster, out = tmp_path / "roster.csv", tmp_path / "quiz"
    roster.write_text("student_id,name\ns1,Ann\ns2,Bo\n", encoding="utf-8")
    assert invoke("generate", "--seed", 5, "--classes", "C1", "--students", roster, "--out", out).exit_code == 0
    before = json.loads((out / "key.json").read_text(encoding="utf-8"))
    roster.write_text("student_id,name\ns1,Ann\ns2,Bo\ns3,Cy\n", encoding="utf-8")
    result = invoke("generate", "--seed", 5, "--classes", "C1", "--students", roster, "--out", out)
    assert result.exit_code == 2
    assert (f"{out / 'key.json'} is the key of papers of the same seed and questions for other students (papers of "
            "their own for 2 students, where this run makes them for 3): pass --force to add the papers of 1 new "
            "student; every other paper and its code stay as printed. Or choose another --out folder") \
        in " ".join(result.stderr.split())
    assert invoke("generate", "--seed", 5, "--classes", "C1", "--students", roster, "--out", out,
                  "--force").exit_code == 0
    after = json.loads((out / "key.json").read_text(encoding="utf-8"))
    assert after["secret"] == before["secret"]   # the paper codes printed stay
    assert {sid: after["students"][sid] for sid in ("s1", "s2")} == before["students"]


def test_a_roster_whose_email_column_holds_a_downloads_ids_is_named(tmp_path, invoke):
    header, *rows = exported_download(invoke, tmp_path, "C1", 1, 2)
    column = header.index("ID number")
    header.pop(column)   # a download with no ID number: its students are named by email
    (tmp_path / "responses.csv").write_text(moodle_csv(header, [row[:column] + row[column + 1:] for row in rows]),
                                            encoding="utf-8")
    (tmp_path / "roster.csv").write_text("Student ID,Name,Email\n0000007,S0 Test,s0@example.org\n"
                                         "0000008,S1 Test,s1@example.org\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json",
                    "--roster", tmp_path / "roster.csv")
    assert result.exit_code != 0
    assert ("ids read from column 'Student ID' match none of responses.csv's student ids (first: s0@example.org), "
            "but its column 'Email' holds them: delete or rename the column 'Student ID', so that the ids are read "
            "from 'Email'") in " ".join(result.stderr.split())
