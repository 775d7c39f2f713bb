"""A Moodle Cloze response cell naming a part twice (``; part 2:`` typed into box 1) cannot
be split as Moodle saw it: each of the question's parts gets the whole cell, for a person
to read (needs_review), where the typed ``part 2: ...`` took part (b)'s marks before
(review 50a F6)."""

import csv
import io

from tests.lms_support import exported_download, moodle_csv


def test_every_part_of_a_cell_naming_a_part_twice_goes_to_a_person(invoke, tmp_path):
    rows = exported_download(invoke, tmp_path, "C7", 1, 2)
    response = rows[0].index("Response 1")
    assert rows[1][response] == "part 1: 0.5; part 2: 0.5; part 3: 0.5"
    cell = "part 1: 0.1; part 2: 0.8544; part 3: 0.5544; part 2: ; part 3:"   # boxes 2 and 3 left empty
    rows[1][response] = cell
    (tmp_path / "responses.csv").write_text(moodle_csv(rows[0], rows[1:]), encoding="utf-8")
    run = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json", "--out", tmp_path / "g")
    assert run.exit_code == 0, run.output
    graded = list(csv.DictReader(io.StringIO((tmp_path / "g" / "responses-graded.csv").read_text(encoding="utf-8-sig"))))
    first = [(row["part"], row["answer"], row["status"]) for row in graded if row["student_id"] == "s000"]
    assert first == [(part, cell, "needs_review") for part in "abc"]
    other = [(row["part"], row["answer"]) for row in graded if row["student_id"] == "s001"]
    assert other == [(part, "0.5") for part in "abc"]   # a cell naming each part once is split as before


def test_the_reason_names_the_part_written_twice_in_graded_csv_and_on_the_sheet(invoke, tmp_path):
    """The person reading the cell, and the student on their sheet, are told which part it names twice
    (review 50 left the generic "a person should read this answer"); the sheet names no file or line."""
    rows = exported_download(invoke, tmp_path, "C7", 1, 2)
    rows[1][rows[0].index("Response 1")] = "part 1: 0.1; part 2: 0.8544; part 3: 0.5544; part 2: ; part 3:"
    (tmp_path / "responses.csv").write_text(moodle_csv(rows[0], rows[1:]), encoding="utf-8")
    run = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json", "--out", tmp_path / "g",
                 "--feedback", tmp_path / "fb")
    assert run.exit_code == 0, run.output
    graded = list(csv.DictReader(io.StringIO((tmp_path / "g" / "responses-graded.csv").read_text(encoding="utf-8-sig"))))
    reasons = {row["reason"] for row in graded if row["student_id"] == "s000"}
    assert reasons == {"this Moodle Cloze response names part 2 twice ('part 2:' typed into an answer box?), so "
                       "quizgen cannot split it into its parts as Moodle saw them: a person reads the whole cell "
                       "for each part"}
    sheet = (tmp_path / "fb" / "s000.md").read_text(encoding="utf-8")
    said = ("why your marker will read it: your answer to this question names part 2 twice (\"part 2:\" typed into "
            "an answer box?), so the grader cannot tell which of your answers belongs to which part; your marker "
            "will read your whole answer.")
    assert [f"- ({part}) {said}" for part in "abc"] == [line for line in sheet.splitlines() if "your marker will read it" in line]
    assert ".csv" not in said and "line" not in said


def test_a_cell_naming_each_part_once_has_no_such_reason():
    from quizgen.grading.cloze_twice import part_twice_reason

    assert part_twice_reason("part 1: 0.1; part 2: 0.8544; part 3:") == ""
    assert part_twice_reason("part 1: 0.1; part 1: 0.2").startswith("this Moodle Cloze response names part 1 twice")
    assert part_twice_reason("0.1; part 2: 0.2; part 2: 3") == ""   # no Cloze cell: Moodle's starts 'part 1:'
