"""rev-redos25: three patterns of this round backtracked on crafted answers.
Each is timed at 1,000 and 10,000 characters: linear time grows about ten
times, these grew a hundred times (a braced run of digits took 1.1 s at
10,000 characters and graded 2,000 such 400-character answers in 13-18 s)."""


import pytest

from quizgen.marking.asides import may_mean_no_value
from quizgen.marking.forms import read_number
from quizgen.maths.numerals import from_typeset
from redos_support import best_seconds


def _seconds(call, text: str) -> float:
    """The best of three runs of ``call(text)``."""
    return best_seconds(call, text, runs=3)


@pytest.mark.parametrize("make, call", [
    (lambda n: "{" + "1" * n + "x", read_number),            # _BRACED_NUMBER: \d+\.?\d* split the digits n ways
    (lambda n: "{" + "1" * n + "}x", from_typeset),
    (lambda n: "\\" + " " * n + "x", read_number),           # the subscript rule's leading \s* over a run of spaces
    (lambda n: "-" + " " * n + "x", lambda t: may_mean_no_value(t, ["undefined"])),   # \s*\.?\s* split the spaces
])
@pytest.mark.slow
def test_crafted_answers_take_time_linear_in_their_length(make, call):
    small, large = _seconds(call, make(1_000)), _seconds(call, make(10_000))
    # 0.25 s: far under the old patterns' seconds, far over the ~0.07 s a loaded machine takes now
    assert large < 0.25 or large < 30 * max(small, 1e-4), (small, large)


def test_a_run_of_question_marks_before_a_number_is_not_read_once_a_tag():
    """rev-redos25 (older): ``? `` * 99 then a number was read again after each
    ``?`` (non_answer_beside called read_number on the rest): 15-20 ms an
    answer, 2,000 such answers about 30 s; the verdicts stay as they were."""
    fast = _seconds(read_number, "? " * 99 + "1x")
    assert fast < 0.004 or fast < 8 * _seconds(read_number, "? " * 10 + "1x"), fast
    assert [read_number(t).status for t in ("? 0.5", "? ? 0.5", "- 0.5 ?", "? ? ? 0.5 -")] == [
        "needs_review", "invalid", "needs_review", "invalid"]


def test_what_the_patterns_read_is_unchanged():
    assert from_typeset("{ 0.7153 }") == "0.7153" and from_typeset("{12.}") == "12."
    assert from_typeset(r"L _ { \text{MLM} } = 0.5") == "L_MLM = 0.5"
    assert read_number(r"L_{\text{MLM}} = 1.565").value == 1.565
    assert all(may_mean_no_value(text, ["undefined"]) for text in ("- .", "n/a.", "n/a . ", "--"))
