"""Time every test of the quick share and list the ones over a per-test budget,
so that `python -m pytest -m "not slow"` stays quick (tests/conftest.py marks the
listed tests `slow`; CI runs every test either way).

    python benchmarks/quick_share.py                 # time the share, print what would move
    python benchmarks/quick_share.py --write         # and rewrite tests/slow_tests.txt
    python benchmarks/quick_share.py --keep t.json   # keep the timings; --from t.json reads them again

The budget is given for a machine on which benchmarks/busy.py's loop takes 1 s and
scaled by what that loop takes while the timing run goes on, so a busy or slow
machine lists about the same tests as a quiet fast one.

The timing run ignores the list (QUIZGEN_SLOW_LIST=""), so a test that got quicker
comes back into the share. What a test costs is what it alone spends: its call,
teardown and setup, less the fixtures it shares with others (a module's or the
session's), which are charged to their users together. A test function goes whole:
when one of its cases is over the budget, all are listed, since the first case
often pays for what the others then read from a cache.
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from busy import busy_seconds

ROOT = Path(__file__).resolve().parent.parent
SLOW_LIST = ROOT / "tests" / "slow_tests.txt"
OUT_ENV = "QUIZGEN_QUICK_SHARE_OUT"


class Recorder:
    """A pytest plugin, loaded in each worker of the timing run: each test's phases
    and fixtures, and each shared fixture's setup, written to a JSON file at the end."""

    def __init__(self):
        self.tests = collections.defaultdict(lambda: {"seconds": 0.0, "shared": 0.0})
        self.fixtures = []

    @pytest.hookimpl(hookwrapper=True)
    def pytest_fixture_setup(self, fixturedef, request):
        start = time.perf_counter()
        yield
        if fixturedef.scope != "function":
            seconds = time.perf_counter() - start
            item = getattr(request, "_pyfuncitem", None)
            if item is not None:
                self.tests[item.nodeid]["shared"] += seconds
            self.fixtures.append([fixturedef.argname, fixturedef.scope, request.node.nodeid, seconds])

    def pytest_runtest_logreport(self, report):
        self.tests[report.nodeid]["seconds"] += report.duration

    def pytest_collection_modifyitems(self, items):
        for item in items:
            self.tests[item.nodeid]["fixtures"] = list(item.fixturenames)

    def pytest_sessionfinish(self, session):
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        record = {"tests": self.tests, "fixtures": self.fixtures}
        Path(os.environ[OUT_ENV], f"{worker}.json").write_text(json.dumps(record), encoding="utf-8")


def pytest_configure(config):
    """Record in each worker (or in the one process of `-n 0`), not in xdist's controller."""
    in_worker = hasattr(config, "workerinput") or not config.getoption("numprocesses", None)
    if os.environ.get(OUT_ENV) and in_worker:
        config.pluginmanager.register(Recorder(), "quick-share-recorder")


def timed_run(jobs, folder):
    """One run of the quick share with this module as a plugin; returns what its workers recorded."""
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "quick_share",
               "-m", "not slow", "-n", str(jobs)]
    path = os.pathsep.join(filter(None, [str(Path(__file__).parent), os.environ.get("PYTHONPATH")]))
    env = dict(os.environ, QUIZGEN_SLOW_LIST="", PYTHONPATH=path, **{OUT_ENV: str(folder)})
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"the timing run failed (exit {done.returncode}); its end:\n{done.stdout[-2000:]}")
    records = [json.loads(path.read_text(encoding="utf-8")) for path in sorted(Path(folder).glob("*.json"))]
    if not records:
        sys.exit("the timing run recorded nothing")
    return records


def timed_with_machine_speed(jobs):
    """The timing run's records, with busy.py's loop's wall seconds while it ran: a tenth of the
    loop every 20 s (about 2% of a CPU), times ten, their mean."""
    samples, done = [], threading.Event()

    def sample():
        while True:
            samples.append(busy_seconds(2_000_000)[0] * 10)
            if done.wait(20):
                return
    sampler = threading.Thread(target=sample)
    sampler.start()
    with tempfile.TemporaryDirectory() as folder:
        try:
            records = timed_run(jobs, folder)
        finally:
            done.set()
            sampler.join()
    return {"busy_seconds": sum(samples) / len(samples), "records": records}


def costs(records):
    """Each run test's own seconds, and each shared fixture as (seconds, the tests that can use it)."""
    own, fixtures_of, shared = {}, {}, []
    for record in records:
        for node_id, test in record["tests"].items():
            if "fixtures" in test:
                fixtures_of[node_id] = set(test["fixtures"])
            if test["seconds"]:
                own[node_id] = max(0.0, test["seconds"] - test["shared"])
        shared += record["fixtures"]
    users = []
    for name, scope, where, seconds in shared:
        prefix = "" if scope == "session" else where.rstrip("/") + ("/" if scope == "package" else "::")
        users.append((seconds, {node_id for node_id in own
                                if name in fixtures_of.get(node_id, ()) and node_id.startswith(prefix)}))
    return own, users


def function_of(node_id):
    return re.sub(r"\[.*\]$", "", node_id)


def over_budget(own, shared, budget):
    """The tests to list: whole functions with a case over `budget`, then the users of a
    shared fixture whose cost, spread over its users still kept, is over it too."""
    slow_functions = {function_of(node_id) for node_id, seconds in own.items() if seconds > budget}
    listed = {node_id for node_id in own if function_of(node_id) in slow_functions}
    changed = True
    while changed:
        changed = False
        for seconds, users in shared:
            kept = users - listed
            if kept and seconds / len(kept) > budget:
                listed |= kept
                changed = True
    return listed


def list_text(listed, over, budget):
    """tests/slow_tests.txt: a header saying how it was made, then one node id a line."""
    header = (f"# Tests over {over} s each where benchmarks/busy.py takes 1 s ({budget:.3f} s in the run that made this\n"
              "# list) in a timed run of the quick share (benchmarks/quick_share.py says how a test's time is\n"
              "# counted), so tests/conftest.py marks them `slow`. Made by `python benchmarks/quick_share.py\n"
              "# --write`; run it again when the quick share grows slow.\n")
    return header + "".join(f"{node_id}\n" for node_id in sorted(listed))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--over", type=float, default=0.01,
                        help="per-test budget in seconds where busy.py takes 1 s (default 0.01)")
    parser.add_argument("--jobs", type=int, default=2, help="pytest-xdist workers for the timing run")
    parser.add_argument("--keep", type=Path, help="write the timings to this JSON file")
    parser.add_argument("--from", dest="timings", type=Path, help="read timings --keep wrote instead of running")
    parser.add_argument("--write", action="store_true", help="rewrite tests/slow_tests.txt")
    args = parser.parse_args()
    if args.timings:
        timings = json.loads(args.timings.read_text(encoding="utf-8"))
    else:
        timings = timed_with_machine_speed(args.jobs)
    if args.keep:
        args.keep.write_text(json.dumps(timings), encoding="utf-8")
    budget = args.over * timings["busy_seconds"]
    own, shared = costs(timings["records"])
    listed = over_budget(own, shared, budget)
    kept = sum(seconds for node_id, seconds in own.items() if node_id not in listed)
    kept += sum(seconds for seconds, users in shared if users - listed)
    print(f"busy.py's loop {timings['busy_seconds']:.2f} s, so a budget of {budget:.3f} s a test;"
          f" {len(own)} tests timed, {sum(own.values()) + sum(s for s, _ in shared):.1f} s in all;"
          f" {len(listed)} listed; the {len(own) - len(listed)} kept took {kept:.1f} s with their shared fixtures")
    if args.write:
        SLOW_LIST.write_text(list_text(listed, args.over, budget), encoding="utf-8")
        print(f"wrote {SLOW_LIST.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
