"""Hostile inputs to ``quizgen grade``'s outputs (session 21): no output may
replace any file the run reads (roster, overrides, policy, gradebook template,
through links too), a feedback sheet never shares a name with another output
of its run, and a file name that is no UTF-8 is written into the outputs
safely. Each test drives the command line as a user would."""

import os
import shutil

import pytest
from click.testing import CliRunner

from quizgen.cli import main

ANSWERS = "student_id,question_id,part,answer\ns1,Q1,a,0.5\ns1,Q1,a,0.4\ns2,Q1,b,x\n"
ROSTER = "student_id\ns1\ns2\n"


@pytest.fixture
def here(tmp_path, seed3_key, monkeypatch):
    """A working folder holding key.json and the answers o.csv."""
    shutil.copy(seed3_key, tmp_path / "key.json")
    (tmp_path / "o.csv").write_text(ANSWERS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def grade(*args):
    """``quizgen grade ARGS`` through click: the Result."""
    return CliRunner().invoke(main, ["grade", *map(str, args)], catch_exceptions=False)


def refused(result, *words):
    """Exit 2 with one error line holding every one of ``words``."""
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("quizgen: error: "), result.stderr
    for word in words:
        assert word in result.stderr, result.stderr


def only_inputs(folder, *names):
    """Nothing but ``names`` (and key.json, o.csv) in ``folder``: no output was written."""
    assert sorted(p.name for p in folder.iterdir()) == sorted({"key.json", "o.csv", *names})


# 1. every output against every input


@pytest.mark.parametrize("option, given, out, output", [
    ("--roster", "h-students.csv", "h.csv", "the students CSV h-students.csv"),
    ("--roster", "ros.csv", "ros.csv", "the graded file ros.csv"),
    ("--overrides", "j-questions.csv", "j.csv", "the questions CSV j-questions.csv"),
    ("--roster", "r-items.csv", "r.csv", "the items CSV r-items.csv"),
])
@pytest.mark.slow
def test_an_output_named_as_an_input_csv_is_refused(here, option, given, out, output):
    text = ROSTER if option == "--roster" else "student_id,question_id,part,score\ns1,Q1,a,1\n"
    (here / given).write_text(text, encoding="utf-8")
    result = grade("o.csv", "--key", "key.json", option, given, "--out", out)
    refused(result, f"--out {out}: {output} would overwrite the {option} file", "choose another --out")
    assert (here / given).read_text(encoding="utf-8") == text
    only_inputs(here, given)


def test_the_policy_file_is_never_replaced_by_the_markdown_report(here):
    (here / "h-report.md").write_text("ecf_credit: 1\n", encoding="utf-8")
    result = grade("o.csv", "--key", "key.json", "--policy", "h-report.md", "--out", "h.csv")
    refused(result, "the Markdown report h-report.md would overwrite the --policy file")
    assert (here / "h-report.md").read_text(encoding="utf-8") == "ecf_credit: 1\n"
    only_inputs(here, "h-report.md")


CANVAS = ("Student,ID,SIS User ID,SIS Login ID,Section,Quiz 1 (123)\n    Points Possible,,,,,47\n"
          "S One,1,s1,s1,A,\nS Two,2,s2,s2,A,\n")


@pytest.mark.parametrize("out, output", [("cgb.csv", "the graded file cgb.csv"),
                                         ("c.csv", "the gradebook c-gradebook-canvas.csv")])
def test_the_canvas_gradebook_template_is_never_replaced(here, out, output):
    template = "cgb.csv" if out == "cgb.csv" else "c-gradebook-canvas.csv"
    (here / template).write_text(CANVAS, encoding="utf-8")
    result = grade("o.csv", "--key", "key.json", "--gradebook", "canvas", "--gradebook-template", template,
                   "--gradebook-item", "Quiz 1", "--out", out)
    refused(result, f"{output} would overwrite the --gradebook-template file")
    assert (here / template).read_text(encoding="utf-8") == CANVAS
    only_inputs(here, template)


@pytest.mark.slow
def test_a_roster_reached_through_a_symbolic_link_is_refused(here):
    (here / "h-students.csv").write_text(ROSTER, encoding="utf-8")
    os.symlink("h-students.csv", here / "link.csv")
    result = grade("o.csv", "--key", "key.json", "--roster", "link.csv", "--out", "h.csv")
    refused(result, "h-students.csv would overwrite the --roster file (link.csv)")
    assert (here / "h-students.csv").read_text(encoding="utf-8") == ROSTER


@pytest.mark.slow
def test_an_overrides_file_hard_linked_to_an_output_is_refused(here):
    (here / "elsewhere").mkdir()
    (here / "elsewhere" / "decisions.csv").write_text("student_id,question_id,part,score\ns1,Q1,a,1\n")
    os.link(here / "elsewhere" / "decisions.csv", here / "h-questions.csv")
    result = grade("o.csv", "--key", "key.json", "--overrides", "elsewhere/decisions.csv", "--out", "h.csv")
    refused(result, "the questions CSV h-questions.csv would overwrite the --overrides file (elsewhere/decisions.csv)")


def test_the_default_outputs_named_after_the_answers_are_checked_too(here):
    (here / "o-graded-students.csv").write_text(ROSTER, encoding="utf-8")
    result = grade("o.csv", "--key", "key.json", "--roster", "o-graded-students.csv")
    refused(result, "the outputs named after o.csv: the students CSV o-graded-students.csv would overwrite "
                    "the --roster file")
    assert (here / "o-graded-students.csv").read_text(encoding="utf-8") == ROSTER


@pytest.mark.slow
def test_a_bank_template_is_never_replaced(here):
    bank = here / "bank"
    bank.mkdir()
    (bank / "mine.yaml").write_text("not read: grading stops first\n", encoding="utf-8")
    result = grade("o.csv", "--key", "key.json", "--bank", "bank", "--feedback", "sheets", "--out", "bank/mine.yaml")
    refused(result, "the graded file bank/mine.yaml would overwrite a --bank template")
    assert (bank / "mine.yaml").read_text(encoding="utf-8") == "not read: grading stops first\n"


@pytest.mark.slow
def test_unrelated_inputs_still_grade(here):
    (here / "ros.csv").write_text(ROSTER, encoding="utf-8")
    result = grade("o.csv", "--key", "key.json", "--roster", "ros.csv", "--out", "h.csv")
    assert result.exit_code == 0, result.output
    assert (here / "h-students.csv").exists() and (here / "ros.csv").read_text(encoding="utf-8") == ROSTER


# 2. a feedback sheet never shares a name with another output of its run


@pytest.mark.slow
def test_a_sheet_named_like_the_class_report_is_renamed_and_said(here):
    (here / "ans.csv").write_text("student_id,question_id,part,answer\nans-graded-report,Q1,a,0.7\n",
                                  encoding="utf-8")
    result = grade("ans.csv", "--key", "key.json", "--feedback", ".")
    assert result.exit_code == 0, result.output
    assert (here / "ans-graded-report.md").read_text(encoding="utf-8").startswith("# Grading report")
    assert (here / "ans-graded-report-2.md").read_text(encoding="utf-8").startswith(
        "# Feedback for ans-graded-report")
    assert "ans-graded-report -> ans-graded-report-2.md (ans-graded-report.md is the Markdown report)" in result.output
    again = grade("ans.csv", "--key", "key.json", "--feedback", ".")   # the rerun names them alike
    assert again.exit_code == 0, again.output
    assert (here / "ans-graded-report.md").read_text(encoding="utf-8").startswith("# Grading report")
    assert (here / "ans-graded-report-2.md").read_text(encoding="utf-8").startswith("# Feedback for")


@pytest.mark.slow
def test_a_sheet_named_like_the_graded_file_in_a_linked_folder_is_renamed(here):
    (here / "out").mkdir()
    (here / "out" / "week.md").write_text("", encoding="utf-8")   # there: the graded file, not a new folder
    os.symlink("out", here / "sheets")
    (here / "ans.csv").write_text("student_id,question_id,part,answer\nweek,Q1,a,0.7\n", encoding="utf-8")
    result = grade("ans.csv", "--key", "key.json", "--out", "out/week.md", "--feedback", "sheets")
    assert result.exit_code == 0, result.output
    assert (here / "out" / "week.md").read_text(encoding="utf-8-sig").startswith("student_id")
    assert (here / "out" / "week-2.md").read_text(encoding="utf-8").startswith("# Feedback for week")


# 3. file names that are no UTF-8


BAD = os.fsdecode(b"bad\xff")
BAD_KEY = os.fsdecode(b"k\xfe.json")


@pytest.mark.skipif(os.name == "nt", reason="POSIX file names are bytes")
def test_an_answers_file_name_that_is_no_utf8_is_written_safely(here):
    shutil.copy(here / "o.csv", here / f"{BAD}.csv")
    result = grade(f"{BAD}.csv", "--key", "key.json", "--gradebook", "moodle")
    assert result.exit_code == 0, result.output
    report = (here / f"{BAD}-graded-report.md").read_text(encoding="utf-8")
    assert "Answers: bad\\xff.csv" in report
    assert "<title>Class report: bad\\xff.csv against key.json (paper " in (here / f"{BAD}-graded-report.html").read_text(encoding="utf-8")
    assert (here / f"{BAD}-graded-gradebook-moodle.csv").read_text(encoding="utf-8-sig").startswith(
        "ID number,Full name,bad\\xff")


@pytest.mark.skipif(os.name == "nt", reason="POSIX file names are bytes")
def test_a_key_file_name_that_is_no_utf8_is_written_safely(here):
    shutil.copy(here / "key.json", here / BAD_KEY)
    result = grade("o.csv", "--key", BAD_KEY, "--out", "ok.csv")
    assert result.exit_code == 0, result.output
    assert "key: k\\xfe.json" in (here / "ok-report.md").read_text(encoding="utf-8")


def test_the_files_built_from_an_lms_download_never_replace_an_input(here):
    data = os.path.join(os.path.dirname(__file__), "data", "lms", "canvas_student_analysis.csv")
    shutil.copy(data, here / "analysis.csv")
    (here / "analysis-answers.csv").write_text(ROSTER, encoding="utf-8")
    result = grade("analysis.csv", "--roster", "analysis-answers.csv")
    refused(result, "grading analysis.csv: the answers file it builds analysis-answers.csv would overwrite the "
                    "--roster file")
    assert (here / "analysis-answers.csv").read_text(encoding="utf-8") == ROSTER
    only_inputs(here, "analysis.csv", "analysis-answers.csv")
