"""What the tally after the pass costs (``tally.count_latest``), on made-up grids:

    python benchmarks/tally_grid.py

A per-student class (2,000 students, 27 parts, every part answered) and a key
of many parts of which each student answers a few (1,852 students, 2,700
parts, 54 answered each: a class graded against a 100-question key with
--force). Each grid is counted 3 times with the collector paused, as grade
pauses it; the best CPU time is printed."""

from __future__ import annotations

import gc
import random
import time

from quizgen.grading.matrix import AnswerGrid
from quizgen.grading.outcome import make_outcome
from quizgen.grading.tally import Tally, count_latest
from quizgen.key.status import Status

SHAPES = ((2000, 27, 27), (1852, 2700, 54))   # students, parts, answered per student


def made_grid(students: int, width: int, answered: int) -> AnswerGrid:
    """A grid whose students answer ``answered`` parts each: half right (each
    its own outcome, as per-student papers make them), the rest wrong or a trap."""
    rng = random.Random(1)
    shared = [make_outcome(Status.INCORRECT, 0.0, "0.5", "", "", ""),
              make_outcome(Status.INCORRECT, 0.5, "0.5", "trap_a", "That is a trap.", "")]
    grid = AnswerGrid(width)
    grid.grow(students)
    for number in range(students):
        for slot in rng.sample(range(width), answered):
            grid.outcomes[number * width + slot] = (
                make_outcome(Status.CORRECT, 1.0, str(rng.random()), "", "", "") if rng.random() < 0.5
                else rng.choice(shared))
    return grid


def main() -> None:
    gc.disable()
    for students, width, answered in SHAPES:
        grid, best = made_grid(students, width, answered), float("inf")
        for _ in range(3):
            tally = Tally(width)
            tally.grow(students)
            start = time.process_time()
            count_latest(grid, tally)
            best = min(best, time.process_time() - start)
        print(f"{students:,} students x {width:,} parts, {answered} answered each: count_latest {best:.3f} s CPU")


if __name__ == "__main__":
    main()
