"""Grading with Python's cyclic garbage collector paused.

A per-student grade holds a large key in memory (tens of thousands of
question instances, their parts and marking rules) and makes an outcome
per answer row. CPython's collector walks every tracked object on each
full collection, and the number of full collections grows with what is
allocated, so on the 2,000-student benchmark it took about a third of
grade's CPU time (docs/performance.md). Nearly nothing grade makes is
garbage in a reference cycle, so the run gives nothing up by pausing it:
reference counting still frees everything else at once, and the peak
memory measured is the same. The collector is restored on the way out,
as it was found (a caller that paused it keeps it paused)."""

from __future__ import annotations

import atexit
import gc
from contextlib import contextmanager


@contextmanager
def collector_paused():
    """Pause the cyclic garbage collector inside the block (or the decorated
    function), restoring it afterwards even when an error is raised."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            settle_young_objects()
            gc.enable()


def settle_young_objects() -> None:
    """Count every object made while the collector was paused as old, so that
    the first collection after it resumes does not walk them all: with the
    collector paused nothing is promoted, and a grade of a big key left
    millions of tracked objects in the youngest generation, whose first
    collection took about 0.4 s. ``gc.freeze`` then ``gc.unfreeze`` moves them
    to the oldest generation in one step (they stay collectable there)."""
    gc.freeze()
    gc.unfreeze()


def left_at_exit() -> None:
    """At the interpreter's exit, leave the objects still in memory to the operating system
    (``gc.freeze`` in an ``atexit`` hook): the interpreter's last collection would otherwise
    walk them all and free them one by one, a per-student grade's key (about 590,000 objects
    in reference cycles, the key index and its papers' checkers) taking 0.2-0.4 s after every
    output is written (docs/performance-history.md, "Thirty-fourth round: grade's serial stages"). For
    a command's process, once its files are all written and closed; called again, it hooks once."""
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)
