"""The memory a command holds with every process it starts, together: the
peak over its run of the sum of their proportional set sizes (PSS, from
/proc/PID/smaps_rollup: a page shared by n processes counts 1/n to each, so
the sum is what the command holds, a forked worker's untouched pages not
counted twice). Sampled every 50 ms from the benchmark's own process, so the
measured command does no work for it; a spike shorter than that may be
missed. Linux only: elsewhere the peak is None."""

from __future__ import annotations

import os
import threading

INTERVAL = 0.05   # seconds between samples


def _parents() -> dict:
    """{pid: parent pid} of every process /proc shows now."""
    found = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat", encoding="ascii", errors="replace") as stat:
                    fields = stat.read().rpartition(")")[2].split()   # after the command's name, which may hold spaces
                found[int(name)] = int(fields[1])
            except (OSError, IndexError, ValueError):
                continue   # gone since listed
    return found


def _tree(root: int) -> list:
    """``root`` and every process descended from it."""
    children = {}
    for pid, parent in _parents().items():
        children.setdefault(parent, []).append(pid)
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        todo += children.get(pid, [])
    return tree


def _pss_kb(pid: int) -> int:
    """The PSS of one process in KB, 0 when it has ended."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as rollup:
            return next((int(line.split()[1]) for line in rollup if line.startswith("Pss:")), 0)
    except (OSError, ValueError, IndexError):
        return 0


class TreePeak:
    """``with TreePeak(pid) as peak: ...`` samples the tree of ``pid`` until the block
    ends; ``peak.mb`` is then the largest sum seen (MB), or None where there is no /proc."""

    def __init__(self, pid: int):
        self.pid, self.peak_kb, self._stop = pid, 0, threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self.available = os.path.exists(f"/proc/{os.getpid()}/smaps_rollup")

    def __enter__(self) -> "TreePeak":
        if self.available:
            self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        if self.available:
            self._thread.join()

    def _sample(self) -> None:
        while not self._stop.wait(INTERVAL):
            self.peak_kb = max(self.peak_kb, sum(_pss_kb(pid) for pid in _tree(self.pid)))

    @property
    def mb(self) -> float | None:
        return self.peak_kb / 1024 if self.available else None
