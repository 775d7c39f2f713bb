"""Review 57c F4: an honest student carrying 4 significant figures through C9 of seed 2024 (Q9: n = 9,
p = 0.05, 0.65, 0.7, s = 2.1) keeps 1 + e^(-2.1) = 1.1225 as 1.123 (the paper's rule at a tie), so
q = 0.8905, 1 - q = 0.1095, -ln 0.1095 = 2.212, and the total 1.261 + 2.212 = 3.473 is written 3.47:
carried rounding, full marks (key 3.4766). The first fix of review 56c F1 (a reached value's last
rounding at a tie) called it "cut off instead of rounded" and was reverted."""

import csv


def test_the_honest_4_figure_carrier_of_seed_2024_q9_is_correct(invoke, tmp_path):
    assert invoke("generate", "--seed", "2024", "--out", tmp_path / "g").exit_code == 0
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\nh4,Q9,a,3.47\nh5,Q9,a,3.46\n",
                                    encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "g" / "key.json",
                    "--out", tmp_path / "o" / "graded.csv")
    assert result.exit_code == 0, result.output
    rows = {r["student_id"]: r for r in csv.DictReader(open(tmp_path / "o" / "graded.csv", encoding="utf-8-sig"))}
    assert rows["h4"]["status"] == "correct" and "carrying rounded intermediate" in rows["h4"]["feedback"]
    assert rows["h5"]["status"] != "correct"
