"""Where a command's memory peak is, process by process: the command's tree
sampled every 50 ms as benchmarks/tree_memory.py samples it (the sum of its
processes' PSS), and at the sample with the largest sum each process's PSS and
private dirty memory, and when it was started, in seconds from the run's start.

    python benchmarks/process_peak.py generate --students ps/roster.csv --seed 1 --jobs 2 --out X
    python benchmarks/process_peak.py --every 2 generate ...   # also the sum every 2 s, to see when the peak comes

The command runs as benchmarks/run.py's ``child`` runs it (``quizgen.cli.main`` in
a fresh interpreter), with the quizgen that interpreter imports (PYTHONPATH).
Linux only (/proc)."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

from tree_memory import INTERVAL, _tree

HERE = Path(__file__).resolve().parent
TICKS = os.sysconf("SC_CLK_TCK")


def _rollup(pid: int) -> dict:
    """{field: KB} of /proc/PID/smaps_rollup (Pss, Private_Dirty, ...); empty once the process has ended."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as rollup:
            return {line.split(":")[0]: int(line.split()[1]) for line in rollup if line.rstrip().endswith("kB")}
    except (OSError, ValueError, IndexError):
        return {}


def _started(pid: int) -> float | None:
    """When ``pid`` started, in seconds since the machine booted (None once it has ended)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return int(stat.read().rpartition(")")[2].split()[19]) / TICKS
    except (OSError, IndexError, ValueError):
        return None


def _uptime() -> float:
    with open("/proc/uptime", encoding="ascii") as handle:
        return float(handle.read().split()[0])


class Sampler:
    """Samples the tree of ``pid``; ``peak`` is the sample with the largest PSS sum."""

    def __init__(self, pid: int, every: float):
        self.pid, self.every, self.stop = pid, every, threading.Event()
        self.peak, self.series, self.born = {"sum": 0}, [], _uptime()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        last = -self.every
        while not self.stop.wait(INTERVAL):
            now = _uptime() - self.born
            procs = {pid: _rollup(pid) for pid in _tree(self.pid)}
            total = sum(p.get("Pss", 0) for p in procs.values())
            if self.every and now - last >= self.every:
                self.series.append((round(now, 1), round(total / 1024, 1),
                                    [(round(p.get("Pss", 0) / 1024, 1), round(p.get("Private_Dirty", 0) / 1024, 1))
                                     for p in procs.values()]))
                last = now
            if total > self.peak["sum"]:
                self.peak = {"sum": total, "at": now,
                             "procs": {pid: {**p, "started": (_started(pid) or self.born) - self.born}
                                       for pid, p in procs.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=float, default=0, help="also print the sum every this many seconds")
    parser.add_argument("argv", nargs=argparse.REMAINDER, help="the quizgen command and its options")
    args = parser.parse_args()
    process = subprocess.Popen([sys.executable, str(HERE / "run.py"), "--child", json.dumps(args.argv)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=dict(os.environ, QUIZGEN_PDF_CACHE="off"))
    sampler = Sampler(process.pid, args.every)
    sampler.thread.start()
    stdout, stderr = process.communicate()
    ended = _uptime() - sampler.born
    sampler.stop.set()
    sampler.thread.join()
    if process.returncode != 0:
        raise SystemExit(f"the command failed:\n{stderr[-2000:]}")
    result = json.loads(stdout.strip().splitlines()[-1])
    peak = sampler.peak
    print(f"run {ended:.1f} s (cpu {result['cpu_seconds']:.1f} s); peak {peak['sum'] / 1024:.1f} MB over all "
          f"processes at {peak.get('at', 0):.1f} s")
    for pid, proc in sorted(peak.get("procs", {}).items(), key=lambda item: item[1]["started"]):
        role = "main" if pid == process.pid else "child"
        print(f"  {role:5} {pid}: started {proc['started']:5.1f} s, PSS {proc.get('Pss', 0) / 1024:6.1f} MB, "
              f"RSS {proc.get('Rss', 0) / 1024:6.1f}, private dirty {proc.get('Private_Dirty', 0) / 1024:6.1f}, "
              f"shared {(proc.get('Shared_Clean', 0) + proc.get('Shared_Dirty', 0)) / 1024:6.1f}")
    for at, total, each in sampler.series:
        print(f"  {at:6.1f} s  {total:6.1f} MB  (PSS, private dirty) {each}")


if __name__ == "__main__":
    main()
