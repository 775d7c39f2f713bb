"""Review 51a F7: a drill fed binary data whose lines are short (a random file: a newline every few
hundred bytes) was not stopped, since only an over-long line was looked at for NUL bytes: it replied to
every line and marked those that parsed as answers (misses in the learner's record without --no-save).
A line holding a NUL byte, which typed text never holds, now ends the drill as /dev/zero does: its
summary, then one error line, exit 2."""

import pytest

from click.testing import CliRunner

from quizgen.cli import main

DRILL = ["drill", "--seed", "1", "--classes", "C1", "--no-save"]


def test_a_short_line_with_a_nul_byte_ends_the_drill():
    result = CliRunner().invoke(main, DRILL, input="0.716\n0\x00\n0.3\n0.145\nq\n")
    assert result.exit_code == 2
    assert result.stderr == ("quizgen: error: standard input: found binary data (NUL bytes) where a line of "
                             "text was expected: is it text?\n")
    assert "stopped: end of input" in result.stdout
    assert result.stdout.count("Correct") == 1   # 0.716 marked; nothing read after the NUL line


@pytest.mark.slow   # quick share: among the slowest of a quick run (round 52)
def test_random_bytes_end_the_drill_without_marking_them(tmp_path):
    """The review's ``head -c 3000000 /dev/urandom``, smaller: ~10,000 replies "it holds a control
    character" and 4 junk lines marked before; now the first line with a NUL stops it, nothing marked."""
    import random
    import subprocess
    import sys

    data = random.Random(51).randbytes(300_000)
    run = subprocess.run([sys.executable, "-m", "quizgen", *DRILL], input=data, capture_output=True, timeout=60,
                         cwd=tmp_path)
    assert run.returncode == 2
    assert run.stderr.decode() == ("quizgen: error: standard input: found binary data (NUL bytes) where a line of "
                                   "text was expected: is it text?\n")
    assert b"control character" not in run.stdout and b"No answers given this time." in run.stdout
