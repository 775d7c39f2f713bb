"""The fifty-ninth round's memory cuts of the per-student grade (docs/performance.md): a forked
process's result is pickled into the pipe as it goes, never whole in memory, and grade's later
part sends its outcomes back as columns, not one pickled object (and memo entry) each."""

from __future__ import annotations

import os
import pickle
import pickletools
from array import array

import pytest

from quizgen.background import Background
from quizgen.grading.outcome import NO_ANSWER, Outcome, TooLong, as_columns, from_columns, make_outcome
from quizgen.grading.parallel import LaterPart, packed, unpacked
from quizgen.key.status import Status

needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork (not on Windows)")


def _pid():
    return os.getpid()


def _big_then_unpicklable():
    """A value whose pickle fails after a megabyte of it is written."""
    return [bytes(1 << 20), lambda: os.getpid()]


@needs_fork
def test_the_child_pickles_into_the_pipe_without_the_whole_pickle_in_memory(monkeypatch):
    def whole(*args, **kwargs):
        raise MemoryError("the whole pickle made in memory")
    monkeypatch.setattr(pickle, "dumps", whole)   # the forked child inherits it
    with Background(_pid) as job:
        assert job.result() == job.pid != os.getpid()   # the child's value, not the caller's second computation


@needs_fork
def test_part_of_a_pickle_sent_is_computed_again_in_the_caller():
    with Background(_big_then_unpicklable) as job:
        assert job.pid is not None
        made = job.result()
    assert len(made[0]) == 1 << 20 and made[1]() == os.getpid()   # the caller's own lambda


def _outcomes(count: int) -> list:
    outcomes = []
    for n in range(count):
        if n % 5 == 0:
            outcomes.append(NO_ANSWER)
        elif n % 7 == 0:
            outcomes.append(TooLong(Status.INVALID, 0.0, "", "", ("invalid", "0", "", "", "", "too long", "")))
        else:
            outcomes.append(make_outcome(Status.INCORRECT if n % 2 else Status.CORRECT, float(n % 2), f"{n}.5", "",
                                         f"feedback {n}", "", note="ecf" if n % 3 == 0 else "", value=n + 0.5,
                                         figures=3))
    return outcomes


def test_outcomes_as_columns_come_back_as_they_were():
    outcomes = _outcomes(60)
    back = from_columns(pickle.loads(pickle.dumps(as_columns(outcomes), pickle.HIGHEST_PROTOCOL)))
    assert len(back) == len(outcomes)
    for was, now in zip(outcomes, back):
        if was is NO_ANSWER:
            assert now is NO_ANSWER   # the grid's ``is`` tests
            continue
        assert now.__class__ is was.__class__   # TooLong stays TooLong (passes_over)
        assert [getattr(now, name) for name in Outcome.__slots__] == [getattr(was, name) for name in Outcome.__slots__]


def _later_part(outcomes: list) -> LaterPart:
    count = len(outcomes)
    return LaterPart(rows=count, texts=["s1"], names=[""], unknown=[], answer_rows=array("q", range(count)),
                     outcomes=outcomes, status={}, student_counts=[{}], superseded=None, multiline=False, patched={},
                     originals={}, unread={}, resubmitted={}, unplaced_lines={}, unknown_rows={})


def test_a_later_part_sends_no_pickled_object_per_outcome():
    outcomes = _outcomes(1000)
    sent = pickle.dumps(packed(_later_part(outcomes), len(outcomes)).outcomes, pickle.HIGHEST_PROTOCOL)
    reduced = sum(op.name == "REDUCE" for op, _, _ in pickletools.genops(sent))
    assert reduced <= len(Status)   # each status member once (memoised), no Outcome made one by one
    back = unpacked(pickle.loads(pickle.dumps(packed(_later_part(outcomes), len(outcomes)))), len(outcomes))
    assert [o.cells for o in back.outcomes] == [o.cells for o in outcomes]
