"""Helpers of the ReDoS and linear-time tests (test_redos25, 26, 27, 27b, test_hostile26b): a crafted input's best
time, and a fixed sample of strings of a pattern's tokens to compare an old
pattern with its linear replacement on."""

import random
import time


def best_seconds(call, *args, runs: int = 2) -> float:
    """The best of ``runs`` runs of ``call(*args)``, in this process's CPU time:
    a busy machine slows a long run more than a short one in wall time (a
    60 ms run shares the CPU with other tenants, a 7 ms one often does not),
    which made a linear growth read as 78x."""
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        call(*args)
        best = min(best, time.process_time() - start)
    return best


def token_sample(tokens, most: int, count: int = 20_000) -> list:
    """``count`` strings of 1 to ``most`` of ``tokens``, the same each run."""
    draw = random.Random(27)
    return ["".join(draw.choices(tokens, k=draw.randint(1, most))) for _ in range(count)]
