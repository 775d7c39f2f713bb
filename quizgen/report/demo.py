"""A made-up but realistic class, for the browser tests and the screenshot in
docs/report.md: the parts and traps of the shipped bank, students of varied
ability who leave some parts blank and fall into traps, and one part whose key
is wrong (so the report has something to flag).

    python -m quizgen.report.demo OUT_FOLDER [STUDENTS]   # writes demo-report.html and demo-items.csv"""

from __future__ import annotations

import math
import random
import sys

from quizgen.bank.loader import load_bank
from quizgen.report.model import Part, Student, Trap, Verdict


def demo_parts() -> list:
    """Every part of the shipped bank, one question per template."""
    parts = []
    for number, template in enumerate(load_bank(), start=1):
        share = float(template.points) / len(template.parts)
        for letter, part in zip("abcdefghij", template.parts):
            traps = tuple(Trap(t.code, t.feedback.split("{{")[0].strip(), name=t.name) for t in part.traps)
            parts.append(Part(f"Q{number}", letter, template.cls, template.id, share, traps))
    return parts


def _verdict(rng, part, k, ability, miskeyed):
    """One student's verdict on part ``k``: right with a logistic chance that
    grows with ability; otherwise blank, invalid, a trap or just wrong."""
    difficulty = -1.2 + 2.6 * ((k * 7) % 11) / 10
    chance = 1 / (1 + math.exp(-1.7 * (ability - difficulty)))
    if miskeyed:
        chance = 0.6 - 0.25 * ability / 3
    if rng.random() < chance:
        return Verdict("correct", part.points, "")
    roll = rng.random()
    if roll < 0.12 + 0.02 * k / 4:
        return Verdict("blank", 0.0, "")
    if roll < 0.17:
        return Verdict("invalid", 0.0, "")
    if part.traps and roll < 0.75:
        return Verdict("incorrect", 0.0, rng.choice(part.traps).code)
    return Verdict("incorrect", 0.0, "")


def demo_class(students: int = 200, seed: int = 7):
    """``(parts, students)`` of a made-up class, the same for the same seed."""
    rng = random.Random(seed)
    parts = demo_parts()
    miskeyed = len(parts) // 2
    roster = []
    for n in range(students):
        ability = rng.gauss(0.3, 1.0)
        verdicts = [_verdict(rng, part, k, ability, k == miskeyed) for k, part in enumerate(parts)]
        roster.append(Student(f"s{n + 1:05d}", f"Student {n + 1}", verdicts))
    return parts, roster


USAGE = "usage: python -m quizgen.report.demo OUT [N]  (OUT a folder, N students, default 200)"


def main(argv) -> None:
    """Write the demo report into argv[1]; a wrong command line gets the usage line, exit 2."""
    from quizgen.report import write_class_report
    if len(argv) not in (2, 3) or (len(argv) == 3 and not argv[2].isdigit()):
        print(USAGE, file=sys.stderr)
        raise SystemExit(2)
    parts, roster = demo_class(int(argv[2]) if len(argv) > 2 else 200)
    paths = write_class_report(parts, roster, argv[1], "demo", "Week 3 quiz: class report (demo data)")
    print("\n".join(str(p) for p in paths.values()))


if __name__ == "__main__":
    main(sys.argv)
