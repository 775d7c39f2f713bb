"""Review 42e F1: grading a Moodle download of a user bank's questions with the
bank the export key names (no --bank: the documented default) marked them
right, but the feedback sheets said "No worked solution is available" for
each, and the run warned both that the folder was loaded and that the
templates were not in the bank."""

import shutil
from pathlib import Path

from lms_support import export_labels, moodle_csv

TEMPLATE = Path(__file__).parent / "data" / "c31_two_counts.yaml"
C31 = "two-counts-share"


def test_sheets_draw_worked_solutions_from_the_bank_the_export_key_names(tmp_path, invoke):
    bank = tmp_path / "bank"
    bank.mkdir()
    shutil.copy(TEMPLATE, bank / TEMPLATE.name)
    made = invoke("export", "moodle", "--bank", bank, "--classes", "C31", "--count", 1, "--seed", 42,
                  "--out", tmp_path / "questions.xml")
    assert made.exit_code == 0, made.output
    key = tmp_path / "questions-key.json"
    code = next(code for (template, code) in export_labels(key) if template == C31)
    header = ["Last name", "First name", "ID number", "Email address", "State", "Started on", "Completed",
              "Duration", "Grade/10.00", "Question 1", "Response 1", "Right answer 1"]
    body = [["S", "Test", "s001", "", "Finished", "", "", "", "5.00", f"Counts ... [quizgen:{C31}:{code}]",
             "part 1: 1; part 2: 2; part 3: 0.5", ""]]
    download = tmp_path / "responses.csv"
    download.write_text(moodle_csv(header, body), encoding="utf-8")
    graded = invoke("grade", download, "--key", key, "--feedback", tmp_path / "sheets")
    assert graded.exit_code == 0, graded.output
    assert "the bank folder(s) the export key names were loaded" in graded.output
    assert "no worked solution" not in graded.output, graded.output
    sheet = next((tmp_path / "sheets").glob("*.md")).read_text(encoding="utf-8")
    assert "No worked solution is available" not in sheet and "Add the counts" in sheet, sheet


def test_a_moodle_download_with_a_response_column_deleted_is_refused(tmp_path):
    """Review 42e F2: 'Response 3' deleted, 'Question 3' kept: graded with exit 0, the question gone
    from every paper and every maximum (32 points became 26)."""
    import pytest
    from quizgen.errors import InputFileError
    from quizgen.lms.responses import _moodle_rows

    header = ["Last name", "First name", "ID number", "State", "Question 1", "Response 1", "Question 2"]
    row = ["S", "Ann", "s001", "Finished", "Q [quizgen:t:ABCD2345]", "0.5", "Q [quizgen:u:ABCD2345]"]
    with pytest.raises(InputFileError) as caught:
        _moodle_rows([header, row])
    assert str(caught.value).startswith("the Moodle export has a 'Question 2' column but no 'Response 2', so that "
                                        "question's answers are missing (a column deleted?).")
