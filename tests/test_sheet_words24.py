"""A feedback sheet tells a part left unanswered from one answered wrong, and
says which questions earned full marks (rev-student24: a student who answered
Q1 only read "marks lost in (a) and (b)" for every other question, and a 47/47
sheet went straight into "About the answers" with no word of it)."""

import quizgen
from quizgen.grading.outputs import GradeOutputs
from test_grade_outputs import small_key, write

ROWS = [("s1", "Ada", "Q1", "a", "0.5"), ("s1", "Ada", "Q1", "b", "3"), ("s1", "Ada", "Q2", "a", "24"),
        ("s2", "Bo", "Q1", "a", "0.5"), ("s2", "Bo", "Q1", "b", ""), ("s2", "Bo", "Q2", "a", ""),
        ("s3", "Cy", "Q1", "a", "0.25"), ("s3", "Cy", "Q1", "b", ""), ("s3", "Cy", "Q2", "a", "24")]


def _sheets(tmp_path) -> dict:
    quizgen.grade(write(tmp_path, small_key(), ROWS), key=tmp_path / "key.json",
                  outputs=GradeOutputs(feedback=str(tmp_path / "sheets")))
    return {sid: (tmp_path / "sheets" / f"{sid}.md").read_text(encoding="utf-8") for sid in ("s1", "s2", "s3")}


def test_unanswered_parts_are_said_apart_from_wrong_ones(tmp_path):
    sheets = _sheets(tmp_path)
    assert "- Q1 (C1): (b) not answered.\n" in sheets["s2"] and "- Q2 (C6): not answered.\n" in sheets["s2"]
    assert "marks lost" not in sheets["s2"]
    assert "- Q1 (C1): marks lost in (a); (b) not answered.\n" in sheets["s3"]


def test_full_marks_are_named_under_the_score(tmp_path):
    sheets = _sheets(tmp_path)
    assert "Full marks on every question: well done.\n" in sheets["s1"]
    assert "Full marks on Q2.\n" in sheets["s3"] and "Full marks" not in sheets["s2"]
    assert sheets["s1"].index("Full marks") < sheets["s1"].index("## Q1")


def test_the_pdf_sheet_says_the_same(tmp_path, pdf_sheet_sources):
    quizgen.grade(write(tmp_path, small_key(), ROWS), key=tmp_path / "key.json",
                  outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf"))
    assert "Full marks on every question: well done." in pdf_sheet_sources["s1.tex"]
    assert "Q1 (C1): marks lost in (a); (b) not answered." in pdf_sheet_sources["s3.tex"]
