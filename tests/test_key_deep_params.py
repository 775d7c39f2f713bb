"""A hand-edited key.json whose parameter is a list nested hundreds deep (rev-hostile20):
reading it as an exact value ran out of stack, which left the question's marking rules
half made, and the next answer to it was a traceback."""

import csv
import json


def test_a_deeply_nested_parameter_is_left_out_and_every_answer_is_graded(invoke, tmp_path):
    assert invoke("generate", "--seed", 1, "--classes", "C1", "--out", tmp_path / "q").exit_code == 0
    key = json.loads((tmp_path / "q" / "key.json").read_text(encoding="utf-8"))
    deep = 0
    for _ in range(600):
        deep = [deep]
    key["questions"][0]["params"]["zz"] = deep
    (tmp_path / "deep.json").write_text(json.dumps(key), encoding="utf-8")
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question,part,answer\ns1,Q1,a,0.5\ns1,Q1,b,0.9\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", tmp_path / "deep.json", "--out", tmp_path / "o" / "g.csv")
    assert result.exit_code == 0, result.output
    with open(tmp_path / "o" / "g.csv", encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["part"], r["status"]) for r in rows] == [("a", "incorrect"), ("b", "incorrect")]


def test_an_earlier_key_nested_too_deeply_in_the_out_folder_is_one_line(invoke, tmp_path):
    """generate looks at the key.json already in --out before replacing it: a deeply nested one
    was a RecursionError traceback (files.read_json let it through)."""
    out = tmp_path / "out"
    out.mkdir()
    (out / "key.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    result = invoke("generate", "--seed", 1, "--classes", "C1", "--out", out)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "is not a key quizgen can read" in result.stderr
