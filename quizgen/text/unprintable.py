"""The characters no filled template text may hold: those a template's YAML may
not hold literally (bank/yamlfile.py's rule), which a Jinja2 string's escape
would otherwise print on the paper, in the LMS file and on the drill's terminal."""

from __future__ import annotations

import re

from quizgen.errors import TemplateError

_UNPRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
"""What a template's YAML may not hold literally (bank/yamlfile.py's rule: a
control character but tab and line breaks, a lone surrogate), which a Jinja2
string's escape (``{{ '\\x1b' }}``) would otherwise print on the paper."""


def refuse_unprintable(filled: str) -> None:
    """Refuse filled text holding a character :data:`_UNPRINTABLE` matches, as its YAML would be."""
    bad = _UNPRINTABLE.search(filled)
    if bad is not None:
        char = bad.group()
        what = "a lone surrogate" if "\ud800" <= char <= "\udfff" else "the control character"
        raise TemplateError(f"the filled text holds {what} U+{ord(char):04X}, which no paper can print "
                            "(a Jinja2 string's escape such as '\\x1b')")
