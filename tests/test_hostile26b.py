"""hostile26b: a wide Moodle header read in linear time, Cloze responses
split in linear time, a drill progress file at the clock's limit read back,
and feedback sheet names that cannot be read as options."""

import csv
import re
import time

from run_support import run_in


def _moodle_wide_download(folder, pairs: int):
    """A Moodle download with ``pairs`` Response and Question columns and one
    student, the first question tagged from ``export moodle``'s m.xml."""
    tag = re.search(r"\[quizgen:[^\]]+\]", (folder / "m.xml").read_text(encoding="utf-8")).group(0)
    header = ["Last name", "First name", "ID number", "Email address", "State"]
    header += [f"Response {i}" for i in range(1, pairs + 1)] + [f"Question {i}" for i in range(1, pairs + 1)]
    row = ["L", "F", "s1", "s1@x", "Finished", "0.7"] + [""] * (pairs - 1) + [f"q {tag}"] + [""] * (pairs - 1)
    with open(folder / "mh.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([header, row])


def test_wide_moodle_header_is_read_in_linear_time(tmp_path):
    # 40,000 pairs (1.26 MB) took 101 s when each slot searched the header for its Question column.
    assert run_in(tmp_path, "export", "moodle", "--classes", "C1", "--count", 2, "--seed", 5,
                  "--out", "m.xml").exit_code == 0
    _moodle_wide_download(tmp_path, 40_000)
    start = time.perf_counter()
    result = run_in(tmp_path, "grade", "mh.csv", "--key", "m-key.json", "--no-html")
    assert result.exit_code == 0, result.output
    assert time.perf_counter() - start < 10
    assert (tmp_path / "mh-graded.csv").exists()
