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
