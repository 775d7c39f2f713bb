"""Round 44 (note 42, 42e F6): an attempt typing 1 in every part. Only C6 (e), whose recipe is (a)
itself, is ECF from its own (a) = 1; (b) to (d) worked from 1 (0.8, 0.1) are outside their range,
and C1's loss is not 1: as docs/grading.md ("ECF checked for sense") says, by design."""

import csv


def test_ones_everywhere_earn_c6_e_alone_by_ecf(invoke, tmp_path):
    assert invoke("generate", "--classes", "C1,C6", "--seed", "5", "--count", "1", "--no-solutions",
                  "--out", tmp_path / "q").exit_code == 0
    with (tmp_path / "q" / "key.csv").open(encoding="utf-8-sig") as handle:
        parts = [(row["question_id"], row["part"], row["class"]) for row in csv.DictReader(handle)]
    (tmp_path / "ones.csv").write_text("student_id,question_id,part,answer\n"
                                       + "".join(f"s1,{q},{p},1\n" for q, p, _ in parts), encoding="utf-8")
    assert invoke("grade", tmp_path / "ones.csv", "--key", tmp_path / "q" / "key.json", "--force-key",
                  "--out", tmp_path / "g.csv").exit_code == 0
    with (tmp_path / "g.csv").open(encoding="utf-8-sig") as handle:
        graded = {(row["question_id"], row["part"]): row for row in csv.DictReader(handle)}
    classes = {(q, p): cls for q, p, cls in parts}
    credited = {(classes[k], k[1]): (row["status"], row["note"]) for k, row in graded.items() if row["score"] != "0"}
    assert credited == {("C6", "e"): ("correct", "ecf")}
    c6b = next(row for k, row in graded.items() if (classes[k], k[1]) == ("C6", "b"))
    assert "(b) would be 0.8, which cannot be right" in c6b["feedback"]
