"""What syncing the outputs to the disk costs one quizgen command: the command
is run in this interpreter with its syncs timed, and the number of fsyncs, the
wall time the run waited for them (the files of one commit are synced several
at once: commit.SYNC_THREADS) and the command's wall time are printed on stderr:

    python benchmarks/sync_cost.py grade ps/answers.csv --key ps/gen/key.json --out out/g.csv --feedback out/fb

Run it on the disk the outputs go to: a sync's cost is the disk's, not the CPU's.
"""

import os
import sys
import time

from quizgen import commit

calls, waited = [], []
_fsync, _sync_files = os.fsync, commit._sync_files
_inside = []   # non-empty while _sync_files runs: its fsyncs are timed as one wait


def timed_fsync(fd):
    """os.fsync, counted; timed as a wait when it is not one of _sync_files' (a folder's)."""
    start = time.perf_counter()
    try:
        _fsync(fd)
    finally:
        calls.append(1)
        if not _inside:
            waited.append(time.perf_counter() - start)


def timed_sync_files(staged):
    """commit._sync_files, its wall time noted."""
    start = time.perf_counter()
    _inside.append(True)
    try:
        _sync_files(staged)
    finally:
        _inside.clear()
        waited.append(time.perf_counter() - start)


os.fsync, commit._sync_files = timed_fsync, timed_sync_files
start = time.perf_counter()
from quizgen.cli import main  # noqa: E402  (imports count in the wall time, as for a user)

try:
    main(sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
print(f"wall {time.perf_counter() - start:.2f} s, {len(calls):,} fsyncs, waited for {sum(waited):.3f} s",
      file=sys.stderr)
