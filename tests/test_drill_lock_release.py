"""A drill lets go of its progress file's lock when it ends, not when the
garbage collector frees its record: anything still holding the record (an
exception's reference cycle, once a word parameter failed to read as a
number while marking) kept the next drill locked out."""

import fcntl
import io

import quizgen.drill.session as session
from quizgen.drill.session import run_drill


def test_the_lock_is_free_as_soon_as_the_drill_returns_while_its_record_lives_on(tmp_path, monkeypatch):
    state, kept = tmp_path / "progress.json", []
    load = session.learner.load
    monkeypatch.setattr(session.learner, "load", lambda path: kept.append(load(path)) or kept[-1])
    run_drill(io.StringIO("0\n0\n"), io.StringIO(), io.StringIO(), classes="C1", count=1, seed=1, state=state)
    assert kept and state.exists()   # the record is still referenced here, as a cycle would keep it
    with open(tmp_path / "progress.json.lock", "a+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)   # BlockingIOError while still held
