"""Helpers of the ReDoS and linear-time tests (test_redos25, 26, 27, 27b, test_hostile26b): a crafted input's best
time, and a fixed sample of strings of a pattern's tokens to compare an old
pattern with its linear replacement on."""

import random
import time


def best_seconds(call, *args, runs: int = 2) -> float:
    """The best of ``runs`` runs of ``call(*args)``."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        call(*args)
        best = min(best, time.perf_counter() - start)
    return best


def token_sample(tokens, most: int, count: int = 20_000) -> list:
    """``count`` strings of 1 to ``most`` of ``tokens``, the same each run."""
    draw = random.Random(27)
    return ["".join(draw.choices(tokens, k=draw.randint(1, most))) for _ in range(count)]
