"""benchmarks/tree_memory.py: the peak of a command's processes' memory together
(the benchmarks' second memory figure, docs/performance.md), which counts a forked
worker's own pages where the largest process's peak RSS does not."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from tree_memory import TreePeak  # noqa: E402

# a parent holding 60 MB forks a child that writes over its copy: 120 MB held together
FORKING = """
import os, time
held = bytearray(60 << 20)
for i in range(0, len(held), 4096): held[i] = 1
if os.fork() == 0:
    for i in range(0, len(held), 4096): held[i] = 2
    time.sleep(1.0)
    os._exit(0)
time.sleep(1.0)
os.wait()
"""


@pytest.mark.slow   # over a second: it forks a worker and samples it
@pytest.mark.skipif(not Path("/proc/self/smaps_rollup").exists(), reason="needs Linux's /proc/PID/smaps_rollup")
def test_a_forked_workers_own_pages_are_counted():
    process = subprocess.Popen([sys.executable, "-c", FORKING])
    with TreePeak(process.pid) as peak:
        process.wait()
    assert 110 <= peak.mb <= 200, peak.mb   # one process alone holds about 60 MB
