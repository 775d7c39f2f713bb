"""One truth for error carried forward (remark26).

Grade's ECF pass (``PartChecker.remark``) looked at a later answer only
within 25% of the value worked from the student's own (a), while the careful
marker given the same answers (``rules.mark_part``, then the tests' helper
``mark_paper``) judged every answer: seed 1's class paper, Q7 (a) ``0.770``
then (c) ``1`` (-ln 0.23 = 1.4697 to 1 figure) was ``incorrect`` in grade and
``imprecise`` (rounded too early, ECF) in the helper. Both now share one gate
(``rule_model.near_plain``).

The rule (docs/grading.md): an answer correct on its own stays correct,
whatever the earlier answers (ECF never marks down); any other answer to a
part worked from earlier answers gets the careful marker's verdict given the
student's final answers to them."""

import csv

import quizgen
from quizgen.generation.run import generate

POLICY = "ecf_credit: 0.5\nimprecise_credit: 0.25\n"


def _graded(folder, key, rows) -> dict:
    """Grade ``rows`` (student, question, part, answer) with POLICY: the graded rows by their keys."""
    folder.mkdir(exist_ok=True)
    path = folder / "answers.csv"
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], *rows])
    (folder / "policy.yaml").write_text(POLICY, encoding="utf-8")
    quizgen.grade(path, key=key, policy=folder / "policy.yaml")
    with open(folder / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        return {(r["student_id"], r["question_id"], r["part"]): r for r in csv.DictReader(handle)}


def test_grade_marks_one_figure_from_their_own_a_as_rounded_too_early(tmp_path):
    """Seed 1's class paper, Q7: p = 0.9340, (c) = 2.72. (a) 0.770 is wrong;
    (c) 1 is -ln 0.23 = 1.4697 to 1 figure: imprecise and ECF, as 1.5 (2 figures) was."""
    generate(tmp_path / "paper", count=1, seed=1)
    rows = _graded(tmp_path / "g", tmp_path / "paper" / "key.json",
                   [["s1", "Q7", "a", "0.770"], ["s1", "Q7", "c", "1"],
                    ["s2", "Q7", "a", "0.770"], ["s2", "Q7", "c", "1.5"],
                    ["s3", "Q7", "a", "0.770"], ["s3", "Q7", "c", "3"]])
    one, two = rows["s1", "Q7", "c"], rows["s2", "Q7", "c"]
    assert (one["status"], one["note"], one["score"]) == ("imprecise", "rounded_too_early", "0.25"), one
    assert one["feedback"].startswith("marked from your (a) = 0.770: right to 1 significant figure given that "
                                      "value as written, but rounded too early"), one["feedback"]
    assert (two["status"], two["note"], two["score"]) == ("imprecise", "rounded_too_early", "0.25"), two
    # 3 is the key's 2.72 to 1 figure, not their own 1.47: rounded too early, the (a) mistake not involved
    assert (rows["s3", "Q7", "c"]["status"], rows["s3", "Q7", "c"]["score"]) == ("imprecise", "0.5")


def test_an_answer_correct_on_its_own_is_never_marked_down_by_ecf(tmp_path):
    """carry24's case, ``generate --classes C7 --seed 7``, Q1: p = 0.07243, (c)
    = 0.07518. (a) 0.072 (2 figures) then (c) 0.0747 = -ln 0.928, where 0.928 is
    also 1 - p carried to 3 figures, which the key accepts: correct, full marks."""
    generate(tmp_path / "paper", classes="C7", seed=7)
    rows = _graded(tmp_path / "g", tmp_path / "paper" / "key.json",
                   [["s1", "Q1", "a", "0.072"], ["s1", "Q1", "c", "0.0747"]])
    assert (rows["s1", "Q1", "a"]["status"], rows["s1", "Q1", "a"]["note"]) == ("imprecise", "rounded_too_early")
    row = rows["s1", "Q1", "c"]
    assert (row["status"], row["note"], row["score"]) == ("correct", "carried_rounding", "2"), row
