"""Students tied at the edge of the upper or lower 27% group: each group takes
the students above (below) the tied score in full and shares its remaining
places equally among the tied students, so the groups, and every figure read
from them (D, the traps' shares in the groups), do not depend on the order of
the rows. A class worked out by hand, and the same answers in any order."""

import csv
import io
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quizgen
from property_sizes import many_copy, quick
from quizgen.report import analyse, items_csv
from quizgen.report.groups import groups
from quizgen.report.model import Part, Student, Trap, Verdict
from test_grade_outputs import small_key, write

RIGHT, WRONG, TRAP = Verdict("correct", 1.0), Verdict("incorrect", 0.0), Verdict("incorrect", 0.0, "T")
# 8 students x 4 right/wrong parts: groups of round(0.27 x 8) = 2 places.
# Upper: A (4) in full, and one place shared by B, C, D (3 each): 1/3 each.
# Lower: H (0) in full, and one place shared by F, G (1 each): 1/2 each.
TIED = {
    "A": [RIGHT, RIGHT, RIGHT, RIGHT],
    "B": [RIGHT, RIGHT, RIGHT, TRAP],
    "C": [RIGHT, RIGHT, WRONG, RIGHT],
    "D": [WRONG, RIGHT, RIGHT, RIGHT],
    "E": [RIGHT, WRONG, RIGHT, TRAP],
    "F": [RIGHT, WRONG, WRONG, WRONG],
    "G": [WRONG, WRONG, WRONG, RIGHT],
    "H": [WRONG, WRONG, WRONG, TRAP],
}
PARTS = [Part(f"Q{k + 1}", "a", "C1", "t", 1.0, (Trap("T", "a trap"),) if k == 3 else ()) for k in range(4)]


def _students(order):
    return [Student(sid, "", TIED[sid]) for sid in order]


def _items(text):
    return [row for row in csv.DictReader(io.StringIO(text.removeprefix("\ufeff")))]   # the BOM a spreadsheet reads


def test_tied_students_share_the_last_places_of_a_group():
    # p(upper) = (A + (B + C + D) / 3) / 2, p(lower) = (H + (F + G) / 2) / 2
    # Q1: (1 + 2/3)/2 - (0 + 1/2)/2 = 5/6 - 1/4 = 7/12; Q2: 1 - 0; Q3: 5/6 - 0; Q4: 5/6 - 1/4 = 7/12
    analysis = analyse(PARTS, _students("ABCDEFGH"))
    assert [item.discrimination for item in analysis.parts] == pytest.approx([7 / 12, 1.0, 5 / 6, 7 / 12])
    assert [row["discrimination_ul"] for row in _items(items_csv(analysis)) if row["level"] == "part"] == \
        ["0.583", "1.000", "0.833", "0.583"]
    # trap T on Q4: B (1/3 of a place of 2) in the upper group, H (a whole place of 2) in the lower
    trap = analysis.parts[3].traps[0]
    assert (trap.count, trap.upper, trap.lower) == (3, pytest.approx(1 / 6), pytest.approx(1 / 2))
    trap_row = [row for row in _items(items_csv(analysis)) if row["level"] == "trap"][0]
    assert (trap_row["share_lower"], trap_row["share_upper"]) == ("0.500", "0.167")


def test_the_hand_computed_class_in_every_tie_order_gives_the_same_file():
    expected = items_csv(analyse(PARTS, _students("ABCDEFGH")))
    for order in ("HGFEDCBA", "DCBAHGFE", "AGFBCDEH"):
        assert items_csv(analyse(PARTS, _students(order))) == expected


def test_groups_weigh_their_size_and_tied_students_weigh_alike():
    ranked = sorted([(4, 0), (3, 1), (3, 2), (3, 3), (2, 4), (1, 5), (1, 6), (0, 7)])
    lower, upper = groups(ranked)
    assert lower == {7: 1.0, 5: 0.5, 6: 0.5}
    assert upper == pytest.approx({0: 1.0, 1: 1 / 3, 2: 1 / 3, 3: 1 / 3})
    assert sum(lower.values()) == pytest.approx(2) and sum(upper.values()) == pytest.approx(2)


def test_a_class_that_ties_throughout_has_no_discrimination_not_one_by_file_order():
    # everyone scores 1 of 2: one place a group (round(1.08)), shared by all four: D = 2/4 - 2/4 = 0 by
    # construction, whatever the order of the rows, and r -1 by algebra: both n/a (review 50b F2)
    students = [Student(f"s{n}", "", [RIGHT, WRONG] if n % 2 == 0 else [WRONG, RIGHT]) for n in range(4)]
    analysis = analyse([Part("Q1", "a", "C1", "t", 1.0), Part("Q2", "a", "C1", "t", 1.0)], students)
    assert [(item.discrimination, item.point_biserial, item.no_dr) for item in analysis.parts] == \
        [(None, None, "same total")] * 2


# --- any order of the students, any order of the answers file's rows ---------------------------

VERDICTS = [Verdict("correct", 2.0), Verdict("incorrect", 0.0), Verdict("incorrect", 0.0, "T"),
            Verdict("imprecise", 1.0), Verdict("blank", 0.0), None]
GROUP_COLUMNS = ("discrimination_ul", "share_lower", "share_upper")


def _group_figures(parts, students):
    rows = _items(items_csv(analyse(parts, students)))
    return [(row["level"], row["question_id"], row["part"], row["code"], *(row[c] for c in GROUP_COLUMNS))
            for row in rows]


MANY = settings(deadline=None, max_examples=200)
CLASSES = given(st.integers(1, 4).flatmap(lambda k: st.tuples(
    st.lists(st.lists(st.sampled_from(VERDICTS), min_size=k, max_size=k), min_size=2, max_size=30),
    st.randoms(use_true_random=False))))


@quick(MANY)
@CLASSES
@pytest.mark.slow
def test_shuffling_the_students_leaves_the_group_figures_alone(drawn):
    rows, rng = drawn
    parts = [Part(f"Q{k // 2 + 1}", "ab"[k % 2], "C1", "t", 2.0, (Trap("T"),)) for k in range(len(rows[0]))]
    students = [Student(f"s{n}", "", row) for n, row in enumerate(rows)]
    shuffled = list(students)
    rng.shuffle(shuffled)
    assert _group_figures(parts, shuffled) == _group_figures(parts, students)


test_shuffling_the_students_leaves_the_group_figures_alone_many = many_copy(
    test_shuffling_the_students_leaves_the_group_figures_alone, CLASSES, MANY)

# an answer per part of small_key: Q1a (2 points; 0.25 its trap), Q1b (2 points), Q2a (1 point)
ANSWER_CHOICES = [("0.5", "0.25", "9", ""), ("3", "1", ""), ("24", "2", "")]
FILE_MANY = settings(deadline=None, max_examples=40)
ANSWER_FILES = given(st.tuples(
    st.lists(st.tuples(*(st.sampled_from(choices) for choices in ANSWER_CHOICES)), min_size=2, max_size=14),
    st.randoms(use_true_random=False)))


@quick(settings(FILE_MANY, max_examples=8))   # two gradings an example: 8 in the quick suite
@ANSWER_FILES
@pytest.mark.slow
def test_shuffling_the_answers_file_leaves_the_items_csv_alone(drawn):
    answers, rng = drawn
    rows = [(f"s{n}", f"Student {n}", q, p, text) for n, texts in enumerate(answers)
            for (q, p), text in zip((("Q1", "a"), ("Q1", "b"), ("Q2", "a")), texts)]
    shuffled = list(rows)
    rng.shuffle(shuffled)
    assert _graded_items(rows) == _graded_items(shuffled)


test_shuffling_the_answers_file_leaves_the_items_csv_alone_many = many_copy(
    test_shuffling_the_answers_file_leaves_the_items_csv_alone, ANSWER_FILES, FILE_MANY)


def _graded_items(rows) -> str:
    """graded-items.csv of ``rows`` graded against small_key, byte for byte (``force``:
    a class of mostly wrong answers is still this key's class)."""
    with tempfile.TemporaryDirectory() as folder:
        result = quizgen.grade(write(Path(folder), small_key(), rows), key=Path(folder) / "key.json", force=True)
        return result.paths["items"].read_text(encoding="utf-8")


@pytest.mark.slow
def test_a_tie_at_the_cut_in_an_answers_file_reversed():
    # totals of 5: A 5; B, C, D 3 (one upper place shared); E 2; G, H 1 (one lower place shared); F 0
    texts = {"A": ("0.5", "3", "24"), "B": ("0.5", "1", "24"), "C": ("0.5", "1", "24"), "D": ("9", "3", "24"),
             "E": ("0.5", "1", "2"), "F": ("9", "1", "2"), "G": ("9", "1", "24"), "H": ("0.25", "", "24")}
    rows = [(sid, sid, q, p, text) for sid, answers in texts.items()
            for (q, p), text in zip((("Q1", "a"), ("Q1", "b"), ("Q2", "a")), answers)]
    forward, backward = _graded_items(rows), _graded_items(rows[::-1])
    assert forward == backward
    d = {(r["question_id"], r["part"]): r["discrimination_ul"] for r in _items(forward) if r["level"] == "part"}
    # upper (A + (B + C + D)/3)/2 - lower (F + (G + H)/2)/2 on each part, as a share of its points:
    # Q1a 5/6 - 0; Q1b (1 + 1/3)/2 - 0 = 2/3; Q2a 1 - (0 + 1)/2 = 1/2
    assert d == {("Q1", "a"): "0.833", ("Q1", "b"): "0.667", ("Q2", "a"): "0.500"}
