"""instr27a: an override on a per-student key, where the answers write some
ids otherwise than the key (``131`` for ``00131``, ``mixed130`` for
``MiXeD130``): the rows it makes carry the student's graded id."""

import csv
import io
import json
from pathlib import Path

import pytest


def part(letter, value):
    return {"part": letter, "name": letter, "type": "numeric", "points": 2.0, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}


Q1 = {"id": "Q1", "class": "C1", "template": "t1", "points": 4, "parts": [part("a", 0.5), part("b", 3.0)]}
IDS = ["00131", "MiXeD130", "00136", "00139"]


def graded(invoke, folder: Path, answers: str, overrides: str, *options):
    """Grade ``answers`` (rows after the header) with ``overrides`` against a
    per-student key of IDS; returns (the run's output, graded.csv's rows)."""
    papers = {sid: {"name": f"Name {sid}", "seed": f"1/{sid}", "questions": [Q1]} for sid in IDS}
    (folder / "key.json").write_text(json.dumps({"questions": [Q1], "students": papers}), encoding="utf-8")
    (folder / "a.csv").write_text("student_id,question_id,part,answer\n" + answers, encoding="utf-8")
    (folder / "ov.csv").write_text("student_id,question_id,part,score\n" + overrides, encoding="utf-8")
    result = invoke("grade", folder / "a.csv", "--key", folder / "key.json", "--overrides", folder / "ov.csv",
                    "--out", f"{folder / 'r'}/", *options)
    assert result.exit_code == 0, result.output
    text = (folder / "r" / "a-graded.csv").read_text(encoding="utf-8-sig")
    return " ".join(result.output.split()), list(csv.DictReader(io.StringIO(text)))


def test_every_row_an_override_made_carries_its_students_graded_id(tmp_path, invoke):
    # 00136 has no answer row: on --roster, it is a student of this run (without it, instr30: left out)
    (tmp_path / "roster.csv").write_text("student_id\n" + "".join(f"{s}\n" for s in IDS), encoding="utf-8")
    _, rows = graded(invoke, tmp_path, "131,Q1,a,0.5\nmixed130,Q1,a,0.5\n",
                     "00131,Q1,b,0.5\nmixed130,Q1,b,1\n00136,Q1,a,1\n", "--roster", tmp_path / "roster.csv")
    made = {row["student_id"]: row["graded_as"] for row in rows if "made by" in row["reason"]}
    assert made == {"00131": "00131", "MiXeD130": "MiXeD130", "00136": "00136"}, rows
    answered = {row["student_id"]: row["graded_as"] for row in rows if "made by" not in row["reason"]}
    assert answered == {"131": "00131", "mixed130": "MiXeD130"}


def test_an_override_for_an_id_without_a_paper_says_so_and_what_to_do(tmp_path, invoke):
    said, rows = graded(invoke, tmp_path, "00199,Q1,a,0.5\n00131,Q1,a,0.5\n", "00199,Q1,a,1\n")
    hint = next(row["feedback"] for row in rows if row["student_id"] == "00199")
    assert hint.startswith("did you mean 00139")
    assert (f"ov.csv: line 2: 00199 has no paper in key.json ({hint}), so the override "
            "for Q1 (a) cannot grade it; correct the id") in said, said
    assert "matches no answer" not in said



@pytest.mark.parametrize("answers", ["00150,Q1,a,0.5\n", "00131,Q1,a,0.5\n"], ids=["with its row", "no row"])
def test_an_override_for_a_roster_student_without_a_paper_says_to_generate_it(tmp_path, invoke, answers):
    (tmp_path / "roster.csv").write_text("student_id\n" + "".join(f"{s}\n" for s in [*IDS, "00150"]),
                                         encoding="utf-8")
    said, _ = graded(invoke, tmp_path, answers, "00150,Q1,a,1\n", "--roster", tmp_path / "roster.csv")
    assert ("ov.csv: line 2: 00150 is on the roster but has no paper in key.json, so the override for Q1 (a) "
            "cannot grade it; generate their paper") in said, said
