"""`quizgen export` prints its warnings before its summary line, as generate does:
the summary is the last line a user reads (note 50: export printed it first)."""

import pytest


@pytest.mark.parametrize("lms, out", [("moodle", "questions.xml"), ("canvas", "quiz.zip")])
def test_export_warnings_come_before_the_summary(tmp_path, invoke, lms, out):
    result = invoke("export", lms, "--classes", "C7", "--count", 2, "--seed", 5, "--out", tmp_path / out)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    warned = [i for i, line in enumerate(lines) if line.startswith("quizgen: warning:")]
    summary = [i for i, line in enumerate(lines) if line.startswith("Wrote ")]
    assert warned and summary, result.output   # --seed 5 is short enough to guess: a warning
    assert max(warned) < summary[0], result.output
