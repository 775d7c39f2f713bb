"""Four costs, each against what it replaced (settle.order, decimal literals, key.json's duplicate-name
hook, the most common wrong number), in one
process, interleaved, best of ``--repeat`` CPU times (steadier than wall time on a shared machine):

    python benchmarks/replaced_costs.py --key ps/gen/key.json   # ps/: benchmarks/students.py --keep ps

- settle.order on two rationals: cross-multiplied parts against Fraction's own comparisons
  (200,000 calls each);
- a decimal literal's exact value: built from its digits against ``Fraction(written)`` (20,000
  short decimals), and the whole answer parse of the same 20,000;
- key.json's parse with the duplicate-name pairs hook against json.loads alone, beside the whole
  typed key read (``--key``; skipped without one);
- the class report's most common wrong number per part on 1,000,000 verdicts (50,000 students,
  20 parts): grouped at each part's tolerance against grouped by the exact value read."""

from __future__ import annotations

import argparse
import gc
import json
import random
import time
from fractions import Fraction
from pathlib import Path

from quizgen.grading.common_wrong import common_wrong
from quizgen.grading.matrix import AnswerGrid, Slot, VerdictMatrix
from quizgen.grading.outcome import Outcome
from quizgen.json_names import refuse_twice
from quizgen.key.load import parse_key_text
from quizgen.key.model import read_key
from quizgen.key.status import Status
from quizgen.maths import settle
from quizgen.maths.parser import _decimal_literal, parse_answer


def cpu_best(repeat: int, works: dict) -> dict:
    """The shortest CPU time of each of ``works`` ({name: call}), run in turn ``repeat`` times."""
    best = {name: float("inf") for name in works}
    gc.disable()
    try:
        for _ in range(repeat):
            for name, work in works.items():
                start = time.process_time()
                work()
                best[name] = min(best[name], time.process_time() - start)
    finally:
        gc.enable()
    return best


def order_costs(repeat: int) -> dict:
    pairs = [(Fraction(1747, 100000), Fraction(3, 7)), (Fraction(-5, 2), Fraction(-5, 2)),
             (Fraction(10 ** 20 + 1, 10 ** 19), Fraction(10, 1))] * 66_667
    pairs = pairs[:200_000]
    return cpu_best(repeat, {
        "settle.order (cross-multiplied)": lambda: [settle.order(a, b) for a, b in pairs],
        "Fraction comparisons": lambda: [(a > b) - (a < b) for a, b in pairs]})


def decimal_costs(repeat: int) -> dict:
    draw = random.Random(62)
    texts = [f"{draw.uniform(0, 10):.{draw.choice((3, 4, 5))}g}" for _ in range(20_000)]
    texts = [t if "." in t or "e" in t else t + ".0" for t in texts]
    values = [float(t) for t in texts]
    return cpu_best(repeat, {
        "from digits (_decimal_literal)": lambda: [_decimal_literal(t, v) for t, v in zip(texts, values)],
        "Fraction(written)": lambda: [Fraction(t) for t in texts],
        "whole answer parse": lambda: [parse_answer(t) for t in texts]})


def key_costs(key: Path, repeat: int) -> dict:
    text = key.read_text(encoding="utf-8")
    return cpu_best(repeat, {
        "json.loads": lambda: json.loads(text),
        "json.loads + refuse_twice hook": lambda: json.loads(text, object_pairs_hook=refuse_twice),
        "parse_key_text (the load's parse)": lambda: parse_key_text(text, "key.json"),
        "parse_key_text + read_key (typed key)": lambda: read_key(parse_key_text(text, "key.json"), "key.json")})


def wrong_matrix(students: int = 50_000, parts: int = 20) -> tuple:
    """A class paper's verdicts: each part's wrong answers are one of a few wrong values, written
    by each student to 3, 4 or 5 figures (one outcome per distinct text, as grade shares them)."""
    draw, grid = random.Random(62), AnswerGrid(parts)
    grid.grow(students)
    pools = []
    for _ in range(parts):
        wrong = [draw.uniform(0.01, 10) for _ in range(6)]
        texts = {f"{w:.{k}g}" for w in wrong for k in (3, 4, 5)}
        pools.append([Outcome(Status.INCORRECT, 0.0, "", "", (), value=float(t)) for t in sorted(texts)])
    right = Outcome(Status.CORRECT, 1.0, "", "", ())
    grid.outcomes = [draw.choice(pools[cell % parts]) if draw.random() < 0.4 else right
                     for cell in range(students * parts)]
    slots = [Slot(f"Q{n + 1}", "a", "C1", "t", 1.0) for n in range(parts)]
    return VerdictMatrix(grid, [f"s{n}" for n in range(students)], slots, [(True,) * parts] * students), parts


def common_wrong_costs(repeat: int) -> dict:
    matrix, parts = wrong_matrix()
    rules = [({"sigfigs": 3}, "numeric")] * parts
    return cpu_best(repeat, {
        "at each part's tolerance": lambda: common_wrong(matrix, set(), rules=rules),
        "by the exact value read": lambda: common_wrong(matrix, set())})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--key", type=Path, help="a key.json to time the parse of (benchmarks/students.py --keep)")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    sections = [("settle.order, 200,000 pairs of rationals", order_costs(args.repeat)),
                ("a decimal literal's exact value, 20,000 short decimals", decimal_costs(args.repeat))]
    if args.key:
        sections.append((f"key.json parse, {args.key} ({args.key.stat().st_size / 1e6:.1f} MB)",
                         key_costs(args.key, args.repeat)))
    sections.append(("most common wrong number, 1,000,000 verdicts", common_wrong_costs(args.repeat)))
    for title, costs in sections:
        print(title)
        for name, seconds in costs.items():
            print(f"  {name:<40} {seconds:8.3f} s CPU")


if __name__ == "__main__":
    main()
