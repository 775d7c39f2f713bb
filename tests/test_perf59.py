"""The fifty-ninth round's memory cuts of the per-student grade (docs/performance.md): a forked
process's result is pickled into the pipe as it goes, never whole in memory."""

from __future__ import annotations

import os
import pickle

import pytest

from quizgen.background import Background

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
