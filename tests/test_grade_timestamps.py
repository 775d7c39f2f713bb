"""``quizgen grade`` on resubmissions in a file with a timestamp column: the
answer with the latest time stands, whatever the file's row order (an export
sorted newest first); equal times go by row order; a cell that is not a time,
or a day/month order the column cannot tell, leaves the file's row order
deciding, said in one note naming the line and cell; --jobs gives the same
files when a student's answers fall in different parts of the file."""

import csv
import os

import pytest

from grading_support import generated_key

from quizgen.grading import file_slice
from quizgen.grading.answers_file import open_answers
from quizgen.grading.file_slice import find_cuts

RIGHT = ("0.7157", "0.33454")   # seed 1's Q1 (a) p and (b) loss = -ln p
WRONG = ("0.500", "0.6931")      # a wrong p, and its loss carried forward (ecf)
HEADER = "Timestamp,student_id,question_id,part,answer"


@pytest.fixture(scope="module")
def key(tmp_path_factory):
    return generated_key(tmp_path_factory, 1)


def _submission(when: str, student: str, answers: tuple) -> list:
    return [f"\"{when}\",{student},Q1,{part},{answer}" for part, answer in zip("ab", answers)]


def _grade(invoke, tmp_path, lines: list, *options, name="b", out=None):
    (tmp_path / f"{name}.csv").write_text("\n".join([HEADER, *lines]) + "\n", encoding="utf-8")
    out = out or tmp_path
    result = invoke("grade", tmp_path / f"{name}.csv", "--key", key_path(tmp_path), "--force", "--out", out, *options)
    assert result.exit_code == 0, result.output
    with open(out / f"{name}-graded.csv", encoding="utf-8-sig", newline="") as handle:
        graded = list(csv.DictReader(handle))
    with open(out / f"{name}-graded-students.csv", encoding="utf-8-sig", newline="") as handle:
        students = {r["student_id"]: r for r in csv.DictReader(handle)}
    notes = [line for line in result.output.splitlines() if "more than once" in line]
    return graded, students, notes


def key_path(tmp_path):
    return tmp_path / "key.json"


@pytest.fixture
def here(tmp_path, key):
    (tmp_path / "key.json").write_bytes(key.read_bytes())
    return tmp_path


@pytest.mark.slow
def test_a_file_sorted_newest_first_is_graded_by_time(invoke, here):
    lines = (_submission("2026-12-03 11:59:00", "t01", RIGHT) + _submission("2026-12-03 10:04:00", "t01", WRONG)
             + _submission("2026-12-03 09:00:00", "t02", WRONG) + _submission("2026-12-03 09:30:00", "t02", RIGHT))
    graded, students, notes = _grade(invoke, here, lines)
    assert [r["status"] for r in graded] == ["correct", "correct", "superseded", "superseded",
                                             "superseded", "superseded", "correct", "correct"]
    assert graded[2]["reason"] == "a row with a later 'Timestamp' answers this part again"
    assert students["t01"]["score"] == students["t02"]["score"] == "4"
    assert notes == ["Note: 2 student(s) answered a part more than once, and for each part the answer with the latest "
                     "'Timestamp' was graded (the others are superseded; of equal times, the later row in the file): "
                     "t01, t02; for 1 of them that is not their last row in the file (it is not sorted by time): t01"]


@pytest.mark.parametrize("times", [("12/3/2026 11:59:00", "12/3/2026 10:04:00", "12/13/2026 09:00:00"),
                                   ("2026/12/03 11:59:00 AM GMT+1", "2026/12/03 10:04:00 AM GMT+1", ""),
                                   ("3 December 2026  11:59 AM", "Thursday, 3 December 2026, 10:04 AM", ""),
                                   ("2026-12-03T10:30:00-01:00", "2026-12-03T11:04:00Z", ""),
                                   ("13/12/26 10:04:00", "3/12/26 11:59:00", ""),
                                   ("12/13/2026 11:59 AM", "12/13/2026 10:04 AM", "")])
@pytest.mark.slow
def test_the_forms_export_formats_are_read(invoke, here, times):
    """``13/12/26`` puts the day first, so ``3/12/26`` is 3 December, before
    the 13th; ``12/13/2026`` needs no other date to tell its order."""
    newer, older, other = times
    lines = _submission(newer, "t01", RIGHT) + _submission(older, "t01", WRONG)
    lines += _submission(other, "t02", RIGHT) if other else []
    _, students, notes = _grade(invoke, here, lines)
    assert students["t01"]["score"] == "4", notes
    assert "the answer with the latest 'Timestamp' was graded" in notes[0]


@pytest.mark.slow
def test_equal_times_go_by_row_order(invoke, here):
    """Two submissions at 10:04, then an older one last in the file: the later of the two at 10:04 stands."""
    lines = (_submission("2026-12-03 10:04", "t01", RIGHT) + _submission("2026-12-03 10:04", "t01", WRONG)
             + _submission("2026-12-03 09:00", "t01", RIGHT))
    graded, students, notes = _grade(invoke, here, lines)
    assert [r["status"] for r in graded] == ["superseded", "superseded", "incorrect", "correct",
                                             "superseded", "superseded"]
    assert students["t01"]["score"] != "4"
    assert notes[0].endswith("(the others are superseded; of equal times, the later row in the file): t01; for 1 of "
                             "them that is not their last row in the file (it is not sorted by time): t01")


@pytest.mark.slow
def test_a_cell_that_is_no_time_leaves_row_order_deciding_and_says_where(invoke, here):
    lines = (_submission("2026-12-03 11:59", "t01", RIGHT) + _submission("2026-12-03 10:04", "t01", WRONG)
             + _submission("2026-12-03 09:00", "t02", RIGHT) + _submission("after lunch", "t02", WRONG))
    graded, students, notes = _grade(invoke, here, lines)
    assert students["t01"]["score"] != "4" and students["t02"]["score"] != "4"   # the last rows, as the file says
    assert graded[0]["reason"] == "a later row answers this part again"
    assert notes == ["Note: 2 student(s) answered a part more than once, and for each part the last row in the file "
                     "was graded (the earlier ones are superseded): t01, t02; the file's row order decides which is "
                     "last, not its 'Timestamp' column, which cannot decide: line 8: 'after lunch' is not a time "
                     "quizgen reads (ISO 8601, or as Google Forms, Microsoft Forms or Moodle write it); by the times "
                     "that can be read, the answer graded is not the latest for t01 (correct the column, or sort the "
                     "file by 'Timestamp', and grade again)"]


@pytest.mark.slow
def test_a_day_month_order_the_column_cannot_tell_is_refused(invoke, here):
    lines = _submission("04/03/2026 11:59", "t01", RIGHT) + _submission("03/04/2026 10:04", "t01", WRONG)
    _, students, notes = _grade(invoke, here, lines)
    assert students["t01"]["score"] != "4"   # the file's last row
    assert ("not its 'Timestamp' column, which cannot decide: line 2: '04/03/2026 11:59' could be day/month or "
            "month/day, and no date in the column has a day over 12 to tell which, and the two readings order its repeated "
            "rows differently (correct the column") in notes[0]
    # one date with a day over 12, anywhere in the column, tells the order: 4 March is before 3 April
    _, students, notes = _grade(invoke, here, lines + _submission("25/03/2026 10:00", "t02", RIGHT), name="c")
    assert students["t01"]["score"] != "4" and "the answer with the latest 'Timestamp'" in notes[0]
    _, students, notes = _grade(invoke, here, lines + _submission("03/25/2026 10:00", "t02", RIGHT), name="d")
    assert students["t01"]["score"] == "4" and "the answer with the latest 'Timestamp'" in notes[0]


@pytest.mark.slow
def test_a_column_putting_the_day_first_and_the_month_first_is_refused(invoke, here):
    lines = (_submission("04/03/2026 11:59", "t01", RIGHT) + _submission("03/04/2026 10:04", "t01", WRONG)
             + _submission("25/03/2026 10:00", "t02", RIGHT) + _submission("03/26/2026 10:00", "t03", RIGHT))
    _, _, notes = _grade(invoke, here, lines)
    assert "line 8: '03/26/2026 10:00' puts the month first, while line 6 puts the day first" in notes[0], notes


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork (not on Windows)")
@pytest.mark.slow
def test_jobs_2_gives_the_same_files_as_one_pass(invoke, here, monkeypatch):
    """Newest first: students 0-299's newer answers in the first part, their
    older ones in the second (met again when the parts are merged), and
    students 300-399 both in the second; 400-409 answered twice within the
    first part, where ECF was worked out before the time order was settled."""
    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    lines = []
    for n in range(400, 410):
        lines += _submission("2026-12-03 11:00", f"s{n}", WRONG) + _submission("2026-12-03 10:00", f"s{n}", RIGHT)
    for n in range(300):
        lines += _submission(f"2026-12-03 11:{n % 60:02}", f"s{n}", WRONG if n % 2 else RIGHT)
    for n in range(300):
        lines += _submission(f"2026-12-03 10:{n % 60:02}", f"s{n}", RIGHT if n % 2 else WRONG)
    for n in range(300, 400):
        lines += _submission("2026-12-03 11:00", f"s{n}", WRONG) + _submission("2026-12-03 10:00", f"s{n}", RIGHT)
    outputs = {}
    for jobs in ("1", "2"):
        folder = here / f"jobs{jobs}"
        folder.mkdir()
        _, students, notes = _grade(invoke, here, lines, "--jobs", jobs, name="big", out=folder)
        outputs[jobs] = {p.name: p.read_bytes() for p in sorted(folder.iterdir())}, notes
    answers = here / "big.csv"
    source = open_answers(answers)
    assert find_cuts(answers, answers.stat().st_size, source.encoding, source.delimiter, 5, 2)
    assert outputs["2"] == outputs["1"]
    with open(here / "jobs1" / "big-graded.csv", encoding="utf-8-sig", newline="") as handle:
        graded = {(r["student_id"], r["part"]): (r["status"], r["note"]) for r in csv.DictReader(handle)
                  if r["status"] != "superseded"}
    assert graded[("s0", "a")] == graded[("s2", "a")] == ("correct", "")   # the newer answers, in the first part
    assert graded[("s1", "a")] == graded[("s300", "a")] == graded[("s405", "a")] == ("incorrect", "")
    assert graded[("s1", "b")] == graded[("s300", "b")] == graded[("s405", "b")] == ("correct", "ecf")


def test_a_wide_forms_export_sorted_newest_first_is_graded_by_time(invoke, here):
    (here / "w.csv").write_text("Timestamp,student_id,Q1a,Q1b\n2026/12/03 11:59:00 AM GMT+1,t01,0.7157,0.33454\n"
                                "2026/12/03 10:04:00 AM GMT+1,t01,0.500,0.6931\n", encoding="utf-8")
    result = invoke("grade", here / "w.csv", "--key", here / "key.json", "--force")
    assert result.exit_code == 0, result.output
    with open(here / "w-graded.csv", encoding="utf-8-sig", newline="") as handle:
        assert [r["status"] for r in csv.DictReader(handle)] == ["correct", "correct", "superseded", "superseded"]
    assert "for 1 of them that is not their last row in the file (it is not sorted by time): t01" in result.output
