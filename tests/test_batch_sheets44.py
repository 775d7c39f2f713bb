"""Feedback sheets of an earlier batch (note 43, paper43's F6): with per-student
papers and no roster, the key's papers are the class, so the students of a
first batch are missing from a second batch's run. Their sheets, which another
answers file made (the origin .quizgen-sheets records for each sheet), are
another batch's and counted in the kept-sheets note; only a sheet this same
answers file made (graded again after an id changed) or one whose origin is
unknown (a list written before origins were kept) is named in the warning."""

from __future__ import annotations

import csv
import shutil

import pytest

FOLDED = " ".join

NOTE = ("Note: 2 feedback sheet(s) an earlier run wrote in the feedback folder are kept, for students this run has "
        "no answers for (another section's or batch's, graded before?): A.md, B.md; delete them by hand if they are "
        "stale")
WARNING = ("warning: 1 feedback sheet(s) an earlier run wrote in the feedback folder are kept for students this run "
           "has on its key or roster but no answer from (missing, scored 0 in its reports): A.md; ")
SAME_FILE = ("each shows the score an earlier run grading this same answers file gave (an id changed since?): delete "
             "them before sending the folder")
UNKNOWN = ("each shows that earlier run's score: keep them if that run graded these students (another batch), else "
           "(an id changed since?) delete them before sending the folder")


def _papers(folder, invoke):
    """Four students' own papers (generate --students), and each one's right answers from key.csv."""
    (folder / "roster.csv").write_text("student_id,name\nA,Ann\nB,Bob\nC,Cy\nD,Dee\n", encoding="utf-8")
    assert invoke("generate", "--classes", "C1", "--seed", "7", "--students", folder / "roster.csv",
                  "--out", folder / "paper").exit_code == 0
    with open(folder / "paper" / "key.csv", encoding="utf-8") as handle:
        return [row for row in csv.DictReader(handle) if row["student_id"]]


def _answers(path, rows, ids):
    """The answers file ``path`` holding the right answers of the students ``ids``."""
    path.write_text("student_id,question_id,part,answer\n" + "".join(
        f"{r['student_id']},{r['question_id']},{r['part']},{r['answer']}\n" for r in rows if r["student_id"] in ids),
        encoding="utf-8")


def _grade(invoke, folder, name):
    result = invoke("grade", folder / name, "--key", folder / "paper" / "key.json", "--feedback", folder / "sheets",
                    "--out", f"{folder / 'out'}/")
    assert result.exit_code == 0, result.output
    return FOLDED(result.output.split())


@pytest.mark.slow
def test_a_second_batchs_run_keeps_the_first_batchs_sheets_with_a_note_not_a_warning(tmp_path, invoke):
    rows = _papers(tmp_path, invoke)
    _answers(tmp_path / "batch1.csv", rows, "AB")
    _answers(tmp_path / "batch2.csv", rows, "CD")
    _grade(invoke, tmp_path, "batch1.csv")
    first = (tmp_path / "sheets" / "A.md").read_text(encoding="utf-8")
    said = _grade(invoke, tmp_path, "batch2.csv")
    assert NOTE in said, said
    assert "on its key or roster but no answer from" not in said
    assert (tmp_path / "sheets" / "A.md").read_text(encoding="utf-8") == first
    assert (tmp_path / "sheets" / "C.md").is_file()
    said = _grade(invoke, tmp_path, "batch1.csv")   # batch 1 again: C and D's sheets are batch 2's, kept
    assert "C.md, D.md; delete them by hand" in said and "on its key or roster" not in said, said


@pytest.mark.slow
@pytest.mark.parametrize("moved", [False, True])
def test_the_same_answers_file_graded_again_without_a_student_warns_of_their_sheet(tmp_path, invoke, moved):
    (tmp_path / "course").mkdir()
    rows = _papers(tmp_path / "course", invoke)
    _answers(tmp_path / "course" / "batch1.csv", rows, "AB")
    _grade(invoke, tmp_path / "course", "batch1.csv")
    folder = tmp_path / "course"
    if moved:   # the course folder moved (synced elsewhere): the same file by its path from the sheets' folder
        folder = shutil.move(tmp_path / "course", tmp_path / "elsewhere")
    _answers(folder / "batch1.csv", rows, "B")   # A's rows now carry another id, say: A is missing
    said = _grade(invoke, folder, "batch1.csv")
    assert WARNING + SAME_FILE in said, said


@pytest.mark.slow
def test_a_sheet_listed_with_no_origin_gets_the_warning_that_cannot_tell(tmp_path, invoke):
    rows = _papers(tmp_path, invoke)
    _answers(tmp_path / "batch1.csv", rows, "AB")
    _grade(invoke, tmp_path, "batch1.csv")
    listing = tmp_path / "sheets" / ".quizgen-sheets"   # as a run before origins were kept wrote it
    listing.write_text("".join(line.rsplit("\t", 1)[0] + "\n" for line in listing.read_text().splitlines()))
    _answers(tmp_path / "batch2.csv", rows, "BCD")
    said = _grade(invoke, tmp_path, "batch2.csv")
    assert WARNING + UNKNOWN in said, said
