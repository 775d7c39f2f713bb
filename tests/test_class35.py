"""The thirty-fifth round's class-grade speed-ups keep every byte: graded.csv
writes a cell it needs to quote or guard from its kept field (grading/writer.py);
the item analysis takes ΣT and ΣT² less the students who stopped from a few
floats adding up to them exactly (report/columns.exact_parts), pools a group's
share of a column without filtering it when every member sat, and sums a
group's places once per part for all its traps (report/analysis.py)."""

import csv
import io
import random
from collections import Counter
from fractions import Fraction
from itertools import chain, compress
from math import fsum
from operator import is_not, mul

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_sizes import many_copy, quick

from quizgen.cells import spreadsheet_safe
from quizgen.grading.outcome import make_outcome
from quizgen.grading.writer import RowWriter
from quizgen.key.status import Status
from quizgen.report import analysis, columns, groups
from quizgen.report.model import Part, Student, Trap, Verdict

MANY = settings(deadline=None, max_examples=300)
FLOATS = st.floats(allow_nan=False, allow_infinity=False, min_value=-1e300, max_value=1e300)


def csv_text(rows, delimiter=","):
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter).writerows(rows)
    return out.getvalue()


def test_a_cell_written_guarded_or_quoted_is_encoded_once_and_then_joined(monkeypatch):
    outcome = make_outcome(Status.INVALID, 0.0, "0.408", "", "", "not a number")
    rows = [[f"s{n}", "Q1", "a", answer] for n in range(3) for answer in
            ("=cmd|' /C calc'!A0", "yes, in parallel", 'say "hi"', "-", "0.5", "-ln(0)")]
    out = io.StringIO()
    writer = RowWriter(out, ",")
    for cells in rows[:6]:
        writer.row(cells, outcome)
    encoded, encode = [], writer.encode
    monkeypatch.setattr(writer, "encode", lambda cells: encoded.append(list(cells)) or encode(cells))
    writer.row(["s0", "Q1", "a", "=cmd|' /C calc'!A0"], outcome)
    writer.row(["s1", "Q1", "a", "yes, in parallel"], outcome)
    assert encoded == [["s1", "Q1", "a", "yes, in parallel"], ["s1"]]   # the row with a new id, and the id learnt
    monkeypatch.undo()
    for cells in rows[6:]:
        writer.row(cells, outcome)
    expected = [[spreadsheet_safe(c) for c in cells] + list(outcome.cells) for cells in
                rows[:6] + [["s0", "Q1", "a", "=cmd|' /C calc'!A0"], ["s1", "Q1", "a", "yes, in parallel"]] + rows[6:]]
    assert out.getvalue() == csv_text(expected)


@quick(MANY)
@given(st.lists(FLOATS, max_size=40), st.lists(FLOATS, max_size=10))
def test_exact_parts_add_up_to_the_values_in_any_fsum(values, more):
    parts = columns.exact_parts(values)
    assert len(parts) <= 40
    try:
        expected = fsum(chain(values, more))
    except OverflowError:
        with pytest.raises(OverflowError):
            fsum(chain(parts, more))
        return
    assert fsum(chain(parts, more)) == expected
    assert fsum(chain(parts, (-x for x in more))) == fsum(chain(values, (-x for x in more)))


test_exact_parts_many = many_copy(test_exact_parts_add_up_to_the_values_in_any_fsum,
                                  given(st.lists(FLOATS, max_size=40), st.lists(FLOATS, max_size=10)), MANY)


def test_exact_parts_of_whole_and_half_points_are_one_float():
    assert columns.exact_parts([0.5, 1.0, 2.5] * 1000) == (4000.0,)
    assert columns.exact_parts([]) == ()
    assert len(columns.exact_parts([0.1] * 10)) == 2   # 0.1 ten times is not 1.0 exactly


def counting(base: type, method: str) -> type:
    """A subclass of ``base`` counting (in ``calls``) the calls of its ``method``."""
    def counted(self, *args):
        type(self).calls += 1
        return getattr(base, method)(self, *args)
    return type(f"Counted{base.__name__}", (base,), {"calls": 0, method: counted})


CountedList = counting(list, "__iter__")   # the passes over a list
CountedGroup = counting(dict, "values")    # the reads of a group's places


def fsum_terms(monkeypatch) -> list:
    """The number of terms of each fsum the report's columns and groups modules add from now on."""
    added = []

    def counted(terms):
        terms = list(terms)
        added.append(len(terms))
        return fsum(terms)
    monkeypatch.setattr(columns, "fsum", counted)
    monkeypatch.setattr(groups, "fsum", counted)
    return added


def test_a_part_some_did_not_reach_passes_over_the_totals_once():
    rng = random.Random(5)
    n, top = 50, 1.0
    column = [rng.choice([0.0, 0.5, 1.0, 1 / 3]) for _ in range(n)]
    parts = [Part("Q1", "a", "C1", "t", top)]
    cohort = columns.roster([column], parts, [True], n)
    unreached = {3, 7, 11}
    scores = [0.0 if i in unreached else x for i, x in enumerate(column)]
    reached = [None if i in unreached else x for i, x in enumerate(column)]
    expected = columns.sums(reached, top, cohort, False)
    cohort.totals = CountedList(cohort.totals)
    CountedList.calls = 0
    assert columns.reached_sums(scores, reached, unreached, top, cohort) == expected
    assert CountedList.calls == 1   # Σx·T; ΣT and ΣT² come from the roster's exact parts


def _pooled_plainly(members, scores, tops):
    """A group's pooled share as the item analysis worked it out before this round."""
    tops = tops if isinstance(tops, list) else [tops] * len(scores)
    got = list(map(is_not, map(scores.__getitem__, members), repeat_none(len(members))))
    if not any(got):
        return None
    shares, sat = list(compress(members.values(), got)), list(compress(members, got))
    top = fsum(map(mul, shares, map(tops.__getitem__, sat)))
    return fsum(map(mul, shares, map(scores.__getitem__, sat))) / top if top else None


def repeat_none(n):
    return [None] * n


@pytest.mark.parametrize("seed", range(40))
def test_a_pooled_group_share_is_the_plain_one(seed):
    rng = random.Random(seed)
    n = rng.randint(1, 30)
    members = {i: rng.choice([1.0, 0.5, 1 / 3]) for i in rng.sample(range(n), rng.randint(1, n))}
    gaps = rng.random()
    scores = [None if rng.random() < gaps else rng.choice([0.0, 0.1, 0.5, 1.0, 2 / 3]) for _ in range(n)]
    tops = rng.choice([1.0, 2.5, [rng.choice([1.0, 2.0, 0.7]) for _ in range(n)]])
    assert groups._pooled(members, scores, tops) == _pooled_plainly(members, scores, tops)


def test_a_groups_places_are_summed_once_for_all_traps_and_parts():
    traps = tuple(Trap(code, f"{code} feedback") for code in ("sign", "base", "mean"))
    part = Part("Q1", "a", "C1", "t", 1.0, traps)
    codes = {"sign": [0, 1, 5], "base": [2, 9], "mean": [3]}
    lower, upper = CountedGroup({0: 1.0, 1: 1.0, 2: 0.5}), CountedGroup({8: 1.0, 9: 1.0, 5: 0.5})
    cohort = columns.Roster(10, [], [], [], [], lower, upper, [], None, held=(2.5, 2.5))
    CountedGroup.calls = 0
    shares = analysis._trap_shares(part, codes, 10, lower, upper, [1.0] * 10, cohort)
    assert CountedGroup.calls == 0   # the roster's groups' places, worked out once for every part
    assert analysis._trap_shares(part, codes, 10, CountedGroup(lower), CountedGroup(upper), [1.0] * 10,
                                 cohort) == shares
    assert CountedGroup.calls == 2   # a group of the members who sat the part: its places once for all traps
    sign = shares[0]
    assert (sign.lower, sign.upper, sign.lower_places, sign.upper_places) == (Fraction(4, 5), Fraction(1, 5), 2.5, 2.5)


def test_the_class_report_of_students_who_stop_is_as_before():
    """A class whose weakest stop early: the figures the changed sums feed (D, r, trap shares), as the
    thirty-fourth round's code gave them to the last bit."""
    parts = [Part("Q1", letter, "C1", "t", 1.0, (Trap("sign", "A sign slip."),)) for letter in "abc"]
    right, slip, missing = Verdict("correct", 1.0), Verdict("incorrect", 0.0, "sign"), Verdict("missing", 0.0)
    students = []
    for n in range(40):
        verdicts = [right if (n * 3 + k) % 7 else slip for k in range(3)] if n >= 8 else [slip, slip, slip]
        if n < 5:
            verdicts[1:] = [missing, missing]
        students.append(Student(f"s{n:02d}", "", verdicts))
    found = analysis.analyse(parts, students)
    figures = [(p.reached, p.students, p.discrimination, p.point_biserial, _float(p.facility),   # shares: exact now
                [(t.count, _float(t.share), _float(t.lower), _float(t.upper), t.lower_places, t.upper_places)
                 for t in p.traps])
               for p in found.parts + found.questions]
    b = (35, 40, 0.6785714285714286, 0.27116307227332004, 0.7714285714285715,
         [(8, 0.22857142857142856, 0.6785714285714286, 0.0, 6.0, 11.0)])   # 19/28 correctly rounded (the float
    #                                                                       ratio of sums was an ulp below it)
    assert figures == [(40, 40, 0.8051948051948052, 0.5647254349883531, 0.7,
                        [(12, 0.3, 0.8051948051948052, 0.0, 11.0, 11.0)]), b, b,
                       (40, 40, None, None, 0.7454545454545455, [(22, 0.55, None, None, 0.0, 0.0)])]
    assert found.questions[0].no_dr == columns.FIXED_REST   # Q1 is the whole paper: it ranks itself (review 50b F2)


def _float(share):
    """An exact share or facility as the float the item analysis worked out before it was exact."""
    return None if share is None else float(share)


class LookedAt(list):
    """The students, counting whom to_act looks at one by one."""

    def __getitem__(self, i):
        self.seen.append(i)
        return super().__getitem__(i)


def test_to_act_looks_at_the_students_with_something_to_act_on_alone():
    from quizgen.report.attention import to_act

    parts = [Part("Q1", letter, "C1", "t", 1.0) for letter in "ab"]
    right, review, missing = Verdict("correct", 1.0), Verdict("needs_review", 0.0), Verdict("missing", 0.0)
    rows = [[right, right]] * 30
    rows[4], rows[17] = [review, right], [right, missing]
    students = LookedAt(Student(f"s{n:02d}", "", row, only_overrides=n == 17) for n, row in enumerate(rows))
    students.seen = []
    counts = [Counter(column) for column in zip(*rows)]
    found = to_act(parts, students, counts, [set(), {9}])
    assert [(row.student_id, row.review, row.unreached, row.unmarked) for row in found] == [
        ("s04", ["Q1a"], [], []), ("s09", [], ["Q1b"], []), ("s17", [], [], ["Q1b"])]
    assert students.seen == [4, 9, 17]   # not the 27 others



def _sums_plainly(scores, top, roster):
    """``columns.sums`` of a column not every paper has, as the item analysis worked it out before this round."""
    sat = [i for i, x in enumerate(scores) if x is not None]
    got, totals = [scores[i] for i in sat], [roster.totals[i] for i in sat]
    tops = top if isinstance(top, list) else [top] * roster.n
    return (len(sat), fsum(got), fsum(x * x for x in got), fsum(x * t for x, t in zip(got, totals)), fsum(totals),
            fsum(t * t for t in totals), fsum(got) / fsum(tops[i] for i in sat),
            _pooled_plainly(roster.upper, scores, tops), _pooled_plainly(roster.lower, scores, tops),
            fsum(share for i, share in roster.lower.items() if scores[i] is not None),
            fsum(share for i, share in roster.upper.items() if scores[i] is not None))


@pytest.mark.parametrize("seed", range(30))
def test_a_question_everyone_has_a_score_on_is_summed_without_filtering_as_before(seed, monkeypatch):
    rng = random.Random(seed)
    n = rng.randint(4, 40)
    parts = [Part("Q1", letter, "C1", "t", 1.0) for letter in "ab"]
    cohort = columns.roster([[rng.choice([0.0, 0.5, 1.0, 1 / 3]) for _ in range(n)] for _ in parts], parts,
                            [True, True], n)
    scores = [rng.choice([0.0, 1.0, 1.5, 2.0]) for _ in range(n)]
    tops = [rng.choice([1.0, 2.0]) for _ in range(n)] if seed % 2 else 2.0   # maxima as some stopped, or one
    holed = [None if rng.random() < 0.2 else x for x in scores]
    for column in (scores, holed):
        s = columns.sums(column, tops, cohort, False)
        plain = _sums_plainly(column, tops, cohort)
        assert (s.n, s.x, s.xx, s.xt, s.t, s.tt, float(s.facility)) == plain[:7]   # the exact facility's float
        assert s.discrimination == (None if plain[7] is None or plain[8] is None else plain[7] - plain[8])
        assert (s.lower, s.upper) == plain[9:]
    added = fsum_terms(monkeypatch)
    columns.sums(scores, tops, cohort, False)
    groups = len(cohort.lower) + len(cohort.upper)
    assert sum(added) == 4 * n + 2 * groups   # Σx, Σ maxima, Σx², Σx·T and the pooled shares: ΣT, ΣT² and the
                                              # groups' places are the roster's, every student having sat it


COUNTED = st.dictionaries(st.tuples(st.sampled_from(["correct", "incorrect", "missing"]), FLOATS, st.just("")),
                          st.integers(min_value=1, max_value=3000), max_size=8)


@quick(MANY)
@given(COUNTED)
def test_a_columns_sums_from_its_counted_verdicts_are_fsums_of_the_whole_column(counts):
    column = [v for v, c in counts.items() for _ in range(c)] + [None]   # None: a paper without the part
    counts = Counter(column)
    for value in (columns.SCORE, columns._squared_score):
        whole = [value(v) for v in column if v is not None]
        try:
            expected = fsum(whole)
        except OverflowError:
            with pytest.raises(OverflowError):
                columns.counted_fsum(counts, value)
            continue
        assert columns.counted_fsum(counts, value) == expected


test_counted_fsum_many = many_copy(test_a_columns_sums_from_its_counted_verdicts_are_fsums_of_the_whole_column,
                                   given(COUNTED), MANY)


def test_a_part_some_did_not_reach_adds_its_scores_from_its_verdicts_counted(monkeypatch):
    """reached_sums with the column's Counter: Σx and Σx² in a few terms, the same floats."""
    rng = random.Random(7)
    right, half, missing = Verdict("correct", 1.0), Verdict("partial", 0.1), Verdict("missing", 0.0)
    column = [rng.choice([right, half, missing]) for _ in range(400)]
    scores = [v[1] for v in column]
    parts = [Part("Q1", "a", "C1", "t", 1.0)]
    cohort = columns.roster([scores], parts, [True], len(scores))
    unreached = {i for i, v in enumerate(column) if v is missing}
    reached = [None if i in unreached else x for i, x in enumerate(scores)]
    plain = columns.reached_sums(scores, reached, unreached, 1.0, cohort)
    added = fsum_terms(monkeypatch)
    assert columns.reached_sums(scores, reached, unreached, 1.0, cohort, Counter(column)) == plain
    assert sorted(added)[-1] == 400 and sum(n == 400 for n in added) == 1   # Σx·T alone over the whole column


class Hashed(Verdict):
    """A verdict counting how often a cell is hashed."""

    hashes = 0

    def __hash__(self):
        Hashed.hashes += 1
        return super().__hash__()


def test_waiting_answers_are_found_in_their_columns_without_hashing_every_cell():
    from quizgen.report.attention import to_act

    parts = [Part("Q1", letter, "C1", "t", 1.0) for letter in "ab"]
    right = Hashed("correct", 1.0, "")
    waiting = [Hashed("needs_review", 0.0, ""), Hashed("needs_review", 0.0, ""), Hashed("needs_review", 0.0, "x")]
    rows = [[right, right] for _ in range(40)]
    rows[3][0], rows[21][0], rows[21][1], rows[39][1] = waiting[0], waiting[1], waiting[2], waiting[0]   # two alike
    students = [Student(f"s{n:02d}", "", row) for n, row in enumerate(rows)]
    columns = [list(column) for column in zip(*rows)]
    counts = [Counter(column) for column in columns]
    Hashed.hashes = 0
    found = to_act(parts, students, counts, [set(), set()], columns)
    assert [(row.student_id, row.review) for row in found] == [("s03", ["Q1a"]), ("s21", ["Q1a", "Q1b"]),
                                                               ("s39", ["Q1b"])]
    assert Hashed.hashes < 10   # the few distinct verdicts, not the 80 cells
