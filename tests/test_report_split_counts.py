"""The items CSV counts the verdicts that are none of correct, incorrect,
blank, invalid one by one as well as in ``other``: ``imprecise`` (rounded too
early: a rounding habit to teach), ``needs_review`` (0 until a person reads
it: the figures are provisional) and ``missing`` (no answer: omitted or out of
time) mean different things to an item-analysis reader. The new columns come
after the old ones, whose order stays."""

import csv
import json

from click.testing import CliRunner

from quizgen.cli import main
from quizgen.generation.run import generate

OLD_COLUMNS = ["level", "question_id", "part", "class", "template", "code", "points", "students", "correct",
               "incorrect", "blank", "invalid", "other", "facility", "discrimination_ul", "point_biserial", "share",
               "share_lower", "share_upper", "flag", "note"]


def test_items_csv_splits_other_into_imprecise_needs_review_and_missing(tmp_path):
    generate(tmp_path / "quiz", classes="C7", count=1, seed=5)
    key = json.loads((tmp_path / "quiz" / "key.json").read_text(encoding="utf-8"))
    a = key["questions"][0]["parts"][0]["value"]
    rows = [("s1", "Q1", "a", f"{a:#.2g}"), ("s2", "Q1", "a", "about 0.04 I think"), ("s3", "Q1", "a", f"{a:#.2g}"),
            ("s4", "Q1", "a", f"{a:#.4g}"), ("s4", "Q1", "b", "0.5")]
    with open(tmp_path / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"), *rows])
    result = CliRunner().invoke(main, ["grade", str(tmp_path / "answers.csv"), "--key",
                                       str(tmp_path / "quiz" / "key.json")])
    assert result.exit_code == 0, result.output
    with open(tmp_path / "answers-graded-items.csv", encoding="utf-8-sig", newline="") as handle:
        table = list(csv.reader(handle))
    assert table[0] == OLD_COLUMNS + ["imprecise", "needs_review", "missing"]
    items = {(r[0], r[2]): dict(zip(table[0], r)) for r in table[1:] if r[0] in ("part", "question")}
    part_a, part_b, question = items["part", "a"], items["part", "b"], items["question", ""]
    assert [part_a[c] for c in ("correct", "other", "imprecise", "needs_review", "missing")] \
        == ["1", "3", "2", "1", "0"]
    assert [part_b[c] for c in ("other", "imprecise", "needs_review", "missing")] == ["3", "0", "0", "3"]
    assert [question[c] for c in ("other", "imprecise", "needs_review", "missing")] == ["10", "2", "1", "7"]
    assert all(len(r) == len(table[0]) for r in table)
