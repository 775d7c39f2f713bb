"""hostile26b: a wide Moodle header read in linear time, Cloze responses
split in linear time, a drill progress file at the clock's limit read back,
and feedback sheet names that cannot be read as options."""

import pytest
import csv
import itertools
import json
import re

from quizgen.lms.cloze_cells import cloze_parts, letter_of as _letter
from redos_support import best_seconds
from run_support import cpu_seconds, run_in


def _moodle_wide_download(folder, pairs: int):
    """A Moodle download with ``pairs`` Response and Question columns and one
    student, the first question tagged from ``export moodle``'s m.xml."""
    tag = re.search(r"\[quizgen:[^\]]+\]", (folder / "m.xml").read_text(encoding="utf-8")).group(0)
    header = ["Last name", "First name", "ID number", "Email address", "State"]
    header += [f"Response {i}" for i in range(1, pairs + 1)] + [f"Question {i}" for i in range(1, pairs + 1)]
    row = ["L", "F", "s1", "s1@x", "Finished", "0.7"] + [""] * (pairs - 1) + [f"q {tag}"] + [""] * (pairs - 1)
    with open(folder / "mh.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([header, row])


@pytest.mark.slow
def test_wide_moodle_header_is_read_in_linear_time(tmp_path):
    # 40,000 pairs (1.26 MB) took 101 s when each slot searched the header for its Question column.
    assert run_in(tmp_path, "export", "moodle", "--classes", "C1", "--count", 2, "--seed", 5,
                  "--out", "m.xml").exit_code == 0
    _moodle_wide_download(tmp_path, 40_000)
    start = cpu_seconds()
    result = run_in(tmp_path, "grade", "mh.csv", "--key", "m-key.json", "--no-html")
    assert result.exit_code == 0, result.output
    assert cpu_seconds() - start < 10
    assert (tmp_path / "mh-graded.csv").exists()


def _old_cloze_parts(summary: str) -> list:
    """cloze_parts by hostile26b's quadratic way (the rest sliced off per part), to compare with; since lms29
    a part ends at ``; part N:`` whatever the spaces around it (Moodle's report trims ``part 3: `` to ``part 3:``)."""
    if not summary.startswith("part 1:"):
        return [("a", summary.strip())]
    answers, rest, number = [], summary[len("part 1:"):], 1
    while True:
        cut = re.search(rf";\s*part {number + 1}:", rest)
        answers.append((_letter(number - 1), (rest if cut is None else rest[:cut.start()]).strip()))
        if cut is None:
            return answers
        rest, number = rest[cut.end():], number + 1


CLOZE_CELLS = ["", " ", "0.426", " 0.426 ", "part 1:", "part 1: ", "part 1: x", "part 1: x;", "part 1: ; part 2: ",
               "part 1: x; part 2: y", "part 1: x; part 3: z", "part 1: x; part 2: ; part 2: y",
               "part 1: x ; part 2:  y ; part 3: z", "part 1: ; part 2: ; part 2: ; part 3: ",
               "part 1: a; part 2: b; part 3 c; part 3: d", "Part 1: x; part 2: y", "part 1: x;part 2: y",
               "part 1: ; part 2: part 3: ; part 3: w", "part 1: x; part 2: y; part 2: z; part 3: w",
               "part 1: " + "; ".join(f"part {n}: {n}" for n in range(2, 60)),
               "part 1: \tx\n; part 2: \u00a0y\u00a0", "part 1: é; part 2: 1,5"]


def test_cloze_parts_split_as_before():
    tokens = ("part 1: ", "; part 2: ", "; part 3: ", "x", " ", ";", "part 2:")
    cells = CLOZE_CELLS + list(_texts(tokens, 4))
    differ = [c for c in cells if cloze_parts(c) != _as_before(c)]
    assert not differ, differ[:5]


def _as_before(summary: str) -> list:
    """_old_cloze_parts, but a cell naming a part twice (text typed in a box: review 50a F6) gives each part
    the whole cell, for a person to read."""
    parts = _old_cloze_parts(summary)
    if not summary.startswith("part 1:"):
        return parts
    named = ["1"] + re.findall(r";\s*part (\d+):", summary[len("part 1:"):])
    return [(letter, summary.strip()) for letter, _ in parts] if len(set(named)) < len(named) else parts


def _texts(tokens, most: int):
    """Every string of up to ``most`` of ``tokens``."""
    for size in range(most + 1):
        for chosen in itertools.product(tokens, repeat=size):
            yield "".join(chosen)


def _many_parts(most: int) -> str:
    """A Cloze response of as many one-digit parts as fit in ``most`` characters."""
    parts, size, number = [], 0, 1
    while size + len(part := ("" if number == 1 else "; ") + f"part {number}: 1") <= most:
        parts.append(part)
        size, number = size + len(part), number + 1
    return "".join(parts)


def _best_split_time(cell: str) -> float:
    return best_seconds(cloze_parts, cell, runs=5)


@pytest.mark.slow
def test_cloze_parts_split_in_linear_time():
    # a 1 MB cell (the CSV field limit) of 67,407 parts: 0.95 s when the rest was sliced off per part, now 0.06 s;
    # eight times the text takes about eight times as long (64 when quadratic), however busy the machine
    cell = _many_parts(1_000_000)
    parts = cloze_parts(cell)
    assert len(parts) == 67_407 and parts[-1] == (_letter(67_406), "1")
    growth = _best_split_time(cell) / _best_split_time(_many_parts(125_000))
    assert growth < 24, f"8x the text took {growth:.1f}x as long"


def test_a_progress_file_at_the_clock_limit_is_read_back(tmp_path, invoke):
    # a clock at 10^15 (the documented most) was saved as 10^15 + 1, due 10^15 + 3, and then refused
    state = tmp_path / "st.json"
    limit = 10 ** 15
    state.write_text(json.dumps({"format": "quizgen-progress", "version": 1, "clock": limit, "sessions": limit,
                                 "classes": {"C2": {"box": 5, "due": limit, "seen": limit, "right": limit}},
                                 "misconceptions": {}}), encoding="utf-8")
    result = invoke("drill", "--seed", 1, "--classes", "C1", "--state", state, input="0.716\nq\n")
    assert result.exit_code == 0, result.output
    saved = json.loads(state.read_text(encoding="utf-8"))
    assert saved["clock"] == saved["sessions"] == limit
    assert saved["classes"]["C1"]["due"] == limit and saved["classes"]["C1"]["seen"] == 1
    assert saved["classes"]["C2"] == {"box": 5, "due": limit, "seen": limit, "right": limit}
    stats = invoke("drill", "--stats", "--state", state)
    assert stats.exit_code == 0 and "not a quizgen progress file" not in stats.stderr + stats.output
    again = invoke("drill", "--seed", 1, "--classes", "C1", "--state", state, input="q\n")
    assert again.exit_code == 0 and "not a quizgen progress file" not in again.stderr
    assert not list(tmp_path.glob("st.json.bad*"))


def test_feedback_sheet_names_never_start_with_a_dash(three_question_folder, invoke):
    # ids -rf and --checkpoint=1 gave fb/-rf.md and fb/--checkpoint_1.md, which `rm *` there reads as options
    folder = three_question_folder
    rows = ["student_id,Q1a,Q2a,Q3a"] + [f"{who},0.408,0.408,0.408" for who in ("-rf", "--checkpoint=1", "rf", "-")]
    (folder / "ans.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    result = invoke("grade", folder / "ans.csv", "--key", folder / "key.json", "--no-html",
                    "--feedback", folder / "fb")
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (folder / "fb").iterdir())
    assert not [n for n in names if n.startswith("-")], names
    assert {"rf.md", "rf-2.md", "checkpoint_1.md", "student.md"} <= set(names)
    assert "-rf" in (folder / "fb" / "rf-2.md").read_text(encoding="utf-8")
