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
