"""Review 53a F2: a Moodle quiz's random-question slot starts at a maximum mark
of 1, and Moodle's Cloze import gives a question the sum of its part weights
(C7's 1 + 1 + 1 = 3), not the ``<defaultgrade>`` quizgen writes (6): step 3 of
docs/lms.md says to set each slot's maximum mark, and ``export moodle`` prints
the marks to set, each question's points on the paper."""

from click.testing import CliRunner

from quizgen.cli import main


def test_export_moodle_prints_each_slots_maximum_mark(tmp_path):
    result = CliRunner().invoke(main, ["export", "moodle", "--classes", "C1,C7", "--count", "1",
                                       "--seed", "slot-marks-53-long-seed", "--out", str(tmp_path / "q.xml")])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Set each slot's maximum mark"))
    assert "10 in all" in lines[at] and "ignores" in lines[at]
    assert lines[at + 1:at + 3] == ["  Q1 C1 mlm-confident-correct: 4", "  Q2 C7 nsp-sigmoid-loss: 6"]
