"""Review 57c F4 and review 56c F1, on C9 of seed 2024 (Q9: n = 9, p = 0.05, 0.65, 0.7, s = 2.1, y = 0;
L = 3.4766, 3.48). Review 57c's 4-figure carrier keeps e^(-2.1) = 0.1225, then 1 + 0.1225 = 1.1225 as 1.123,
so q = 0.8905, 1 - q = 0.1095, -ln 0.1095 = 2.212, and 1.261 + 2.212 = 3.473, written 3.47. But 1.123 keeps
3 figures of 1 + e^(-s)'s difference from 1, where the stem asks 4 ("keep a value near 1 ($1 + e^{\\pm s}$,
...) to at least 4 significant figures of its difference from 1"), and no working that keeps to the stem's
rules reaches below 3.475 (1.26 + 2.215), a tie: 3.48 by the paper's rule and to even. `3.47` was accepted
only as 3.475 rounded half towards zero, the last rounding review 56c F1 refuses, so it is no carried
rounding. The carrier who keeps 1.1225, as the stem asks, gets 1/1.1225 = 0.8909, 1 - q = 0.1091, -ln 0.1091
= 2.215 and 3.476: `3.48`, right. (The first fix of 56c F1, 33a00f9b, was reverted for this answer.)"""

import csv


def test_the_seed_2024_q9_carriers(invoke, tmp_path):
    assert invoke("generate", "--seed", "2024", "--out", tmp_path / "g").exit_code == 0
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\nshort,Q9,a,3.47\nshort4,Q9,a,3.473\n"
                                    "stem,Q9,a,3.48\nstem4,Q9,a,3.476\nh5,Q9,a,3.46\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "g" / "key.json",
                    "--out", tmp_path / "o" / "graded.csv")
    assert result.exit_code == 0, result.output
    rows = {r["student_id"]: r for r in csv.DictReader(open(tmp_path / "o" / "graded.csv", encoding="utf-8-sig"))}
    for kept_short in ("short", "short4"):
        assert rows[kept_short]["note"] != "carried_rounding" and rows[kept_short]["score"] == "0", rows[kept_short]
    assert [rows[s]["status"] for s in ("stem", "stem4")] == ["correct", "correct"]
    assert rows["h5"]["status"] != "correct"
