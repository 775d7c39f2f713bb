"""Canvas questions are named after grading as the export named them: part
(b) of slot 2 is ``Q2b`` (its question group in the export, the paper's Q2
(b)), a single-part slot ``Q4``; never the order of first appearance, which
made C1's part (b) ``Q2 (b)`` beside a ``Q1 (a)`` and no ``Q2 (a)``."""

import pytest
import csv
import io
import re
from pathlib import Path

from click.testing import CliRunner

from lms_support import export_labels
from quizgen.cli import main
from quizgen.lms.papers import grading_inputs
from quizgen.lms.responses import ResponseRow

DATA = Path(__file__).parent / "data" / "lms"
ALL = ["mlm-confident-correct", "mlm-confident-wrong", "mlm-uniform-logits", "mlm-mean-over-masked",
       "mlm-zero-mask-limit", "mlm-masking-counts", "nsp-sigmoid-loss", "cls-classifier-head",
       "bert-total-loss-twist", "causal-lm-next-token-loss"]


def _row(template, k, part, answer="1"):
    return ResponseRow("s1", "A", 1, None, template, f"1/{template}/{k}", part, answer)


def test_canvas_questions_take_the_export_group_names_and_the_paper_letters():
    rows = [_row("mlm-confident-correct", 0, "a"), _row("mlm-confident-correct", 1, "b"),
            _row("nsp-sigmoid-loss", 2, "b"), _row("mlm-mean-over-masked", 0, "a")]   # not given C7 (a)
    paper = grading_inputs(rows, order=ALL).key["students"]["s1"]["questions"]
    assert [(q["id"], [p["part"] for p in q["parts"]]) for q in paper] == [
        ("Q1a", ["a"]), ("Q1b", ["b"]), ("Q4", ["a"]), ("Q7b", ["b"])]


def test_without_the_export_order_templates_are_numbered_by_first_appearance():
    rows = [_row("nsp-sigmoid-loss", 0, "c"), _row("mlm-mean-over-masked", 1, "a"), _row("nsp-sigmoid-loss", 1, "a")]
    inputs = grading_inputs(rows)
    paper = inputs.key["students"]["s1"]["questions"]
    assert [q["id"] for q in paper] == ["Q1a", "Q1c", "Q2"]
    assert [line.split(",")[2:4] for line in inputs.answers.splitlines()[1:]] == [["Q1c", "c"], ["Q2", "a"], ["Q1a", "a"]]


@pytest.mark.slow
def test_a_graded_canvas_download_names_its_questions_as_the_export_did(tmp_path):
    runner = CliRunner()
    assert runner.invoke(main, ["export", "canvas", "--classes", "C1,C4,C8", "--count", "2", "--seed", "1",
                                "--out", str(tmp_path / "quiz.zip")]).exit_code == 0
    groups = re.findall(r'<section ident="g_[^"]*" title="(Q\w+) ', zipfile_text(tmp_path / "quiz.zip"))
    assert groups == ["Q1a", "Q1b", "Q2", "Q3a", "Q3b", "Q3c"]
    codes = {label: code for (_, code), label in export_labels(tmp_path / "quiz-key.json").items()}
    text = (DATA / "canvas_student_analysis.csv").read_text(encoding="utf-8")
    (tmp_path / "analysis.csv").write_text(re.sub(r"(\[quizgen:[^:]+:)([^:\]]+)",
                                                  lambda m: m.group(1) + codes[m.group(2)], text), encoding="utf-8")
    result = runner.invoke(main, ["grade", str(tmp_path / "analysis.csv"), "--key", str(tmp_path / "quiz-key.json")])
    assert result.exit_code == 0, result.output
    graded = list(csv.DictReader(io.StringIO((tmp_path / "analysis-graded.csv").read_text(encoding="utf-8-sig"))))
    assert {(r["question_id"], r["part"]) for r in graded} == {("Q2", "a"), ("Q3c", "c")}   # C1, slot 1, is not in the download
    assert re.search(r"^\s*Q3c\s+c\s", result.output, re.M)


def zipfile_text(path) -> str:
    """The assessment XML of a Canvas export zip."""
    import zipfile

    with zipfile.ZipFile(path) as archive:
        return next(archive.read(n).decode("utf-8") for n in archive.namelist() if n.startswith("quizgen_")
                    and n.endswith(".xml") and "/" in n)
