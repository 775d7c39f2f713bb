"""How long reading a key.json into the typed key takes (the serial stage
before grade's parallel parts), best of several runs in one process:

    python benchmarks/key_read.py gen/key.json --repeat 5

Prints the JSON parse and the typed key (``quizgen.key.model.read_key``) apart,
then the key index (``grading.key_index.KeyIndex``, also serial) and the part
checkers of every paper (made in the parallel parts, each part its own
students'), each the best of ``--repeat`` runs, with the garbage collector
off as grade runs it; wall time, and CPU time (steadier on a shared machine)."""

from __future__ import annotations

import argparse
import gc
import time
from pathlib import Path

from quizgen.grading.key_index import KeyIndex
from quizgen.key.load import parse_key_text
from quizgen.key.model import read_key


def best_of(repeat: int, work, setup=lambda: None) -> tuple:
    """The shortest wall and CPU times of ``repeat`` calls of ``work(setup())``.
    What each call makes is kept to the end (a grade keeps it): freeing it is not timed."""
    walls, cpus, kept = [], [], []
    for _ in range(repeat):
        made = setup()
        start, cpu = time.perf_counter(), time.process_time()
        kept.append(work(made))
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("key", type=Path)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    gc.disable()
    text = args.key.read_text(encoding="utf-8")
    data = parse_key_text(text, str(args.key))
    key = read_key(data, str(args.key))

    def index(_=None):
        return KeyIndex(key, False, None, args.key.name)

    stages = [("JSON parse", best_of(args.repeat, lambda _: parse_key_text(text, str(args.key)))),
              ("typed key", best_of(args.repeat, lambda _: read_key(data, str(args.key)))),
              ("key index", best_of(args.repeat, index)),
              ("part checkers, every paper", best_of(args.repeat, lambda made: [p.checkers for p in made.papers],
                                                     setup=index))]
    for name, (wall, cpu) in stages:
        print(f"{name:28s} {wall:.3f} s (CPU {cpu:.3f} s), best of {args.repeat}")


if __name__ == "__main__":
    main()
