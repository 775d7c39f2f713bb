"""The grader's shortcuts against the plain way they replace: graded rows
joined without csv.writer, totals counted from the grid at the end, superseded
rows kept as bits, Markdown escaping, and the rows the reader hands over."""

import csv
import io
import unicodedata

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from property_sizes import many_copy, quick

from quizgen.cells import BIDI_CONTROLS
from quizgen.grading.answers_file import open_answers
from quizgen.grading.matrix import AnswerGrid
from quizgen.grading.outcome import NO_ANSWER, make_outcome
from quizgen.report.formatting import md_cell
from quizgen.cells import spreadsheet_safe
from quizgen.grading.tally import Tally, count_latest
from quizgen.grading.writer import RowSet, RowWriter
from quizgen.key.status import Status
from quizgen.scores import score_total

SOME = settings(deadline=None, max_examples=200, suppress_health_check=[HealthCheck.too_slow])
FEW = quick(SOME)
CELL = st.one_of(st.text(max_size=12), st.sampled_from(["", "S1", "Q1", "a", "0.408", "-0.5", "-(-1)", "=1+1",
                                                        "+", "@x", "\tx", "a,b", "a;b", 'say "hi"', "x\ny", "\r"]))


def csv_line(cells, delimiter):
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter).writerow(cells)
    return out.getvalue()


GRADED_ROWS = given(st.lists(st.lists(CELL, min_size=3, max_size=3), max_size=8), st.sampled_from([",", ";", "\t"]))


@FEW
@GRADED_ROWS
@pytest.mark.slow
def test_graded_rows_are_what_csv_writer_writes_even_when_written_from_memory(rows, delimiter):
    outcome = make_outcome(Status.INCORRECT, 0.0, "0.408", "code", "It is, in \"short\", wrong", "")
    out = io.StringIO()
    writer = RowWriter(out, delimiter)
    for cells in rows + rows:   # the second time round the plain cells are known
        writer.row(list(cells), outcome)
    expected = "".join(csv_line([spreadsheet_safe(c) for c in cells] + list(outcome.cells), delimiter)
                       for cells in rows + rows)
    assert out.getvalue() == expected


test_graded_rows_many = many_copy(test_graded_rows_are_what_csv_writer_writes_even_when_written_from_memory,
                                  GRADED_ROWS, SOME)


def count_one_by_one(latest, width, tally):
    """The totals counted answer by answer, as the loop once did."""
    for k, outcome in enumerate(latest):
        if outcome is not NO_ANSWER:
            tally.count(*divmod(k, width), outcome)


def grid_of(students, width, latest):
    grid = AnswerGrid(width)
    grid.grow(students)
    grid.outcomes[:] = latest
    return grid


OUTCOMES = [NO_ANSWER, NO_ANSWER] + [
    make_outcome(status, score, "", code, f"feedback {code} {score}" if code else "", "")
    for status in Status if status is not Status.SUPERSEDED
    for score in ((0.1, 1 / 3, 1.0, 1e16, 0.0) if status is Status.CORRECT else (0.0,))
    for code in (("", "c1", "c2") if status is Status.INCORRECT else ("",))]


LATEST = given(st.integers(1, 6), st.integers(1, 8), st.data())


@FEW
@LATEST
@pytest.mark.slow
def test_count_latest_gives_the_counts_of_counting_one_by_one_and_order_free_sums(students, width, data):
    latest = data.draw(st.lists(st.sampled_from(OUTCOMES), min_size=students * width, max_size=students * width))
    fast, slow = Tally(width), Tally(width)
    count_latest(grid_of(students, width, latest), fast)
    slow.grow(students)
    count_one_by_one(latest, width, slow)
    # the scores are order-free sums: score_total of each student's row; each part's the same in any
    # order of the students
    assert fast.student_score == [score_total(o.score for o in latest[n * width:(n + 1) * width])
                                  for n in range(students)]
    backwards = Tally(width)
    count_latest(grid_of(students, width, [o for n in reversed(range(students))
                                           for o in latest[n * width:(n + 1) * width]]), backwards)
    assert backwards.slot_score == fast.slot_score and backwards.student_score == fast.student_score[::-1]
    assert fast.student_score == pytest.approx(slow.student_score) and fast.slot_score == pytest.approx(slow.slot_score)
    fast.student_score, fast.slot_score = slow.student_score, slow.slot_score
    assert fast.__dict__ == slow.__dict__   # the rest: exactly what counting answer by answer gives
    assert list(fast.feedback) == list(slow.feedback)
    assert sum(fast.status.values()) == sum(o is not NO_ANSWER for o in latest)


test_count_latest_many = many_copy(test_count_latest_gives_the_counts_of_counting_one_by_one_and_order_free_sums,
                                   LATEST, SOME)


ROW_NUMBERS = given(st.lists(st.integers(0, 5000), max_size=60))


@FEW
@ROW_NUMBERS
@pytest.mark.slow
def test_row_set_holds_exactly_the_rows_added(rows):
    marked = RowSet()
    for row in rows:
        marked.add(row)
    assert len(marked) == len(set(rows))
    assert [row for row in range(5100) if row in marked] == sorted(set(rows))
    assert list(marked) == sorted(set(rows))


test_row_set_many = many_copy(test_row_set_holds_exactly_the_rows_added, ROW_NUMBERS, SOME)


def md_cell_reference(text):
    """md_cell by a translation table: control characters shown as U+FFFD,
    direction controls removed (cells.BIDI_CONTROLS), specials escaped."""
    shown = "".join("\ufffd" if unicodedata.category(c) == "Cc" and not c.isspace() else c
                    for c in str(text).translate(BIDI_CONTROLS))
    return " ".join(shown.split()).translate(str.maketrans({c: "\\" + c for c in "\\`*_<>|[]&~$"}))


def test_md_cell_shows_control_characters_instead_of_writing_them():
    """rev-mark16: a name with a bell and a terminal escape reached report.md and the sheets raw."""
    assert md_cell("Bell\x07 \x1b[31mred\x9b") == "Bell\ufffd \ufffd\\[31mred\ufffd"


@SOME
@given(st.one_of(st.text(max_size=30), st.text(alphabet="\\`*_<>|[]&~$ ab\t\n\x07\x1b\x85\x9b", max_size=20)))
@pytest.mark.slow
def test_md_cell_escapes_as_a_translation_table_would(text):
    assert md_cell(text) == md_cell_reference(text)


def test_rows_hold_each_role_at_its_column(tmp_path):
    files = {"long.csv": "student_id,name,question_id,part,answer\ns1,Ada,Q1,a,0.4\n,,,,\ns2,Bo,Q1,b\n",
             "nopart.csv": "student,question,answer\ns1,Q1a,0.4\ns1,Q1a,0,5,6\n",
             "wide.csv": "name,student_id,Q1a,Q1 (b)\nAda,s1,0.4,0.5\nBo,s2,\"" + "x" * 200_000 + "\"\n"}
    for name, text in files.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        source = open_answers(path)
        records = list(source.records())
        rows = list(open_answers(path).rows())
        assert [r[1] for r in records] == rows
        si, ni, qi, pi, ai = source.columns
        for record, cells in zip(records, rows):
            assert len(cells) == len(source.out_header)
            assert (cells[si], cells[qi], "" if pi is None else cells[pi], cells[ai]) == record[2:6]
            assert ([cells[i] for i in ni] + [""])[0] == record[6]   # one name column or none
            assert getattr(cells, "problem", None) == record[7]
    # the over-long answer (Q1a) is invalid on its part (its answer says why); Bo's empty Q1 (b) is still an answer
    assert [hasattr(r[-1], "too_long") for r in open_answers(tmp_path / "wide.csv").rows()] == [
        False, False, True, False]


def test_encoded_result_cells_stay_bounded_and_right(monkeypatch):
    import quizgen.grading.writer as writer_module

    monkeypatch.setattr(writer_module, "TAIL_LIMIT", 3)
    outcomes = [make_outcome(Status.INCORRECT, 0.0, str(n), f"c{n}", f"feedback, {n}", "") for n in range(10)]
    out = io.StringIO()
    writer = RowWriter(out, ",")
    for outcome in outcomes + outcomes[::-1]:
        writer.row(["s1", "Q1"], outcome)
        assert len(writer.tails) <= 3
    assert out.getvalue() == "".join(csv_line(["s1", "Q1"] + list(o.cells), ",") for o in outcomes + outcomes[::-1])


def test_an_outcome_crosses_a_pipe_whole_and_no_answer_stays_itself():
    """grade's second process pickles its grid back: every field arrives, and
    NO_ANSWER is still the one object the grid's ``is`` tests compare with."""
    import pickle

    from quizgen.grading.outcome import NO_ANSWER, Outcome
    from quizgen.key.status import Status

    outcome = Outcome(Status.INCORRECT, 0.5, "halved", "You halved it.", ("incorrect", "0.5"), "ecf", 0.25, 2)
    back, none = pickle.loads(pickle.dumps([outcome, NO_ANSWER], pickle.HIGHEST_PROTOCOL))
    fields = ("status", "score", "misconception", "feedback", "cells", "note", "value", "figures")
    assert [getattr(back, f) for f in fields] == [getattr(outcome, f) for f in fields]
    assert none is NO_ANSWER and back is not outcome


def test_class_wide_wording_keeps_the_keys_feedback_when_parts_differ():
    # a code shared by two templates, each with its own feedback, became the code in words
    # ("split applied to all tokens") though the key had real feedback for it
    tally = Tally(3)
    for student in range(2):
        tally.code(student, 1, "split_all", "The split applies to the picked positions.")
        tally.code(student, 0, "split_all", "Only the picked positions are split 80/10/10.")
        tally.code(student, 2, "own_numbers", f"student {student}'s numbers")   # per-student papers
        tally.code(student, 0, "alike", "The same words in every part.")
        tally.code(student, 2, "alike", "The same words in every part.")
    assert tally.feedback == {
        "split_all": "Only the picked positions are split 80/10/10. (worded as in the first part listed; see each part)",
        "own_numbers": "own numbers", "alike": "The same words in every part."}
