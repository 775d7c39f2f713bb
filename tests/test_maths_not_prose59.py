"""An expression whose only fault is its maths (``ln(ln(ln(0.5)))``, sqrt or exp
nested past the 60-level limit) is no sentence: a function applied to something
is not a word, so such an answer gets the invalid reason its evaluation gives,
as ``ln(ln(0.5))`` does, in grade and the drill alike; a sentence naming a
function (``the ln of it``) still goes to a person."""

from __future__ import annotations

import csv
import io

import pytest

from quizgen.drill.session import run_drill
from quizgen.marking.forms import REVIEW_REASON, looks_like_prose, read_number

NON_POSITIVE = "not a number: logarithm of a non-positive number"
TOO_DEEP = "not a number: expression nested deeper than 60 levels"


def _nest(name: str, levels: int, inner: str) -> str:
    return f"{name}(" * levels + inner + ")" * levels


@pytest.mark.parametrize("text, reason", [
    ("ln(ln(0.5))", NON_POSITIVE),
    ("ln(ln(ln(0.5)))", NON_POSITIVE),
    ("log(log(log(0.5)))", NON_POSITIVE),
    ("LN (LN (LN (0.5)))", NON_POSITIVE),
    ("log10(log10(log10(0.5)))", NON_POSITIVE),
    ("log2(log2(log2(0.5)))", NON_POSITIVE),
    (_nest("sqrt", 61, "2"), TOO_DEEP),
    (_nest("exp", 61, "0"), TOO_DEEP),
    (_nest("ln", 70, "2"), TOO_DEEP),
])
def test_an_expression_failing_its_maths_is_invalid_with_the_reason(text, reason):
    reading = read_number(text)
    assert (reading.status, reading.reason) == ("invalid", reason)


@pytest.mark.parametrize("text", ["the ln of it", "ln of ln(2) is", "sqrt(2) is the answer", "log log log",
                                  "the sum (of both) is 3", "mean(a) plus max(b)"])
def test_a_sentence_naming_a_function_is_still_for_a_person(text):
    assert looks_like_prose(text)
    reading = read_number(text)
    assert (reading.status, reading.reason) == ("needs_review", REVIEW_REASON)


def test_grade_gives_the_reason_not_a_person(invoke, seed3_key, tmp_path):
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\n"
                       's1,Q1,a,"ln(ln(ln(0.5)))"\n'
                       f's2,Q1,a,"{_nest("sqrt", 61, "2")}"\n', encoding="utf-8")
    result = invoke("grade", answers, "--key", seed3_key, "--force-key", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    with open(tmp_path / "out" / "answers-graded.csv", encoding="utf-8-sig") as graded:
        rows = {row["student_id"]: (row["status"], row["reason"]) for row in csv.DictReader(graded)}
    assert rows == {"s1": ("invalid", NON_POSITIVE), "s2": ("invalid", TOO_DEEP)}


def test_the_drill_says_it_cannot_read_it_and_why():
    out = io.StringIO()
    run_drill(io.StringIO("ln(ln(ln(0.5)))\nq\n"), out, io.StringIO(), classes="C1", seed=1, save=False)
    said = " ".join(out.getvalue().split())
    assert f"I cannot read 'ln(ln(ln(0.5)))' as an answer ({NON_POSITIVE})" in said
    assert "I cannot mark" not in said
