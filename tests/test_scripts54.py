"""Round 54: Unicode's superscripts and subscripts are one table of each
(quizgen/text/scripts.py), which a figure's plain name and an LMS's or a sheet's
feedback both read; a figure's name keeps to the characters common fonts have."""

import re
from pathlib import Path

from quizgen.generation import figure_names
from quizgen.generation.figure_names import plain_name
from quizgen.lms import html
from quizgen.lms.html import feedback_text
from quizgen.text import scripts

PACKAGE = Path(__file__).resolve().parents[1] / "quizgen"


def test_both_read_the_one_table():
    assert html.SUBSCRIPTS is scripts.SUBSCRIPTS and html.SUPERSCRIPTS is scripts.SUPERSCRIPTS
    assert figure_names.FONT_SUBSCRIPTS is scripts.FONT_SUBSCRIPTS
    assert figure_names.FONT_SUPERSCRIPTS is scripts.FONT_SUPERSCRIPTS


def test_no_other_module_writes_a_table_of_subscripts():
    runs = re.compile(r"\\u2080\\u2081|\u2080\u2081")   # subscript 0 then 1, as a table lists them
    holders = sorted(str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
                     if runs.search(path.read_text(encoding="utf-8")))
    assert holders == ["text/scripts.py"], holders


def test_the_texts_are_as_before():
    assert plain_name(r"p_{1}^{n}") == "p\u2081\u207f" and plain_name(r"x^{2}") == "x\u00b2"
    assert plain_name(r"p_{t}") == "p_t"   # common fonts lack a subscript t: no Unicode form in a figure
    assert feedback_text("L_MLM and e^(-s) and x_t") == "L_MLM and e\u207b\u02e2 and x\u209c"
