"""Round 41 mends of the lost-tag Moodle cells (test_lms_lost_tag40.py): the
warning naming the cells a person marks was made before --overrides was read,
so it said "each part of it is needs_review, 0 until you give its marks with
--overrides" of cells the overrides had marked; now it names those still
awaiting a person, and none once every one is marked, as the summary's
"answer(s) need a person" note does. Its count is written "1 question cell",
"2 question cells"."""

import csv
import io

from lms_support import moodle_csv
from test_lms_lost_tag40 import _download, _grade, _lose_tag


def _review(invoke, folder) -> tuple:
    """``quizgen review`` of the graded outputs: the overrides file's header and lines."""
    graded = folder / "out" / "responses-graded.csv"
    assert invoke("review", graded).exit_code == 0
    header, *lines = csv.reader(io.StringIO((folder / "out" / "responses-graded-review.csv")
                                            .read_text(encoding="utf-8-sig")))
    return header, lines


def _overrides(folder, header: list, lines: list) -> object:
    """An overrides file of ``lines`` (review's), each given a share of 1."""
    share = header.index("share")
    for line in lines:
        line[share] = "1"
    path = folder / "overrides.csv"
    path.write_text(moodle_csv(header, lines), encoding="utf-8")
    return path


def _said(result) -> str:
    return " ".join(result.stderr.split()) + " " + " ".join(result.output.split())


def test_the_lost_tag_warning_is_not_given_once_overrides_mark_every_part(tmp_path, invoke):
    header, *rows = _download(invoke, tmp_path)
    _lose_tag(header, rows[2], 2)
    first = _grade(invoke, tmp_path, [header, *rows])
    assert "1 question cell lost the [quizgen:...] tag" in _said(first)
    review_header, lines = _review(invoke, tmp_path)
    result = _grade(invoke, tmp_path, [header, *rows], "--overrides", _overrides(tmp_path, review_header, lines))
    said = _said(result)
    assert "lost the [quizgen:...] tag" not in said
    assert "need a person to read them" not in said   # the summary's note says nothing either
    report = (tmp_path / "out" / "responses-graded-report.md").read_text(encoding="utf-8")
    assert "lost the [quizgen:...] tag" not in report


def test_the_lost_tag_warning_names_the_cells_overrides_have_not_marked(tmp_path, invoke):
    """s000's Question 1 and s002's Question 2 lost their tags; the overrides
    mark s002's: the warning names s000's cell alone, counted 1."""
    header, *rows = _download(invoke, tmp_path)
    _lose_tag(header, rows[0], 1)
    _lose_tag(header, rows[2], 2)
    first = _grade(invoke, tmp_path, [header, *rows])
    assert ("2 question cells lost the [quizgen:...] tag the other rows of their column carry ('Question 1' of row 1 "
            "(s000), 'Question 2' of row 3 (s002))") in _said(first)
    review_header, lines = _review(invoke, tmp_path)
    lines = [line for line in lines if line[0] == "s002"]
    result = _grade(invoke, tmp_path, [header, *rows], "--overrides", _overrides(tmp_path, review_header, lines))
    said = _said(result)
    assert ("responses.csv: 1 question cell lost the [quizgen:...] tag the other rows of its column carry "
            "('Question 1' of row 1 (s000)), so quizgen cannot tell which variant the student saw: each part of it "
            "is needs_review, 0 until you give its marks with --overrides") in said
    assert "(s002)" not in said
    assert "Note: 2 answer(s) need a person to read them (needs_review, 0 until an override): s000 Q1 (a), " \
           "s000 Q1 (b)" in said


def test_a_lost_tag_cell_with_some_part_unmarked_is_still_named(tmp_path, invoke):
    """The overrides mark (a) of s002's lost-tag Question 2 alone: (b) and (c) still await a person."""
    header, *rows = _download(invoke, tmp_path)
    _lose_tag(header, rows[2], 2)
    _grade(invoke, tmp_path, [header, *rows])
    review_header, lines = _review(invoke, tmp_path)
    result = _grade(invoke, tmp_path, [header, *rows], "--overrides",
                    _overrides(tmp_path, review_header, lines[:1]))
    assert "1 question cell lost the [quizgen:...] tag the other rows of its column carry ('Question 2' of row 3 " \
           "(s002))" in _said(result)


def test_a_lost_tag_cell_left_blank_awaits_no_one_and_is_not_named(tmp_path, invoke):
    """A lost-tag cell with no response ('-') is blank whatever its variant: no
    part of it awaits a person, so the warning (which said each part was
    needs_review) does not name it, as the summary's note does not."""
    header, *rows = _download(invoke, tmp_path)
    _lose_tag(header, rows[1], 1)
    rows[1][header.index("Response 1")] = "-"
    said = _said(_grade(invoke, tmp_path, [header, *rows]))
    assert "lost the [quizgen:...] tag" not in said and "need a person" not in said


def test_the_cells_are_counted_in_the_singular_or_plural_as_the_count_needs():
    from quizgen.lms.untagged import Untagged, untagged_warning

    def said(count: int, left_out: bool = False) -> str:
        cells = [Untagged("Question 2", f"s{n:04d}", 1, n, True, left_out) for n in range(1, count + 1)]
        return untagged_warning("r.csv", "moodle", cells)[0]

    assert said(1).startswith("r.csv: 1 question cell lost the [quizgen:...] tag the other rows of its column carry (")
    assert said(1, left_out=True).startswith("r.csv: 1 question cell lost the [quizgen:...] tag the other rows of its "
                                             "column carry (")
    assert said(2).startswith("r.csv: 2 question cells lost the [quizgen:...] tag the other rows of their column carry")
    assert said(1200).startswith("r.csv: 1,200 question cells lost the")


def test_an_attempt_not_graded_is_named_by_the_parts_its_lost_tag_cell_has_in_the_class(tmp_path, invoke):
    """Slot 1 holds C1 (2 parts, 4 points) for s000 and C7 (3 parts, 6 points)
    for s001 to s004. s000's attempt 1 scores 4 (C1 right, C7 wrong); attempt
    2's Question 1 lost its tag, answered in 3 parts, and its C7 is wrong. The
    parts of that cell were told from the students with several attempts
    alone (s000's attempt 1: C1, which 3 parts do not fit), so it was left out
    and attempt 2 not named; from the whole column, it is C7's, whose 6 points
    awaiting a person could beat 4: named, with the 3 answers --attempt last marks."""
    from test_lms_lost_tag40 import STARTED, _mixed

    header, rows = _mixed(invoke, tmp_path, 1)
    first, second = list(rows[0]), list(rows[0])
    wrong = "part 1: 0.5; part 2: 0.5; part 3: 0.5"
    first[header.index("Response 2")] = second[header.index("Response 2")] = second[header.index("Response 1")] = wrong
    _lose_tag(header, second, 1)
    started = header.index("Started on")
    first[started], second[started] = STARTED, STARTED.replace("3:43", "4:05")
    result = _grade(invoke, tmp_path, [header, first, second, *rows[1:]])
    assert "s000: attempt 2 has 3 answer(s) a person must read, counted 0, and could score more than the attempt " \
           "graded once read; --attempt last grades it" in _said(result)
    last = _grade(invoke, tmp_path, [header, first, second, *rows[1:]], "--attempt", "last")
    assert "Note: 3 answer(s) need a person to read them (needs_review, 0 until an override): s000 Q1 (a), " \
           "s000 Q1 (b), s000 Q1 (c)" in _said(last)
