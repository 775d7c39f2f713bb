"""grade runs with the cyclic garbage collector paused and leaves it as it
found it (quizgen/grading/collector.py, docs/performance.md)."""

import gc
import json

import pytest

import quizgen
from quizgen.grading import run
from quizgen.grading.collector import collector_paused
from test_grade import hand_key, write_answers


@pytest.fixture
def graded_inputs(tmp_path):
    key = tmp_path / "key.json"
    key.write_text(json.dumps(hand_key(own_papers=False)), encoding="utf-8")
    return write_answers(tmp_path / "answers.csv", [["s1", "Q1", "a", "0.5"]]), key


@pytest.mark.parametrize("enabled", [True, False])
@pytest.mark.slow
def test_grade_pauses_the_collector_and_restores_it(graded_inputs, monkeypatch, enabled):
    answers, key = graded_inputs
    seen = []
    load_key = run.load_key
    monkeypatch.setattr(run, "load_key", lambda *a: (seen.append(gc.isenabled()), load_key(*a))[1])
    (gc.enable if enabled else gc.disable)()
    try:
        assert quizgen.grade(answers, key=key).counts["correct"] == 1
        assert seen == [False]
        assert gc.isenabled() is enabled
    finally:
        gc.enable()


def test_the_collector_comes_back_after_an_error():
    gc.enable()
    with pytest.raises(ValueError), collector_paused():
        assert not gc.isenabled()
        raise ValueError("stop")
    assert gc.isenabled()


@pytest.mark.slow
def test_what_was_made_while_paused_counts_as_old_afterwards():
    """The first collection after the pause must not walk everything the
    run made (a big grade made millions of objects): they join the oldest
    generation at once, and stay collectable there."""
    gc.enable()
    gc.collect()
    with collector_paused():
        kept = [[n] for n in range(50_000)]
        cycle = [kept]
        cycle.append(cycle)
    assert gc.isenabled() and any(o is kept for o in gc.get_objects(generation=2))
    del kept, cycle
    assert gc.collect() >= 1   # the cycle made while paused is still found
