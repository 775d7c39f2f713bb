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


def _grade_one_of_each(tmp_path):
    """A C7 question graded with two imprecise answers, one needs_review, three missing parts."""
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


def test_items_csv_splits_other_into_imprecise_needs_review_and_missing(tmp_path):
    _grade_one_of_each(tmp_path)
    with open(tmp_path / "answers-graded-items.csv", encoding="utf-8-sig", newline="") as handle:
        table = list(csv.reader(handle))
    assert table[0] == OLD_COLUMNS + ["imprecise", "needs_review", "missing", "not_reached", "reached",
                        "d_r_students", "group_lower", "group_upper", "partial", "name", "ecf"]   # name: names33; ecf: review 50b F5
    items = {(r[0], r[2]): dict(zip(table[0], r)) for r in table[1:] if r[0] in ("part", "question")}
    part_a, part_b, question = items["part", "a"], items["part", "b"], items["question", ""]
    assert [part_a[c] for c in ("correct", "other", "imprecise", "needs_review", "missing")] \
        == ["1", "3", "2", "1", "0"]
    assert [part_b[c] for c in ("other", "imprecise", "needs_review", "missing")] == ["3", "0", "0", "3"]
    assert [question[c] for c in ("other", "imprecise", "needs_review", "missing")] == ["10", "2", "1", "7"]
    assert all(len(r) == len(table[0]) for r in table)


def test_markdown_and_page_show_missing_answers_and_that_needs_review_is_provisional(tmp_path):
    # the item tables showed blank alone (not the CSV's missing), and nothing but the CSV said that a
    # needs_review answer counts 0 until a person reads it
    _grade_one_of_each(tmp_path)
    note = ("1 answer awaits a person (needs_review) and counts as 0 here until an override; "
            "these figures are provisional.")
    report = (tmp_path / "answers-graded-report.md").read_text(encoding="utf-8")
    analysis = report[report.index("## Item analysis"):]
    assert analysis.count(note) == 1
    assert ("| item | class | students | reached | facility | blank answers | missing answers | invalid answers |"
            in analysis)   # reached: the facility's denominator, beside the students whose paper has the part
    table = analysis[analysis.index("### Parts and questions"):analysis.index("### Flagged parts")]
    rows = {line.split(" | ")[0]: line.split(" | ") for line in table.splitlines() if line.startswith("| Q1")}
    assert [rows["| Q1a"][k] for k in (5, 6, 7)] == ["0", "0", "0"]
    assert [rows["| Q1b"][k] for k in (5, 6, 7)] == ["0", "3", "0"]
    assert [rows["| Q1"][k] for k in (5, 6, 7)] == ["0", "7", "0"]
    page = (tmp_path / "answers-graded-report.html").read_text(encoding="utf-8")
    assert page.count(note) == 1 and page.count("<th scope=\"col\" class=\"num\">missing answers</th>") == 1
    cells = ["Q1b", "C7", "4", "1", "0.00", "0", "3", "0"]   # students, reached; blank, missing, invalid answers
    numeric = ' class="num"'
    row = f'<th scope="row">{cells[0]}</th>' + "".join(f"<td{numeric * (k > 1)}>{c}</td>" for k, c in enumerate(cells) if k)
    assert row in page
