"""How fast this machine is right now: a loop of 20 million additions, its
wall and CPU time. The docs quote it beside timings taken on a shared
machine, whose speed swings (run two at once to see what a second process
costs: ``python benchmarks/busy.py & python benchmarks/busy.py``)."""

import time


def busy_seconds(additions: int = 20_000_000):
    """The loop's wall and CPU seconds (a shorter loop's, with fewer ``additions``)."""
    start, cpu = time.perf_counter(), time.process_time()
    total = 0
    for i in range(additions):
        total += i
    return time.perf_counter() - start, time.process_time() - cpu


if __name__ == "__main__":
    wall, cpu = busy_seconds()
    print(f"wall {wall:.2f} cpu {cpu:.2f}")
