"""How long reading a key.json into the typed key takes (the serial stage
before grade's parallel parts), best of several runs in one process:

    python benchmarks/key_read.py gen/key.json --repeat 5

Prints the JSON parse and the typed key (``quizgen.key.model.read_key``) apart,
each the best of ``--repeat`` runs, with the garbage collector off as grade runs it."""

from __future__ import annotations

import argparse
import gc
import time
from pathlib import Path

from quizgen.key.load import parse_key_text
from quizgen.key.model import read_key


def best_of(repeat: int, work) -> float:
    """The shortest wall time of ``repeat`` calls of ``work()``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("key", type=Path)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    gc.disable()
    text = args.key.read_text(encoding="utf-8")
    data = parse_key_text(text, str(args.key))
    parse = best_of(args.repeat, lambda: parse_key_text(text, str(args.key)))
    typed = best_of(args.repeat, lambda: read_key(data, str(args.key)))
    print(f"JSON parse {parse:.3f} s, typed key {typed:.3f} s (best of {args.repeat})")


if __name__ == "__main__":
    main()
