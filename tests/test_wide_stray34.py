"""Wide form: a column naming no part of the key (``Q11a`` on a ten-question
paper) filled for one student only. An empty cell is no answer: only the
filled one is unknown_question, in every count (rev34: the students CSV gave
every student 1 and the summary 28, though 27 had left the cell empty); the
column's warning stays."""

import csv

from run_support import run_in as run
from test_files22 import setup

WIDE = ("sep=;\nstudent_id;name;Q1a;Q1b;Q11a\n"
        "s1;Ada;0,5;3;\ns2;Bo;0,5;;\ns3;Cy;0,5;3;7,5\ns9;Dee;0,5;3;\n")


def test_only_the_filled_cell_of_a_column_naming_no_part_is_unknown_question(tmp_path):
    setup(tmp_path, WIDE)
    (tmp_path / "answers.csv").write_bytes(WIDE.encode("cp1252"))
    result = run(tmp_path, "grade", "answers.csv", "--key", "key.json")
    assert result.exit_code == 0, result.output
    assert "1 column(s) name no part of key.json" in result.output and "'Q11a'" in result.output
    counts = [line.split() for line in result.output.splitlines() if line.strip().startswith("unknown_")]
    assert ["unknown_question", "1"] in counts, counts
    with open(tmp_path / "answers-graded-students.csv", encoding="utf-8-sig", newline="") as handle:
        students = {row["student_id"]: row for row in csv.DictReader(handle, delimiter=";")}
    assert {sid: row["unknown_question"] for sid, row in students.items()} == {"s1": "0", "s2": "0", "s3": "1", "s9": "0"}
    assert students["s2"]["blank"] == "1"   # an empty cell of a part the paper has is still blank
    graded = (tmp_path / "answers-graded.csv").read_text(encoding="utf-8-sig")
    assert [line.split(";")[:4] for line in graded.splitlines() if ";Q11;" in line] == [["s3", "Cy", "Q11", "a"]]
    report = (tmp_path / "answers-graded-report.md").read_text(encoding="utf-8")
    assert "| unknown_question | 1 |" in report
