"""Session 29 (hostile29b): a --feedback folder that is an output, a repeated
header line, an over-long answer, override shares in scientific notation,
US-format times on one day, and the hint for an id a spreadsheet wrote as a
number in scientific notation."""

from __future__ import annotations

import csv

import pytest

LONG = "student_id,question_id,part,answer\n"


def _answers(folder, text: str, name: str = "a.csv"):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _graded(path) -> list:
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize("out, feedback, role", [("g.csv", "g.csv", "the graded file"),
                                                 ("g2", "g2", "the graded file"),
                                                 ("g.csv", "g-report.md", "the Markdown report")])
def test_a_feedback_folder_that_is_an_output_is_refused(three_question_folder, invoke, monkeypatch,
                                                        out, feedback, role):
    """``--out g.csv --feedback g.csv`` lost every sheet (stranded in a
    .quizgen-*.tmp folder) and exited 0: now refused in one line, nothing written."""
    folder = three_question_folder
    answers = _answers(folder, LONG + "s1,Q1,a,0.408\n")
    monkeypatch.chdir(folder)
    before = sorted(p.name for p in folder.iterdir())
    result = invoke("grade", answers.name, "--key", "key.json", "--out", out, "--feedback", feedback)
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1
    assert f"--feedback {feedback}: the feedback folder" in result.output and role in result.output
    assert sorted(p.name for p in folder.iterdir()) == before
