"""Round 57 (review 57a): a template text's mistakes refused when the bank loads, so that every
command and every format gets the one line (F3: braces that do not pair up; F5: Jinja2's
include, import, extends and from)."""

from __future__ import annotations

import pytest

from tests.round57_support import round57_bank as _bank

BROKEN_STEM = "$z_1 = {{ z1 | dec(1) }}$ and"

COMMANDS = {
    "validate": lambda bank, out: ["validate", bank, "--samples", "3"],
    "generate md": lambda bank, out: ["generate", "--bank", bank, "--classes", "C41", "--seed", "1", "--out", out],
    "generate tex": lambda bank, out: ["generate", "--bank", bank, "--classes", "C41", "--seed", "1",
                                       "--format", "tex", "--out", out],
    "export moodle": lambda bank, out: ["export", "moodle", "--bank", bank, "--classes", "C41", "--count", "2",
                                        "--out", out / "q.xml"],
    "export canvas": lambda bank, out: ["export", "canvas", "--bank", bank, "--classes", "C41", "--count", "2",
                                        "--out", out / "q.zip"],
    "drill": lambda bank, out: ["drill", "--bank", bank, "--classes", "C41", "--no-save"],
}


@pytest.mark.parametrize("command", COMMANDS)
def test_unpaired_braces_are_refused_by_every_command(invoke, tmp_path, command):
    """Review 57a F3: `\\frac{ 2.0 $` was refused for LaTeX only; Markdown, Moodle, Canvas and the
    drill printed the broken maths with exit 0. Now the bank refuses it, at the stem's line."""
    bank = _bank(tmp_path, (BROKEN_STEM, "$z_1 = \\frac{ {{ z1 | dec(1) }} $ and"))
    out = tmp_path / "out"
    result = invoke(*COMMANDS[command](bank, out), input="q\n")
    assert result.exit_code != 0, result.output
    assert "c41.yaml:23: stem: has braces { } that do not pair up" in result.output, result.output
    assert not out.exists()


@pytest.mark.parametrize("text, line", [("a {{ z1 }} } b", 1), ("\\textbf{a {% if T > 2 %}b{% endif %}", 1),
                                        ("} {", 1), ("one\n{% if T %}\ntwo {{ z1 }} {\n{% endif %}", 3),
                                        ("one {# a { #}\n}", 2)])
def test_each_way_braces_fail_to_pair_is_found_at_load(text, line):
    """A closer too many, an opener never closed, a closer before its opener: each is refused, at its line."""
    from quizgen.bank.text_rules import brace_problem

    assert brace_problem(text)[0] == line


@pytest.mark.parametrize("text", ["e^{ {{ z1 }} }", "\\{ a set \\}", "{% if T > 2 %}\\textbf{b}{% endif %}",
                                  "{# a comment { #} \\frac{1}{2}", "no braces",
                                  '{{ "{0:>{1}}".format(1, 2) }}'])
def test_braces_that_pair_up_and_jinja_tags_are_not_refused(text):
    """Jinja2's own braces are not TeX's, and an escaped brace is a character."""
    from quizgen.bank.text_rules import brace_problem

    assert brace_problem(text) is None


@pytest.mark.parametrize("tag", ["{% include 'other.txt' %}", "{% import 'macros.txt' as m %}",
                                 "{% from 'macros.txt' import f %}", "{% extends 'base.txt' %}"])
@pytest.mark.parametrize("command", ["validate", "generate md"])
def test_tags_that_read_another_file_are_refused_at_load(invoke, tmp_path, tag, command):
    """Review 57a F5: include and import gave "TypeError: no loader for this environment specified"
    when a draw was filled; now the bank is refused when it loads, saying the rule, at the tag's line."""
    bank = _bank(tmp_path, (BROKEN_STEM, BROKEN_STEM + "\n  " + tag))
    out = tmp_path / "out"
    result = invoke(*COMMANDS[command](bank, out))
    assert result.exit_code != 0 and not out.exists(), result.output
    assert ("c41.yaml:24: stem: template text cannot read another file: include, import, from and extends "
            "are not available; write the text itself in the template") in result.output, result.output
    assert "TypeError" not in result.output
