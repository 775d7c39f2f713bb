"""answers26: answers the reader refused or read twice (the seed-1 paper: Q1 (a) p = 0.7157).

1. an odd root of a negative number is real: ``\\sqrt[3]{-8}`` and ``(-8)^(1/3)`` are -2
   (they were "fractional power of a negative number"); an even root of one stays refused;
2. ``0.5 + - 0.1``, a sum with a spaced unary minus, is 0.4 (a guard: it was already);
3. ``{0,7157}.``, a braced number then a full stop, is 0.7157 (it was invalid);
4. LaTeX is read once: ``read_number`` read it, then ``to_number`` again, so braced
   groups were read 16 deep, not ``BRACE_DEPTH`` (8);
5. the two ``TOLERANCE_REASON`` are named for what they are; ``_BRACED_NUMBER`` reads what
   it and ``_BRACED_DECIMAL_COMMA`` read, in one pattern, in linear time."""


import pytest

from grading_support import paper_grader
from quizgen.errors import ExpressionError
from quizgen.grading.part_checker import PartChecker
from quizgen.key.model import KeyPart
from quizgen.marking import forms
from quizgen.marking.forms import read_number
from quizgen.maths import answers
from quizgen.maths.answers import DEPTH_REASON, to_number
from quizgen.maths.evaluate import ground
from quizgen.maths.numerals import BRACE_DEPTH, from_typeset, typeset_shell
from quizgen.maths.parser import parse, template_policy
from run_support import cpu_seconds


@pytest.fixture(scope="module")
def grade(tmp_path_factory):
    return paper_grader(tmp_path_factory.mktemp("answers26"), seed=1, count=1)


def checker(value, decimal_comma=False):
    part = KeyPart.from_json({"part": "a", "name": "a", "type": "numeric", "points": 1.0, "value": value,
                              "answer": f"{value:g}", "tolerance": {"sigfigs": 3}})
    return PartChecker(part, decimal_comma)


# ------------------------------------------------------------------ 1. odd roots of negatives

@pytest.mark.parametrize("text, value", [
    ("\\sqrt[3]{-8}", -2.0), ("$\\sqrt[3]{-8}$", -2.0), ("\\sqrt[5]{-32}", -2.0), ("(-8)^(1/3)", -2.0),
    ("(-8)**(1/3)", -2.0), ("(-27)^{\\frac{1}{3}}", -3.0), ("(-8)^(-1/3)", -0.5), ("(-8)^(1/-3)", -0.5),
    ("(-8)^(2/3)", 4.0), ("\\sqrt[3]{-8}^{2}", 4.0), ("-\\sqrt[3]{-8}", 2.0), ("(-8)^(3/9)", -2.0)])
def test_an_odd_root_of_a_negative_number_is_its_real_root(text, value):
    assert to_number(text) == pytest.approx(value, rel=1e-12)
    assert read_number(text).value == pytest.approx(value, rel=1e-12)
    assert checker(value)(text).status == "correct", checker(value)(text)


@pytest.mark.parametrize("text", ["\\sqrt[4]{-16}", "\\sqrt[2]{-4}", "(-8)^(1/2)", "(-8)^(2/6)", "(-8)^0.2",
                                  "(-8)^(1/3)^2", "(-8)^(1/(1+2))"])
def test_an_even_root_or_a_decimal_power_of_a_negative_number_stays_refused(text):
    """Only a fraction of whole numbers with an odd denominator, as written, is a real
    root: 2/6 would be -2 or 2 by how it is reduced, and 0.2 is a decimal, not 1/5."""
    with pytest.raises(ExpressionError, match="fractional power of a negative number"):
        to_number(text)
    assert read_number(text).status == "invalid"


def test_a_template_s_power_of_a_negative_number_is_unchanged():
    """The odd-root reading is the answer reader's (float mode): a template's exact
    value still refuses it, so no key changes."""
    with pytest.raises(ExpressionError, match="fractional power of a negative number"):
        ground(parse("(-8)**(1/3)", template_policy([])), {})


@pytest.mark.slow
def test_an_odd_root_of_a_negative_number_is_graded(grade):
    rows = [("Q1", "a", "-\\sqrt[3]{-0.7157^{3}}"), ("Q1", "a", "-(-0.7157^3)^(1/3)"), ("Q1", "a", "\\sqrt[3]{-0.7157}"),
            ("Q1", "a", "\\sqrt[4]{-0.7157}")]
    graded = grade(rows)
    found = [(graded[row]["status"], graded[row]["reason"]) for row in rows]
    assert [status for status, _ in found] == ["correct", "correct", "incorrect", "invalid"], found
    assert "fractional power of a negative number" in found[3][1]


# ------------------------------------------------------------------ 2. a spaced unary minus

@pytest.mark.parametrize("text", ["0.5 + - 0.1", "0.5 + -0.1", "0.5+ - 0.1", "0.5 + (-0.1)"])
def test_a_sum_with_a_spaced_unary_minus_is_a_sum(text):
    assert to_number(text) == pytest.approx(0.4) == read_number(text).value
    assert checker(0.4)(text).status == "correct"


@pytest.mark.slow
def test_a_sum_with_a_spaced_unary_minus_is_graded(grade):
    rows = [("Q1", "a", "0.8 + - 0.0843"), ("Q1", "a", "0.7157 +- 0.001")]
    graded = grade(rows)
    assert graded[rows[0]]["status"] == "correct", graded[rows[0]]
    assert graded[rows[1]]["status"] == "needs_review", graded[rows[1]]   # +- unspaced: a tolerance


# ------------------------------------------------------------------ 3. a braced number then a full stop

@pytest.mark.parametrize("text, decimal_comma", [("{0,7157}.", True), ("{0,7157}.", False), ("{0.7157}.", False),
                                                 ("{0.7157}.", True), ("L = {0,7157}.", True)])
def test_a_braced_number_then_a_full_stop_is_that_number(text, decimal_comma):
    assert read_number(text, decimal_comma=decimal_comma).value == pytest.approx(0.7157)
    assert read_number(text, decimal_comma=decimal_comma).figures == 4
    assert checker(0.7157, decimal_comma)(text).status == "correct"


@pytest.mark.slow
def test_a_braced_number_then_a_full_stop_is_graded_on_a_decimal_comma_file(grade):
    rows = [("Q1", "a", "{0,7157}."), ("Q1", "a", "{0,7157}"), ("Q1", "a", "{0,7157} nats.")]
    graded = grade(rows, delimiter=";")
    assert [graded[row]["status"] for row in rows] == ["correct"] * 3, {row: graded[row]["reason"] for row in rows}


# ------------------------------------------------------------------ 4. LaTeX read once, BRACE_DEPTH deep

def _nested(depth: int) -> str:
    text = "2"
    for _ in range(depth):
        text = f"\\frac{{{text}}}{{2}}"
    return text


@pytest.mark.parametrize("depth", [1, BRACE_DEPTH])
def test_fractions_nested_up_to_the_limit_are_read(depth):
    assert read_number(_nested(depth)).value == pytest.approx(2.0 / 2 ** depth)
    assert checker(2.0 / 2 ** depth)(_nested(depth)).status == "correct"


@pytest.mark.parametrize("depth", [BRACE_DEPTH + 1, 2 * BRACE_DEPTH, 2 * BRACE_DEPTH + 1, 3 * BRACE_DEPTH])
@pytest.mark.parametrize("wrap", ["{}", "L = {}", "{} nats", "${}$", "{} (3 s.f.)"])
def test_fractions_nested_deeper_than_the_limit_are_refused_saying_so(depth, wrap):
    """read_number read 9 to 16 in each other (its own reading, then to_number's) and
    said "a person should read this answer" from 17 on ("frac" read as words)."""
    text = wrap.format(_nested(depth))
    reading = read_number(text)
    assert (reading.status, reading.reason) == ("invalid", f"not a number: {DEPTH_REASON}"), reading
    assert checker(2.0 / 2 ** depth)(text).status == "invalid"


def test_what_a_stripped_label_or_note_uncovers_is_still_read():
    """After its label or note is stripped, what is left of a typeset answer has its shell
    read (typeset_shell): ``$...$`` and one number in braces, never its groups again."""
    assert read_number("L = $0.851$").value == 0.851 and read_number("{0.7153} nats").value == 0.7153
    assert read_number('"$0.5$"').value == 0.5 and read_number("0.5 ($50\\%$)").value == 0.5
    assert typeset_shell("$\\frac{1}{2}$") == "\\frac{1}{2}" and typeset_shell("{0,5}", decimal_comma=True) == "0,5"


# ------------------------------------------------------------------ 5. names, and one braced-number pattern

def test_each_tolerance_reason_is_named_for_what_it_is():
    assert answers.TOLERANCE_REFUSAL.endswith("give the single value asked for, without a range")
    assert forms.TOLERANCE_REVIEW_REASON.endswith("a person decides whether it answers the part")
    assert not hasattr(answers, "TOLERANCE_REASON") and not hasattr(forms, "TOLERANCE_REASON")
    with pytest.raises(ExpressionError, match=answers.TOLERANCE_REFUSAL):
        to_number("0.7157 ± 0.001")
    assert read_number("0.7157 ± 0.001").reason == forms.TOLERANCE_REVIEW_REASON


# text, what from_typeset reads it as without decimal commas, and with them (both patterns' readings)
BRACED = [("{0.7153}", "0.7153", "0.7153"), (" { -0.5 } ", "-0.5", "-0.5"), ("{12.}", "12.", "12."),
          ("{.5}", ".5", ".5"), ("{+3}", "+3", "+3"), ("{0,7153}", "{0,7153}", "0,7153"),
          ("{-0,5}", "{-0,5}", "-0,5"), ("{,5}", "{,5}", ",5"), ("{1,2,3}", "{1,2,3}", "{1,2,3}"),
          ("{0.1, 0.2}", "{0.1, 0.2}", "{0.1, 0.2}"), ("{1.5,2}", "{1.5,2}", "{1.5,2}"), ("{5,}", "{5,}", "{5,}"),
          ("{.}", ".", "."), ("{}", "{}", "{}"), ("{1 2}", "{1 2}", "{1 2}")]


@pytest.mark.parametrize("text, point, comma", BRACED)
def test_one_braced_number_pattern_reads_what_the_two_read(text, point, comma):
    assert (from_typeset(text), from_typeset(text, decimal_comma=True)) == (point, comma)


@pytest.mark.parametrize("make", [
    lambda n: "{" + "1" * n + "x",          # every alternative of _BRACED_NUMBER gives its digits back
    lambda n: "{" + "1" * n + ",x",
    lambda n: "{" + "1" * (n // 2) + "." + "1" * (n // 2) + "x",
    lambda n: "{ " + " " * (n // 3) + "1" * (n // 3) + " " * (n // 3),
    lambda n: "{0,7157}" + "}" * n + ".",     # the full stop after a brace (forms._TRAILING)
    lambda n: "}." * (n // 2),
    lambda n: "\\frac{" * (n // 6) + "1",   # nested_too_deep's search over unread groups
    lambda n: "^{" * (n // 2),
])
@pytest.mark.slow
def test_crafted_answers_of_20000_characters_are_read_at_once(make):
    """A size test, not a timing ratio: each pattern is linear by its construction (see their
    docstrings); a quadratic one takes seconds on 20,000 characters (rev-redos25's took 1.1 s
    on 10,000), and these take 0.1 s or less, so 2 s leaves a loaded machine room."""
    text = make(20_000)
    start = cpu_seconds()
    from_typeset(text, decimal_comma=True)
    read_number(text, decimal_comma=True)
    read_number(text[:400])   # within the length an answer may have: to_number's checks too
    assert cpu_seconds() - start < 2.0
