"""Overrides whose mark column means points or a share by its header (review
22: a column headed ``points`` was read as a share, so half a point gave half
the part's marks; points copied into ``score`` left a part ``correct`` short
of its marks without a word), and warnings capped at ten with a count of the
rest (200,000 repeats of one line gave 199,999 warnings; 20,000 unknown
``traps:`` as many)."""

import csv

import pytest

from quizgen.errors import InputFileError
from quizgen.generation.run import generate
from quizgen.grading.run import grade
from quizgen.marking.overrides import parse_overrides
from quizgen.marking.policy import parse_policy

HEAD = "student_id,question_id,part,"
POINTS, SHARE = "points", "share"   # overrides.POINTS, SHARE: what a mark column holds


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    """The seed 1 class paper (Q4 (a) is worth 4 points, Q5 (d) 0.5) and
    answers that are correct on both."""
    folder = tmp_path_factory.mktemp("ov22")
    generate(folder / "q", seed=1)
    (folder / "a.csv").write_text(HEAD + "answer\ns002,Q5,d,2\ns003,Q4,a,0.8746\n", encoding="utf-8")
    return folder


def graded(paper, name: str, overrides: str):
    """``{(student, question, part): (status, score)}`` after grading with
    ``overrides`` (the file's text), and the run's warnings."""
    (paper / f"{name}.csv").write_text(overrides, encoding="utf-8")
    result = grade(paper / "a.csv", paper / "q" / "key.json", paper / f"{name}-graded.csv", overrides=paper / f"{name}.csv")
    with open(paper / f"{name}-graded.csv", encoding="utf-8-sig", newline="") as handle:
        rows = {(r["student_id"], r["question_id"], r["part"]): (r["status"], float(r["score"]))
                for r in csv.DictReader(handle)}
    return rows, result.warnings


@pytest.mark.parametrize("heading, unit", [("points", POINTS), ("Marks", POINTS), ("mark", POINTS),
                                           ("score", SHARE), ("Credit", SHARE), ("share", SHARE),
                                           ("score,grade", SHARE)])
def test_the_header_says_whether_the_mark_is_points_or_a_share(heading, unit):
    """A ``grade`` column beside a ``score`` column is left alone (a letter grade, say)."""
    (override,) = parse_overrides(f"{HEAD}{heading}\ns1,Q1,a,0.5{',A' * heading.count(',')}\n")
    heading = heading.split(",")[0]
    assert (getattr(override, "unit", SHARE), override.score, getattr(override, "heading", "")) == (unit, 0.5, heading)


@pytest.mark.parametrize("heading", ["points", "Marks"])
@pytest.mark.slow
def test_a_points_column_gives_points_out_of_the_parts(paper, heading):
    rows, warnings = graded(paper, f"pts{heading}", f"{HEAD}{heading}\ns003,Q4,a,0.5\n")
    assert rows[("s003", "Q4", "a")] == ("partial", 0.5)   # half a point, not half of the 4 points
    assert warnings == [f"pts{heading}.csv: line 2: s003 Q4 (a) was correct and is now partial with 0.5 of its 4 point(s) "
                        f"({heading} 0.5 is read as points; if it was meant as a share of the marks, "
                        "head the column score)"]


def test_full_points_make_a_part_correct(paper):
    rows, warnings = graded(paper, "full", f"{HEAD}points,comment\ns003,Q4,a,4,fine\ns002,Q5,d,0.5,\n")
    assert rows[("s003", "Q4", "a")] == ("correct", 4.0) and rows[("s002", "Q5", "d")] == ("correct", 0.5)
    assert warnings == []


@pytest.mark.slow
def test_points_copied_into_a_score_column_are_warned_about(paper):
    rows, warnings = graded(paper, "copied", f"{HEAD}score,comment\ns002,Q5,d,0.5,full marks for d\n")
    assert rows[("s002", "Q5", "d")] == ("partial", 0.25)   # score keeps its documented meaning: a share
    assert warnings == ["copied.csv: line 2: s002 Q5 (d) was correct and is now partial with 0.25 of its 0.5 point(s) (score 0.5 "
                        "is read as a share of the part's marks, 0.5 x 0.5 points; if it was meant as points, "
                        "head the column points)"]


def test_points_above_the_parts_are_refused_naming_the_column_and_the_maximum(paper):
    with pytest.raises(InputFileError, match=r"^over\.csv: line 2: Points 5 is more than the 4 point\(s\) Q4 \(a\) "
                                             r"is worth \(a column headed 'Points' holds points"):
        graded(paper, "over", f"{HEAD}Points\ns003,Q4,a,5\n")


def test_full_points_with_status_incorrect_are_refused(paper):
    with pytest.raises(InputFileError, match=r"line 2: status 'incorrect' with points 4 contradicts itself"):
        graded(paper, "contra", f"{HEAD}points,status\ns003,Q4,a,4,incorrect\n")


@pytest.mark.parametrize("text, message", [
    (f"{HEAD}Credit\ns1,Q1,a,2\n", "overrides: line 2: Credit '2' is not a number from 0 to 1 or a percentage "
                                   "from 0% to 100% (a decimal of at most 40 places: 0.5, 50%, 0,5; 0 or at least 0.0001); for points "
                                   "out of the part's points, head the column points"),
    (f"{HEAD}points\ns1,Q1,a,50%\n", "overrides: line 2: points '50%' is not a number of points from 0 to the "
                                    "part's points (a decimal: 0.5, 2, 0,5); for a share of the part's marks, "
                                    "head the column score"),
    (f"{HEAD}Grade\ns1,Q1,a,1\n", "overrides: line 1: column 'Grade' may mean points or a share of the part's "
                                  "marks: head it points (points out of the part's points) or score (a share "
                                  "from 0 to 1, or a percentage)"),
    (f"{HEAD}score,points\ns1,Q1,a,1,1\n", "overrides: line 1: both 'score' (a share of the part's marks) and "
                                          "'points' (points out of the part's points) head a column; keep one, so "
                                          "that each override's mark is read one way"),
    (f"{HEAD}points,status\ns1,Q1,a,2,blank\n", "overrides: line 2: status 'blank' with points 2 contradicts "
                                               "itself: leave the status empty to follow the points, or change "
                                               "one of them"),
])
def test_mark_columns_are_refused_in_words_naming_them(text, message):
    with pytest.raises(InputFileError) as caught:
        parse_overrides(text)
    assert str(caught.value) == message


@pytest.mark.slow
def test_repeats_of_one_override_give_ten_warnings_and_a_count(paper):
    _, warnings = graded(paper, "rep", f"{HEAD}score\n" + "s002,Q5,d,1\n" * 500)
    assert len(warnings) == 11
    assert warnings[9] == "rep.csv: line 12 decides s002 Q5 (d) again (line 11 did the same); line 12 is used"
    assert warnings[10] == "rep.csv: and 489 more warning(s) like these, on lines 13, 14, 15, 16, 17, ..."


def test_unknown_trap_codes_give_ten_warnings_and_a_count():
    policy = parse_policy("traps:\n" + "".join(f"  t{i}: 1\n" for i in range(30)), "p.yaml")
    lines = policy.check_trap_codes({"C1": {"log10_instead_of_ln"}})
    assert len(lines) == 11 and lines[0] == "p.yaml:2: traps.t0: no question on this paper has that misconception"
    assert lines[10] == "p.yaml: and 20 more traps: code(s) no question on this paper has: t10, t11, t12, t13, t14, ..."


def test_settings_given_twice_give_ten_warnings_and_a_count():
    text = "points:\n" + "".join(f"  C{i}: {{a: 1}}\n  T{i}: {{a: 2}}\n" for i in range(12))
    lines = parse_policy(text, "p.yaml").check_overlaps({f"T{i}": (f"C{i}", (("p", "a"),)) for i in range(12)})
    assert len(lines) == 11 and lines[10] == "p.yaml: and 2 more setting(s) given twice as above"


def test_a_percentage_is_not_warned_about_as_points(paper):
    rows, warnings = graded(paper, "pct", f"{HEAD}score,comment\ns002,Q5,d,50%,half\ns003,Q4,a,0.5,\n")
    assert rows[("s002", "Q5", "d")] == ("partial", 0.25) and rows[("s003", "Q4", "a")] == ("partial", 2.0)
    assert [w.split(":")[1] for w in warnings] == [" line 3"]   # 0.5 may be points; 50% cannot
