"""Fuzzing the answer parser and the whole grader with hypothesis: no input
makes them raise (beyond a one-line QuizgenError for a file that is not
answers), hang, or lose a row."""

import csv
import io
import json
import math
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import quizgen
from quizgen.maths.answers import to_number
from quizgen.grading.answers_file import open_answers
from quizgen.errors import ExpressionError, InputFileError, QuizgenError
from quizgen.grading.part_checker import check_answer
from quizgen.key.status import Status
from quizgen.cells import spreadsheet_safe
from quizgen.key.status import SCORED

pytestmark = pytest.mark.slow   # runs in CI; kept out of the quick `-m "not slow"` run

FUZZ = settings(deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow])
FILES = settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])

PART = {"part": "a", "type": "numeric", "points": 1.0, "value": 0.408, "answer": "0.408",
        "abs_tolerance": 0.0005, "misconceptions": [{"code": "log10", "feedback": "f", "value": 0.177}]}
WORD = {"part": "b", "type": "word", "points": 1.0, "accept": ["mean"], "answer": "mean",
        "misconceptions": [{"code": "summed", "feedback": "f", "words": ["sum"], "value": 0.0}]}
KEY = {"questions": [{"id": "Q1", "parts": [PART, WORD]}, {"id": "Q2", "parts": [dict(PART, part="a")]}]}

MATHY = st.text(alphabet="0123456789.,eE+-*/^() xpilnogsqrtabc_[]'\"=@%!~&|<>\\", max_size=60)
NUMBERS = st.one_of(st.integers(-10**40, 10**40).map(str),
                    st.floats(allow_nan=True, allow_infinity=True).map(repr),
                    st.sampled_from(["e", "pi", "1e999", "1e-999", "9", "0", "0.5", "2"]))


def expressions():
    """Well-formed but arbitrary expressions: huge powers, deep nesting, every function."""
    def extend(inner):
        return st.one_of(
            st.tuples(inner, st.sampled_from(["+", "-", "*", "/", "**", "^"]), inner).map(
                lambda t: f"({t[0]}){t[1]}({t[2]})"),
            st.tuples(st.sampled_from(["exp", "log", "ln", "log10", "log2", "sqrt", "abs", "factorial", "eval"]),
                      inner).map(lambda t: f"{t[0]}({t[1]})"),
            inner.map(lambda s: f"-{s}"),
            st.tuples(inner, inner).map(lambda t: f"log({t[0]}, {t[1]})"))
    return st.recursive(NUMBERS, extend, max_leaves=25)


def assert_number_or_refused(text, decimal_comma=False):
    try:
        value = to_number(text, decimal_comma)
    except ExpressionError:
        return
    assert math.isfinite(value)


@FUZZ
@given(st.text(max_size=500))
def test_any_text_is_a_number_or_refused_with_an_expression_error(text):
    assert_number_or_refused(text)


@FUZZ
@given(MATHY, st.booleans())
def test_math_like_text_is_a_number_or_refused(text, decimal_comma):
    assert_number_or_refused(text, decimal_comma)


@FUZZ
@given(expressions())
def test_arbitrary_expressions_are_a_finite_number_or_refused(text):
    assert_number_or_refused(text)


@FUZZ
@given(st.one_of(st.text(max_size=300), MATHY, expressions()), st.sampled_from([PART, WORD]))
def test_check_answer_always_gives_a_verdict(text, part):
    verdict = check_answer(part, text)
    assert verdict.status in SCORED
    assert verdict.score in (0.0, part["points"])
    assert not verdict.misconception or verdict.feedback   # a named trap always explains itself


TEXT = st.text(max_size=40).map(lambda s: s.replace("\x00", ""))   # NUL-heavy files are refused as binary
CELLS = st.one_of(TEXT, MATHY, expressions(),
                  st.sampled_from(["", " ", "0.408", "0,408", "=1+1", "-ln 2", "mean", "sum", "\n", '"']))
QUESTIONS = st.sampled_from(["Q1", "q1", "Q2", "Q3", "", "Q1a", "1", "Q1 (b)", "x"])
PARTS = st.sampled_from(["a", "b", "B", "(a)", "", "c", "loss"])
STUDENTS = st.one_of(st.sampled_from(["s1", "s2", " s1 ", "S1", ""]), TEXT)


def grade_text(data: bytes, force_key: bool = False):
    """Grade ``data`` as answers.csv in a fresh folder; returns (result, graded rows,
    records the reader sees) or raises QuizgenError. ``force_key``: graded even when
    the rows mostly name no part of the key (grading/unknown_labels.py)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "key.json").write_text(json.dumps(KEY), encoding="utf-8")
        answers = folder / "answers.csv"
        answers.write_bytes(data)
        result = quizgen.grade(answers, force_key=force_key)
        records = sum(1 for _ in open_answers(answers).records())
        source = open_answers(answers)
        with open(folder / "answers-graded.csv", newline="", encoding="utf-8-sig") as handle:
            graded = list(csv.reader(handle, delimiter=source.delimiter))[1:]
        assert (folder / "answers-graded-students.csv").is_file() and (folder / "answers-graded-report.md").is_file()
        return result, graded, records


@FILES
@given(st.lists(st.tuples(STUDENTS, QUESTIONS, PARTS, CELLS), max_size=25), st.sampled_from([",", ";", "\t"]))
def test_every_written_row_is_graded_exactly_once(rows, delimiter):
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter)   # "\r\n": quotes both \r and \n in cells
    writer.writerow(["student_id", "question_id", "part", "answer"])
    writer.writerows(rows)
    text = out.getvalue()
    reread = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, skipinitialspace=True)
    expected = [row for row in list(reread)[1:] if any(row)]
    assert len(expected) == sum(1 for r in rows if any(c.lstrip(" ") for c in r))
    if not expected:   # a header and no answer: refused in one line
        with pytest.raises(InputFileError, match="no answers to grade"):
            grade_text(text.encode("utf-8"))
        return
    result, graded, _ = grade_text(text.encode("utf-8"), force_key=True)   # every row graded, labelled or not
    assert result.rows == len(graded) == len(expected)
    assert sum(result.counts.values()) == result.rows
    status = 5 if len(graded[0]) == 12 else 4   # after the graded_as column, written when some id was written otherwise
    for row, out_row in zip(expected, graded):
        assert out_row[:4] == [spreadsheet_safe(c) for c in row]
        assert out_row[status] in {s.value for s in Status}


@FILES
@given(st.binary(max_size=400))
def test_arbitrary_bytes_after_a_header_never_lose_a_row(tail):
    try:
        result, graded, records = grade_text(b"student_id,question_id,part,answer\n" + tail)
    except QuizgenError as exc:
        assert "\n" not in str(exc)
        return
    assert result.rows == len(graded) == records
    assert sum(result.counts.values()) == result.rows


@FILES
@given(st.binary(max_size=300))
@example(b"student_id,question_id,part,answer\ns1,Q1,a,0.408\ns2,Q1,a,junk\n")   # one that grades: the row count
@example(b"student_id,question_id,part,answer\ns1,Q1,a,\"0.4\n")                 # checks below must run too
def test_arbitrary_files_are_graded_or_refused_in_one_line(data):
    try:
        result, graded, records = grade_text(data)
    except QuizgenError as exc:
        assert "\n" not in str(exc)
        return
    assert result.rows == len(graded) == records


@FILES
@given(st.lists(st.tuples(STUDENTS, CELLS, CELLS, CELLS), max_size=10))
def test_wide_files_give_one_graded_row_per_answer_cell(rows):
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["student", "Q1a", "Q1b", "Q2"])
    writer.writerows(rows)
    # Spaces after a delimiter are dropped, so a row of spaces holds no answer.
    students = sum(1 for r in rows if any(cell.lstrip(" ") for cell in r))
    if not students:   # a header and no answer: refused in one line
        with pytest.raises(InputFileError, match="no answers to grade"):
            grade_text(out.getvalue().encode("utf-8"))
        return
    # force_key: random numbers far from every value of the key would be refused as another key's answers
    result, graded, _ = grade_text(out.getvalue().encode("utf-8"), force_key=True)
    assert result.rows == len(graded) == 3 * students


PLAIN = st.text(alphabet="abcxyz0123456789. ", min_size=1, max_size=8).filter(lambda s: s.strip())


@FILES
@given(st.lists(st.tuples(st.sampled_from(["s1", "s2", "s3"]), QUESTIONS.filter(bool), PLAIN,
                          st.sampled_from(["none", "start", "end"]), st.integers(0, 3)), min_size=1, max_size=30),
       st.sampled_from([",", ";", "\t"]))
def test_stray_quotes_never_swallow_rows(rows, delimiter):
    """Quotes left open at the start of an answer or the end of any cell: each
    line is still one graded row. (A quote opening another cell and one closing
    a cell on a later line can make a valid CSV record: not a stray quote.)"""
    lines = []
    for student, question, answer, stray, where in rows:
        cells = [student, question, "a", answer]
        if stray == "start":
            cells[3] = '"' + cells[3]
        elif stray == "end":
            cells[where] = cells[where] + '"'
        lines.append(delimiter.join(cells))
    text = delimiter.join(["student_id", "question_id", "part", "answer"]) + "\n" + "\n".join(lines) + "\n"
    # force_key: rows naming Q3 or a stray-quoted question would be refused as another key's
    result, graded, records = grade_text(text.encode("utf-8"), force_key=True)
    assert result.rows == len(graded) == records == len(lines)
    assert [row[0].rstrip('"') for row in graded] == [r[0] for r in rows]
