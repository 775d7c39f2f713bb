"""The report rounds a share or a facility from its exact value, so that a tie
goes away from zero as docs/report.md promises (1 of 8 is 13%), even where the
float of the ratio lies just below the tie: 3 of 40 (7.5%) is 8%, not 7, and a
facility of 29/40 (0.725) is 0.73, not 0.72. The items CSV's 3 decimals are the
same figures."""

import csv
import io
from fractions import Fraction

from quizgen.grading.totals import QuestionStats
from quizgen.grading.totals_csv import question_rows
from quizgen.key.status import Status
from quizgen.report import analyse, items_csv
from quizgen.report.charts import heat_map
from quizgen.report.formatting import one_place, whole_percent
from quizgen.report.groups import held_share
from quizgen.report.model import Part, Student, Trap, Verdict
from quizgen.report.tables import markdown_sections
from quizgen.scores import exact_ratio

RIGHT, WRONG, TRAP = Verdict("correct", 1.0), Verdict("incorrect", 0.0), Verdict("incorrect", 0.0, "T")
PARTS = [Part("Q1", "a", "C1", "t", 1.0, (Trap("T", "a trap", name="the trap"),))]


def _class():
    """40 students: 29 right (facility 0.725), 3 in trap T (7.5%), 8 otherwise wrong."""
    verdicts = [RIGHT] * 29 + [TRAP] * 3 + [WRONG] * 8
    return analyse(PARTS, [Student(f"s{k:02}", "", [v]) for k, v in enumerate(verdicts)])


def test_the_floats_of_these_ties_lie_below_them():
    # why the exact value is needed: each float is a hair under the tie
    assert 3 / 40 < Fraction(3, 40) and 9 / 120 < Fraction(9, 120) and 29 / 40 < Fraction(29, 40)


def test_a_share_and_a_facility_on_a_tie_round_away_from_zero():
    analysis = _class()
    item = analysis.parts[0]
    assert item.facility == Fraction(29, 40) and item.traps[0].share == Fraction(3, 40)
    text = markdown_sections(analysis)
    assert "| Q1a | C1 | 40 | 0.73 |" in text
    assert "| Q1a | the trap (T) | 3 | 8% |" in text
    assert analysis.heat == {"T": {"Q1": Fraction(3, 40)}}
    assert ">8</text>" in str(heat_map(["T"], ["Q1"], analysis.heat))
    rows = list(csv.DictReader(io.StringIO(items_csv(analysis).removeprefix("\ufeff"))))
    assert [(r["level"], r["facility"] or r["share"]) for r in rows if r["part"] == "a"] == \
        [("part", "0.725"), ("trap", "0.075")]


def test_the_reviewers_ties():
    assert [whole_percent(exact_ratio(k, n)) for k, n in ((3, 40), (9, 120), (21, 120), (9, 40), (1, 8))] == \
        ["8", "8", "18", "23", "13"]


def test_a_facility_of_decimal_credits_is_read_as_the_decimals():
    # 0.1 + 0.2 is 0.30000000000000004 in floats; the credits stand for 0.3
    assert exact_ratio(0.1 + 0.2, 1) == Fraction(3, 10) and exact_ratio(7, 0) is None


def test_a_groups_share_is_exact_with_tied_places():
    # 3 whole places of 40, and a tied student's 0.4 of a place (2 places shared by 5)
    assert held_share(3.0, 40.0, 148) == Fraction(3, 40) and whole_percent(held_share(3.0, 40.0, 148)) == "8"
    assert held_share(2.0 + 0.4, 40.0, 148) == Fraction(12, 200)
    assert held_share(1.0, 0.0, 148) is None


def test_percent_correct_is_rounded_from_the_exact_share():
    # 23 of 2000 is 1.15%: the float 1.15 lies below it and would be written 1.1
    counts = {s: 0 for s in Status}
    question = QuestionStats("Q1", "a", "C1", "t", 1.0, 2000, {**counts, Status.CORRECT: 23}, 23.0, [])
    header, row = list(question_rows([question]))
    assert row[header.index("percent_correct")] == "1.2"
    assert one_place(100 * 23 / 2000) == "1.1"   # the float's own rounding, which the CSV no longer uses
