"""A drill lets go of its progress file's lock when it ends, not when the
garbage collector frees its record: an exception caught while marking (a
word parameter read as a number) can leave a reference cycle that keeps the
record, and the lock, alive."""

import fcntl
import gc
import io

from quizgen.drill.session import run_drill


def test_the_lock_is_free_as_soon_as_the_drill_returns_even_with_the_collector_off(tmp_path):
    state = tmp_path / "progress.json"
    gc.disable()
    try:
        run_drill(io.StringIO("0\n0\n"), io.StringIO(), io.StringIO(), classes="C1", count=1, seed=1, state=state)
        with open(tmp_path / "progress.json.lock", "a+b") as handle:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)   # BlockingIOError while still held
    finally:
        gc.enable()
    assert state.exists()
