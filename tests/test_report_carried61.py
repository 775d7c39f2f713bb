"""The class report says what error carried forward (ECF) and carried rounding did: per part
where any applied, the answers each marked right and the points they earned, and the answers
rounded too early, counted as graded.csv's notes and statuses count them."""

import csv
import io
from collections import Counter

import pytest
from click.testing import CliRunner

from grading_support import quizzes_and_class
from quizgen.cli import main
from quizgen.report import analyse, markdown_sections, report_html
from quizgen.report.model import Part, Student, Verdict


def test_the_table_gives_answers_and_points_per_part_and_in_all():
    parts = [Part("Q1", "a", "C1", "t", 2.0), Part("Q1", "b", "C1", "t", 2.0), Part("Q2", "a", "C1", "t", 1.0)]
    students = [Student(f"s{k}", "", [Verdict("correct", 2.0), Verdict("correct", 2.0), Verdict("incorrect", 0.0)])
                for k in range(4)]
    analysis = analyse(parts, students)
    analysis.carried = [{}, {"ecf": (3, 4.5), "imprecise": (1, 0.0)}, {"carried_rounding": (2, 2.0)}]
    md = markdown_sections(analysis)
    assert ("| part | ECF: answers (points) | carried rounding: answers (points) | rounded too early: answers "
            "(points) |\n| --- | --- | --- | --- |\n| Q1b | 3 (4.5) | - | 1 (0) |\n| Q2a | - | 2 (2) | - |\n"
            "| all parts | 3 (4.5) | 2 (2) | 1 (0) |") in md
    assert "| 3 (4,5) |" in markdown_sections(analysis, comma=True)
    assert '<table id="carried-table">' in report_html(analysis)
    analysis.carried = [{}, {}, {}]
    assert "### ECF and carried rounding" not in markdown_sections(analysis)


@pytest.mark.slow
def test_the_counts_are_graded_csvs_notes(tmp_path):
    made = quizzes_and_class(tmp_path, 27 * 200, "answers.csv")
    result = CliRunner().invoke(main, ["grade", str(made / "answers.csv"), "--key", str(made / "quiz1" / "key.json"),
                                       "--out", str(made / "out")])
    assert result.exit_code == 0, result.output
    graded = list(csv.DictReader(io.StringIO((made / "out" / "answers-graded.csv").read_text(encoding="utf-8-sig"))))
    notes = Counter((r["question_id"] + r["part"], r["note"]) for r in graded)
    md = (made / "out" / "answers-graded-report.md").read_text(encoding="utf-8")
    table = md[md.index("### ECF and carried rounding"):md.index("### Traps")]
    rows = {line.split(" | ")[0][2:]: line.split(" | ")[1:] for line in table.splitlines() if line.startswith("| Q")}
    assert rows, table
    for label, cells in rows.items():
        for cell, note in zip(cells, ("ecf", "carried_rounding", "rounded_too_early")):
            assert cell.strip(" |") == "-" if not notes[label, note] else cell.startswith(f"{notes[label, note]} ("), \
                (label, note, cell)
    assert sum(n for (label, note), n in notes.items() if note == "ecf") == sum(
        int(cells[0].split()[0]) for cells in rows.values() if cells[0] != "-")
