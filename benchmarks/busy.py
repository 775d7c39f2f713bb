"""How fast this machine is right now: a loop of 20 million additions, its
wall and CPU time. The docs quote it beside timings taken on a shared
machine, whose speed swings (run two at once to see what a second process
costs: ``python benchmarks/busy.py & python benchmarks/busy.py``)."""

import time

start, cpu = time.perf_counter(), time.process_time()
total = 0
for i in range(20_000_000):
    total += i
print(f"wall {time.perf_counter() - start:.2f} cpu {time.process_time() - cpu:.2f}")
