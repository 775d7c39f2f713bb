"""ECF on a count (rev-student20): with (a) the 15% trap 675, (c) worked from it is 67.5 positions,
which no count can be. A careful student writes 67 or 68 and got nothing; one who wrote 67.5 got
full ECF marks. Now the whole numbers next to the worked value are ECF and a non-whole count is not."""

import pytest
import csv
import json


def _graded(invoke, tmp_path, answers: dict) -> dict:
    assert invoke("generate", "--classes", "C6", "--count", 30, "--seed", 1, "--out", tmp_path / "q").exit_code == 0
    key = json.loads((tmp_path / "q" / "key.json").read_text(encoding="utf-8"))
    question = next(q for q in key["questions"] if q["id"] == "Q18")   # Q3 before C6's scenes were spread (paper43)
    assert question["parts"][0]["trap_values"][0] == 675.0   # the 15% trap; this run's rate picks 900
    rows = ["student_id,question,part,answer"]
    for student, third in answers.items():
        rows += [f"{student},Q18,a,675", f"{student},Q18,c,{third}"]
    path = tmp_path / "answers.csv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert invoke("grade", path, "--key", tmp_path / "q" / "key.json", "--out", tmp_path / "o" / "g.csv").exit_code == 0
    with open(tmp_path / "o" / "g.csv", encoding="utf-8-sig", newline="") as handle:
        return {(r["student_id"], r["part"]): (r["status"], r["note"]) for r in csv.DictReader(handle)}


@pytest.mark.slow
def test_a_count_worked_from_a_wrong_count_is_ecf_as_a_whole_number_only(invoke, tmp_path):
    graded = _graded(invoke, tmp_path, {"s1": "67", "s2": "68", "s3": "67.5", "s4": "66"})
    assert graded["s1", "a"][0] == "incorrect"
    assert graded["s1", "c"] == ("correct", "ecf") and graded["s2", "c"] == ("correct", "ecf")
    assert graded["s3", "c"][0] == "incorrect" and graded["s4", "c"][0] == "incorrect"
