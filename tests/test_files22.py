"""Outputs all or none: names too long refused before anything is written, a
rename failing partway rolled back (grade's feedback sheets too), no empty
folder left by a refused run, and key.json found in quiz/ (generate's default)."""

import json
import os
from pathlib import Path

import pytest

import quizgen.files as files
from interrupt_support import run_interrupted
from run_support import flaky_replace, run_in as run
from quizgen.errors import OutputError, UsageError


def part(letter, value):
    return {"part": letter, "name": letter, "type": "numeric", "points": 1.0, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}


KEY = {"questions": [{"id": f"Q{n}", "class": "C1", "template": "t1", "points": 2,
                      "parts": [part("a", 0.5), part("b", 3.0)]} for n in range(1, 7)]}
GOOD = "student_id,name,question_id,part,answer\ns1,Ada,Q1,a,0.5\ns1,Ada,Q1,b,3\n"
FOREIGN = "student_id,name,question_id,part,answer\n" + "".join(
    f"s1,Ada,Q{n},{p},987.6\n" for n in range(1, 7) for p in "ab")


def setup(folder: Path, answers: str = GOOD, name: str = "answers.csv", key: str = "key.json") -> None:
    (folder / Path(key).parent).mkdir(parents=True, exist_ok=True)
    (folder / key).write_text(json.dumps(KEY), encoding="utf-8")
    (folder / name).write_text(answers, encoding="utf-8")


def one_line_error(result, *words):
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("quizgen: error:"), result.output
    assert all(word in lines[0] for word in words), lines[0]


# 1. a name too long is refused before anything is written; a failed rename is rolled back


def test_an_output_name_too_long_is_refused_before_anything_is_written(tmp_path):
    """236 z's: the graded file's name (247 bytes) fits, the students CSV's (256) does not."""
    stem = "z" * 236
    setup(tmp_path, name=f"{stem}.csv")
    before = sorted(os.listdir(tmp_path))
    result = run(tmp_path, "grade", f"{stem}.csv", "--key", "key.json")
    one_line_error(result, "-graded-students.csv", "256 bytes", "255", "shorter --out")
    assert sorted(os.listdir(tmp_path)) == before


@pytest.mark.slow
def test_a_path_longer_than_path_max_is_refused(tmp_path):
    setup(tmp_path)
    result = run(tmp_path, "grade", "answers.csv", "--key", "key.json", "--out", "d/" * 2100)
    one_line_error(result, "this path is", "shorter --out")
    assert not (tmp_path / "d").exists()


def test_write_files_puts_back_what_it_replaced_when_a_rename_fails_partway(tmp_path, monkeypatch):
    files.write_files(tmp_path, {"a.txt": "old a", "b.txt": "old b"})
    failed = flaky_replace(monkeypatch, "b.txt")
    with pytest.raises(OutputError, match="no output was replaced"):
        files.write_files(tmp_path, {"a.txt": "new a", "b.txt": "new b", "c.txt": "new c"})
    assert failed
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == {"a.txt": "old a", "b.txt": "old b"}


def test_streamed_files_roll_back_too_and_leave_no_new_file(tmp_path, monkeypatch):
    files.write_files(tmp_path, {"a.txt": "old a"})
    flaky_replace(monkeypatch, "c.txt")
    with pytest.raises(OutputError):
        with files.streamed_files(tmp_path, ["a.txt", "b.txt", "c.txt"]) as handles:
            for name, handle in handles.items():
                handle.write(f"new {name}")
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == {"a.txt": "old a"}


@pytest.mark.slow
def test_grade_rolls_back_its_feedback_sheets_when_a_report_cannot_be_put_in_place(tmp_path, monkeypatch):
    """The sheets are renamed into place before the reports; a report's rename
    failing puts the earlier run's sheets (and everything else) back."""
    setup(tmp_path)
    assert run(tmp_path, "grade", "answers.csv", "--key", "key.json", "--feedback", "sheets").exit_code == 0
    before = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    (tmp_path / "answers.csv").write_text(GOOD.replace("0.5", "0.7"), encoding="utf-8")
    before[Path("answers.csv")] = (tmp_path / "answers.csv").read_bytes()
    failed = flaky_replace(monkeypatch, "-report.md")
    result = run(tmp_path, "grade", "answers.csv", "--key", "key.json", "--feedback", "sheets")
    assert failed and result.exit_code == 1, result.output
    after = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert after == before


@pytest.mark.slow
def test_a_failed_grade_keeps_the_earlier_runs_sheet_of_a_student_now_gone(tmp_path, monkeypatch):
    """rev-hostile22b: s2's sheet, stale once s2 left the answers, was removed before the
    reports' rename failed, and stayed lost after the roll-back."""
    setup(tmp_path, GOOD + "s2,Bo,Q1,a,0.5\n")
    assert run(tmp_path, "grade", "answers.csv", "--key", "key.json", "--feedback", "sheets").exit_code == 0
    before = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert Path("sheets/s2.md") in before
    (tmp_path / "answers.csv").write_text(GOOD, encoding="utf-8")
    before[Path("answers.csv")] = (tmp_path / "answers.csv").read_bytes()
    failed = flaky_replace(monkeypatch, "-report.md")
    result = run(tmp_path, "grade", "answers.csv", "--key", "key.json", "--feedback", "sheets")
    assert failed and result.exit_code == 1, result.output
    assert {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before
    monkeypatch.undo()
    assert run(tmp_path, "grade", "answers.csv", "--key", "key.json", "--feedback", "sheets").exit_code == 0
    assert (tmp_path / "sheets" / "s2.md").read_bytes() == before[Path("sheets/s2.md")]   # kept, and said (instr29)


def test_a_failed_grade_removes_the_nested_feedback_folders_it_made(tmp_path, monkeypatch):
    setup(tmp_path)
    flaky_replace(monkeypatch, "-report.md")
    result = run(tmp_path, "grade", "answers.csv", "--key", "key.json", "--feedback", "nf/deep")
    assert result.exit_code == 1, result.output
    assert not (tmp_path / "nf").exists()


# 2. an --out name too long for the disk


@pytest.mark.parametrize("command", ["grade", "generate"])
def test_an_out_name_too_long_is_a_usage_error(tmp_path, command):
    setup(tmp_path)
    args = ["answers.csv", "--key", "key.json"] if command == "grade" else ["--seed", "3"]
    result = run(tmp_path, command, *args, "--out", "y" * 300)
    one_line_error(result, "300 bytes", "shorter --out")


def test_check_folder_refuses_a_name_too_long(tmp_path):
    with pytest.raises(UsageError, match="300 bytes"):
        files.check_folder(tmp_path / ("y" * 300))


# 3. a refused run leaves no folder it made


@pytest.mark.parametrize("out", ["other/", "other/deeper/week.csv"])
def test_a_refused_grade_removes_the_folder_it_made(tmp_path, out):
    setup(tmp_path, FOREIGN)
    result = run(tmp_path, "grade", "answers.csv", "--key", "key.json", "--out", out)
    one_line_error(result, "another seed or key")
    assert not (tmp_path / "other").exists()


def test_a_refused_grade_keeps_a_folder_that_was_there(tmp_path):
    setup(tmp_path, FOREIGN)
    (tmp_path / "other").mkdir()
    result = run(tmp_path, "grade", "answers.csv", "--key", "key.json", "--out", "other/")
    assert result.exit_code == 2
    assert (tmp_path / "other").is_dir() and not any((tmp_path / "other").iterdir())


def test_a_refused_grade_keeps_a_folder_named_through_a_dot_dot(tmp_path):
    """rev-hostile22b: --out nothere/../mine/g.csv counted mine/ as made by the run and removed it."""
    setup(tmp_path, FOREIGN)
    (tmp_path / "mine").mkdir()
    result = run(tmp_path, "grade", "answers.csv", "--key", "key.json", "--out", "nothere/../mine/g.csv")
    assert result.exit_code == 2
    assert (tmp_path / "mine").is_dir()


# 4. key.json in quiz/, generate's default output folder


def test_grade_finds_the_key_in_quiz_and_says_so(tmp_path):
    setup(tmp_path, key="quiz/key.json")
    result = run(tmp_path, "grade", "answers.csv")
    assert result.exit_code == 0, result.output
    assert "Note: graded against quiz/key.json, the first key.json found" in result.output
    assert "from 1 student against quiz/key.json (" in result.output   # the summary's first line names it too


def test_a_key_beside_the_answers_still_comes_first_and_the_other_is_named(tmp_path):
    setup(tmp_path, key="quiz/key.json")
    beside = {"questions": KEY["questions"][:1]}
    (tmp_path / "key.json").write_text(json.dumps(beside), encoding="utf-8")
    result = run(tmp_path, "grade", "answers.csv")
    assert result.exit_code == 0, result.output
    assert "Graded 2 answers from 1 student against key.json" in result.output
    assert "quiz/key.json also found, not used (pass --key to choose)" in result.output
    assert "Q2" not in (tmp_path / "answers-graded-questions.csv").read_text(encoding="utf-8-sig")


def test_no_key_anywhere_names_the_three_places(tmp_path):
    (tmp_path / "answers.csv").write_text(GOOD, encoding="utf-8")
    result = run(tmp_path, "grade", "answers.csv")
    assert result.exit_code != 0
    assert "in its quiz folder, where generate writes by default" in result.output
    assert str(Path("quiz") / "key.json") in result.output


def test_a_ctrl_c_during_the_renames_leaves_no_kept_copy_behind(tmp_path):
    """rev-final22: the held Ctrl-C acted before the replaced files' kept copies were removed:
    the new outputs stood, and the old a.txt stayed as a hidden .quizgen-*.tmp. The Ctrl-C
    is sent in a process of its own (interrupt_support.py)."""
    files.write_files(tmp_path, {"a.txt": "old a"})
    script = ("import quizgen.commit as commit\nfrom quizgen import files\nreal = os.replace\n"
              "def replace(src, dst, *args, **kwargs):\n"
              "    os.kill(os.getpid(), signal.SIGINT)   # held by signals_held until the block ends\n"
              "    return real(src, dst, *args, **kwargs)\n"
              "commit.os.replace = replace\n"
              "try:\n    files.write_files(sys.argv[1], {'a.txt': 'new a', 'b.txt': 'new b'})\n"
              "except KeyboardInterrupt:\n    print('interrupted')\n")
    result = run_interrupted(script, tmp_path)
    assert (result.returncode, result.stdout.split()) == (0, ["interrupted"]), result.stderr
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == {"a.txt": "new a", "b.txt": "new b"}
