"""The class report's counts read as an instructor audits them: the Marked-with line says how
many overrides were applied and how many changed a part's points; the first line counts the
students in the figures and those counted absent in one sentence; an all-blank student's part
with no answer row is not called blank; the blank note's counts add up; the sections' question
means leave out a part nobody answered, as the item analysis does, and say so."""

import hashlib
import re

import pytest

from test_review50b import answer, key_of, read_csv, run, write

pytestmark = pytest.mark.slow   # a generate and a grade through the CLI


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """s00-s09 answer a C1,C2,C3 paper (some wrong), no row names Q3b (its answers lost); s10 and
    s11 leave every other part blank; s98 is on the roster with only an override scoring 0, s99
    with only an override crediting Q1a. Overrides: s00's right Q1a given its full points again
    (no change), s01's wrong Q1b given full points (a change)."""
    folder = tmp_path_factory.mktemp("counts62")
    parts = key_of(folder, "C1,C2,C3")
    rows = [["student_id", "question_id", "part", "answer"]]
    for n in range(12):
        for k, (q, letter, part) in enumerate(parts):
            if (q, letter) == ("Q3", "b"):
                continue   # lost by the export
            given = "" if n >= 10 else "1" if (n + k) % 4 == 0 or (n, q, letter) == (1, "Q1", "b") \
                else answer(part)
            if (n, q, letter) == (0, "Q1", "a"):
                given = answer(part)
            rows.append([f"s{n:02}", q, letter, given])
    write(folder / "answers.csv", rows)
    write(folder / "roster.csv", [["student_id", "name", "section"],
                                  *([f"s{n:02}", f"Name {n}", "AB"[n % 2]] for n in range(12)),
                                  ["s98", "Away Ann", "A"], ["s99", "Paper Bob", "B"]])
    write(folder / "ov.csv", [["student_id", "question_id", "part", "score", "comment"],   # shares of the points
                              ["s00", "Q1", "a", "1", "fine"], ["s01", "Q1", "b", "1", "read: fine"],
                              ["s98", "Q1", "a", "0", "absent"], ["s99", "Q1", "a", "1", "on paper"]])
    output = run(["grade", "answers.csv", "--key", "quiz/key.json", "--roster", "roster.csv", "--overrides", "ov.csv",
                  "--out", "out"], folder)
    return folder, output, (folder / "out" / "answers-graded-report.md").read_text(encoding="utf-8")


def test_marked_with_counts_the_overrides_applied_and_those_changing_points(graded):
    folder, _, md = graded
    digest = hashlib.sha256((folder / "ov.csv").read_bytes()).hexdigest()[:12]
    assert (f"Marked with: --overrides ov.csv (sha256 {digest}): 4 overrides applied, 2 of them changing a "
            "part's points; --roster roster.csv") in md
    page = (folder / "out" / "answers-graded-report.html").read_text(encoding="utf-8")
    assert "4 overrides applied, 2 of them changing a part&#39;s points" in page


def test_first_line_counts_the_class_and_the_absent_in_one_sentence(graded):
    _, output, md = graded
    said = ("from 11 students and 3 counted absent (1 on the roster who gave none and 2 whose every answer "
            "is blank)")
    assert said in md.splitlines()[2] and said in output
    assert "(the 3 absent counted as 0%)" in md   # the class line's count is the first line's


def test_an_all_blank_students_lost_part_is_no_blank(graded):
    _, _, md = graded
    assert "- s10 (Name 10): 5 of 6 parts blank; no answer row for Q3b" in md
    assert "all 6 parts blank" not in md


def test_the_blank_note_accounts_for_every_blank_answer(graded):
    _, _, md = graded
    total = int(re.search(r"^\| blank \| (\d+) \|$", md, re.M).group(1))
    found = re.search(r"their (\d+) blank answers are in this count.*\((\d+) blank answers? there; the other "
                      r"(\d+) is a row an override made for a student marked only by overrides scoring 0", md)
    assert found, md
    assert sum(map(int, found.groups())) == total == 11   # s10, s11: 5 each; s98's override row


def test_section_question_means_leave_out_the_part_nobody_answered(graded):
    folder, _, md = graded
    assert "Q3b, which no student answered, is left out here (of the question's points too)" in md
    whole = re.search(r"^\| Q3 \| [^|]+ \| [^|]+ \| ([\d.]+) \|$", md, re.M).group(1)
    q3 = next(row for row in read_csv(folder / "out" / "answers-graded-items.csv")
              if row["level"] == "question" and row["question_id"] == "Q3")
    assert float(whole) == pytest.approx(100 * float(q3["facility"]), abs=0.06)
    assert float(whole) > 50   # not the Q3b-as-0 mean (at most half of Q3's points)
