"""Round 52's code-quality items (fix52q): one rule per responsibility, outputs unchanged."""

import sys
import unicodedata

import pytest

from quizgen.marking.forms import plain_characters
from quizgen.maths.numerals import ascii_digits


def test_plain_characters_reads_every_scripts_digits_by_the_one_rule():
    """forms.plain_characters has no digit rule of its own: every decimal digit of every script
    reads as numerals.ascii_digits reads it (the rule for answers, student ids and file names)."""
    digits = "".join(c for c in map(chr, range(sys.maxunicode + 1)) if not c.isascii() and c.isdecimal())
    assert plain_characters(digits) == ascii_digits(digits)
    assert set(plain_characters(digits)) == set("0123456789")
    assert plain_characters("\u0663\u066b\u0665 \uff10\uff0e\uff17\uff10") == "3\u066b5 0.70"   # the mark is normalise_numerals'
    assert plain_characters("\u0968\u0969\u200b") == "23" and unicodedata.category("\u200b") == "Cf"


def test_the_lualatex_warning_names_a_few_files_and_students_by_the_one_helper(monkeypatch):
    """tex_engine's warning names its first four files and five students, then how many more, by
    wording.named_few (it wrote its own "and N more" and "and others" before)."""
    from types import SimpleNamespace

    from quizgen.generation import tex_engine

    monkeypatch.setattr(tex_engine, "lualatex", lambda: "/usr/bin/lualatex")
    files = [f"problems-s{n}.tex" for n in range(1, 7)]
    students = [SimpleNamespace(student_id=f"s{n}") for n in range(1, 8)]
    assert tex_engine._warning(files, students) == (
        "problems-s1.tex, problems-s2.tex, problems-s3.tex, problems-s4.tex and 2 more hold text pdflatex cannot set "
        "(the names of s1, s2, s3, s4, s5 and 2 more): they are written for LuaLaTeX; compile them with lualatex, "
        "not pdflatex")
    assert tex_engine._warning(files[:1], students[:1]).startswith(
        "problems-s1.tex hold text pdflatex cannot set (the names of s1): ")


def test_a_wide_files_split_commas_and_short_lines_are_found_in_one_read(tmp_path):
    """wide_lines.py reads a graded wide file once more for both warnings (a decimal comma's split
    and a line cut short); short_rows.py and comma_cells.py read it once each before. Stray columns
    (Q9a) and an answer over the length limit are as the pass reads them: no split."""
    from quizgen.grading.answers_file import MAX_ANSWER_CHARS, open_answers
    from quizgen.grading.wide_lines import wide_line_warnings

    long = "1" * (MAX_ANSWER_CHARS + 1)
    path = tmp_path / "answers.csv"
    path.write_text("student_id,Q1a,Q1b,Q2a,Q9a,note\n" "s1,0.6999,0,357,,x\n" "s2,0.5,0.3\n" "s3,1,2,3,,y\n"
                    f"s4,0,{long},3,,z\n" "s5,0.1,0.2,0,12\n", encoding="utf-8")
    source = open_answers(path)
    source.stray = frozenset({4})   # Q9a names no part of the key
    opened = []
    real_open = source.open
    source.open = lambda: opened.append(1) or real_open()
    warnings = wide_line_warnings(source)
    assert len(opened) == 1
    assert warnings == [
        "answers.csv: 2 row(s) hold 0 and then digits in two answer columns side by side (line 2: '0' and '357'; "
        "lines 2, 6): each may be one answer written with a decimal comma (0,357) and split by the file's commas, "
        "which moves every later answer one column on; check those rows, and quote such answers or separate the "
        "cells with ';'",
        "answers.csv: line 3 has 3 cells where the header has 6: the answers missing at a line's end are graded as "
        "blank (line 3: 1 answer, Q2a); if the file was cut short (a truncated export), export it again"]


def test_the_reports_ecf_counts_are_the_tallys(tmp_path):
    """ECF answers are counted once, by the tally (tally.count_columns, before the class report's
    process starts), and handed to the report (ReportInputs.ecf): the items CSV's ecf column is the
    questions CSV's, part by part."""
    from test_carried_ecf42 import ROWS
    from test_ecf_count51 import _graded
    from test_review50b import read_csv

    _graded(tmp_path, ROWS)
    items = {(r["question_id"], r["part"]): r["ecf"] for r in read_csv(tmp_path / "ans-graded-items.csv")
             if r["level"] == "part"}
    questions = {(r["question_id"], r["part"]): r["ecf"] for r in read_csv(tmp_path / "ans-graded-questions.csv")}
    assert items == questions and items[("Q1", "b")] == "2"


FAILING_TEXTS = ["{{ 1/0 }}", "{{ w + 1 }}", "{{ '{a}'.format() }}", "{{ '{0}'.format() }}", "{{ l.index(9) }}",
                 "{{ w|dec }}", "{{ x|dec('a') }}", "{{ 1e308 * 10 }}"]


@pytest.mark.parametrize("text", FAILING_TEXTS)
def test_a_texts_own_failure_is_one_line(text):
    """Each of the five kinds render._fill catches is one a user's text raises (ZeroDivisionError,
    TypeError, KeyError, IndexError, ValueError, OverflowError), some inside quizgen's maths (a
    filter given a word, an infinite value printed): each is one line naming what failed."""
    from fractions import Fraction

    from quizgen.errors import TemplateError
    from quizgen.text.render import render_string

    with pytest.raises(TemplateError) as caught:
        render_string(text, {"w": "abc", "l": [1, 2], "x": Fraction(1, 3)}, "md")
    said = str(caught.value)
    assert said.startswith("template text failed: ") and "\n" not in said and "Traceback" not in said


def test_a_programming_error_while_rendering_is_not_swallowed(monkeypatch):
    """A bug in quizgen's code a render runs (here the printer of a text's number) is not said to be
    the text's fault: an AttributeError is none of the kinds a text raises, so it propagates."""
    from fractions import Fraction

    from quizgen.text import render

    def broken(value):
        raise AttributeError("a bug in the printer")

    monkeypatch.setattr(render, "plain", broken)
    with pytest.raises(AttributeError, match="a bug in the printer"):
        render.render_string("p = {{ x }}", {"x": Fraction(1, 3)}, "md")
