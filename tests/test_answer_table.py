"""The worked solutions open with a compact answer table (question, part, the answer at the
figures the paper asks, the key's own answer, points), one per paper: the class's, or each
student's with --students, so a marker need not leaf through every page for the answers."""

import csv
import re

import pytest

ROW = re.compile(r"^\| (Q\d+) \| \(([a-z])\) \| ([^|]+) \| ([^|]+) \| ([\d.]+) \|$", re.M)


def _key_rows(path):
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def test_the_class_solutions_open_with_every_part_of_the_key(invoke, tmp_path):
    result = invoke("generate", "--seed", "1", "--out", tmp_path / "q")
    assert result.exit_code == 0, result.output
    text = (tmp_path / "q" / "solutions.md").read_text(encoding="utf-8")
    table = text.split("## Q1.")[0]
    assert "**Answer key.** Each answer at the figures the paper asks, then as the key writes it." in table
    rows = ROW.findall(table)
    key = _key_rows(tmp_path / "q" / "key.csv")
    assert [(q, p) for q, p, *_ in rows] == [(r["question_id"], r["part"]) for r in key]
    assert [points for *_, points in rows] == [r["points"].removesuffix(".0") for r in key]
    written = {(q, p): k for q, p, _, k, _ in rows}
    assert all(written[r["question_id"], r["part"]] == r["answer"] for r in key if "e" not in r["answer"].lower()
               and float(r["answer"] if r["answer"][0] in "-0123456789" else "1") >= 0.001)
    assert ("Q3", "a", "$3.45 \\times 10^{-5}$", "$3.449 \\times 10^{-5}$", "2") in rows   # key.csv's 0.00003449
    assert ("Q1", "b", "0.335", "0.33454", "2") in rows             # 3 figures asked; the key's five
    assert ("Q5", "b", "undefined", "undefined", "1") in rows       # a word answer as it is
    assert ("Q6", "a", "1440", "1440", "1") in rows                 # a count as it is


@pytest.mark.slow
def test_each_students_solutions_open_with_their_own_table(invoke, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\ns001,Ada Lovelace\ns002,Zoë Ørsted\n", encoding="utf-8")
    result = invoke("generate", "--seed", "5", "--classes", "C1,C3", "--students", roster,
                    "--format", "tex", "--out", tmp_path / "q")
    assert result.exit_code == 0, result.output
    tex = (tmp_path / "q" / "solutions.tex").read_text(encoding="utf-8")
    tables = re.findall(r"\\begin\{longtable\}\{llrrr\}(.*?)\\end\{longtable\}", tex, re.S)
    assert len(tables) == 2
    key = _key_rows(tmp_path / "q" / "key.csv")
    for student, table in zip(("s001", "s002"), tables):
        rows = re.findall(r"^(Q\d+) & \(([a-z])\) & (.+?) & (.+?) & ([\d.]+)\\\\$", table, re.M)
        mine = [r for r in key if r["student_id"] == student]
        assert [(q, p) for q, p, *_ in rows] == [(r["question_id"], r["part"]) for r in mine]
        assert [k for *_, k, _ in rows if "times" not in k] == [r["answer"] for r in mine if float(r["answer"]) >= 0.001]
