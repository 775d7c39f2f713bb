"""Review 50a: bytes a strict UTF-8 locale cannot decode or encode, and graded files review
could not read. Under en_US.UTF-8 (not C.UTF-8, where Python escapes such bytes) a cp1252
``é`` piped to the drill, or an --out name that is no UTF-8, ended in a traceback (F1, F2);
review met a header line over the csv module's limit with a traceback (F3) and read a stray
quote's following rows into one cell, dropping them without a word (F4)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from quizgen.cli import main

ROOT = Path(__file__).resolve().parent.parent
STRICT_UTF8 = {**os.environ, "PYTHONIOENCODING": "utf-8", "PYTHONPATH": str(ROOT)}
"""What a named UTF-8 locale gives Python's standard streams: UTF-8 with errors=strict."""


def _quizgen(args: list, cwd, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "quizgen", *args], cwd=cwd, env=STRICT_UTF8, input=stdin,
                          capture_output=True, timeout=300)


@pytest.mark.slow   # quick share: among the slowest of a quick run (round 52)
def test_the_drill_names_a_byte_that_is_no_utf8_as_it_does_under_c_utf8(tmp_path):
    run = _quizgen(["drill", "--seed", "1", "--classes", "C1", "--no-save"], tmp_path, b"\xe9t\xe9\n0.7\nq\n")
    said = (run.stdout + run.stderr).decode("utf-8")
    assert run.returncode == 0 and "Traceback" not in said, said[-2000:]
    assert "I cannot read '\\xe9t\\xe9' as an answer: it holds a byte that is not UTF-8" in said


@pytest.mark.slow   # quick share: among the slowest of a quick run (round 52)
def test_generate_names_an_out_folder_that_is_no_utf8_and_exits_0(tmp_path):
    folder = os.fsencode(tmp_path) + b"/r\xe9s"
    try:
        os.mkdir(folder)
        os.rmdir(folder)
    except OSError:
        pytest.skip("this file system refuses a name that is no UTF-8")
    run = _quizgen(["generate", "--seed", "1", "--out", b"r\xe9s"], tmp_path)
    said = (run.stdout + run.stderr).decode("utf-8")
    assert run.returncode == 0 and "Traceback" not in said, said[-2000:]
    assert "to r?s/: problems.md" in said
    assert os.path.isfile(os.fsencode(tmp_path) + b"/r\xe9s/key.json")


@pytest.fixture()
def graded(tmp_path, c1_key):
    """A graded file of three sentences to read (needs_review), graded against seed 1's C1 paper."""
    rows = ["student_id,question_id,part,answer", "s1,Q1,a,I think it is about half",
            "s2,Q1,a,no idea really maybe", "s3,Q1,a,probably near one I guess"]
    (tmp_path / "a.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(tmp_path / "a.csv"), "--key", str(c1_key),
                                       "--out", str(tmp_path / "gr") + "/", "--force-key"])
    assert result.exit_code == 0, result.output
    return tmp_path / "gr" / "a-graded.csv"


def _reviewed(graded, tmp_path, row: str):
    """``(edited graded file, review's result)`` of ``graded`` with ``row`` inserted as its third line."""
    lines = graded.read_text(encoding="utf-8-sig").splitlines()
    lines.insert(2, row)
    edited = tmp_path / "edited.csv"
    edited.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return edited, CliRunner().invoke(main, ["review", str(edited), "--out", str(tmp_path / "rv.csv")])


def test_review_refuses_a_stray_quote_naming_its_line_and_writes_nothing(graded, tmp_path):
    edited, result = _reviewed(graded, tmp_path, 's9,Q1,a,"0.9,needs_review,0,0.9,,,open quote,')
    assert result.exit_code == 2
    assert f"{edited}: line 3: a quote (\") opened in this row is not closed on its line" in result.output
    assert not (tmp_path / "rv.csv").exists()


def test_review_still_reads_an_answer_written_over_two_lines(graded, tmp_path):
    row = 's8,Q1,a,"first I take the softmax\nthen I guess",needs_review,0,0.7157,,,a person should read this,'
    _, result = _reviewed(graded, tmp_path, row)
    assert result.exit_code == 0, result.output
    assert "4 answer(s) to decide (4 needs_review)" in result.output


def test_review_refuses_a_header_line_over_the_cell_limit_in_one_line(tmp_path):
    huge = tmp_path / "huge.csv"
    huge.write_text("x" * 1_100_000 + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["review", str(huge)])
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0
    assert "line 1: expected the header of a graded file" in result.output
    assert "found a line of 1,100,001 characters" in result.output
