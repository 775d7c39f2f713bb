"""Round 52's code-quality items (fix52q): one rule per responsibility, outputs unchanged."""

import sys
import unicodedata

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
