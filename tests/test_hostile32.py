"""hostile32: hostile or broken input in the readers of answers files, LMS
downloads, rosters and keys (a Cloze part past the question's parts, ...)."""

import csv

import pytest

from lms_support import exported_download, moodle_csv
from quizgen.errors import InputFileError


def _graded(folder) -> list:
    return list(csv.DictReader((folder / "responses-graded.csv").open(encoding="utf-8-sig")))


# ---------------------------------------------------------------- item 1: a Cloze part past the question's parts

def test_a_cloze_part_past_the_questions_parts_takes_no_other_parts_marks(tmp_path, invoke):
    # 'part 16' is letter p, and C1's part (a) is named p: read as (a), it replaced the student's own (a)
    header, *rows = exported_download(invoke, tmp_path, "C1", 1, 1)
    response = header.index("Response 1")
    rows[0][response] = "part 1: 0.5; part 2: 0.5; " + "; ".join(f"part {n}: " for n in range(3, 16)) + "; part 16: 7"
    (tmp_path / "responses.csv").write_text(moodle_csv(header, rows), encoding="utf-8")
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json")
    assert result.exit_code == 0, result.output
    verdicts = {r["part"]: (r["answer"], r["status"], r["reason"]) for r in _graded(tmp_path)}
    assert verdicts["a"][:2] == ("0.5", "incorrect")   # graded from its own box, not superseded by 'part 16'
    assert verdicts["part 16"] == ("7", "unknown_question", "Q1 has no part 'part 16' (parts a, b)")
    assert "p" not in verdicts and len(verdicts) == 16   # every part of the cell accounted for


def test_a_cloze_part_past_the_parts_whose_label_is_a_parts_name_is_refused():
    from quizgen.key.parts import PartSpec
    from quizgen.lms.papers import _part_label
    from quizgen.lms.responses import ResponseRow

    parts = (PartSpec("a", name="16"), PartSpec("b", name="loss"))
    row = ResponseRow("s1", "Ada", 1, 3, "C1", "v", "p", "7", row=4)
    assert _part_label(ResponseRow("s1", "Ada", 1, 3, "C1", "v", "b", "7"), {("s1", 3): parts}) == "b"
    with pytest.raises(InputFileError, match=r"^row 4: student s1's response to question 3 names part 16, past the "
                                             r"parts of C1, one of which is named so; expected parts 1 to 2"):
        _part_label(row, {("s1", 3): parts})
