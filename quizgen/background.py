"""One function run in a forked process while the caller goes on with other
work, its result collected later: grade computes the class report's item
analysis this way while it counts the totals and writes the other reports,
using the second CPU (docs/performance.md).

The child writes nothing but its pickled result into a pipe; the parent's open
files, temporary outputs and clean-up handlers are untouched by it. Where
``fork`` is missing, or the caller asks for one job, the function runs in the
caller when its result is asked for, so the result never depends on how it
was computed. A child that dies without a result (killed, out of memory) is
not an error: its work is done again in the caller."""

from __future__ import annotations

import os
import pickle
import select
import signal

from quizgen.errors import UsageError


def resolve_jobs(jobs: int | None) -> int:
    """The number of processes for ``--jobs``: 0 or None mean one per CPU."""
    if jobs is not None and jobs < 0:
        raise UsageError(f"--jobs must be 0 (one per CPU) or more, got {jobs}")
    return jobs or os.cpu_count() or 1


class Background:
    """``func(*args)``, started at once in a forked child when ``parallel``.
    ``result()`` returns its value or raises its error; ``close()`` stops a
    child whose result is no longer wanted (use the object as a context
    manager, so that an error in the caller never leaves a child behind)."""

    def __init__(self, func, *args, parallel: bool = True):
        self.func, self.args = func, args
        self.pid, self.reader = None, None
        if parallel and hasattr(os, "fork"):
            self._start()

    def _start(self) -> None:
        reader, writer = os.pipe()
        pid = os.fork()
        if pid == 0:   # the child: compute, send, leave without running any of the parent's clean-up
            os.close(reader)
            _child(writer, self.func, self.args)
        os.close(writer)
        self.pid, self.reader = pid, reader

    def result(self):
        """The function's value (computed here when no child has it), or its
        error raised here. The child, whose pipe is closed once its value is
        sent, is left to end (freeing its memory takes milliseconds) and is
        reaped by ``close()``."""
        if self.pid is None:
            return self.func(*self.args)
        with os.fdopen(self.reader, "rb") as pipe:
            self.reader = None
            data = pipe.read()
        try:
            ok, value = pickle.loads(data)
        except (EOFError, pickle.UnpicklingError):   # none or part of a pickle: the child died or met what it could not pickle
            self._reap()
            return self.func(*self.args)
        if not ok:
            raise value
        return value

    def ready(self) -> bool:
        """Whether ``result()`` would return without waiting: the child has sent its value (or ended), or there is no child."""
        return self.reader is None or bool(select.select([self.reader], [], [], 0)[0])

    def close(self) -> None:
        """Stop the child, if still running, release the pipe and reap it."""
        if self.reader is not None:
            os.close(self.reader)
            self.reader = None
        if self.pid is not None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self._reap()

    def _reap(self) -> None:
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        self.pid = None

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def leave_signals_to_parent() -> None:
    """In a forked child: Ctrl-C is the parent's to handle (it stops its
    children), and SIGTERM and SIGHUP get their default action back, since the
    parent's clean-up handler (quizgen.files) has no files of the child's to clean."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)


def _child(writer: int, func, args) -> None:
    """In the forked child: run ``func``, pickle ``(ok, value or error)`` into the pipe as it goes (never
    the whole pickle in memory: grade's later part's is megabytes, at the run's peak), exit at once."""
    try:
        leave_signals_to_parent()
        try:
            payload = (True, func(*args))
        except Exception as exc:
            payload = (False, exc)
        with os.fdopen(writer, "wb") as pipe:
            try:
                pickle.dump(payload, pipe, pickle.HIGHEST_PROTOCOL)
            except Exception:
                pass   # an unpicklable value or error: the parent, sent less than a whole pickle, computes it again
    finally:
        os._exit(0)
