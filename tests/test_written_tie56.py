"""A student's written answer at a tie stands for any longer value that rounds to it, so its
2-figure roundings are both neighbours (roundings.written_roundings), while an intermediate the
marker works out itself is rounded by the paper's rule or to even (review 56c F2)."""

import csv

from click.testing import CliRunner

from quizgen.cli import main
from quizgen.marking.roundings import sig_roundings, written_roundings


def test_a_written_tie_has_both_neighbours():
    assert sig_roundings(0.435, 2) == (0.44,)
    assert written_roundings(0.435, 2) == (0.43, 0.44)
    assert written_roundings(0.4348, 2) == (0.43,) and written_roundings(-0.435, 2) == (-0.44, -0.43)


def test_an_answer_written_at_a_tie_carried_short_is_charged_once(tmp_path):
    """C7 seed 5 Q1 (key (a) 0.4256): (a) written 0.435 (itself a step kept short), (b) from 0.43
    and (c) from 1 - 0.43 = 0.57: one early rounding of (a), marked at (b), and (c) error carried
    forward from it (2 marks), as with (a) written 0.4348; with the written tie rounded by the paper's
    rule alone (0.44), (b) was a bare incorrect and (c) lost its ECF (review 56c F2)."""
    runner = CliRunner()
    made = runner.invoke(main, ["generate", "--classes", "C7", "--count", "1", "--seed", "5",
                                "--out", str(tmp_path / "paper")])
    assert made.exit_code == 0, made.output
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\n"
                       "w,Q1,a,0.435\nw,Q1,b,0.844\nw,Q1,c,0.562\n"
                       "m,Q1,a,0.4348\nm,Q1,b,0.844\nm,Q1,c,0.562\n", encoding="utf-8")
    result = runner.invoke(main, ["grade", str(answers), "--key", str(tmp_path / "paper" / "key.json"),
                                  "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    with open(next((tmp_path / "out").glob("*-graded.csv")), newline="", encoding="utf-8-sig") as handle:
        rows = {(r["student_id"], r["part"]): r for r in csv.DictReader(handle)}
    for student in ("w", "m"):
        assert (rows[student, "b"]["status"], rows[student, "b"]["note"]) == ("imprecise", "rounded_too_early")
        assert "(a) rounded to 2 significant figures (0.43)" in rows[student, "b"]["feedback"]
        assert (rows[student, "c"]["status"], rows[student, "c"]["note"], rows[student, "c"]["score"]) == \
            ("correct", "ecf", "2")
