"""``quizgen review`` lists a part's answers together, parts in paper order:
they came in the order first met in graded.csv, so with a shuffled answers
file Q7 (b), "worked from (a), which a person must read", came before Q7 (a),
and Q10 could come before Q2 (rev34b)."""

import csv

from click.testing import CliRunner

from quizgen.cli import main
from quizgen.question_ids import paper_order

ANSWERS = """student_id,question_id,part,answer
s1,Q10,a,about a third of the total I guess
s1,Q7,b,it goes up by roughly a third
s1,Q2,b,I think it is about a half of it
s1,Q7,a,I would say around a half
s2,Q7,a,maybe it is close to a half
"""


def test_review_lines_follow_the_paper_not_the_file(tmp_path):
    runner = CliRunner()
    assert runner.invoke(main, ["generate", "--seed", "1", "--out", str(tmp_path / "k")]).exit_code == 0
    (tmp_path / "a.csv").write_text(ANSWERS, encoding="utf-8")
    graded = tmp_path / "o" / "graded.csv"
    runner.invoke(main, ["grade", str(tmp_path / "a.csv"), "--key", str(tmp_path / "k" / "key.json"), "--out", str(graded)])
    assert runner.invoke(main, ["review", str(graded)]).exit_code == 0
    with open(tmp_path / "o" / "graded-review.csv", encoding="utf-8-sig", newline="") as handle:
        rows = [(r["student_id"], r["question_id"], r["part"]) for r in csv.DictReader(handle)]
    assert rows == [("s1", "Q2", "b"), ("s1", "Q7", "a"), ("s2", "Q7", "a"), ("s1", "Q7", "b"), ("s1", "Q10", "a")]


def test_paper_order_reads_labels_as_people_write_them():
    labels = [("Q10", "a"), ("question 2", "(b)"), ("q2", "A"), ("Q07", "b"), ("7", "a)")]
    assert sorted(labels, key=lambda label: paper_order(*label)) == \
        [("q2", "A"), ("question 2", "(b)"), ("7", "a)"), ("Q07", "b"), ("Q10", "a")]
