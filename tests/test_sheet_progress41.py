"""Feedback sheets compiled to PDF show their progress as generate's PDFs do (review 41b F6: 77 sheets
compiled for 1 min 43 s in silence after the grading bar): grade's ``progress`` reaches the compile."""

import pytest

import quizgen
from quizgen.grading.output_options import GradeOutputs


@pytest.mark.parametrize("progress", [True, False])
def test_the_sheets_compile_with_grades_progress(three_question_folder, monkeypatch, progress):
    from quizgen.generation import pdf
    from quizgen.grading import feedback_pdf

    seen = []

    def compile_documents(documents, progress=False, jobs=1, failed=None):
        seen.append((sorted(documents), progress))
        return {name[:-4] + ".pdf": b"" for name in documents}

    monkeypatch.setattr(feedback_pdf, "check_tex", lambda: None)
    monkeypatch.setattr(pdf, "compile_documents", compile_documents)
    folder = three_question_folder
    (folder / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.408\ns2,Q1,a,0.5\n",
                                        encoding="utf-8")
    quizgen.grade(folder / "answers.csv", folder / "key.json", folder / "out" / "g.csv", progress=progress,
                  outputs=GradeOutputs(feedback=str(folder / "sheets"), feedback_format="pdf"))
    assert seen == [(["s1.tex", "s2.tex"], progress)]
    assert sorted(p.name for p in (folder / "sheets").iterdir() if p.suffix == ".pdf") == ["s1.pdf", "s2.pdf"]
