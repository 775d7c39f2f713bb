"""redos26: every regular expression over untrusted text audited for
super-linear time. The patterns fixed here are timed on their crafted input
(bounds far above the new time, far below the old one) and checked against
the old pattern, kept here as text, on every string of a small alphabet of
the shapes they read: what they accept, and the groups, are unchanged."""

import itertools
import re

import pytest

from quizgen.csv_input import _HINT, norm_header
from quizgen.grading import header_layout
from quizgen.grading.header_layout import split_label
from redos_support import best_seconds as _seconds


def _texts(tokens, most: int):
    """Every string of up to ``most`` of ``tokens``."""
    for size in range(most + 1):
        for chosen in itertools.product(tokens, repeat=size):
            yield "".join(chosen)


def _groups(found):
    return None if found is None else (found.span(), found.groups())


# ------------------------------------------------------------------ header labels (header_layout.py)

OLD_LABEL = (r"^\s*(?:q|question)\s*[#.]?\s*0*(\d{1,9})\s*(?:[._\-:/]\s*)?\(?\s*([a-z][a-z0-9_]*)?\s*\)?\s*$"
             r"|^\s*0*(\d{1,9})\s*(?:[._\-:/]\s*)?\(?\s*([a-z][a-z0-9_]*)\s*\)?\s*$")
OLD_TITLE = r"^\s*(?:q|question)\s*[#.]?\s*0*(\d{1,9})\s*\(\s*([a-z])\s*\)\s+(\S.*)$"
LABEL_TOKENS = (" ", "\t", "q", "Question", "#", ".", "0", "1", "_", ":", "(", ")", "a", "B7", "\n", "x y")


@pytest.mark.parametrize("name, old, flags", [
    ("_LABEL", OLD_LABEL, re.IGNORECASE),
    ("_TITLE", OLD_TITLE, re.IGNORECASE | re.DOTALL),
])
@pytest.mark.slow
def test_header_label_patterns_read_what_they_read_before(name, old, flags):
    old, new = re.compile(old, flags), getattr(header_layout, name)
    differ = [t for t in _texts(LABEL_TOKENS, 4) if _groups(old.match(t)) != _groups(new.match(t))]
    assert not differ, differ[:5]


def test_header_labels_as_before():
    assert [split_label(t) for t in ("Q1a", " q 01 . ( b ) ", "Question #3_loss", "3c", "Q4", "Q1 (a) What p?",
                                     "Q1 (a) What p? [Score]", "Q1 a b", "q", "1")] == [
        ("Q1", "a"), ("Q1", "b"), ("Q3", "loss"), ("Q3", "c"), ("Q4", None), ("Q1", "a"), None, None, None, None]


@pytest.mark.parametrize("text", [
    "q" + " " * 4000 + "x",             # \s*[#.]?\s* split the spaces: 1.4 s, 60 s at 20,000
    "1" + " " * 4000 + "!",             # four \s* around optional marks after the number: 0.6 s
])
def test_a_header_cell_of_spaces_is_read_in_linear_time(text):
    """A header cell (or a long-form row's question cell: key_index reads it
    with split_label) may hold up to 1 MiB; these took seconds at 1,500-4,000."""
    assert _seconds(split_label, text) < 0.05
    assert _seconds(split_label, text[0] + " " * 1_000_000 + "x") < 1.0   # the cell limit


# ------------------------------------------------------------------ a header's closing hint (csv_input.py)

OLD_HINT = r"\s*\([^()]*\)\s*$"


@pytest.mark.slow
def test_a_header_hint_is_removed_as_before():
    old = re.compile(OLD_HINT)
    tokens = (" ", "\n", "(", ")", "a", "(e.g. S1)", ")\n")
    differ = [t for t in _texts(tokens, 5) if old.sub("", t) != _HINT.sub("", t)]
    assert not differ, differ[:5]
    assert [norm_header(t) for t in ("Student ID (e.g. S012)", "(ID)", "Q1 (a) (b)", "Name ( x )  \n")] == [
        "studentid", "id", "q1a", "name"]


@pytest.mark.parametrize("text", [" " * 20_000 + "x", "(" + " " * 20_000 + "x", "a" + "\t " * 10_000 + ")"])
def test_a_header_of_spaces_is_normalised_in_linear_time(text):
    """Each start in a run of spaces ate the rest of the run: 20,000 spaces took 3.3 s."""
    assert _seconds(norm_header, text) < 0.1


# ------------------------------------------------------------------ a policy's numbers (safe_yaml.py)

OLD_EXPONENT_FLOAT = r"^[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)[eE][-+]?[0-9]+$"


@pytest.mark.slow
def test_an_e_notation_scalar_is_read_as_before():
    from quizgen.safe_yaml import _EXPONENT_FLOAT, safe_load
    old = re.compile(OLD_EXPONENT_FLOAT)
    differ = [t for t in _texts(("1", "0", ".", "e", "E", "-", "+", "x", "\n"), 5)
              if _groups(old.match(t)) != _groups(_EXPONENT_FLOAT.match(t))]
    assert not differ, differ[:5]
    assert safe_load("[5e-1, 2.5E2, .5e1, 1.e3, 1e, 1.2.3e4, e5]", exponent_floats=True) == [
        0.5, 250.0, 5.0, 1000.0, "1e", "1.2.3e4", "e5"]


@pytest.mark.parametrize("text", ["1" * 3000 + "x", "-" + "1" * 3000 + "ex", "1" * 3000 + "e1x"])
def test_a_long_run_of_digits_in_a_policy_is_read_in_linear_time(text):
    """The policy's loader tries every plain scalar that starts with a digit
    as e-notation: 3,000 digits took 0.5 s, 20,000 took 9 s (a policy may hold 256 KiB)."""
    from quizgen.safe_yaml import _EXPONENT_FLOAT
    assert _seconds(_EXPONENT_FLOAT.match, text) < 0.02
    assert _seconds(_EXPONENT_FLOAT.match, text * 80) < 0.5


# ------------------------------------------------------------------ a run of digits read as a number

def _sample(tokens, count: int = 20_000, most: int = 10):
    """``count`` strings of 1 to ``most`` of ``tokens``, the same each run."""
    import random
    draw = random.Random(26)
    return ["".join(draw.choices(tokens, k=draw.randint(1, most))) for _ in range(count)]


NUMBER_TOKENS = ("1", "0", "23", ".", "e", "E", "-", "+", "x", " ", "*", "10", "^", "**", "×", "(", ")", "10-")


def _digit_patterns():
    from quizgen.marking import asides, forms
    from quizgen.maths import answers, numerals, parser
    return [  # the module, its pattern's name, the old pattern (flags as the new one's)
        (forms, "_PLAIN", r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?"),
        (forms, "_POWER_OF_TEN",
         r"([+-]?(?:\d+\.?\d*|\.\d+))\s*[*×]\s*10\s*(?:\^|\*\*)\s*(?:\(\s*)?[+-]?\d+(?:\s*\))?"),
        (parser, "_DECIMAL_LITERAL", r"(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?"),
        (answers, "_PLAIN_NUMBER", r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d{1,3})?"),
        (numerals, "_FLAT_POWER", r"\s*(?P<a>[+-]?(?:\d+\.?\d*|\.\d+))\s*\*\s*10-(?P<k>\d{1,3})\s*"),
        (numerals, "_SPACED_POWER", r"\s*(?P<a>[+-]?(?:\d+\.?\d*|\.\d+))\s+10\s*(?P<power>\^|\*\*)\s*"
                                    r"(?P<k>\(?\s*[+-]?\d{1,3}\s*\)?)\s*"),
        (asides, "_PLAIN", r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"),   # its backtracking twin (tidy27)
    ]


@pytest.mark.parametrize("index", range(7))
@pytest.mark.slow
def test_the_number_patterns_read_what_they_read_before(index):
    module, name, old = _digit_patterns()[index]
    new = getattr(module, name)
    old = re.compile(old, new.flags)
    differ = [t for t in _sample(NUMBER_TOKENS) for how in ("fullmatch", "match")
              if _groups(getattr(old, how)(t)) != _groups(getattr(new, how)(t))]
    assert not differ, differ[:5]


@pytest.mark.parametrize("index", range(7))
@pytest.mark.parametrize("make", [lambda n: "1" * n + "x", lambda n: "1" * n + ".1*",
                                  lambda n: "1" * n + " 10^x"])
def test_a_run_of_digits_is_read_in_linear_time(index, make):
    """``\\d+\\.?\\d*`` split a run of digits every way before failing: 399
    digits then a letter took 22-29 ms a pattern (the number patterns are
    tried one after another: 100 ms a cell, 2,000 such cells 200 s)."""
    module, name, _ = _digit_patterns()[index]
    assert _seconds(getattr(module, name).fullmatch, make(399)) < 0.002
    assert _seconds(getattr(module, name).fullmatch, make(10_000)) < 0.01   # 1.4-18 s before


def test_an_answer_of_digits_is_graded_in_linear_time():
    from quizgen.marking.forms import read_number
    assert _seconds(read_number, "1" * 399 + "x") < 0.004   # was 20 ms (100 ms a cell over a question's parts)
    assert read_number("1" * 399 + "x").status == "invalid" and read_number("0.5e1").value == 5.0


# ------------------------------------------------------------------ a closing question mark (forms.py)

@pytest.mark.slow
def test_a_question_mark_says_doubt_as_before():
    from quizgen.marking.forms import QUESTION_MARK
    old = re.compile(r"\S\s*\?+\s*$")
    differ = [t for t in _texts(("?", " ", "\n", "a", "1", "x?"), 6)
              if (old.search(t) is None) != (QUESTION_MARK.search(t) is None)]
    assert not differ, differ[:5]


@pytest.mark.parametrize("text", ["?" * 1999 + "x", "1" + "?" * 1998 + "\x00"])
def test_a_run_of_question_marks_is_read_in_linear_time(text):
    """Each start went over the rest of the run: 1,999 marks then a letter took 290 ms
    (a word part reads answers up to 2,000 characters)."""
    from quizgen.marking.forms import QUESTION_MARK, said_with_doubt
    assert _seconds(QUESTION_MARK.search, text) < 0.005
    assert _seconds(said_with_doubt, text) < 0.02
