"""The shared near-1 sentence sets its x and p as maths (review 58b F4): it printed them as plain
text, upright in the PDF beside every other p in maths italics, and C7's and C9's own clause mixed
the two ($1 + e^{\\pm s}$ beside a plain 1/p). In every format a stem's maths takes: LaTeX and
Markdown ($...$), Moodle and Canvas (\\(...\\)); the drill's plain text drops the dollars, as it does
for every formula. The leak checks still leave the sentence out."""

import pytest

from quizgen.text.conventions import NEAR_ONE_RULE, without_conventions
from quizgen.text.render import render_string

MATHS = r"a sum $1 + x$ with $x$ small, or $1/p$ for $p$ near 1"


@pytest.mark.parametrize("fmt", ["md", "tex"])
def test_the_near_one_sentence_sets_x_and_p_as_maths(fmt):
    assert MATHS in render_string("Keep it; {{ near_one_rule }}.", {}, fmt)


def test_the_drill_prints_it_as_plain_text():
    assert "a sum 1 + x with x small, or 1/p for p near 1" in render_string("{{ near_one_rule }}", {}, "text")


@pytest.mark.parametrize("fmt", ["md", "tex", "text"])
def test_the_leak_checks_leave_it_out_in_every_format(fmt):
    assert without_conventions(render_string("a {{ near_one_rule }} b", {}, fmt)) == "a  b"


def test_c7_and_c9_write_1_over_p_as_maths_too(invoke, tmp_path):
    result = invoke("generate", "--classes", "C7,C9", "--count", "1", "--seed", "5", "--format", "tex",
                    "--no-solutions", "--out", tmp_path / "q")
    assert result.exit_code == 0, result.output
    tex = (tmp_path / "q" / "problems.tex").read_text(encoding="utf-8")
    assert tex.count(r"or $1/p$ for $p$ near 1") == 2 and "or 1/p for p near 1" not in tex


def test_moodle_prints_it_as_the_stems_other_maths(invoke, tmp_path):
    result = invoke("export", "moodle", "--classes", "C1,C7", "--count", "1", "--seed", "5", "--out",
                    tmp_path / "m.xml")
    assert result.exit_code == 0, result.output
    xml = (tmp_path / "m.xml").read_text(encoding="utf-8")
    assert r"a sum \(1 + x\) with \(x\) small, or \(1/p\) for \(p\) near 1" in xml
    assert r"or \(1/p\) for \(p\) near 1) to at least 4" in xml and "1/p for p near 1" not in xml
    assert NEAR_ONE_RULE.startswith("keep a value near 1 (")
