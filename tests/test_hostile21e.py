"""An exact number over the size limit made inside an expression (hostile21e):
a sum over 10,000 different ~1,000-bit fractions used to build a common
denominator of millions of bits while charged some 10**4 units of work
(validate 150-225 s, generate 240 s). Every exact number is now held to
MAX_BITS as it is made, in a reduction's running total and in each operation,
and a draw that meets one is the template's one-line limit error."""

import subprocess
import sys
import time
from fractions import Fraction

import pytest

from quizgen.errors import ExpressionError
from quizgen.maths.evaluate import ground
from quizgen.maths import exact
from quizgen.maths.parser import parse, template_policy

HOSTILE = """\
id: hostile-sum
class: C11
title: "A sum of huge fractions"
points: 1

params:
  n: {integer: [1, 9]}

let:
  r: "range(1, 10000) + n / 3"
  big: "r ** 70"
  c: "big / (big + 1)"

constraints:
  - "sum(c) < 0"

stem: |
  What is {{ n }}?

parts:
  - name: a
    ask: "What is n?"
    answer: n

solution:
  forecast: "n itself."
  steps:
    - title: "Read it"
      why: "It is given."
      work: "$n = {{ n }}$"
  verify: "$n = {{ n }}$ as given."

canonical:
  params: {n: 1}
  expect: {a: 1}
"""

LIMIT_WORDS = "constraints.0: the size of a number exceeds the limit of 1100 bits"


def _quizgen(*args, timeout: float = 60):
    """The CLI in a child process, stopped after ``timeout`` seconds (the
    unfixed sum ran for minutes); its result and the seconds it took."""
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "quizgen", *map(str, args)], capture_output=True, text=True,
                          timeout=timeout)
    return done, time.monotonic() - start


@pytest.fixture
def hostile_bank(tmp_path):
    folder = tmp_path / "bank"
    folder.mkdir()
    (folder / "c11.yaml").write_text(HOSTILE)
    return folder


@pytest.mark.slow
def test_validate_refuses_the_huge_sum_in_seconds_with_one_line(hostile_bank):
    done, took = _quizgen("validate", hostile_bank)
    path = hostile_bank / "c11.yaml"
    listed = done.stdout.strip().splitlines()
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
    assert listed == [f"{path}:15: {LIMIT_WORDS} (about 10**330) (see docs/authoring.md)"]
    assert took < 10


@pytest.mark.slow
def test_generate_refuses_the_huge_sum_in_seconds_with_one_line(hostile_bank, tmp_path):
    done, took = _quizgen("generate", "--bank", hostile_bank, "--classes", "C11", "--seed", 1,
                          "--out", tmp_path / "out")
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and "Traceback" not in done.stdout + done.stderr
    assert len(lines) == 1 and lines[0].startswith(f"quizgen: error: {hostile_bank / 'c11.yaml'}:15: {LIMIT_WORDS}")
    assert took < 10
    assert not (tmp_path / "out" / "key.json").exists()


def _value(text: str, **env):
    return ground(parse(text, template_policy(env)), env)


def _huge_terms(count: int) -> tuple:
    """``count`` fractions of some 1,000 bits each, every one with its own denominator."""
    return tuple((Fraction(3 * k + 1, 3) ** 70) / ((Fraction(3 * k + 1, 3) ** 70) + 1) for k in range(count))


def test_a_sums_running_total_is_held_to_the_limit():
    terms = _huge_terms(50)   # each within the limit; any two summed are not
    assert all(t.denominator.bit_length() <= 1100 for t in terms)
    start = time.monotonic()
    with pytest.raises(exact.NumberTooBig, match="over 1100 bits"):
        _value("sum(c)", c=terms)
    with pytest.raises(exact.NumberTooBig):
        _value("mean(c)", c=terms)
    assert time.monotonic() - start < 5   # a guard against summing past the limit (minutes), not a timing


def test_each_operation_is_held_to_the_limit():
    x = Fraction(3 ** 400, 2 ** 600)   # 635 and 601 bits: within the limit, its square not
    for text in ("x * x", "x + 1 / (x + 1)", "x ** 2", "list(x, x) * x", "x / (1 / x)", "0 - x * x"):
        with pytest.raises(exact.NumberTooBig):
            _value(text, x=x)
    assert _value("x - x + 1", x=x) == 1


def test_the_limit_is_an_expression_error_where_no_template_is_known():
    """Outside a draw (marking, figures, a key's text) it is a failed expression, as any other."""
    assert issubclass(exact.NumberTooBig, ExpressionError)
