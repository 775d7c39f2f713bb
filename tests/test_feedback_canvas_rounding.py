"""The feedback sheets of a Canvas download's key (``"answers_rounded_by":
"canvas"``) print the stems' rounding sentence as the Canvas question did
(lms/canvas.py CANVAS_ROUNDING_RULE): Canvas drops trailing zeros, so no
answer there is marked rounded too early, and the sheet does not promise it."""

import json
import re

import pytest

from quizgen.lms.canvas import CANVAS_ROUNDING_RULE
from quizgen.text.render import ROUNDING_RULE

PROMISE = "an answer rounded to fewer is marked as rounded too early"


def _sheet_texts(tmp_path, invoke, rounded_by, fmt, pdf_sources):
    """The text of s001's sheet (Markdown, or the PDF's LaTeX) graded against a C1 key, ``rounded_by`` set or not."""
    assert invoke("generate", "--seed", 4, "--classes", "C1", "--out", tmp_path / "quiz").exit_code == 0
    key = tmp_path / "quiz" / "key.json"
    data = json.loads(key.read_text(encoding="utf-8"))
    if rounded_by:
        data["answers_rounded_by"] = rounded_by
    key.write_text(json.dumps(data), encoding="utf-8")
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns001,Q1,a,0.5\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", key, "--feedback", tmp_path / "sheets", "--format", fmt)
    assert result.exit_code in (0, 1), result.output
    text = (tmp_path / "sheets" / "s001.md").read_text(encoding="utf-8") if fmt == "md" else \
        "".join(pdf_sources.values())
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("fmt", ["md", "pdf"])
@pytest.mark.slow
def test_a_canvas_keys_sheets_print_the_canvas_rounding_sentence(tmp_path, invoke, pdf_sheet_sources, fmt):
    text = _sheet_texts(tmp_path, invoke, "canvas", fmt, pdf_sheet_sources)
    assert PROMISE not in text and f"({CANVAS_ROUNDING_RULE})" in text


@pytest.mark.slow
def test_a_paper_keys_sheets_keep_the_papers_sentence(tmp_path, invoke, pdf_sheet_sources):
    assert f"({ROUNDING_RULE})" in _sheet_texts(tmp_path, invoke, "", "md", pdf_sheet_sources)
