"""Hostile inputs, session 22: a progress file whose counters are too large to
save again, fullwidth and Cyrillic/Greek look-alike student ids, and an answers
row too wide or too long to hold in memory."""

import json

from click.testing import CliRunner

from quizgen.cli import main
from quizgen.drill import record as learner


def progress_text(clock=1, seen=1):
    return json.dumps({"format": "quizgen-progress", "version": 1, "clock": clock, "sessions": 1,
                       "classes": {"C1": {"box": 1, "due": 3, "seen": seen, "right": 0}}, "misconceptions": {}})


def test_a_clock_too_large_to_save_again_is_moved_aside_with_one_line(tmp_path):
    state = tmp_path / "work.json"
    state.write_text(progress_text(clock=int("9" * 4300)))   # readable, but one more question could not be saved
    result = CliRunner().invoke(main, ["drill", "--seed", "1", "--classes", "C1", "--state", str(state)],
                                input="0.7\nq\n")
    assert result.exit_code == 0 and result.exception is None
    warnings = result.stderr.strip().splitlines()
    assert len(warnings) == 1 and "moved it to work.json.bad" in warnings[0]
    assert "from 0 to 1,000,000,000,000,000" in warnings[0]
    assert learner.parse(state.read_text()).clock == 1   # a fresh record, saved
    assert (tmp_path / "work.json.bad").exists()


def test_every_counter_is_capped_and_stats_only_reports_it(tmp_path):
    state = tmp_path / "work.json"
    state.write_text(progress_text(seen=learner.MAX_COUNT + 1))
    stats = CliRunner().invoke(main, ["drill", "--stats", "--state", str(state)])
    assert "bad numbers" in stats.stderr and "left as it is" in stats.stderr
    assert state.exists() and not (tmp_path / "work.json.bad").exists()
    assert learner.parse(progress_text(clock=learner.MAX_COUNT, seen=learner.MAX_COUNT)).clock == learner.MAX_COUNT
