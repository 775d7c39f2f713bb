"""Running independent work in several processes, in order: results come back
in the order of the inputs, so output never depends on the number of jobs."""

from __future__ import annotations

import gc
import multiprocessing
import os
from contextlib import contextmanager

from .errors import UsageError


def resolve_jobs(jobs: int) -> int:
    """The number of processes for ``--jobs``: 0 means one per CPU."""
    if jobs is None:
        return 1
    if jobs < 0:
        raise UsageError(f"--jobs must be 0 (one per CPU) or more, got {jobs}")
    return jobs or os.cpu_count() or 1


def ordered_map(func, chunks: list, jobs: int, initializer=None, initargs=()):
    """``func(chunk)`` for every chunk, in order; in ``jobs`` processes when
    there is more than one job and more than one chunk. Yields as results arrive."""
    if jobs <= 1 or len(chunks) <= 1:
        if initializer is not None:
            initializer(*initargs)
        yield from map(func, chunks)
        return
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    with context.Pool(min(jobs, len(chunks)), initializer=initializer, initargs=initargs) as pool:
        yield from pool.imap(func, chunks)


def chunked(items: list, size: int) -> list:
    """``items`` cut into lists of at most ``size``."""
    return [items[i:i + size] for i in range(0, len(items), size)]


@contextmanager
def paused_gc():
    """Pause the cyclic garbage collector: a big run builds many long-lived
    objects and no cycles worth collecting, and the collector's repeated full
    scans of them cost more than a third of the run."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
