"""A drill fed a stream with no line end (``< /dev/zero``, a binary file, text with its
newlines taken out) stops after a bound with one line naming standard input, the summary
first, exit 2: it spun at 100% CPU at the first prompt before (review 50a F9)."""

import shlex
import subprocess
import sys

import pytest

from click.testing import CliRunner

from quizgen.cli import main

DRILL = ["drill", "--seed", "1", "--classes", "C1", "--no-save"]


@pytest.mark.slow   # quick share: among the slowest of a quick run (round 52)
def test_dev_zero_stops_at_once_naming_standard_input(tmp_path):
    with open("/dev/zero", "rb") as zeros:
        run = subprocess.run([sys.executable, "-m", "quizgen", *DRILL], stdin=zeros, capture_output=True,
                             text=True, timeout=60, cwd=tmp_path)
    assert run.returncode == 2
    assert run.stderr == ("quizgen: error: standard input: found binary data (NUL bytes) where a line of "
                          "text was expected: is it text?\n")
    assert "Summary (0 questions, stopped: end of input)" in run.stdout
    assert "(over 10,000 characters)" not in run.stdout   # no answer was read


@pytest.mark.slow   # quick share: among the slowest of a quick run (round 52)
def test_endless_text_with_no_line_end_stops_after_64_mebibytes(tmp_path):
    # yes | tr -d '\n': text, never a line end (as tr -d '\n' < /dev/urandom, less its NULs)
    command = f"yes | tr -d '\\n' | {shlex.quote(sys.executable)} -m quizgen {' '.join(DRILL)}"
    run = subprocess.run(["sh", "-c", command], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 2
    assert run.stderr == ("quizgen: error: standard input: no line end in 64 MiB of input, where a line "
                          "of text was expected: is it text?\n")
    assert "Summary (0 questions, stopped: end of input)" in run.stdout


def test_an_answer_after_a_long_line_is_still_read():
    # under the bound: one reply, then the next line is the next answer, as before
    result = CliRunner().invoke(main, DRILL, input="x" * 500_000 + "\n0.716\nq\n")
    assert result.exit_code == 0, result.output
    assert "That line is over 10,000 characters" in result.stdout
    assert "Correct" in result.stdout
