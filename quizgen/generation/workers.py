"""Running independent work in several processes, in order: results come back
in the order of the inputs, so output never depends on the number of jobs.
The pool is the standard library's (concurrent.futures); this module adds what
quizgen needs around it: Ctrl-C left to the main process, worker errors that
arrive as themselves (one that cannot cross between processes: a QuizgenError
as one with its message, any other, a bug, as a WorkerBug carrying its
traceback), and a worker that dies reported as an error rather than a hang."""

from __future__ import annotations

import gc
import multiprocessing
import pickle
import signal
import traceback
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager

from quizgen.background import leave_signals_to_parent
from quizgen.errors import QuizgenError


def ordered_map(func, chunks: list, jobs: int, initializer=None, initargs=(), order=None):
    """``func(chunk)`` for every chunk, in order; in ``jobs`` processes when
    there is more than one job and more than one chunk. Yields each result as
    soon as it and those before it have arrived. ``order`` (the chunks'
    indices, each once) is the order the workers take them in, say costliest
    first; the results still come in the chunks' order."""
    if jobs <= 1 or len(chunks) <= 1:
        if initializer is not None:
            initializer(*initargs)
        yield from map(func, chunks)
        return
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    pool = ProcessPoolExecutor(min(jobs, len(chunks)), mp_context=multiprocessing.get_context(method),
                               initializer=_start_worker, initargs=(initializer, initargs))
    try:
        with _ctrl_c_held():
            futures = {i: pool.submit(_run, func, chunks[i]) for i in (order or range(len(chunks)))}
        for i in range(len(chunks)):
            yield _result(futures.pop(i))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


@contextmanager
def _ctrl_c_held():
    """Hold Ctrl-C back while the pool starts its workers (the first submit
    forks them): a worker must not get it before it has set it aside, and the
    main process gets it as soon as the workers are started."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _start_worker(initializer, initargs) -> None:
    """A worker process starts: the cyclic garbage collector off, as in
    :func:`paused_gc`; Ctrl-C left to the main process, which stops the pool
    (rather than each worker printing its own traceback). A Ctrl-C held back
    while the worker was forked is dropped here. SIGTERM and SIGHUP get their
    default action back: the pool stops a worker with SIGTERM, and the main
    process's clean-up handler (quizgen.files) has no files to clean here."""
    gc.disable()
    leave_signals_to_parent()
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    if initializer is not None:
        initializer(*initargs)


class WorkerBug(RuntimeError):
    """An error in a worker that is no QuizgenError and cannot cross between processes:
    a bug, not bad input, so it is reported as one (a traceback, not one line), its
    own traceback in the message, for the report."""


def _run(func, chunk):
    """``func(chunk)`` in a worker; an error that cannot travel between
    processes is sent as one that can (``_travelling``)."""
    try:
        return func(chunk)
    except Exception as exc:
        raise _travelling(exc) from None


def _travelling(exc: Exception) -> Exception:
    """``exc`` if it crosses between processes intact (its type and message come back); else a
    QuizgenError with the message and exit code of one (the user's one line), or a WorkerBug
    with the traceback of any other."""
    try:
        back = pickle.loads(pickle.dumps(exc, pickle.HIGHEST_PROTOCOL))
    except Exception:
        back = None
    if type(back) is type(exc) and str(back) == str(exc):
        return exc
    if isinstance(exc, QuizgenError):
        said = QuizgenError(str(exc))
        said.exit_code = exc.exit_code
        return said
    where = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return WorkerBug(f"internal error in a worker process (a bug: please report it with this text):\n{where}")


def _result(future):
    """The result of a chunk, or its error raised here."""
    try:
        return future.result()
    except BrokenProcessPool:
        raise QuizgenError("a worker process stopped without finishing its work") from None


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
