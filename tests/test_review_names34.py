"""``quizgen review`` writes each student's name when the names came from
``--roster`` (graded.csv then has no name column): read from the students CSV
grade wrote beside graded.csv. The review file's name cells were empty though
the report and sheets of the same run named everyone (rev34b)."""

import csv

import pytest
from click.testing import CliRunner

from quizgen.cli import main

ANSWERS = "student_id{s}question_id{s}part{s}answer\ns1{s}Q7{s}a{s}I would say around a half\n" \
          "s02{s}Q7{s}a{s}maybe it is close to a half\n"
ROSTER = "student_id,name\ns1,Ann Lee\ns2,=Bo Chen\n"


@pytest.fixture(scope="module")
def key(tmp_path_factory):
    folder = tmp_path_factory.mktemp("k34")
    assert CliRunner().invoke(main, ["generate", "--seed", "1", "--out", str(folder)]).exit_code == 0
    return folder / "key.json"


def _review(tmp_path, key, separator=",", keep_students=True) -> list:
    (tmp_path / "a.csv").write_text(ANSWERS.format(s=separator), encoding="utf-8")
    (tmp_path / "roster.csv").write_text(ROSTER, encoding="utf-8")
    graded = tmp_path / "o" / "graded.csv"
    runner = CliRunner()
    result = runner.invoke(main, ["grade", str(tmp_path / "a.csv"), "--key", str(key), "--roster",
                                  str(tmp_path / "roster.csv"), "--out", str(graded)])
    assert result.exit_code == 0, result.output
    if not keep_students:
        (tmp_path / "o" / "graded-students.csv").unlink()
    assert runner.invoke(main, ["review", str(graded)]).exit_code == 0
    with open(tmp_path / "o" / "graded-review.csv", encoding="utf-8-sig", newline="") as handle:
        return list(csv.reader(handle, delimiter=separator))[1:]


def test_names_come_from_the_roster_by_way_of_the_students_csv(tmp_path, key):
    rows = _review(tmp_path, key)
    assert [(r[0], r[1]) for r in rows] == [("s1", "Ann Lee"), ("s2", "'=Bo Chen")]   # formula-guarded on writing


def test_a_semicolon_run_reads_its_own_students_csv(tmp_path, key):
    assert [r[1] for r in _review(tmp_path, key, ";")] == ["Ann Lee", "'=Bo Chen"]


def test_no_students_csv_leaves_the_names_empty(tmp_path, key):
    assert [r[1] for r in _review(tmp_path, key, keep_students=False)] == ["", ""]
