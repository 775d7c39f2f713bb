"""Grading a Moodle Responses download of a large course.

    python benchmarks/lms_download.py                      # 10,000 students, every class, 20 variants each
    python benchmarks/lms_download.py --students 50000     # a MOOC's download
    python benchmarks/lms_download.py --keep mdl           # keep questions.xml, its key and responses.csv in mdl/

``quizgen export moodle`` of every class (``--count`` variants of each), then
a Responses download (tests/lms_support.py writes it as Moodle does) of
``--students`` students, each shown one variant of every question and
typing, part by part: the variant's value rounded to 3 to 5 significant
figures (most), a trap's value, or a number out by a factor; then ``quizgen
grade responses.csv --key questions-key.json`` timed in a fresh interpreter
(seconds and peak RSS). A variant reaches many students, so grade marks each
distinct answer to it once (docs/performance-history.md, fortieth round)."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from run import child

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))   # lms_support: the download as Moodle writes it

from lms_support import moodle_download  # noqa: E402

from quizgen.lms.exportkey import with_codes  # noqa: E402
from quizgen.lms.variants import slots as make_slots  # noqa: E402


def typed(part, student: int) -> str:
    """What student ``student`` types for a variant part: mostly its value to 3-5 figures."""
    if part.kind == "word":
        return part.words[0] if part.words and student % 5 else "not sure"
    kind = student % 10
    if kind == 7 and part.traps and part.traps[0].value is not None:
        return f"{part.traps[0].value:.4g}"
    if kind == 9:
        return f"{part.value * (1.5 + student % 7):.3g}"
    return f"{part.value:.{3 + student % 3}g}"


def make_download(folder: Path, students: int, count: int, seed: int = 42) -> Path:
    """questions.xml, questions-key.json and responses.csv in ``folder``; returns the download."""
    child(["export", "moodle", "--count", str(count), "--seed", str(seed), "--out", str(folder / "questions.xml")])
    secret = json.loads((folder / "questions-key.json").read_text(encoding="utf-8"))["secret"]
    slots = with_codes(make_slots("all", count=count, seed=seed), secret)
    moodle_download(folder / "responses.csv", (folder / "questions.xml").read_text(encoding="utf-8"), slots,
                    students, typed)
    return folder / "responses.csv"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=10_000)
    parser.add_argument("--count", type=int, default=20, help="variants of each question (default 20)")
    parser.add_argument("--keep", type=Path, help="make the files in this folder and keep them")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="quizgen-lms-") as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        download = make_download(folder, args.students, args.count)
        measured = child(["grade", str(download), "--key", str(folder / "questions-key.json"),
                          "--out", str(folder / "graded" / "graded.csv")])
        print(f"grade of a Moodle download, {args.students:,} students x {args.count} variants: "
              f"{measured['seconds']:.2f} s, peak {measured['rss_mb']:.0f} MB")


if __name__ == "__main__":
    main()
