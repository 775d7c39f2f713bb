"""While grade's main process waits for a later part of a big file, it
compiles the class report page's template (report/html.prepare_page), so the
report's process, forked afterwards, renders the page without compiling it;
when every later part is done already it does not wait on that; the outputs
are the same either way."""

from __future__ import annotations

import csv
import os
import time

import pytest

import quizgen
from quizgen.background import Background
from quizgen.grading import file_slice, run

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork (not on Windows)")

KEY = {"questions": [{"id": "Q1", "class": "C1", "template": "t1", "points": 2, "parts": [
    {"part": "a", "name": "p", "type": "numeric", "points": 2.0, "value": 0.5, "answer": "0.5",
     "abs_tolerance": 0.0005, "misconceptions": [{"code": "halved", "feedback": "You halved it.", "value": 0.25}]}]}]}


def answers(path):
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student_id", "question_id", "part", "answer"])
        writer.writerows([f"s{n}", "Q1", "a", ["0.5", "0.25", "0.7"][n % 3]] for n in range(3000))
    return path


def graded(tmp_path, monkeypatch, ready: bool, name: str) -> tuple:
    """Grade in two processes with the later part reported ``ready`` (or not) when the first is done:
    the times the page was prepared, and the outputs."""
    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    monkeypatch.setattr(Background, "ready", lambda self: ready)
    prepared = []
    monkeypatch.setattr(run, "prepare_page", lambda: prepared.append(os.getpid()))
    out = tmp_path / name
    quizgen.grade(answers(tmp_path / "answers.csv"), key=KEY, out=out / "graded.csv", jobs=2, force=True)
    return prepared, {p.name: p.read_bytes() for p in sorted(out.iterdir()) if not p.name.startswith(".")}


def test_the_page_is_prepared_while_a_later_part_is_graded(tmp_path, monkeypatch):
    prepared, _ = graded(tmp_path, monkeypatch, False, "waiting")
    assert prepared == [os.getpid()]   # once, in the main process


def test_the_page_is_not_prepared_when_the_later_parts_are_done(tmp_path, monkeypatch):
    prepared, _ = graded(tmp_path, monkeypatch, True, "done")
    assert prepared == []


@pytest.mark.slow   # over a second: the quick suite keeps the cheaper tests of this file
def test_the_outputs_are_the_same_whether_the_page_was_prepared_or_not(tmp_path, monkeypatch):
    assert graded(tmp_path, monkeypatch, False, "a")[1] == graded(tmp_path, monkeypatch, True, "b")[1]


def _sleep_then(value, seconds):
    time.sleep(seconds)
    return value


def test_ready_says_whether_a_childs_value_has_come():
    with Background(_sleep_then, 7, 0.5) as job:
        assert not job.ready()
        deadline = time.monotonic() + 10   # polled, not a fixed 1.5 s sleep: ready once the child has sent it
        while not job.ready() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert job.ready()
        assert job.result() == 7
    with Background(_sleep_then, 7, 0, parallel=False) as job:
        assert job.ready()   # no child: nothing to wait for
