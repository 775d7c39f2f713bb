"""The drill's progress file under hostile use (issue 14): locked while a drill
runs, read-only for --stats, and deeply nested JSON is one line, not a RecursionError."""

import json
import subprocess
import sys
import time

import pytest

from quizgen.drill import record

QUIZGEN = [sys.executable, "-m", "quizgen"]


@pytest.fixture
def state(tmp_path, monkeypatch):
    monkeypatch.setenv("QUIZGEN_PROGRESS", str(tmp_path / "progress.json"))
    return tmp_path / "progress.json"


@pytest.mark.slow
def test_a_second_drill_on_the_same_file_waits_then_refuses(tmp_path, monkeypatch):
    path = tmp_path / "progress.json"
    first = subprocess.Popen(QUIZGEN + ["drill", "--seed", "1", "--classes", "C1", "--state", str(path)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        end = time.monotonic() + 60
        while not (tmp_path / "progress.json.lock").exists() and time.monotonic() < end:
            time.sleep(0.02)
        time.sleep(0.5)
        started = time.monotonic()
        second = subprocess.run(QUIZGEN + ["drill", "--seed", "2", "--classes", "C1", "--state", str(path)],
                                input=b"q\n", capture_output=True, timeout=60)
        waited = time.monotonic() - started
    finally:
        out, err = first.communicate(b"q\n", timeout=60)
    assert second.returncode == 2
    lines = second.stderr.decode().strip().splitlines()
    assert len(lines) == 1 and "in use by another quizgen drill" in lines[0]
    assert waited >= record.LOCK_WAIT_SECONDS * 0.9
    assert first.returncode == 0, err


def test_the_lock_is_released_when_the_drill_ends(state, invoke, monkeypatch):
    assert invoke("drill", "--seed", "1", "--classes", "C1", "--count", "1", input="q\n").exit_code == 0
    held = record.load(state)
    assert held.lock is not None
    monkeypatch.setattr(record, "LOCK_WAIT_SECONDS", 0.1)
    with pytest.raises(record.InputFileError, match="in use"):
        record.load(state)
    held.lock.close()
    assert record.load(state).lock is not None


def test_stats_never_renames_a_corrupt_file(state, invoke):
    state.write_text('{"format": "quizgen-progress", not json', encoding="utf-8")
    result = invoke("drill", "--stats")
    assert result.exit_code == 0
    warnings = result.stderr.strip().splitlines()
    assert len(warnings) == 1 and "left as it is" in warnings[0]
    assert state.read_text(encoding="utf-8") == '{"format": "quizgen-progress", not json'
    assert sorted(p.name for p in state.parent.iterdir()) == ["progress.json"]


@pytest.mark.parametrize("command", [("drill", "--stats"), ("drill", "--seed", "1", "--classes", "C1")])
def test_deeply_nested_json_is_one_line(state, invoke, command):
    state.write_text('{"format": "quizgen-progress", "x": ' + "[" * 100_000, encoding="utf-8")   # ours, damaged
    result = invoke(*command, input="q\n")
    assert result.exit_code == 0
    warnings = [line for line in result.stderr.splitlines() if line.startswith("quizgen: warning")]
    assert len(warnings) == 1 and "nested too deeply" in warnings[0]


def test_a_good_record_still_loads_and_saves(state):
    progress = record.Progress(clock=3, sessions=1)
    progress.record_question("C1", record.CLEAN)
    record.save(progress, state)
    assert json.loads(state.read_text())["clock"] == 4
    assert record.load(state, read_only=True).progress.clock == 4
