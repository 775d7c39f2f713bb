"""A drill asked to keep its record where none can be kept (a device, a FIFO, a read-only file) runs, says
why before the first question, and exits 1 after its summary with one line: it exited 0, as though the
progress had been saved. /dev/null names a practice run (exit 0); a folder is refused before the drill
(exit 2). Never a traceback."""

import os

import pytest
from click.testing import CliRunner

from quizgen.cli import main

ADVICE = "pass another --state FILE, or --no-save"


def drill(state):
    result = CliRunner().invoke(main, ["drill", "--seed", "1", "--classes", "C1", "--state", str(state)],
                                input="0.5\nq\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def unsaved_line(result, state) -> str:
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 1 and "Traceback" not in result.output + result.stderr, result.stderr
    assert lines[-1] == f"quizgen: error: progress was not saved to {state} (the warning above says why); {ADVICE}"
    assert "Progress saved" not in result.output and "What to practise next" in result.output   # the summary first
    return lines[0]


@pytest.mark.slow
def test_a_device_is_not_written_and_the_drill_exits_1():
    result = drill("/dev/zero")
    assert "progress file /dev/zero is not a regular file" in unsaved_line(result, "/dev/zero")


def test_a_fifo_is_not_written_and_the_drill_exits_1(tmp_path):
    fifo = tmp_path / "progress.json"
    os.mkfifo(fifo)
    assert "is not a regular file; it is left alone" in unsaved_line(drill(fifo), fifo)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.json"]   # no .bad, no .lock


@pytest.mark.slow
def test_a_read_only_record_is_kept_as_it_is_and_the_drill_exits_1(tmp_path):
    state = tmp_path / "p.json"
    assert drill(state).exit_code == 0   # a record made
    before = state.read_text()
    os.chmod(state, 0o444)
    try:
        assert "cannot be written (it is read-only)" in unsaved_line(drill(state), state)
        assert state.read_text() == before
    finally:
        os.chmod(state, 0o644)


def test_a_folder_is_refused_before_the_drill(tmp_path):
    result = drill(tmp_path)
    assert result.exit_code == 2 and "What to practise next" not in result.output
    assert result.stderr.strip().splitlines() == [
        f"quizgen: error: progress file {tmp_path} is a folder, not a file; pass the file itself with --state FILE "
        f"(one in that folder: --state {tmp_path / 'progress.json'}), or --no-save"]


@pytest.mark.parametrize("state", ["/dev/null", "/dev/./null"])
def test_dev_null_is_a_practice_run(state):
    result = drill(state)
    assert result.exit_code == 0, result.stderr
    assert "Practice run: progress is not saved." in result.output and "error" not in result.stderr
