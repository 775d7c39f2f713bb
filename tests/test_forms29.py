"""Answers as people write them, review 29 (instructor): a stray `,` or `;`
after a number (``0.696;``, ``0.789,``) is a slip of the keyboard, read past as a
sentence's full stop is; an arrow between working and the final number
(``0.909 -> 0.096``, ``-ln(0.909) → 0.0954``) is read as ``=`` working is, the
number after the last arrow the answer."""

import pytest

from quizgen.marking.forms import read_number


def _read(text, **options):
    reading = read_number(text, **options)
    return reading.status, reading.value, reading.figures


@pytest.mark.parametrize("decimal_comma", [False, True])
@pytest.mark.parametrize("text, value, figures", [
    ("0.696;", 0.696, 3), ("0.789,", 0.789, 3), ("0.696 ;", None, None), ("-ln(0.909);", None, None),
    ("0.364 nats;", 0.364, 3), ("L = 0.851,", 0.851, 3), ("≈0.696;", 0.696, 3), ("0.769 (3 s.f.);", 0.769, 3),
    ("1,", 1.0, 1), ("1;", 1.0, 1)])
def test_a_stray_comma_or_semicolon_after_a_number_is_read_past(text, value, figures, decimal_comma):
    """``1,`` is 1 in any file: as a decimal comma it has no decimals after it, as a
    slip it ends nothing; either way 1, showing one figure as ``1`` and ``1.`` do."""
    if value is None:   # spaced, or after working: the expected value comes from reading it without the mark
        value, figures = read_number(text.rstrip(";, ")).value, read_number(text.rstrip(";, ")).figures
    assert _read(text, decimal_comma=decimal_comma) == ("number", pytest.approx(value), figures)


def test_a_decimal_comma_then_a_stray_comma():
    """``0,789,`` in a decimal-comma file: 0,789 then the slip; in a ``,`` file's quoted cell likewise."""
    assert _read("0,789,", decimal_comma=True) == ("number", pytest.approx(0.789), 3)
    assert _read("0,789,") == ("number", pytest.approx(0.789), 3)


@pytest.mark.parametrize("text", ["1,440,", "1.440,", "1,440;"])
def test_a_count_keeps_its_thousands_before_a_stray_comma(text):
    assert _read(text, whole=True)[:2] == ("number", 1440.0)


@pytest.mark.parametrize("text", ["0.5, 0.6", "0.5, 0.6,", "0.789,,", "0.789;;", ",", ";"])
def test_a_list_or_punctuation_alone_is_still_no_number(text):
    assert read_number(text).status != "number"


@pytest.mark.slow
def test_the_stray_mark_pattern_is_linear():
    from quizgen.marking.forms import _TRAILING
    from redos_support import best_seconds
    pattern = _TRAILING[-1]
    for make in (lambda n: "1" + " " * n + "x", lambda n: "1 " * n + "x", lambda n: "a," * n + "a"):
        small, large = best_seconds(pattern.search, make(1_000), runs=3), best_seconds(pattern.search, make(100_000), runs=3)
        assert large < 0.01 or large < 300 * max(small, 1e-5), (small, large)


@pytest.mark.parametrize("arrow", ["->", "→", "=>", "⇒", "-->", "⟶", "\\to", "\\Rightarrow"])
def test_a_value_then_an_arrow_then_the_answer(arrow):
    """``0.909 -> 0.096`` (review 29): p, then the loss; the number after the arrow is the answer,
    its figures those written there; the stated value before it is an earlier step, not compared."""
    assert _read(f"0.909 {arrow} 0.096") == ("number", pytest.approx(0.096), 2)
    assert _read(f"0.909{arrow}0.096") == ("number", pytest.approx(0.096), 2)


@pytest.mark.parametrize("text, value, figures", [
    ("-ln(0.909) → 0.0954", 0.0954, 3), ("1/11 --> 0.0909", 0.0909, 3), ("p -> 0.789", 0.789, 3),
    ("p = 0.909 ⇒ L = -ln(p) = 0.0954", 0.0954, 3), ("p = 0.909 => L = -ln(0.909) = 0.0954", 0.0954, 3),
    ("0.909 -> -ln(0.909) -> 0.0954", 0.0954, 3), ("0.909 -> 0.096 nats", 0.096, 2), ("→ 0.096", 0.096, 2),
    ("$-\\ln(0.909) \\to 0.0954$", 0.0954, 3), ("0.909 -> -0.096", -0.096, 2), ("0.909 -> 0.096;", 0.096, 2)])
def test_working_with_arrows_is_read_as_working_with_equals(text, value, figures):
    assert _read(text) == ("number", pytest.approx(value), figures)


@pytest.mark.parametrize("text, decimal_comma, quoted", [
    ("-ln(0.909) → 0.5", False, "(-ln(0.909) is 0.0954, not 0.5)"),
    ("-ln(0.909) = 0.5 -> 0.096", False, "(-ln(0.909) is 0.0954, not 0.5)"),
    ("-ln(0,909) -> 0,300", True, "(-ln(0,909) is 0,0954, not 0,300)")])
def test_working_before_an_arrow_is_checked_as_before_equals(text, decimal_comma, quoted):
    """The working-check rule of ``-ln(0.789) = 0.300`` (asides.chain_disagrees): a person decides."""
    reading = read_number(text, decimal_comma=decimal_comma)
    assert reading.status == "needs_review" and quoted in reading.reason
    if "=" not in text:   # the reason the same working written with = gets
        same = text.replace("→", "=").replace("->", "=")
        assert read_number(same, decimal_comma=decimal_comma).reason == reading.reason


def test_a_count_worked_with_an_arrow_is_exact():
    assert _read("0.8 x 1205 -> 964", whole=True)[:2] == ("number", 964.0)
    assert read_number("0.8 x 1205 -> 960", whole=True).status == "needs_review"


def test_a_decimal_comma_file_reads_its_steps_with_commas():
    assert _read("0,909 -> 0,096", decimal_comma=True) == ("number", pytest.approx(0.096), 2)


@pytest.mark.parametrize("text", ["0.909 ->", "0.909 -> x", "->", "0.909 -> -> 0.096", "0.5 >= 0.4", "x <= 1",
                                  "0.909 -> 0.096 -> " + "1 -> " * 20 + "1"])
def test_what_is_no_working_with_arrows_is_read_as_before(text):
    assert read_number(text).status in ("invalid", "needs_review")


def test_said_with_doubt_after_an_arrow_goes_to_a_person():
    assert read_number("0.909 -> maybe 0.096").status == "needs_review"
