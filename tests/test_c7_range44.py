"""Review 44g F19: C7 declared its p-hat's range as [0, 1], so an attempt typing 0
for (a) and for (c), the loss with y = 0, took (c)'s 2 points as error carried
forward (-ln(1 - 0) = 0). sigma(s) for the bank's s from -4 to 4 lies from 0.018 to
0.982; the range is now [0.01, 0.99], and a p-hat of 0 or 0.995 earns no ECF,
while a wrong p-hat inside it still does."""

import csv

from click.testing import CliRunner

from quizgen.cli import main


def test_a_p_hat_no_score_gives_earns_no_ecf(tmp_path):
    runner = CliRunner()
    assert runner.invoke(main, ["generate", "--worked-examples", "--out", str(tmp_path / "w")]).exit_code == 0
    rows = [("zero", "a", "0"), ("zero", "c", "0"),
            ("high", "a", "0.995"), ("high", "c", "5.30"), ("sign", "a", "0.231"), ("sign", "c", "0.263")]
    with open(tmp_path / "a.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"),
                                      *[(s, "Q7", part, answer) for s, part, answer in rows]])
    result = runner.invoke(main, ["grade", str(tmp_path / "a.csv"), "--key", str(tmp_path / "w" / "key.json"),
                                  "--out", str(tmp_path / "out") + "/"])
    assert result.exit_code == 0, result.output
    with open(tmp_path / "out" / "a-graded.csv", encoding="utf-8-sig", newline="") as handle:
        graded = {(r["student_id"], r["part"]): r for r in csv.DictReader(handle)}
    for student in ("zero", "high"):
        assert graded[(student, "c")]["status"] == "incorrect", graded[(student, "c")]
        assert "lies between 0.01 and 0.99" in graded[(student, "c")]["feedback"]
    assert (graded[("sign", "c")]["status"], graded[("sign", "c")]["note"]) == ("correct", "ecf")
