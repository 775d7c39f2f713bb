"""hostile21f: the feedback clean-up removed the answers file a run read (it
now lists each sheet's digest and never removes a run's file or one changed
since), a traceback when the answers file went before same_id's second read,
same_id's memory growing with the rows' text, and refuse_clashes comparing
every output with every input."""

import json
import os
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

import quizgen.files as files
import quizgen.grading.run as run
from quizgen.cli import main
from quizgen.grading.outputs import GradeOutputs
from quizgen.grading.paths import files_read, refuse_sheet_clashes
from run_support import cpu_seconds


def part(letter, value):
    return {"part": letter, "name": letter, "type": "numeric", "points": 2.0, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}


KEY = {"questions": [{"id": "Q1", "class": "C1", "template": "t1", "points": 4,
                      "parts": [part("a", 0.5), part("b", 3.0)]}]}


def grade(folder: Path, answers: str, *more):
    """``quizgen grade answers --key key.json *more`` run in ``folder``: the CliRunner result."""
    (folder / "key.json").write_text(json.dumps(KEY), encoding="utf-8")
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        return CliRunner().invoke(main, ["grade", answers, "--key", "key.json", "--force", *more])
    finally:
        os.chdir(cwd)


# 1. the --feedback clean-up


@pytest.mark.slow
def test_the_clean_up_never_removes_the_answers_file_the_run_read(tmp_path):
    """week1.csv's student week2 gets week2.md; the answers then saved as week2.md
    and graded into the same folder are kept, and the new sheet written."""
    (tmp_path / "week1.csv").write_text("student_id,Q1a,Q1b\nweek2,0.5,3\n", encoding="utf-8")
    assert grade(tmp_path, "week1.csv", "--feedback", ".").exit_code == 0
    assert (tmp_path / "week2.md").read_text(encoding="utf-8").startswith("# Feedback for week2")
    answers = "student_id,Q1a,Q1b\nbob,0.5,3\n"
    (tmp_path / "week2.md").write_text(answers, encoding="utf-8")
    result = grade(tmp_path, "week2.md", "--feedback", ".")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "week2.md").read_text(encoding="utf-8") == answers
    assert (tmp_path / "bob.md").exists()


@pytest.mark.slow
def test_a_file_put_under_a_listed_sheets_name_stays_and_is_not_overwritten(tmp_path):
    """gone.md, listed by the earlier run, now holds the instructor's notes: the
    clean-up leaves it, and a student gone of the next run takes gone-2.md."""
    (tmp_path / "a.csv").write_text("student_id,Q1a,Q1b\ngone,0.5,3\nstay,0.5,3\n", encoding="utf-8")
    assert grade(tmp_path, "a.csv", "--feedback", "fb").exit_code == 0
    notes = "my own notes, not a sheet\n"
    (tmp_path / "fb" / "gone.md").write_text(notes, encoding="utf-8")
    (tmp_path / "b.csv").write_text("student_id,Q1a,Q1b\nstay,0.5,3\n", encoding="utf-8")
    assert grade(tmp_path, "b.csv", "--feedback", "fb").exit_code == 0
    assert (tmp_path / "fb" / "gone.md").read_text(encoding="utf-8") == notes       # not removed
    (tmp_path / "fb" / ".quizgen-sheets").write_text("gone.md\tffff\nstay.md\n", encoding="utf-8")
    assert grade(tmp_path, "a.csv", "--feedback", "fb").exit_code == 0
    assert (tmp_path / "fb" / "gone.md").read_text(encoding="utf-8") == notes       # not overwritten
    assert (tmp_path / "fb" / "gone-2.md").read_text(encoding="utf-8").startswith("# Feedback for gone")


@pytest.mark.slow
def test_an_unchanged_stale_sheet_is_still_removed_and_an_edited_pdf_is_not(tmp_path):
    (tmp_path / "a.csv").write_text("student_id,Q1a,Q1b\ngone,0.5,3\nstay,0.5,3\n", encoding="utf-8")
    assert grade(tmp_path, "a.csv", "--feedback", "fb").exit_code == 0
    listed = (tmp_path / "fb" / ".quizgen-sheets").read_text(encoding="utf-8").splitlines()
    assert sorted(line.split("\t")[0] for line in listed) == [".key", "gone.md", "index.csv", "stay.md"]   # and the key's mark
    (tmp_path / "b.csv").write_text("student_id,Q1a,Q1b\nstay,0.5,3\n", encoding="utf-8")
    assert grade(tmp_path, "b.csv", "--feedback", "fb").exit_code == 0
    assert (tmp_path / "fb" / "gone.md").exists()   # no answers of theirs this run: kept, and said (instr29)
    from quizgen.grading.feedback_files import _digest
    digest = _digest(b"%PDF-1.5 a sheet the run wrote")
    for content, stays in ((b"%PDF-1.5 a sheet the run wrote", False), (b"%PDF-1.5 the instructor's, edited", True)):
        (tmp_path / "fb" / "stay.pdf").write_bytes(content)   # the run writes stay.md instead: replaced when ours
        (tmp_path / "fb" / ".quizgen-sheets").write_text(f"stay.pdf\t{digest}\n", encoding="utf-8")
        assert grade(tmp_path, "b.csv", "--feedback", "fb").exit_code == 0
        assert (tmp_path / "fb" / "stay.pdf").exists() is stays


@pytest.mark.slow
def test_an_older_bare_list_still_spares_the_runs_own_files(tmp_path):
    """A list from before digests (bare names) naming the answers file: the
    run's files are never removed, whatever the list says."""
    answers = "student_id,Q1a,Q1b\nbob,0.5,3\n"
    (tmp_path / "week2.md").write_text(answers, encoding="utf-8")
    (tmp_path / "week2-graded-report.md").write_text("# Feedback for an old report\n", encoding="utf-8")
    (tmp_path / ".quizgen-sheets").write_text("week2.md\nweek2-graded-report.md\n", encoding="utf-8")
    result = grade(tmp_path, "week2.md", "--feedback", ".")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "week2.md").read_text(encoding="utf-8") == answers
    assert (tmp_path / "week2-graded-report.md").exists() and (tmp_path / "bob.md").exists()


# 2. the answers file gone or replaced before same_id reads it again

MOODLE = "Surname,First name,Email address,Student ID,Q1a,Q1b\n"
ROWS = "Six,Sam,s6@uni.edu,0000070,0.5,3\nSixtynine,Sue,s69@uni.edu,0000070,0.4,2\n"


@pytest.mark.parametrize("then", ["removed", "replaced", "rewritten"])
@pytest.mark.slow
def test_answers_gone_before_the_second_read_give_a_warning_not_a_traceback(tmp_path, monkeypatch, then):
    answers = tmp_path / "answers.csv"
    answers.write_text(MOODLE + ROWS, encoding="utf-8")
    belong = run.check_belong

    def meddle(*args, **kwargs):   # runs after grading, just before same_id reads the file again
        if then == "removed":
            answers.unlink()
        elif then == "replaced":
            (tmp_path / "other.csv").write_text(MOODLE + "x,y,z@u.edu,0000070,1,1\n" + ROWS, encoding="utf-8")
            os.replace(tmp_path / "other.csv", answers)
        else:
            with open(answers, "a", encoding="utf-8") as handle:
                handle.write("Seven,Sid,s7@uni.edu,0000070,1,1\n")
        return belong(*args, **kwargs)

    monkeypatch.setattr(run, "check_belong", meddle)
    result = grade(tmp_path, "answers.csv")
    assert result.exit_code == 0 and result.exception is None, result.output
    warned = [line for line in result.output.splitlines() if "was skipped" in line]
    assert len(warned) == 1 and warned[0].startswith("quizgen: warning: answers.csv: "), result.output
    assert "different people (another email or name), yet" not in result.output   # no note from another file


def test_the_note_is_unchanged_when_the_file_stays(tmp_path):
    (tmp_path / "answers.csv").write_text(MOODLE + ROWS + "Six,Sam,S6@uni.edu,0000070,0.5,3\n"
                                          "Seventy,Sid,s70@uni.edu,0000070,0.5,3\n", encoding="utf-8")
    result = grade(tmp_path, "answers.csv")
    assert result.exit_code == 0, result.output
    assert ("0000070 on line 2 (s6@uni.edu, Sam Six) and line 3 (s69@uni.edu, Sue Sixtynine) and 1 other email(s) "
            "or name(s)") in result.output and "was skipped" not in result.output


# 3. same_id's memory


@pytest.mark.slow
def test_same_ids_memory_does_not_grow_with_the_rows_text(tmp_path, monkeypatch):
    """1,500 rows of one id, each with its own 4,000-character name and email
    (12 MB): the check keeps two rows and a count, not every distinct row."""
    with open(tmp_path / "answers.csv", "w", encoding="utf-8") as handle:
        handle.write("student_id,name,email,Q1a,Q1b\n")
        for i in range(1500):
            handle.write(f"s1,N{i:05d}{'x' * 3994},e{i:05d}{'y' * 3988}@u.edu,0.5,3\n")
    clashing, peaks = run.clashing_ids, []

    def measured(*args, **kwargs):
        tracemalloc.start()
        try:
            return clashing(*args, **kwargs)
        finally:
            peaks.append(tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()

    monkeypatch.setattr(run, "clashing_ids", measured)
    result = grade(tmp_path, "answers.csv", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "s1 on line 2 (e00000y" in result.output and "and 1498 other email(s) or name(s)" in result.output
    assert peaks and peaks[0] < 3_000_000, peaks   # 12 MB of rows; a 64 KiB block is read at a time


# 4. refuse_clashes by lookup


class Counted(type(Path())):
    """A path that counts how often it is compared for equality."""

    compared = 0

    def __eq__(self, other):
        Counted.compared += 1
        return super().__eq__(other)

    __hash__ = type(Path()).__hash__


@pytest.mark.slow
def test_refuse_clashes_looks_each_output_up_instead_of_comparing_pairs(tmp_path, monkeypatch):
    bank = tmp_path / "bank"
    bank.mkdir()
    for n in range(400):
        (bank / f"_d{n}.yaml").touch()
    reads = files_read(tmp_path / "answers.csv", tmp_path / "key.json", outputs=GradeOutputs(banks=(str(bank),)))
    resolved = files._resolved
    monkeypatch.setattr(files, "_resolved", lambda path: Counted(resolved(path)))
    Counted.compared = 0
    refuse_sheet_clashes(tmp_path / "fb", [f"s{n}.md" for n in range(400)], reads)
    assert Counted.compared < 1000, Counted.compared   # pairwise: 400 x 402
    with pytest.raises(Exception, match=r"--feedback .*_d7\.yaml would overwrite a --bank template"):
        refuse_sheet_clashes(bank, ["s1.md", "_d7.yaml"], reads)
    os.link(bank / "_d3.yaml", tmp_path / "hard.md")
    with pytest.raises(Exception, match=r"hard\.md would overwrite a --bank template \(.*_d3\.yaml\)"):
        refuse_sheet_clashes(tmp_path, ["hard.md"], reads)


def test_the_first_input_a_path_clashes_with_is_named(tmp_path):
    (tmp_path / "a.csv").touch()
    os.symlink(tmp_path / "a.csv", tmp_path / "link.csv")
    reads = {tmp_path / "link.csv": "the first", tmp_path / "a.csv": "the second"}
    with pytest.raises(Exception, match="would overwrite the first"):
        files.refuse_clashes({tmp_path / "a.csv": "an output"}, reads, "lead", "advice")


@pytest.mark.slow
def test_twenty_thousand_bank_files_and_sheets_are_checked_in_seconds(tmp_path):
    bank = tmp_path / "bank"
    bank.mkdir()
    for n in range(20000):
        (bank / f"_d{n}.yaml").touch()
    reads = files_read(tmp_path / "answers.csv", tmp_path / "key.json", outputs=GradeOutputs(banks=(str(bank),)))
    start = cpu_seconds()
    refuse_sheet_clashes(tmp_path / "fb", [f"s{n:05d}.md" for n in range(20000)], reads)
    assert cpu_seconds() - start < 15   # about 1 s; 64 s when every pair was compared
