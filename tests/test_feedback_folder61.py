"""The feedback folder across runs: sheets of another key replaced by a sheet of the other
format are counted in the other-key note as those rewritten under their own name are; a
figure of an earlier run that this run removes frees its name (Q1-figure.svg again, not
Q1-figure-2.svg); the index is found by the name sheet_index gives it."""

import re
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.grading.feedback_files import write_sheet_files
from quizgen.grading.feedback_names import index_of
from quizgen.grading.sheet_index import with_index

from test_feedback_folder60 import OTHER_KEY, graded
from test_grade_roster import Q1, Q1_OWN


def test_sheets_of_another_key_removed_for_the_other_format_are_counted(tmp_path):
    write_sheet_files(tmp_path, {"s001.md": "# Feedback for s001\n", "s002.md": "# Feedback for s002\n"}, key="A")
    notes = []
    write_sheet_files(tmp_path, {"s001.pdf": b"%PDF-1 s001", "s002.pdf": b"%PDF-1 s002"}, notes=notes, key="B")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".quizgen-sheets", "s001.pdf", "s002.pdf"]
    assert len(notes) == 1 and notes[0].startswith(f"2 feedback sheet(s) in {tmp_path} {OTHER_KEY}")
    assert ": s001.md, s002.md; grade each quiz" in notes[0]


@pytest.mark.slow
def test_a_quiz_graded_as_pdf_over_another_quizs_markdown_sheets_says_so(tmp_path):
    graded(tmp_path, "quiz1", Q1, ["s001", "s002"])
    said = graded(tmp_path, "quiz2", Q1_OWN, ["s001", "s002"], "--format", "pdf")
    assert f"2 feedback sheet(s) in {tmp_path / 'sheets'} {OTHER_KEY}" in said
    assert "s001.md, s002.md;" in said
    assert not list((tmp_path / "sheets").glob("*.md"))


def _figure_names(folder) -> list:
    """The figures every Markdown sheet of ``folder`` links, in sheet order."""
    return [name for sheet in sorted(folder.glob("s*.md"))
            for name in re.findall(r"\]\(([^)]+\.svg)\)", sheet.read_text(encoding="utf-8"))]


@pytest.mark.slow
def test_a_figure_this_run_removes_frees_its_name(tmp_path):
    def run(*args):
        result = CliRunner().invoke(main, [str(a) for a in args])
        assert result.exit_code == 0, result.output

    for seed in (1, 2):
        run("generate", "--classes", "C7", "--count", "1", "--seed", seed, "--out", tmp_path / f"quiz{seed}")
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\ns2,Q1,a,0.5\n",
                                          encoding="utf-8")
    sheets = tmp_path / "sheets"
    run("grade", tmp_path / "answers.csv", "--key", tmp_path / "quiz1" / "key.json", "--out",
        tmp_path / "one.csv", "--feedback", sheets)
    first = (sheets / "Q1-figure.svg").read_text(encoding="utf-8")
    run("grade", tmp_path / "answers.csv", "--key", tmp_path / "quiz2" / "key.json", "--out",
        tmp_path / "two.csv", "--feedback", sheets, "--force-key")
    assert _figure_names(sheets) == ["Q1-figure.svg", "Q1-figure.svg"]
    assert sorted(p.name for p in sheets.glob("*.svg")) == ["Q1-figure.svg"]
    assert (sheets / "Q1-figure.svg").read_text(encoding="utf-8") != first   # the second paper's drawing


def test_the_index_is_found_by_its_name_not_as_the_first_csv(tmp_path):
    """The summary names the index with_index wrote, even beside another CSV among the files."""
    (tmp_path / "index.csv").write_text("the instructor's own\n", encoding="utf-8")
    total = SimpleNamespace(student_id="s001", name="Ann")
    files = with_index({"s001.md": "# Feedback for s001\n"}, [("s001", total)], tmp_path, {})
    assert index_of({"marks.csv": "", **files}) == "index-2.csv"
    assert index_of({"s001.md": ""}) == ""
