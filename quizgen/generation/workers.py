"""Running independent work in several processes, in order: results come back
in the order of the inputs, so output never depends on the number of jobs.

Worker ``w`` of ``N`` takes chunks ``w``, ``w + N``, ... and sends each result
down its own pipe as it is made; the caller reads whichever pipe is ready and
yields in chunk order. (multiprocessing.Pool does the same with three helper
threads, which took the main process half a second of CPU per 10,000
questions: CPU the workers need on a two-core machine.)"""

from __future__ import annotations

import gc
import multiprocessing
import os
import pickle
import signal
from contextlib import contextmanager
from multiprocessing import connection

from quizgen.errors import QuizgenError, UsageError


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
    jobs = min(jobs, len(chunks))
    workers = []
    try:
        for w in range(jobs):
            receiver, sender = context.Pipe(duplex=False)
            process = context.Process(target=_work, args=(sender, func, chunks[w::jobs], initializer, initargs),
                                      daemon=True)
            process.start()
            sender.close()
            workers.append((process, receiver))
        yield from _in_order([receiver for _, receiver in workers], len(chunks))
    finally:
        for process, receiver in workers:
            receiver.close()
            if process.is_alive():
                process.terminate()
            process.join()


def _work(sender, func, chunks: list, initializer, initargs) -> None:
    """A worker process: every ``jobs``-th chunk, each result sent as it is
    made, or the error that stopped it. The cyclic garbage collector stays
    off, as in :func:`paused_gc`; Ctrl-C is left to the caller, which stops
    the workers (rather than each printing its own traceback)."""
    gc.disable()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        if initializer is not None:
            initializer(*initargs)
        for chunk in chunks:
            sender.send_bytes(pickle.dumps((True, func(chunk)), pickle.HIGHEST_PROTOCOL))
    except Exception as exc:
        sender.send_bytes(_pickled_error(exc))
    finally:
        sender.close()


def _pickled_error(exc: Exception) -> bytes:
    """The worker's error for the caller to raise: itself, or when it cannot
    travel between processes, a QuizgenError with its message."""
    try:
        return pickle.dumps((False, exc), pickle.HIGHEST_PROTOCOL)
    except Exception:
        return pickle.dumps((False, QuizgenError(f"{type(exc).__name__}: {exc}")), pickle.HIGHEST_PROTOCOL)


def _in_order(receivers: list, count: int):
    """The ``count`` results, in chunk order: chunk ``i`` comes from receiver
    ``i % len(receivers)``; results that arrive early wait (a worker is never
    held up by a slower one)."""
    jobs, early, expected = len(receivers), {}, list(range(len(receivers)))
    for index in range(count):
        while index not in early:
            for receiver in connection.wait([r for w, r in enumerate(receivers) if expected[w] < count]):
                w = receivers.index(receiver)
                early[expected[w]] = _received(receiver)
                expected[w] += jobs
        yield early.pop(index)


def _received(receiver):
    try:
        ok, value = pickle.loads(receiver.recv_bytes())
    except EOFError:
        raise QuizgenError("a worker process stopped without finishing its work") from None
    if not ok:
        raise value
    return value


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
